import { expect } from '@esm-bundle/chai';
import { Box3, Vector3 } from 'three';
import { type Model, Viewer } from '../../../core/index.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../support/helpers.js';

/** Each fragment's world-box centre. */
function centres(model: Model): Vector3[] {
  const box = new Box3();
  return Array.from({ length: model.fragments.count }, (_, fragId) => model.fragments.getWorldBox(fragId, box).getCenter(new Vector3()));
}

/** Fragments of a node's subtree. */
function fragmentsOf(model: Model, dbId: number): number[] {
  const ids: number[] = [];
  model.instanceTree.enumNodeFragments(dbId, (fragId) => void ids.push(fragId), true);
  return ids;
}

describe('explode', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(240, 180);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('clamps the scale to 0..1 and raises explode-change only when it changes', async () => {
    await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    const scales: number[] = [];
    viewer.addEventListener('explode-change', (e) => scales.push(e.detail.scale));
    viewer.explode(2);
    expect(viewer.getExplodeScale()).to.equal(1);
    viewer.explode(1);
    viewer.explode(0.25);
    viewer.explode(-3);
    expect(viewer.getExplodeScale()).to.equal(0);
    viewer.explode(Number.NaN);
    expect(scales).to.deep.equal([1, 0.25, 0]);
  });

  it('moves objects away from the model centre, redraws, and puts them back exactly at 0', async () => {
    const model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    await viewer.goHome(true);
    const before = capture(viewer);
    const start = centres(model);
    const middle = model.getBoundingBox().getCenter(new Vector3());
    viewer.explode(1);
    const exploded = centres(model);
    let moved = 0;
    exploded.forEach((centre, fragId) => {
      const was = start[fragId].distanceTo(middle);
      if (was < 1e-6) return;
      expect(centre.distanceTo(middle), `fragment ${fragId} moves outwards`).to.be.greaterThan(was * 1.5);
      moved++;
    });
    expect(moved).to.be.greaterThan(1);
    expect(changedPixels(before, capture(viewer)).length).to.be.greaterThan(200);

    viewer.explode(0);
    centres(model).forEach((centre, fragId) => expect(centre.distanceTo(start[fragId])).to.be.lessThan(1e-5));
    expect(model.fragments.transforms, 'back on the untransformed path').to.equal(null);
    expect(changedPixels(before, capture(viewer)).length).to.equal(0);
  });

  it('follows the instance tree: a parent parts first and carries its children along', async () => {
    // CubeHierarchy: root → "Parent node 1" (dbId 2: two child nodes and a mesh) and "Parent node 2" (dbId 5).
    const model = await viewer.loadModel(sampleUrl('gltf/CubeHierarchy.gltf'));
    const start = centres(model);
    const displacement = (fragId: number, now: Vector3[]) => now[fragId].clone().sub(start[fragId]);
    const underFirst = fragmentsOf(model, 2);
    const underSecond = fragmentsOf(model, 5);
    expect(underFirst.length).to.equal(3);
    expect(underSecond.length).to.equal(1);

    // Half way: the first level (the two parents) is fully apart, the level below not yet.
    viewer.explode(0.5);
    const half = centres(model);
    const firstMove = displacement(underFirst[0], half);
    expect(firstMove.length()).to.be.greaterThan(1e-3);
    for (const fragId of underFirst) expect(displacement(fragId, half).distanceTo(firstMove), `fragment ${fragId} moves with its parent`).to.be.lessThan(1e-5);
    expect(displacement(underSecond[0], half).dot(firstMove), 'the other parent moves the other way').to.be.lessThan(0);

    // Fully: the children of the first parent part from each other too.
    viewer.explode(1);
    const full = centres(model);
    const moves = underFirst.map((fragId) => displacement(fragId, full));
    expect(moves[0].distanceTo(moves[1]) + moves[1].distanceTo(moves[2])).to.be.greaterThan(1e-3);
  });

  it('picks objects where they are drawn after the explode', async () => {
    const model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    viewer.explode(1);
    await viewer.fitToView(null, null, true);
    viewer.renderNow();
    const camera = viewer.navigation.getThreeCamera();
    let checked = 0;
    for (const dbId of [2, 3, 4]) {
      const fragId = fragmentsOf(model, dbId)[0];
      const centre = model.fragments.getWorldBox(fragId, new Box3()).getCenter(new Vector3()).add(model.globalOffset).project(camera);
      const x = ((centre.x + 1) / 2) * 240;
      const y = ((1 - centre.y) / 2) * 180;
      const hit = viewer.hitTestCanvas(x, y);
      expect(hit?.dbId, `object ${dbId} at its exploded place`).to.equal(dbId);
      checked++;
    }
    expect(checked).to.equal(3);
  });

  it('explodes a model whose geometry arrives after the scale was set', async () => {
    viewer.explode(1);
    const model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    const exploded = centres(model);
    viewer.explode(0);
    const start = centres(model);
    expect(exploded.some((centre, fragId) => centre.distanceTo(start[fragId]) > 1e-3)).to.equal(true);
  });
});
