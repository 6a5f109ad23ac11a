import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { capture, createContainer, luminanceAt, sampleUrl } from '../../support/helpers.js';

type Pixels = ReturnType<typeof capture>;

/** Mean luminance (0–255) of the pixels that differ from the background (the empty frame). */
function modelLuminance(frame: Pixels, empty: Pixels): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < frame.data.length; i += 4) {
    const d = Math.abs(frame.data[i] - empty.data[i]) + Math.abs(frame.data[i + 1] - empty.data[i + 1]) + Math.abs(frame.data[i + 2] - empty.data[i + 2]);
    if (d <= 12) continue;
    sum += luminanceAt(frame, i / 4);
    count++;
  }
  return sum / count;
}

describe('tone mapping and exposure bias (issue 33 §5, spec 001 §3–§5)', () => {
  let viewer: Viewer;
  let empty: Pixels;
  let plain: Pixels;

  before(async () => {
    viewer = new Viewer(createContainer(200, 150), { language: 'en' });
    viewer.start();
    for (const name of ['ambientShadows', 'groundShadow', 'groundReflection']) viewer.prefs.set(name, false);
    empty = capture(viewer);
    await viewer.loadModel(sampleUrl('gltf/car.glb'));
    await viewer.waitForCompleteFrame();
    plain = capture(viewer);
  });

  after(() => {
    viewer.finish();
    viewer.container.remove();
  });

  afterEach(() => viewer.renderContext!.setToneMapping({ method: 0, exposureBias: 0 }));

  it('draws the colours as they are with method None, whatever the exposure bias (None disables it)', () => {
    expect(viewer.renderContext!.getToneMapping()).to.deep.equal({ method: 0, exposureBias: 0 });
    viewer.renderContext!.setToneMapping({ exposureBias: 5 });
    expect(capture(viewer).data).to.deep.equal(plain.data);
  });

  it('changes the picture with the filmic and the ACES curves, each its own way, and the background not at all', () => {
    viewer.renderContext!.setToneMapping({ method: 1 });
    const filmic = capture(viewer);
    viewer.renderContext!.setToneMapping({ method: 2 });
    const aces = capture(viewer);
    const differs = (a: Pixels, b: Pixels) => a.data.some((v, i) => Math.abs(v - b.data[i]) > 4);
    expect(differs(filmic, plain)).to.equal(true);
    expect(differs(aces, plain)).to.equal(true);
    expect(differs(filmic, aces)).to.equal(true);
    // The corner is background in every one of them.
    expect([...filmic.data.slice(0, 4)]).to.deep.equal([...plain.data.slice(0, 4)]);
    viewer.renderContext!.setToneMapping({ method: 0 });
    expect(capture(viewer).data).to.deep.equal(plain.data);
  });

  it('brightens with a higher exposure bias and darkens with a lower one, clamped to −30…30 EV', () => {
    viewer.renderContext!.setToneMapping({ method: 2, exposureBias: 0 });
    const base = modelLuminance(capture(viewer), empty);
    viewer.renderContext!.setToneMapping({ exposureBias: 2 });
    const brighter = modelLuminance(capture(viewer), empty);
    viewer.renderContext!.setToneMapping({ exposureBias: -2 });
    const darker = modelLuminance(capture(viewer), empty);
    expect(brighter).to.be.greaterThan(base + 10);
    expect(darker).to.be.lessThan(base - 10);
    viewer.renderContext!.setToneMapping({ exposureBias: 99, method: 7 });
    expect(viewer.renderContext!.getToneMapping()).to.deep.equal({ method: 2, exposureBias: 30 });
  });

  it('goes through getState and restoreState as toneMap.method and toneMap.exposure', () => {
    viewer.renderContext!.setToneMapping({ method: 1, exposureBias: -1.5 });
    const state = viewer.getState();
    expect(state.renderOptions!.toneMap).to.deep.include({ method: 1, exposure: -1.5 });
    viewer.renderContext!.setToneMapping({ method: 0, exposureBias: 0 });
    expect(viewer.restoreState(state)).to.equal(true);
    expect(viewer.renderContext!.getToneMapping()).to.deep.equal({ method: 1, exposureBias: -1.5 });
  });

  it('the light intensity (−5 to 20) brightens and darkens the car, goes through the state, and gives the preset back', () => {
    const presetIntensity = viewer.renderContext!.lighting.getLightIntensity();
    const before = capture(viewer);
    viewer.renderContext!.lighting.setLightIntensity(20);
    const bright = capture(viewer);
    viewer.renderContext!.lighting.setLightIntensity(-5);
    const dark = capture(viewer);
    expect(modelLuminance(bright, empty)).to.be.greaterThan(modelLuminance(plain, empty) + 20);
    expect(modelLuminance(dark, empty)).to.be.lessThan(modelLuminance(plain, empty) - 20);
    viewer.renderContext!.lighting.setLightIntensity(40);
    expect(viewer.renderContext!.lighting.getLightIntensity()).to.equal(20);
    viewer.renderContext!.lighting.setLightIntensity(3.5);
    const state = viewer.getState();
    expect(state.renderOptions!.toneMap.lightMultiplier).to.equal(3.5);
    viewer.renderContext!.lighting.setLightIntensity(null);
    expect(viewer.renderContext!.lighting.getLightIntensity()).to.equal(presetIntensity);
    expect(sameBytes(capture(viewer).data, before.data), 'the preset light again').to.equal(true);
    expect(viewer.restoreState(state)).to.equal(true);
    expect(viewer.renderContext!.lighting.getLightIntensity()).to.equal(3.5);
    // A state that holds the preset's own intensity leaves the light to the presets.
    viewer.renderContext!.lighting.setLightIntensity(null);
    expect(viewer.restoreState(viewer.getState())).to.equal(true);
    const preset = viewer.prefs.get('lightPreset') as number;
    viewer.setLightPreset(preset === 0 ? 1 : 0);
    expect(viewer.renderContext!.lighting.getLightIntensity()).to.not.equal(3.5);
    viewer.setLightPreset(preset);
    expect(viewer.renderContext!.lighting.getLightIntensity()).to.equal(presetIntensity);
  });
});

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
