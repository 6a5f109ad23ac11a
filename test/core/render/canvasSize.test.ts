import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { createContainer, sampleUrl, until } from '../../support/helpers.js';

/** Reads the canvas as shown (right after a frame, in the same task). */
function canvasPixels(viewer: Viewer): { width: number; height: number; data: Uint8Array } {
  viewer.renderNow();
  const gl = viewer.canvas.getContext('webgl2')!;
  const { drawingBufferWidth: width, drawingBufferHeight: height } = gl;
  const data = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data);
  return { width, height, data };
}

/** Distinct colours in a picture (a frame scaled up from a tiny buffer has a handful). */
function colourCount(pixels: { data: Uint8Array }): number {
  const colours = new Set<number>();
  for (let i = 0; i < pixels.data.length; i += 4) colours.add((pixels.data[i] << 16) | (pixels.data[i + 1] << 8) | pixels.data[i + 2]);
  return colours.size;
}

describe('the canvas follows its container', () => {
  for (const [width, height] of [
    [300, 150], // the size a canvas already has when it is created: no resize happens, the frames must still fit
    [260, 180],
  ]) {
    it(`draws at full resolution in a ${width}×${height} container, and follows a resize`, async function () {
      this.timeout(60000);
      const ratio = Math.min(devicePixelRatio, 2); // the viewer's cap
      const container = createContainer(width, height);
      const viewer = new Viewer(container, { language: 'en' });
      try {
        viewer.start();
        await viewer.loadModel(sampleUrl('gltf/car.glb'));
        const first = canvasPixels(viewer);
        expect([first.width, first.height]).to.deep.equal([width * ratio, height * ratio]);
        expect(colourCount(first)).to.be.greaterThan(200);

        container.style.width = `${width + 40}px`;
        await until(() => viewer.canvas.width === (width + 40) * ratio, 5000, 'the canvas to follow its container');
        const resized = canvasPixels(viewer);
        expect(resized.width).to.equal((width + 40) * ratio);
        expect(colourCount(resized)).to.be.greaterThan(200);
      } finally {
        viewer.finish();
        container.remove();
      }
    });
  }
});
