import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { LIGHT_PRESETS, Viewer } from '../../../core/index.js';
import { ENVIRONMENTS_PATH, environmentFileName } from '../../../core/render/environmentFiles.js';
import { type EnvironmentMap, parseEnvironmentMap } from '../../../core/render/environmentMaps.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { capture, createContainer, luminanceAt } from '../../support/helpers.js';
import { materialSpheresGlb } from '../../support/materialSpheres.js';

type Pixels = ReturnType<typeof capture>;

async function readMap(name: string): Promise<EnvironmentMap> {
  const [radiance, irradiance] = await Promise.all(
    (['mipdrop', 'irr'] as const).map(async (kind) => {
      const response = await fetch(`/res/${ENVIRONMENTS_PATH}${environmentFileName(name, kind)}`);
      expect(response.ok, `${name} ${kind}`).to.equal(true);
      return response.arrayBuffer();
    }),
  );
  return parseEnvironmentMap(name, radiance, irradiance);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The mean colour of a row of the frame (0: the top). */
function rowColor(frame: Pixels, row: number): [number, number, number] {
  const sum = [0, 0, 0];
  for (let x = 0; x < frame.width; x++) for (let c = 0; c < 3; c++) sum[c] += frame.data[(row * frame.width + x) * 4 + c];
  return sum.map((v) => v / frame.width) as [number, number, number];
}

describe('environment maps: the light presets as image-based environments (issue 33 §4, spec 001 §7)', () => {
  it('has the radiance (with its mips) and the irradiance of every preset in res/environments, each as its name says', async () => {
    const maps = new Map<string, EnvironmentMap>();
    for (const preset of LIGHT_PRESETS) {
      const map = await readMap(preset.name);
      maps.set(preset.name, map);
      const faces = map.radiance.image as unknown as { width: number; mipmaps: unknown[] }[];
      expect(faces.length).to.equal(6);
      expect(faces[0].width).to.equal(64);
      expect(faces.every((face) => face.mipmaps.length === 7), 'mips down to 1×1').to.equal(true);
      for (const value of [...map.sky.toArray(), ...map.ground.toArray(), map.meanRadiance]) expect(value).to.be.greaterThan(0);
    }
    const boardwalk = maps.get('Boardwalk')!;
    // A blue sky over brown boards: the light from above is bluer than the light from below.
    expect(boardwalk.sky.b / boardwalk.sky.r).to.be.greaterThan(boardwalk.ground.b / boardwalk.ground.r);
    expect(boardwalk.ground.r).to.be.greaterThan(boardwalk.ground.b);
    expect(maps.get('Dark sky')!.meanRadiance * 5).to.be.lessThan(maps.get('Photo booth')!.meanRadiance);
  });

  describe('in a viewer', () => {
    let viewer: Viewer;

    before(async () => {
      localStorage.clear();
      viewer = new Viewer(createContainer(200, 150), { language: 'en' });
      viewer.start();
      for (const name of ['ambientShadows', 'groundShadow', 'groundReflection', 'envMapBackground']) viewer.prefs.set(name, false);
      const url = URL.createObjectURL(new Blob([new Uint8Array(await materialSpheresGlb())]));
      await viewer.loadModel(url, { fileExtension: 'glb', fileName: 'material-spheres.glb' });
      URL.revokeObjectURL(url);
      await viewer.waitForCompleteFrame();
    });

    after(() => {
      viewer.finish();
      viewer.container.remove();
      localStorage.clear();
    });

    it("loads the chosen preset's environment: the models reflect it and the ambient light takes its colours", async () => {
      viewer.setLightPreset(LIGHT_PRESETS.findIndex((preset) => preset.name === 'Boardwalk'));
      await viewer.environments.use('Boardwalk');
      expect(viewer.renderContext!.lighting.environmentMapName).to.equal('Boardwalk');
      const withBoardwalk = capture(viewer);
      // The same lights, another environment to reflect: the metals change.
      viewer.renderContext!.lighting.setEnvironmentMap(await readMap('Dark sky'));
      const withDarkSky = capture(viewer);
      let changed = 0;
      for (let p = 0; p < withBoardwalk.width * withBoardwalk.height; p++) if (Math.abs(luminanceAt(withBoardwalk, p) - luminanceAt(withDarkSky, p)) > 8) changed++;
      expect(changed, 'pixels that reflect the environment').to.be.greaterThan(300);
      await viewer.environments.use('Boardwalk');
      expect(sameBytes(capture(viewer).data, withBoardwalk.data)).to.equal(true);
    });

    it('envMapBackground shows the environment behind the models: sky above the horizon, ground below; off gives the gradient back', async () => {
      viewer.setLightPreset(LIGHT_PRESETS.findIndex((preset) => preset.name === 'Boardwalk'));
      await viewer.environments.use('Boardwalk');
      // A level view: the horizon crosses the middle of the view.
      const box = viewer.model!.getBoundingBox();
      const centre = box.getCenter(new Vector3());
      const size = box.getSize(new Vector3()).length();
      viewer.navigation.setView(centre.clone().add(new Vector3(0, 0, 1.5 * size)), centre);
      const gradient = capture(viewer);
      viewer.prefs.set('envMapBackground', true);
      expect(viewer.renderContext!.lighting.showsEnvironmentBackground).to.equal(true);
      const environment = capture(viewer);
      const top = rowColor(environment, 0);
      const bottom = rowColor(environment, environment.height - 1);
      expect(top[2], 'a blue sky').to.be.greaterThan(top[0]);
      expect(bottom[0], 'brown boards').to.be.greaterThan(bottom[2] + 10);
      expect(sameBytes(gradient.data, environment.data)).to.equal(false);
      viewer.prefs.set('envMapBackground', false);
      expect(sameBytes(capture(viewer).data, gradient.data)).to.equal(true);
    });

    it('warns and keeps the default room when a preset has no environment files', async () => {
      const recorder = new ConsoleRecorder().start();
      const level = viewer.logger.level;
      viewer.logger.setLevel('warning');
      try {
        await viewer.environments.use('No such preset');
      } finally {
        recorder.stop();
        viewer.logger.setLevel(level);
      }
      expect(recorder.warnings.some((w) => w.includes('No such preset') && w.includes('default room'))).to.equal(true);
      expect(viewer.renderContext!.lighting.environmentMapName).to.equal(null);
      expect(viewer.renderContext!.scene.environment, 'the room').to.not.equal(null);
    });
  });
});
