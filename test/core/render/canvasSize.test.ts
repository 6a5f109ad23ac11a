import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { canvasPixels, colourCount, createContainer, sampleUrl, until } from '../../support/helpers.js';

/**
 * Records each assignment of a canvas size inside the container, as "width=N" or "height=N": every one
 * reallocates the drawing buffer (even to the value it has). A canvas sized before it joins the page is
 * not recorded.
 */
function watchSizeAssignments(container: HTMLElement): { assignments: () => string[]; disconnect: () => void } {
  const seen: string[] = [];
  const record = (records: MutationRecord[]) => {
    for (const r of records) seen.push(`${r.attributeName}=${(r.target as Element).getAttribute(r.attributeName!)}`);
  };
  const observer = new MutationObserver(record);
  observer.observe(container, { subtree: true, attributes: true, attributeFilter: ['width', 'height'] });
  return {
    assignments: () => {
      record(observer.takeRecords());
      return [...seen];
    },
    disconnect: () => observer.disconnect(),
  };
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

describe('the first frames of a viewer', () => {
  it('sizes the drawing buffer once, at the size the container has when the first frame is drawn', async function () {
    this.timeout(30000);
    const ratio = Math.min(devicePixelRatio, 2);
    const container = createContainer(200, 100);
    const sizing = watchSizeAssignments(container);
    const viewer = new Viewer(container, { language: 'en' });
    try {
      viewer.start();
      // A host page that lays the viewer out after it started (its own script runs later).
      container.style.width = '280px';
      container.style.height = '160px';
      await viewer.loadModel(sampleUrl('gltf/car.glb'));
      viewer.renderNow();
      expect(sizing.assignments()).to.deep.equal([`width=${280 * ratio}`, `height=${160 * ratio}`]);
    } finally {
      sizing.disconnect();
      viewer.finish();
      container.remove();
    }
  });

  it('creates the canvas at the size of a container laid out before the viewer starts, and never reallocates it', async function () {
    this.timeout(30000);
    const ratio = Math.min(devicePixelRatio, 2);
    const container = createContainer(220, 130);
    const sizing = watchSizeAssignments(container);
    const viewer = new Viewer(container, { language: 'en' });
    try {
      viewer.start();
      await viewer.loadModel(sampleUrl('gltf/car.glb'));
      const shown = canvasPixels(viewer);
      expect([shown.width, shown.height]).to.deep.equal([220 * ratio, 130 * ratio]);
      expect(colourCount(shown)).to.be.greaterThan(200);
      // At a pixel ratio of 1 the size it was created with is final; otherwise it is set once.
      expect(sizing.assignments()).to.deep.equal(ratio === 1 ? [] : [`width=${220 * ratio}`, `height=${130 * ratio}`]);
    } finally {
      sizing.disconnect();
      viewer.finish();
      container.remove();
    }
  });

  it('an empty viewer draws its background on its own once the page is idle', async function () {
    this.timeout(30000);
    const container = createContainer(160, 120);
    const viewer = new Viewer(container, { language: 'en' });
    try {
      viewer.start();
      // Tap the real frame path: read the canvas right after a frame is drawn onto it (before it is composited).
      const context = viewer.renderContext!;
      const renderFrame = context.renderFrame.bind(context);
      let shown: Uint8Array | null = null;
      context.renderFrame = (camera, mode) => {
        const stats = renderFrame(camera, mode);
        const gl = context.renderer.getContext();
        shown = new Uint8Array(4);
        gl.readPixels(Math.floor(gl.drawingBufferWidth / 2), Math.floor(gl.drawingBufferHeight / 2), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, shown);
        return stats;
      };
      await until(() => shown !== null, 5000, 'the first frame');
      // The same pixel of a complete frame rendered on demand: the light preset's background gradient.
      const expected = viewer.capturePixels(160, 120);
      const centre = (60 * 160 + 80) * 4;
      for (let c = 0; c < 3; c++) expect(Math.abs(shown![c] - expected.data[centre + c]), `channel ${c}`).to.be.at.most(6);
      expect(shown![0] + shown![1] + shown![2]).to.be.greaterThan(450); // a light grey, not an empty buffer
    } finally {
      viewer.finish();
      container.remove();
    }
  });
});
