import { expect } from '@esm-bundle/chai';
import { Matrix4 } from 'three';
import { type Model, Viewer } from '../../../core/index.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../support/helpers.js';

type Pixels = ReturnType<typeof capture>;

/**
 * Per-object state on a small real scene (properties.glb: three cubes, dbIds 2, 3, 4). Each check
 * compares frames: what changed must lie inside the object's own footprint, and cover it.
 */
describe('per-object state changes exactly the right pixels', () => {
  let viewer: Viewer;
  let model: Model;
  let container: HTMLDivElement;
  let footprints: Map<number, Set<number>>;
  let full: Pixels;

  const CUBES = [2, 3, 4];

  /** Pixels where an object is drawn and not covered by another one: isolate it, diff with nothing shown. */
  function footprintOf(dbId: number, empty: Pixels): Set<number> {
    viewer.isolate([dbId]);
    const alone = capture(viewer);
    viewer.showAll();
    const others = CUBES.filter((id) => id !== dbId);
    viewer.hide(others);
    viewer.hide([dbId]);
    viewer.showAll();
    return new Set(changedPixels(empty, alone));
  }

  /** Pixels of `dbId` that are in front in the full frame: its footprint minus pixels another cube wins. */
  function visibleFootprint(dbId: number): Set<number> {
    viewer.hide([dbId]);
    const without = capture(viewer);
    viewer.showAll();
    return new Set(changedPixels(without, full));
  }

  function expectInside(changed: number[], region: Set<number>, minCoverage: number, label: string) {
    const outside = changed.filter((p) => !region.has(p));
    // Antialiased silhouette pixels may differ by a few; nothing else outside.
    expect(outside.length, `${label}: changed pixels outside the object`).to.be.at.most(Math.max(3, region.size * 0.01));
    expect(changed.length / region.size, `${label}: coverage of the object`).to.be.at.least(minCoverage);
  }

  before(async () => {
    container = createContainer(240, 180);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    viewer.setGhosting(false);
    viewer.hide([1]);
    const empty = capture(viewer);
    viewer.showAll();
    full = capture(viewer);
    footprints = new Map(CUBES.map((id) => [id, footprintOf(id, empty)]));
    for (const id of CUBES) expect(footprints.get(id)!.size, `cube ${id} is on screen`).to.be.greaterThan(100);
  });
  after(() => {
    viewer.finish();
    container.remove();
  });
  afterEach(() => {
    viewer.showAll();
    viewer.clearSelection();
    viewer.clearThemingColors();
    viewer.setGhosting(false);
  });

  it('hide removes only that object', () => {
    viewer.hide([3]);
    expectInside(changedPixels(full, capture(viewer)), footprints.get(3)!, 0.5, 'hide');
    expect(viewer.getHiddenNodes()).to.deep.equal([3]);
  });

  it('isolate removes everything else', () => {
    viewer.isolate([3]);
    expect(viewer.getIsolatedNodes()).to.deep.equal([3]);
    const changed = changedPixels(full, capture(viewer));
    const others = new Set([...footprints.get(2)!, ...footprints.get(4)!]);
    expectInside(changed, new Set([...others, ...footprints.get(3)!]), 0.3, 'isolate');
    // Nothing of the isolated cube's visible part changes.
    const kept = [...visibleFootprint(3)].filter((p) => changed.includes(p) && !others.has(p));
    expect(kept.length).to.be.at.most(3);
  });

  it('ghosting draws a hidden object translucent, in its own footprint only', () => {
    viewer.hide([3]);
    const hidden = capture(viewer);
    viewer.setGhosting(true);
    const ghosted = capture(viewer);
    const changed = changedPixels(hidden, ghosted, 3);
    expectInside(changed, footprints.get(3)!, 0.5, 'ghost');
    // Translucent: the ghost is neither the background nor the solid object.
    const solid = changedPixels(full, ghosted, 12).filter((p) => footprints.get(3)!.has(p));
    expect(solid.length).to.be.greaterThan(footprints.get(3)!.size * 0.3);
  });

  it('the selection highlight tints only the selected object, with the selection colour', () => {
    viewer.select([2]);
    const selected = capture(viewer);
    const changed = changedPixels(full, selected);
    expectInside(changed, visibleFootprint(2), 0.8, 'highlight');
    // Default selection colour 6724095 (#6699ff): the tint pulls pixels towards blue.
    let bluer = 0;
    for (const p of changed) if (selected.data[p * 4 + 2] > full.data[p * 4 + 2]) bluer++;
    expect(bluer / changed.length).to.be.greaterThan(0.9);
  });

  it('a theming colour paints only its object (and its subtree)', () => {
    viewer.setThemingColor(4, [1, 0, 0, 1]);
    const themed = capture(viewer);
    const changed = changedPixels(full, themed);
    expectInside(changed, visibleFootprint(4), 0.8, 'theming');
    let red = 0;
    for (const p of changed) {
      const [r, g, b] = [themed.data[p * 4], themed.data[p * 4 + 1], themed.data[p * 4 + 2]];
      if (r > 2 * g && r > 2 * b) red++;
    }
    expect(red / changed.length).to.be.greaterThan(0.9);
    viewer.clearThemingColors();
    expect(changedPixels(full, capture(viewer)).length).to.be.at.most(3);
  });

  it('a per-object transform moves only that object', () => {
    const fragIds: number[] = [];
    model.instanceTree.enumNodeFragments(2, (f) => void fragIds.push(f), true);
    for (const f of fragIds) model.fragments.setTransform(f, new Matrix4().makeTranslation(0, 3, 0));
    viewer.markStateChanged();
    const moved = capture(viewer);
    expect(changedPixels(full, moved).length).to.be.greaterThan(footprints.get(2)!.size * 0.5);
    const hit = viewer.hitTestCanvas(120, 90);
    if (hit) expect(model.fragments.getWorldBox(hit.fragId).containsPoint(hit.intersectPoint)).to.equal(true);
    for (const f of fragIds) model.fragments.setTransform(f, null);
    model.fragments.clearTransforms();
    viewer.markStateChanged();
    expect(changedPixels(full, capture(viewer)).length).to.be.at.most(3);
  });
});
