import { expect } from '@esm-bundle/chai';
import { Matrix4, Scene, Vector3 } from 'three';
import { type Model, Viewer } from '../../../core/index.js';
import { DEFAULT_ENVIRONMENT_INTENSITY, DefaultEnvironment } from '../../../core/render/DefaultEnvironment.js';
import { LIGHT_PRESETS } from '../../../core/render/lightPresets.js';
import { capture, changedPixels, createContainer, until } from '../../support/helpers.js';
import { MATERIAL_SAMPLES, materialSpheresGlb } from '../../support/materialSpheres.js';

type Pixels = ReturnType<typeof capture>;

/** What an object looks like: the mean sRGB colour of its pixels, and their luminance's mean and 98th percentile (0–255). */
interface Look {
  pixels: number;
  mean: [number, number, number];
  luminance: number;
  peak: number;
}

function lookOf(frame: Pixels, footprint: number[]): Look {
  const sum = [0, 0, 0];
  const luminances = footprint.map((p) => {
    const [r, g, b] = [frame.data[p * 4], frame.data[p * 4 + 1], frame.data[p * 4 + 2]];
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
  const sorted = [...luminances].sort((a, b) => a - b);
  return {
    pixels: footprint.length,
    mean: sum.map((s) => s / footprint.length) as [number, number, number],
    luminance: luminances.reduce((a, l) => a + l, 0) / luminances.length,
    peak: sorted[Math.floor(sorted.length * 0.98)],
  };
}

async function loadGlb(viewer: Viewer, bytes: Uint8Array): Promise<Model> {
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)]));
  try {
    return await viewer.loadModel(url, { fileExtension: 'glb', fileName: 'material-spheres.glb' });
  } finally {
    URL.revokeObjectURL(url);
  }
}

