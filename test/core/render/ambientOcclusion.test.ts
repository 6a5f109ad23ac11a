import { expect } from '@esm-bundle/chai';
import type { Model, Viewer } from '../../../core/index.js';
import { ambientOcclusionDefaults } from '../../../core/viewer/ViewerState.js';
import { capture, luminanceAt, readCanvas } from '../../support/helpers.js';
import { closeHouseCorner, openHouseCorner } from '../../support/houseView.js';

type Pixels = ReturnType<typeof capture>;

const luminance = luminanceAt;

/** How the second frame differs from the first: pixels darker (by more than 2 levels), brighter, and the mean darkening of the darkened ones. */
function darkening(before: Pixels, after: Pixels) {
  let darker = 0;
  let brighter = 0;
  let sum = 0;
  for (let p = 0; p < before.width * before.height; p++) {
    const d = luminance(before, p) - luminance(after, p);
    if (d > 2) {
      darker++;
      sum += d;
    } else if (d < -2) brighter++;
  }
  return { darker, brighter, mean: darker ? sum / darker : 0 };
}

/** Pixels of the frame that differ from the background's colour at their row (the model's footprint). */
function modelPixels(frame: Pixels, background: Pixels): number {
  let count = 0;
  for (let p = 0; p < frame.width * frame.height; p++) {
    const i = p * 4;
    if (Math.abs(frame.data[i] - background.data[i]) + Math.abs(frame.data[i + 1] - background.data[i + 1]) + Math.abs(frame.data[i + 2] - background.data[i + 2]) > 6) count++;
  }
  return count;
}

describe('ambient occlusion: ambientShadows darkens creases on the complete frame (issue 33 §1)', () => {
  let viewer: Viewer;
  let model: Model;
  let empty: Pixels;

  before(async () => {
    ({ viewer, model, empty } = await openHouseCorner());
  });

  after(() => closeHouseCorner(viewer));

  afterEach(() => {
    viewer.prefs.set('ambientShadows', false);
    viewer.renderContext!.setAmbientOcclusion(ambientOcclusionDefaults(model));
  });

  it('takes the spec radius and intensity of a building model once its geometry is loaded', () => {
    const unitScale = model.getUnitScale();
    const expected = { radius: unitScale > 0.3 ? 4 / unitScale : 0.25 / unitScale, intensity: 1 };
    expect(viewer.renderContext!.getAmbientOcclusion()).to.deep.include(expected);
    expect(viewer.getState().renderOptions!.ambientOcclusion).to.deep.equal({ enabled: false, ...expected });
  });

  it('darkens some of the house, brightens nothing, leaves the background, and gives back the exact frame when off', () => {
    const plain = capture(viewer);
    viewer.prefs.set('ambientShadows', true);
    const occluded = capture(viewer);
    const change = darkening(plain, occluded);
    const footprint = modelPixels(plain, empty);
    expect(footprint, 'the house is in view').to.be.greaterThan(3000);
    expect(change.darker, 'pixels darkened').to.be.greaterThan(200);
    expect(change.mean, 'mean darkening, levels').to.be.greaterThan(3);
    // Creases, not the whole house: most of its pixels (open walls and roofs) keep their light.
    expect(change.darker).to.be.lessThan(footprint * 0.6);
    expect(change.brighter).to.equal(0);
    expect(modelPixels(occluded, empty), 'the background stays the background').to.be.at.most(footprint + 5);
    viewer.prefs.set('ambientShadows', false);
    expect(capture(viewer).data).to.deep.equal(plain.data);
  });

  it('draws it on the canvas when the frame is complete, and not on a frame drawn while moving', async () => {
    viewer.renderNow();
    const plain = readCanvas(viewer);
    viewer.prefs.set('ambientShadows', true);
    viewer.renderNow();
    const occluded = readCanvas(viewer);
    expect(darkening(plain, occluded).darker).to.be.greaterThan(200);
    const moving = viewer.renderContext!.renderFrame(viewer.navigation.getThreeCamera(), { kind: 'moving', fraction: 1, scale: 1 });
    // It drew everything, but the picture at rest has more: it is not final, and a frame at rest follows.
    expect(moving.final).to.equal(false);
    expect(darkening(plain, readCanvas(viewer)).darker, 'a moving frame has no occlusion').to.be.lessThan(5);
    viewer.invalidate();
    await viewer.waitForCompleteFrame();
    viewer.renderContext!.renderFrame(viewer.navigation.getThreeCamera(), { kind: 'refine', budget: 1e9 });
    expect(darkening(plain, readCanvas(viewer)).darker, 'the frame at rest that follows has it').to.be.greaterThan(200);
    viewer.prefs.set('ambientShadows', false);
    viewer.renderNow();
    expect(readCanvas(viewer).data).to.deep.equal(plain.data);
  });

  it('follows the intensity and the radius: 0 gives the plain frame, 3 is darker than the default', () => {
    const plain = capture(viewer);
    viewer.prefs.set('ambientShadows', true);
    const byDefault = darkening(plain, capture(viewer));
    viewer.renderContext!.setAmbientOcclusion({ intensity: 3 });
    const strong = darkening(plain, capture(viewer));
    expect(strong.darker * strong.mean).to.be.greaterThan(byDefault.darker * byDefault.mean * 1.3);
    viewer.renderContext!.setAmbientOcclusion({ intensity: 0 });
    expect(capture(viewer).data).to.deep.equal(plain.data);
    viewer.renderContext!.setAmbientOcclusion({ intensity: 1, radius: 0 });
    expect(capture(viewer).data).to.deep.equal(plain.data);
    viewer.renderContext!.setAmbientOcclusion({ radius: 500, intensity: 9 });
    expect(viewer.renderContext!.getAmbientOcclusion()).to.deep.include({ radius: 500, intensity: 3 });
  });

  it('goes through getState and restoreState with its radius and intensity', () => {
    viewer.prefs.set('ambientShadows', true);
    viewer.renderContext!.setAmbientOcclusion({ radius: 2.5, intensity: 1.7 });
    const state = viewer.getState();
    expect(state.renderOptions!.ambientOcclusion).to.deep.equal({ enabled: true, radius: 2.5, intensity: 1.7 });
    viewer.prefs.set('ambientShadows', false);
    viewer.renderContext!.setAmbientOcclusion({ radius: 1, intensity: 0.2 });
    expect(viewer.restoreState(state)).to.equal(true);
    expect(viewer.prefs.get('ambientShadows')).to.equal(true);
    expect(viewer.renderContext!.getAmbientOcclusion()).to.deep.equal({ enabled: true, radius: 2.5, intensity: 1.7 });
  });
});
