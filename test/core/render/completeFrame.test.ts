import { expect } from '@esm-bundle/chai';
import { PerspectiveCamera } from 'three';
import { placeholderChunk, placeholderModel } from '../../../core/render/placeholderModel.js';
import { SceneRenderer } from '../../../core/render/SceneRenderer.js';

describe('a complete frame', () => {
  it('draws every chunk that has arrived, beyond the per-frame upload budget of progressive frames', () => {
    // 720k triangles of indices (8.6 MB) fill the 8 MB a progressive frame uploads; the second chunk waits then.
    const big = 720_000;
    const small = 10;
    const batch = { kind: 'triangles' as const, transparent: false, doubleSided: false, textureMaterial: -1, hasUvs: false, vertexCount: 6, indexCount: (big + small) * 3 };
    const model = placeholderModel('chunks', [batch], [0, 0]);
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const renderer = new SceneRenderer(canvas);
    try {
      renderer.setSize(64, 48, 1);
      renderer.addModel(model);
      model.applyChunk(placeholderChunk(0, 0, 0, 0, big * 3));
      model.applyChunk(placeholderChunk(0, 1, 3, big * 3, small * 3));
      const stats = renderer.renderFrame(new PerspectiveCamera(), { kind: 'complete' });
      expect(stats.triangles).to.equal(big + small);
    } finally {
      renderer.dispose();
      model.dispose();
    }
  });
});