describe('environment: metals reflect the light preset\'s surroundings (issue 28 §5, issue 33 §4)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let model: Model;
  const dbIds = new Map<string, number>();

  before(async () => {
    container = createContainer(320, 180);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    // The pictures compared here are the models' own: no ambient occlusion or ground shadow over them.
    viewer.prefs.set('ambientShadows', false);
    viewer.prefs.set('groundShadow', false);
    // What the models reflect: the first light preset's environment map (its surroundings' picture), as by default.
    viewer.setLightPreset(0);
    await viewer.environments.use(LIGHT_PRESETS[0].name);
    expect(viewer.renderContext!.lighting.environmentMapName).to.equal(LIGHT_PRESETS[0].name);
    model = await loadGlb(viewer, await materialSpheresGlb());
    const tree = model.getInstanceTree();
    tree.walk(tree.getRootId(), (id) => {
      const name = tree.getNodeName(id);
      if (name && MATERIAL_SAMPLES.some((s) => s.name === name)) dbIds.set(name, id);
    });
    viewer.setGhosting(false);
    await viewer.setViewCube('front', { immediate: true });
    await viewer.fitToView(null, null, true);
  });
  after(() => {
    viewer.finish();
    container.remove();
  });

  /** Each sample drawn alone (its pixels: those that differ from the empty view), and the halves of its footprint. */
  function looks(): Map<string, Look> {
    viewer.hide([...dbIds.values()]);
    const empty = capture(viewer);
    const result = new Map<string, Look>();
    for (const [name, dbId] of dbIds) {
      viewer.isolate([dbId]);
      const alone = capture(viewer);
      const footprint = changedPixels(empty, alone, 6);
      const row = (p: number) => Math.floor(p / alone.width);
      const middle = (row(footprint[0]) + row(footprint[footprint.length - 1])) / 2;
      result.set(name, lookOf(alone, footprint));
      result.set(`${name}, upper half`, lookOf(alone, footprint.filter((p) => row(p) < middle)));
      result.set(`${name}, lower half`, lookOf(alone, footprint.filter((p) => row(p) > middle)));
    }
    viewer.showAll();
    return result;
  }

  /** The looks with the environment at another intensity (0: none, as before it came). */
  function looksWithEnvironment(intensity: number): Map<string, Look> {
    const scene = viewer.renderContext!.scene;
    scene.environmentIntensity = intensity;
    viewer.renderContext!.invalidateAccumulation();
    try {
      return looks();
    } finally {
      scene.environmentIntensity = DEFAULT_ENVIRONMENT_INTENSITY;
      viewer.renderContext!.invalidateAccumulation();
    }
  }

  it('draws every sample, each over a good part of the view', () => {
    const all = looks();
    expect([...dbIds.keys()].sort()).to.deep.equal(MATERIAL_SAMPLES.map((s) => s.name).sort());
    for (const sample of MATERIAL_SAMPLES) expect(all.get(sample.name)!.pixels, sample.name).to.be.greaterThan(1000);
  });

  it('does not draw a fully metallic material near black: glTF\'s default factors, and a polished white metal', () => {
    const all = looks();
    const paint = all.get('dielectric rough')!.luminance;
    // A white cube with glTF's default factors (metallic and rough) is about as bright as a white paint.
    expect(all.get('default cube')!.luminance).to.be.within(0.95 * paint, 1.25 * paint);
    // A polished white metal mirrors a room: far from black, with the room's lights in it at full brightness.
    expect(all.get('metal smooth')!.luminance).to.be.greaterThan(0.4 * paint);
    expect(all.get('metal smooth')!.peak).to.be.at.least(250);
    // Without the environment (as before), the polished metal was near black.
    expect(looksWithEnvironment(0).get('metal smooth')!.luminance).to.be.below(40);
  });

  it('orders looks as physics does: polished surfaces show sharper highlights, metals take their base colour, paints do not', () => {
    const all = looks();
    // Roughness spreads the room's lights out: a polished metal's highlights are brighter than a rough one's.
    expect(all.get('metal smooth')!.peak).to.be.greaterThan(all.get('metal rough')!.peak + 15);
    // A gold metal reflects the room in gold (red over green over blue), a white metal in neutral grey.
    const [r, g, b] = all.get('gold')!.mean;
    expect(r).to.be.greaterThan(g + 5);
    expect(g).to.be.greaterThan(b + 20);
    expect(all.get('gold')!.luminance).to.be.greaterThan(80);
    const white = all.get('metal smooth')!.mean;
    expect(Math.max(...white) - Math.min(...white)).to.be.below(6);
    // A paint's roughness changes its highlights, hardly its brightness.
    expect(Math.abs(all.get('dielectric smooth')!.luminance - all.get('dielectric rough')!.luminance)).to.be.below(12);
  });

  it('keeps paints looking as they did before the environment: it adds reflections, not light', () => {
    const now = looks();
    const before = looksWithEnvironment(0);
    for (const name of ['dielectric rough', 'dielectric smooth']) {
      expect(Math.abs(now.get(name)!.luminance - before.get(name)!.luminance), name).to.be.below(4);
    }
    // A saturated paint gains a little in its darker channels (its 4% reflection), no more.
    const red = now.get('red paint')!.mean;
    const redBefore = before.get('red paint')!.mean;
    expect(Math.abs(red[0] - redBefore[0])).to.be.below(4);
    expect(red[1] - redBefore[1]).to.be.within(0, 16);
  });

  it('stands the room on the model\'s ground: its ceiling lights are above, whatever the world up vector', () => {
    const metal = (all: Map<string, Look>) => all.get('metal smooth, upper half')!.luminance - all.get('metal smooth, lower half')!.luminance;
    const upright = metal(looks());
    const scene = viewer.renderContext!.scene;
    scene.environmentRotation.set(Math.PI, 0, 0);
    viewer.renderContext!.invalidateAccumulation();
    const upsideDown = metal(looks());
    scene.environmentRotation.set(0, 0, 0);
    viewer.renderContext!.invalidateAccumulation();
    expect(upright).to.be.greaterThan(upsideDown + 10);
    // A Z-up model (IFC) turns the room's up (+Y) onto +Z.
    const turned = new Scene();
    DefaultEnvironment.orient(turned, [0, 0, 1]);
    const up = new Vector3(0, 1, 0).applyMatrix4(new Matrix4().makeRotationFromEuler(turned.environmentRotation));
    expect(up.toArray().map((v) => Math.round(v * 1e6) / 1e6)).to.deep.equal([0, 0, 1]);
  });

  it('generates the environment once per viewer, while it waits for its first model, and keeps it for later models', async () => {
    const other = createContainer(80, 60);
    const idle = new Viewer(other, { language: 'en' });
    try {
      idle.start();
      await until(() => idle.renderContext!.scene.environment !== null, 10000, 'the environment');
      const environment = idle.renderContext!.scene.environment;
      // The room, or the light preset's environment map if it arrived first (the room is not made then).
      expect(idle.renderContext!.lighting.environmentGenerationMs > 0 || idle.renderContext!.lighting.environmentMapName !== null).to.equal(true);
      await loadGlb(idle, await materialSpheresGlb(MATERIAL_SAMPLES.slice(0, 1)));
      await loadGlb(idle, await materialSpheresGlb(MATERIAL_SAMPLES.slice(1, 2)));
      expect(idle.renderContext!.scene.environment).to.equal(environment);
    } finally {
      idle.finish();
      other.remove();
    }
  });
});
