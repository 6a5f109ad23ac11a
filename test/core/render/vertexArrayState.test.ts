import { expect } from '@esm-bundle/chai';
import { PerspectiveCamera } from 'three';
import { placeholderModel } from '../../../core/render/placeholderModel.js';
import { SceneRenderer } from '../../../core/render/SceneRenderer.js';

describe('adding a model between frames', () => {
  it('leaves three.js able to draw what it drew last: no draw without its index buffer, the background intact', () => {
    const batch = { kind: 'triangles' as const, transparent: false, doubleSided: false, textureMaterial: -1, hasUvs: false, vertexCount: 3, indexCount: 3 };
    const model = placeholderModel('between-frames', [batch], [0]);
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const renderer = new SceneRenderer(canvas);
    const gl = renderer.renderer.getContext() as WebGL2RenderingContext;
    const camera = new PerspectiveCamera();
    const pixel = () => {
      const data = new Uint8Array(4);
      gl.readPixels(32, 24, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, data);
      return [...data];
    };
    try {
      renderer.setSize(64, 48, 1);
      // The empty viewer's frame: the background is the last thing three.js drew.
      renderer.renderFrame(camera, { kind: 'complete' });
      const background = pixel();
      expect(gl.getError()).to.equal(gl.NO_ERROR);
      expect(background.slice(0, 3)).to.not.deep.equal([0, 0, 0]);
      // The model's batch buffers are created now, before any of its geometry arrived.
      renderer.addModel(model);
      renderer.renderFrame(camera, { kind: 'complete' });
      expect(gl.getError()).to.equal(gl.NO_ERROR);
      expect(pixel()).to.deep.equal(background);
    } finally {
      renderer.dispose();
      model.dispose();
    }
  });
});
