import { expect } from '@esm-bundle/chai';
import { Color, SRGBColorSpace } from 'three';
import { Viewer } from '../../../core/index.js';
import { LIGHT_PRESETS } from '../../../core/render/lightPresets.js';
import { canvasPixels, createContainer, sampleUrl } from '../../support/helpers.js';

/**
 * The gradient as three.js would shade it: the preset's colours mixed in linear light at the row's centre,
 * encoded to sRGB by three.js's own colour management.
 */
function expectedRow(row: number, height: number): number[] {
  const preset = LIGHT_PRESETS[0];
  const top = new Color().setHex(preset.backgroundTop, SRGBColorSpace);
  const bottom = new Color().setHex(preset.backgroundBottom, SRGBColorSpace);
  const hex = bottom.lerp(top, (row + 0.5) / height).getHex(SRGBColorSpace);
  return [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
}

/** Rows whose every pixel is within 1 of the expected gradient, out of all rows. */
function gradientRows(pixels: { width: number; height: number; data: Uint8Array }): { matching: number; total: number } {
  let matching = 0;
  for (let y = 0; y < pixels.height; y++) {
    const want = expectedRow(y, pixels.height);
    let ok = true;
    for (let x = 0; x < pixels.width && ok; x++) {
      const i = (y * pixels.width + x) * 4;
      for (let c = 0; c < 3; c++) if (Math.abs(pixels.data[i + c] - want[c]) > 1) ok = false;
    }
    if (ok) matching++;
  }
  return { matching, total: pixels.height };
}

describe('the background gradient', () => {
  it('is painted without a program: an empty viewer shows the whole gradient and has compiled nothing', async () => {
    const container = createContainer(160, 120);
    const viewer = new Viewer(container, { language: 'en' });
    try {
      viewer.start();
      const pixels = canvasPixels(viewer);
      expect(pixels.height).to.equal(120);
      expect(gradientRows(pixels)).to.deep.equal({ matching: 120, total: 120 });
      // Top and bottom differ, so this is a gradient and not a flat fill.
      expect(expectedRow(119, 120)).to.not.deep.equal(expectedRow(0, 120));
      expect(viewer.renderContext!.renderer.info.programs!.length).to.equal(0);
    } finally {
      viewer.finish();
      container.remove();
    }
  });

  it('shows behind a model, and alone when every object is hidden', async () => {
    const container = createContainer(160, 120);
    const viewer = new Viewer(container, { language: 'en' });
    try {
      viewer.start();
      const model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
      const shown = canvasPixels(viewer);
      const withModel = gradientRows(shown);
      // The car covers some rows, not all of them.
      expect(withModel.matching).to.be.greaterThan(10).and.lessThan(120);
      // Without ghosting, a hidden object is not drawn at all: the frame draws nothing.
      viewer.prefs.set('ghosting', false);
      viewer.hide(model.getInstanceTree().getRootId());
      expect(gradientRows(canvasPixels(viewer))).to.deep.equal({ matching: 120, total: 120 });
    } finally {
      viewer.finish();
      container.remove();
    }
  });
});
