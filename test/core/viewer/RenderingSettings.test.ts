import { expect } from '@esm-bundle/chai';
import { LIGHT_PRESETS, Viewer } from '../../../core/index.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { capture, createContainer, sampleUrl } from '../../support/helpers.js';

type Pixels = ReturnType<typeof capture>;

/** RGB of a pixel, rows top first. */
function pixel(p: Pixels, x: number, y: number): [number, number, number] {
  const i = (y * p.width + x) * 4;
  return [p.data[i], p.data[i + 1], p.data[i + 2]];
}

function brightness(p: Pixels, x: number, y: number): number {
  return pixel(p, x, y).reduce((a, b) => a + b, 0) / 3;
}

describe('rendering settings: light presets, background, and the preference setters', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  before(async () => {
    localStorage.clear();
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    await viewer.loadModel(sampleUrl('gltf/properties.glb'));
  });
  after(() => {
    viewer.finish();
    container.remove();
    localStorage.clear();
  });
  afterEach(() => viewer.prefs.reset());

  it('a light preset changes the lights on the model and the background gradient', () => {
    const simpleGrey = capture(viewer);
    const { x, y } = { x: simpleGrey.width >> 1, y: simpleGrey.height >> 1 };
    expect(brightness(simpleGrey, x, y), 'the model is under the centre').to.be.lessThan(brightness(simpleGrey, 2, 2) - 10);
    expect(viewer.setLightPreset(2)).to.equal(true);
    expect(viewer.prefs.get('lightPreset')).to.equal(2);
    const darkSky = capture(viewer);
    // Dark sky: a dark blue background from top (lighter) to bottom, and other light on the model.
    expect(brightness(darkSky, 2, 2)).to.be.lessThan(90);
    expect(brightness(darkSky, 2, 2)).to.be.greaterThan(brightness(darkSky, 2, darkSky.height - 3));
    expect(pixel(darkSky, x, y)).to.not.deep.equal(pixel(simpleGrey, x, y));
    viewer.setLightPreset(0);
    expect(pixel(capture(viewer), 2, 2)).to.deep.equal(pixel(simpleGrey, 2, 2));
  });

  it('a background colour overrides the preset\'s background and leaves the model as it was', () => {
    const before = capture(viewer);
    const centre = { x: before.width >> 1, y: before.height >> 1 };
    expect(viewer.setBackgroundColor(200, 0, 0, 0, 0, 200)).to.equal(true);
    expect(viewer.prefs.get('backgroundColorPreset')).to.deep.equal([200, 0, 0, 0, 0, 200]);
    const custom = capture(viewer);
    const [r1, g1, b1] = pixel(custom, 2, 1);
    const [r2, g2, b2] = pixel(custom, 2, custom.height - 2);
    expect(r1).to.be.greaterThan(180);
    expect(g1 + b1).to.be.lessThan(30);
    expect(b2).to.be.greaterThan(180);
    expect(r2 + g2).to.be.lessThan(30);
    expect(pixel(custom, centre.x, centre.y)).to.deep.equal(pixel(before, centre.x, centre.y));
    // No colours: back to the light preset's own background.
    viewer.setBackgroundColor();
    expect(viewer.prefs.get('backgroundColorPreset')).to.equal(null);
    expect(pixel(capture(viewer), 2, 1)).to.deep.equal(pixel(before, 2, 1));
  });

  it('shows the background in the sRGB colours it was given, on the canvas and in captures', () => {
    // Mid-range values: encoding sRGB twice, or not at all, moves them by 40 or more. The edge rows are
    // half a row into the gradient: a few units off the end colours.
    viewer.setBackgroundColor(200, 120, 40, 10, 60, 180);
    const captured = capture(viewer);
    viewer.renderNow();
    const gl = viewer.canvas.getContext('webgl2')!;
    const { drawingBufferWidth: width, drawingBufferHeight: height } = gl;
    const shown = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, shown);
    // readPixels rows go bottom up.
    const onCanvas = (x: number, y: number) => [...shown.subarray(((height - 1 - y) * width + x) * 4, ((height - 1 - y) * width + x) * 4 + 3)];
    const near = (actual: number[], expected: number[], what: string) =>
      actual.forEach((value, c) => expect(Math.abs(value - expected[c]), `${what}, channel ${c}: ${actual}`).to.be.at.most(6));
    near(pixel(captured, 2, 0), [200, 120, 40], 'top of the capture');
    near(pixel(captured, 2, captured.height - 1), [10, 60, 180], 'bottom of the capture');
    near(onCanvas(2, 0), [200, 120, 40], 'top of the canvas');
    near(onCanvas(2, height - 1), [10, 60, 180], 'bottom of the canvas');
  });

  it('refuses a light preset that does not exist, and a background that is not six numbers, keeping what was set', () => {
    const recorder = new ConsoleRecorder().start();
    try {
      viewer.setLightPreset(1);
      expect(viewer.setLightPreset(LIGHT_PRESETS.length)).to.equal(false);
      expect(viewer.setLightPreset(1.5)).to.equal(false);
      expect(viewer.setBackgroundColor(1, 2, 3)).to.equal(false);
    } finally {
      recorder.stop();
    }
    expect(viewer.prefs.get('lightPreset')).to.equal(1);
    expect(viewer.prefs.get('backgroundColorPreset')).to.equal(null);
    expect(recorder.warnings.some((w) => w.includes(`Unknown light preset: ${LIGHT_PRESETS.length}`))).to.equal(true);
    expect(recorder.warnings.some((w) => w.includes('expects a list of six numbers'))).to.equal(true);
  });

  it('each setter of API.md sets its preference', () => {
    viewer.setProgressiveRendering(false);
    viewer.setQualityLevel(false, false);
    viewer.setGroundShadow(false);
    viewer.setGroundReflection(true);
    viewer.setDisplayEdges(true);
    viewer.setSwapBlackAndWhite(true);
    expect(['progressiveRendering', 'ambientShadows', 'antialiasing', 'groundShadow', 'groundReflection', 'edgeRendering', 'swapBlackAndWhite'].map((n) => viewer.prefs.get(n))).to.deep.equal([false, false, false, false, true, true, true]);
  });

  it('raises preference-change when a preference changes, not for every preference as a viewer starts', () => {
    const other = createContainer(80, 60);
    const starting = new Viewer(other, { language: 'en', logLevel: 'warning' });
    const changes: { name: string; value: unknown }[] = [];
    starting.addEventListener('preference-change', (event) => changes.push(event.detail));
    try {
      starting.start();
      expect(changes).to.deep.equal([]);
      starting.setGroundShadow(false);
      expect(changes).to.deep.equal([{ name: 'groundShadow', value: false }]);
    } finally {
      starting.finish();
      other.remove();
    }
  });
});
