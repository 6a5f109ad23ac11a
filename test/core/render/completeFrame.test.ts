import { expect } from '@esm-bundle/chai';
import { PerspectiveCamera } from 'three';
import type { GeometryChunk } from '../../../core/model/GeometryBatch.js';
import { Model } from '../../../core/model/Model.js';
import { defaultMaterial } from '../../../core/model/ModelMaterial.js';
import { SceneRenderer } from '../../../core/render/SceneRenderer.js';

/** A chunk of one fragment: a triangle's 3 vertices indexed `triangles` times (degenerate but counted). */
function chunk(fragId: number, vertexStart: number, indexStart: number, triangles: number): GeometryChunk {
  const indexCount = triangles * 3;
  return {
    batch: 0,
    vertexStart,
    indexStart,
    positions: new Uint16Array(3 * 4).map((_, i) => (i % 4 === 3 ? fragId : i === 4 || i === 9 ? 65535 : 0)),
    normals: new Uint8Array(3 * 4).fill(128),
    indices: new Uint32Array(indexCount).map((_, i) => vertexStart + (i % 3)),
    fragIds: Int32Array.of(fragId),
    vertexStarts: Uint32Array.of(vertexStart),
    vertexCounts: Uint32Array.of(3),
    indexStarts: Uint32Array.of(indexStart),
    indexCounts: Uint32Array.of(indexCount),
    boxes: Float32Array.of(0, 0, 0, 1, 1, 1),
  };
}

describe('a complete frame', () => {
  it('draws every chunk that has arrived, beyond the per-frame upload budget of progressive frames', () => {
    // 720k triangles of indices (8.6 MB) fill the 8 MB a progressive frame uploads; the second chunk waits then.
    const big = 720_000;
    const small = 10;
    const model = new Model(
      { url: 'chunks', fileName: 'chunks' },
      {
        fragments: { dbIds: Int32Array.of(1, 1), materialIds: new Int32Array(2), batchIds: new Uint16Array(2), boxes: new Float32Array(12) },
        batches: [{ kind: 'triangles', transparent: false, doubleSided: false, textureMaterial: -1, hasUvs: false, vertexCount: 6, indexCount: (big + small) * 3 }],
        materials: [defaultMaterial()],
        tree: { rootId: 1, parents: new Int32Array(2), names: [null, 'chunks'] },
        metadata: {},
        bounds: [],
        cameras: [],
        defaultCamera: -1,
      },
      null,
      'chunks',
    );
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const renderer = new SceneRenderer(canvas);
    try {
      renderer.setSize(64, 48, 1);
      renderer.addModel(model);
      model.applyChunk(chunk(0, 0, 0, big));
      model.applyChunk(chunk(1, 3, big * 3, small));
      const stats = renderer.renderFrame(new PerspectiveCamera(), { kind: 'complete' });
      expect(stats.triangles).to.equal(big + small);
    } finally {
      renderer.dispose();
      model.dispose();
    }
  });
});
