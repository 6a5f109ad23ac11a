import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { LogLevel, Viewer } from '../../../../core/index.js';
import type { Model } from '../../../../core/model/Model.js';
import { capture, changedPixels, colourCount, createContainer, sampleUrl } from '../../../support/helpers.js';

interface Opened {
  viewer: Viewer;
  container: HTMLDivElement;
  model: Model;
}

async function open(url: string, logLevel: number = LogLevel.ERROR): Promise<Opened> {
  const container = createContainer(240, 180);
  const viewer = new Viewer(container, { language: 'en', logLevel });
  viewer.start();
  const geometry = new Promise<void>((resolve) => viewer.addEventListener('geometry-loaded', () => resolve(), { once: true }));
  const model = await viewer.loadModel(url);
  if (!model.isGeometryLoaded) await geometry;
  return { viewer, container, model };
}

function close({ viewer, container }: Opened): void {
  viewer.finish();
  container.remove();
}

/** What the file holds, as the viewer has it: objects, fragments per object, triangles. */
function contents(model: Model) {
  const fragmentsOf = new Map<number, number>();
  for (let f = 0; f < model.fragments.count; f++) fragmentsOf.set(model.fragments.dbIds[f], (fragmentsOf.get(model.fragments.dbIds[f]) ?? 0) + 1);
  const triangles = model.batches.filter((b) => b.kind === 'triangles').reduce((sum, b) => sum + b.indexCount / 3, 0);
  return { fragmentsOf: [...fragmentsOf].sort((a, b) => a[0] - b[0]), triangles };
}

describe('glTF with compressed geometry (real samples compressed by the reference encoders)', () => {
  let original: Opened;
  before(async () => {
    original = await open(sampleUrl('gltf/car.glb'));
  });
  after(() => close(original));

  for (const method of ['draco', 'meshopt'] as const) {
    it(`opens ${method === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression'} as the uncompressed file`, async () => {
      const path = (await executeServerCommand('derived-sample', { sample: 'gltf/car.glb', variant: method })) as string;
      const compressed = await open(new URL(path, location.origin).href);
      try {
        const expected = contents(original.model);
        const actual = contents(compressed.model);
        expect(actual.fragmentsOf).to.deep.equal(expected.fragmentsOf);
        expect(actual.triangles).to.be.greaterThan(0);
        expect(Math.abs(actual.triangles - expected.triangles) / expected.triangles).to.be.lessThan(0.01);
        // Quantized positions: the bounds agree to a small part of the model's size.
        const size = original.model.bounds.getSize(original.model.bounds.min.clone()).length();
        expect(compressed.model.bounds.min.distanceTo(original.model.bounds.min)).to.be.lessThan(size * 0.005);
        expect(compressed.model.bounds.max.distanceTo(original.model.bounds.max)).to.be.lessThan(size * 0.005);
        // Seen from the same camera, the pictures match but for a few pixels along edges.
        compressed.viewer.navigation.setView(original.viewer.navigation.position.clone(), original.viewer.navigation.target.clone());
        const a = capture(original.viewer);
        const b = capture(compressed.viewer);
        expect(colourCount(b)).to.be.greaterThan(50);
        expect(changedPixels(a, b, 24).length).to.be.lessThan((a.width * a.height) / 50);
        // And a pick at the centre of each canvas names the same object.
        const centre = (viewer: Viewer): [number, number] => {
          const rect = viewer.canvas.getBoundingClientRect();
          return [rect.left + rect.width / 2, rect.top + rect.height / 2];
        };
        const hit = original.viewer.hitTest(...centre(original.viewer));
        expect(hit).to.not.equal(null);
        expect(compressed.viewer.hitTest(...centre(compressed.viewer))?.dbId).to.equal(hit!.dbId);
      } finally {
        close(compressed);
      }
    });
  }
});

describe('glTF whose textures the viewer cannot decode', () => {
  it('draws the geometry untextured when a required texture extension is unknown (KHR_texture_basisu)', async () => {
    const path = (await executeServerCommand('derived-sample', { sample: 'gltf/BoxTextured.glb', variant: 'ktx2-required' })) as string;
    const plain = await open(sampleUrl('gltf/BoxTextured.glb'));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    let ktx2: Opened;
    try {
      ktx2 = await open(new URL(path, location.origin).href, LogLevel.WARNING);
    } finally {
      console.warn = warn;
    }
    try {
      expect(contents(ktx2.model)).to.deep.equal(contents(plain.model));
      expect(contents(ktx2.model).triangles).to.equal(12);
      expect(colourCount(capture(ktx2.viewer))).to.be.greaterThan(20);
      // The textures were never sent; the reason is in the log.
      expect(ktx2.model.materials.some((m) => m.textures?.map)).to.equal(false);
      expect(plain.model.materials.some((m) => m.textures?.map)).to.equal(true);
      expect(warnings.join('\n')).to.match(/texture/i);
    } finally {
      close(plain);
      close(ktx2);
    }
  });
});
