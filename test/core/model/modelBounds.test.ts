import { expect } from '@esm-bundle/chai';
import { Box3, Matrix4, Vector3 } from 'three';
import { FragmentFlag } from '../../../core/model/FragmentList.js';
import { modelsBounds, unionKnownBoxes } from '../../../core/model/modelBounds.js';
import { placeholderChunk, placeholderModel } from '../../../core/render/placeholderModel.js';
import { Viewer } from '../../../core/index.js';
import { createContainer, sampleUrl } from '../../support/helpers.js';

/**
 * A model of `count` fragments with seeded boxes; every fifth box is still unknown (inverted). Its bounds
 * hold its boxes, as the loader worker makes a header's (`far` boxes are placed before that).
 */
function modelWithBoxes(count: number, seed: number, far: [number, number[]][] = []) {
  const batch = { kind: 'triangles' as const, transparent: false, doubleSided: false, textureMaterial: -1, hasUvs: false, vertexCount: 3, indexCount: 3 };
  const model = placeholderModel(`boxes-${seed}`, [batch], new Array(count).fill(0));
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 200 - 100;
  const boxes = model.fragments.boxes;
  for (let f = 0; f < count; f++) {
    const o = f * 6;
    if (f % 5 === 4) {
      boxes.set([1, 1, 1, -1, -1, -1], o);
      continue;
    }
    const [x, y, z] = [random(), random(), random()];
    boxes.set([x, y, z, x + 1 + (f % 7), y + 2, z + 3], o);
  }
  for (const [fragId, box] of far) boxes.set(box, fragId * 6);
  unionKnownBoxes(model.bounds, boxes);
  return model;
}

/** The union of the fragments' world boxes, one Box3 at a time: what the bounds must equal. */
function expected(models: ReturnType<typeof modelWithBoxes>[], visibleOnly: boolean): Box3 {
  const box = new Box3();
  for (const model of models) {
    const fragments = model.fragments;
    for (let f = 0; f < fragments.count; f++) {
      if (fragments.boxes[f * 6] > fragments.boxes[f * 6 + 3] || (visibleOnly && !fragments.isVisible(f))) continue;
      box.union(fragments.getWorldBox(f));
    }
  }
  return box;
}

describe('modelsBounds', () => {
  it('is the union of the known fragment boxes, over several models, hidden ones left out when asked', () => {
    // One fragment reaches furthest in x, and is hidden: leaving it out changes the answer.
    const models = [modelWithBoxes(500, 7, [[1, [500, 0, 0, 501, 1, 1]]]), modelWithBoxes(300, 11)];
    const first = models[0].fragments;
    first.flags[1] |= FragmentFlag.HIDDEN;

    const all = modelsBounds(models, false);
    const visible = modelsBounds(models, true);
    expect(all.equals(expected(models, false))).to.equal(true);
    expect(visible.equals(expected(models, true))).to.equal(true);
    expect(all.max.x).to.equal(501);
    expect(visible.max.x).to.be.lessThan(200);
  });

  it('applies fragment transforms', () => {
    const model = modelWithBoxes(200, 3);
    const plain = modelsBounds([model], false);
    model.fragments.setTransform(0, new Matrix4().makeTranslation(1000, 0, 0));
    const moved = modelsBounds([model], false);
    expect(moved.equals(expected([model], false))).to.equal(true);
    expect(moved.max.x).to.be.greaterThan(plain.max.x + 900);
  });

  it('is empty for a model whose boxes are all still unknown, and falls back to the model bounds', () => {
    const model = modelWithBoxes(5, 1);
    model.fragments.boxes.fill(0);
    for (let f = 0; f < 5; f++) model.fragments.boxes.set([1, 1, 1, -1, -1, -1], f * 6);
    model.bounds.makeEmpty();
    expect(modelsBounds([model], false).isEmpty()).to.equal(true);
    model.bounds.set(new Vector3(-2, -2, -2), new Vector3(2, 2, 2));
    expect(modelsBounds([model], true).equals(model.bounds)).to.equal(true);
  });

  it("keeps a model's bounds holding every box its geometry brings, so the scene's bounds need no pass over the fragments", () => {
    const model = modelWithBoxes(50, 5);
    const chunk = placeholderChunk(0, 4, 0, 0, 3); // fragment 4's box was unknown
    chunk.boxes.set([300, -400, 2, 301, -399, 3]);
    model.applyChunk(chunk);
    expect(model.bounds.max.x).to.equal(301);
    expect(model.bounds.min.y).to.equal(-400);
    expect(modelsBounds([model], false).equals(expected([model], false))).to.equal(true);
    // An unknown box grows nothing.
    const unknown = placeholderChunk(0, 9, 3, 3, 3);
    unknown.boxes.set([1, 1, 1, -1, -1, -1]);
    const before = model.bounds.clone();
    model.applyChunk(unknown);
    expect(model.bounds.equals(before)).to.equal(true);
  });

  for (const sample of ['gltf/car.glb', 'svf/bim-sample/0.svf', 'ifc/AC20-FZK-Haus.ifc']) {
    it(`gives the scene the union of the fragment boxes of a loaded ${sample.split('/')[0]} model`, async () => {
      const container = createContainer(160, 120);
      const viewer = new Viewer(container, { language: 'en' });
      viewer.start();
      try {
        const model = await viewer.loadModel(sampleUrl(sample));
        await new Promise<void>((resolve) => (model.isGeometryLoaded ? resolve() : viewer.addEventListener('geometry-loaded', () => resolve())));
        const union = expected([model], false);
        expect(union.isEmpty()).to.equal(false);
        // The file's own bounds may be larger than its geometry; they never leave a fragment out.
        expect(model.bounds.containsBox(union)).to.equal(true);
        // The scene's bounds are real coordinates: the model's, moved by its global offset.
        expect(viewer.navigation.sceneBounds.equals(model.getBoundingBox())).to.equal(true);
      } finally {
        viewer.finish();
        container.remove();
      }
    });
  }
});
