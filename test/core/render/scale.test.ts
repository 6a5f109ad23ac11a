import { expect } from '@esm-bundle/chai';
import { BUILDING_SIZES, generateBuilding } from '../../../bench/generator/generateBuilding.js';
import { type Model, Viewer } from '../../../core/index.js';
import { capture, changedPixels, createContainer, frames, nextEvent } from '../../support/helpers.js';

/**
 * The scene at scale: a generated building of 12,000 objects (bench generator, size XS), loaded from
 * a real GLB. Hiding 10,000 objects must not rebuild any batch; draw calls grow with batches, not objects.
 */
describe('a scene of 12,000 objects', () => {
  let viewer: Viewer;
  let model: Model;
  let container: HTMLDivElement;

  before(async function () {
    this.timeout(120000);
    const building = generateBuilding(BUILDING_SIZES.XS);
    const url = URL.createObjectURL(new Blob([building.glb as BlobPart], { type: 'model/gltf-binary' }));
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    model = await viewer.loadModel(url, { fileExtension: 'glb', fileName: 'XS.glb' });
    expect(building.objectCount).to.be.at.least(10000);
  });
  after(() => {
    viewer.finish();
    container.remove();
  });
  afterEach(() => viewer.showAll());

  /** dbIds of the objects that own geometry. */
  const objectIds = () => {
    const ids = new Set<number>();
    for (let f = 0; f < model.fragments.count; f++) ids.add(model.fragments.dbIds[f]);
    return [...ids];
  };

  it('draws them in a handful of draw calls, and the effects add a few passes whatever the object count', () => {
    const effects = ['ambientShadows', 'groundShadow', 'groundReflection'];
    for (const name of effects) viewer.prefs.set(name, false);
    const stats = viewer.renderNow();
    expect(model.fragments.count).to.be.at.least(10000);
    // One batch per kind (opaque, transparent glass, lines...) plus the copy onto the canvas.
    expect(stats.drawCalls).to.be.at.most(8);
    expect(model.batches.length).to.be.at.most(6);
    // Occlusion (3 passes and the composition), the shadow's quad, the reflection's render of the batches and its quad.
    for (const name of effects) viewer.prefs.set(name, true);
    viewer.renderNow();
    const withEffects = viewer.renderNow();
    expect(withEffects.drawCalls - stats.drawCalls).to.be.at.most(4 + 1 + model.batches.length + 2);
    for (const name of effects) viewer.prefs.set(name, false);
  });

  it('hides 10,000 objects without rebuilding a batch', () => {
    const renderer = viewer.renderContext!;
    const geometries = [...renderer.getModelRenderer(model)!.geometries];
    const versions = geometries.map((g) => Object.values(g.attributes).map((a) => (a as { version: number }).version).concat(g.index!.version));
    const memoryBefore = renderer.renderer.info.memory.geometries;
    const before = capture(viewer);
    const hidden = objectIds().slice(0, 10000);
    viewer.setGhosting(false);
    viewer.hide(hidden);
    const after = capture(viewer);
    expect(changedPixels(before, after).length).to.be.greaterThan(100);
    const now = renderer.getModelRenderer(model)!.geometries;
    expect(now).to.deep.equal(geometries);
    expect(now.map((g) => Object.values(g.attributes).map((a) => (a as { version: number }).version).concat(g.index!.version))).to.deep.equal(versions);
    expect(renderer.renderer.info.memory.geometries).to.equal(memoryBefore);
    expect(viewer.getHiddenNodes().length).to.be.greaterThan(0);
    viewer.setGhosting(true);
  });

  it('refines progressively at rest and reports when the final frame is on screen', async () => {
    viewer.renderNow(); // start from a complete picture
    const changes: boolean[] = [];
    viewer.addEventListener('final-frame-rendered-change', (e) => changes.push(e.detail.finalFrame));
    const moving: { fraction: number; final: boolean }[] = [];
    // Navigate for a while: frames slower than the budget draw less (and at half resolution).
    for (let i = 0; i < 12; i++) {
      viewer.navigation.orbit(0.05, 0);
      await frames(1);
      moving.push(viewer.getFrameStats());
    }
    expect(moving.some((s) => !s.final)).to.equal(true);
    expect(Math.min(...moving.map((s) => s.fraction))).to.be.lessThan(1);
    // At rest, refinement completes the picture.
    if (changes.at(-1) !== true) await nextEvent(viewer, 'final-frame-rendered-change', 60000);
    expect(changes).to.include(false);
    expect(changes.at(-1)).to.equal(true);
    const refined = capture(viewer);
    viewer.renderNow();
    // The refined picture is the complete one.
    expect(changedPixels(refined, capture(viewer)).length).to.be.at.most(3);
  });
});

describe('progressive refinement', () => {
  it('adds slices to the picture without losing earlier ones: many small slices equal one complete frame', async () => {
    const container = createContainer(200, 150);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    try {
      const building = generateBuilding({ ...BUILDING_SIZES.XS, roomsX: 4, roomsY: 4 });
      const url = URL.createObjectURL(new Blob([building.glb as BlobPart], { type: 'model/gltf-binary' }));
      await viewer.loadModel(url, { fileExtension: 'glb' });
      const renderer = viewer.renderContext!;
      renderer.invalidateAccumulation();
      const camera = viewer.navigation.getThreeCamera();
      let slices = 0;
      let stats;
      do {
        stats = renderer.renderFrame(camera, { kind: 'refine', budget: 2000 });
        slices++;
      } while (!stats.final && slices < 1000);
      expect(slices).to.be.greaterThan(5);
      // The refined accumulation buffer, copied to the canvas, is the complete picture.
      const copy = document.createElement('canvas');
      copy.width = viewer.canvas.width;
      copy.height = viewer.canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(viewer.canvas, 0, 0);
      const refined = { data: new Uint8Array(context.getImageData(0, 0, copy.width, copy.height).data.buffer) };
      viewer.renderNow();
      context.drawImage(viewer.canvas, 0, 0);
      const direct = { data: new Uint8Array(context.getImageData(0, 0, copy.width, copy.height).data.buffer) };
      expect(changedPixels(direct, refined).length).to.be.at.most(3);
    } finally {
      viewer.finish();
      container.remove();
    }
  });
});
