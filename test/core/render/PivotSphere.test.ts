import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { type Viewer } from '../../../core/index.js';
import { PIVOT_FADE_MS } from '../../../core/render/PivotSphere.js';
import { capture, frames } from '../../support/helpers.js';
import { canvasPoint, dispose, until, viewerWithModel } from '../../support/navigationInput.js';

/** Mean colour of a small square around a canvas point. */
function meanColor(pixels: { width: number; data: Uint8Array }, x: number, y: number, half = 2): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let j = -half; j <= half; j++) {
    for (let i = -half; i <= half; i++) {
      const k = ((Math.round(y) + j) * pixels.width + Math.round(x) + i) * 4;
      for (let c = 0; c < 3; c++) sum[c] += pixels.data[k + c];
      count++;
    }
  }
  return sum.map((v) => v / count) as [number, number, number];
}

const isGreen = ([r, g, b]: number[]) => g > r + 30 && g > b + 30;

describe('Pivot sphere', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(() => dispose({ viewer, container }));

  it('shows a small green sphere at the pivot while orbiting, fading out over 500 ms after', async () => {
    const start = canvasPoint(viewer, 0.45, 0.5);
    await sendMouse({ type: 'move', position: start });
    await sendMouse({ type: 'down', button: 'left' });
    await sendMouse({ type: 'move', position: [start[0] + 30, start[1]] });
    await frames(2);
    const nav = viewer.navigation;
    const projected = nav.pivot.clone().project(nav.getThreeCamera());
    const x = ((projected.x + 1) / 2) * 400;
    const y = ((1 - projected.y) / 2) * 300;
    const during = capture(viewer);
    expect(viewer.pivotSphere.opacity).to.equal(1);
    const released = performance.now();
    await sendMouse({ type: 'up', button: 'left' });
    await until(() => viewer.pivotSphere.opacity < 0.9);
    expect(viewer.pivotSphere.isVisible).to.equal(true);
    await until(() => !viewer.pivotSphere.isVisible);
    // Gone after the fade, not before (frames are slow in software rendering, so not an upper bound).
    expect(performance.now() - released).to.be.at.least(PIVOT_FADE_MS - 20);
    const after = capture(viewer);
    // Green at the pivot while orbiting, and only there: 20 px away the frames agree.
    expect(isGreen(meanColor(during, x, y)), `${meanColor(during, x, y)}`).to.equal(true);
    expect(isGreen(meanColor(after, x, y))).to.equal(false);
    const away = [meanColor(during, x + 20, y), meanColor(after, x + 20, y)];
    expect(Math.abs(away[0][1] - away[1][1]) + Math.abs(away[0][0] - away[1][0])).to.be.lessThan(1);
  });
});
