import { expect } from '@esm-bundle/chai';
import { type Model, Viewer } from '../../../core/index.js';
import { capture, createContainer, luminanceAt, readCanvas, sampleUrl } from '../../support/helpers.js';

type Pixels = ReturnType<typeof capture>;

const luminance = luminanceAt;

/** Pixels darker (by more than 3 levels) and brighter in the second frame, and the darkened pixels' mean row (0 at the top). */
function compare(before: Pixels, after: Pixels) {
  let darker = 0;
  let brighter = 0;
  let rows = 0;
  for (let p = 0; p < before.width * before.height; p++) {
    const d = luminance(before, p) - luminance(after, p);
    if (d > 3) {
      darker++;
      rows += Math.floor(p / before.width);
    } else if (d < -3) brighter++;
  }
  return { darker, brighter, meanRow: darker ? rows / darker : NaN };
}

/** The mean row of the pixels that are not background (those that differ from the empty frame). */
function meanRowOf(frame: Pixels, empty: Pixels): number {
  let count = 0;
  let rows = 0;
  for (let p = 0; p < frame.width * frame.height; p++) {
    if (Math.abs(luminance(frame, p) - luminance(empty, p)) > 6) {
      count++;
      rows += Math.floor(p / frame.width);
    }
  }
  return rows / count;
}

describe('ground shadow and ground reflection under the 3D models (issue 33 §2)', () => {
  let viewer: Viewer;
  let model: Model;
  let empty: Pixels;

  before(async () => {
    viewer = new Viewer(createContainer(200, 150), { language: 'en' });
    viewer.start();
    for (const name of ['ambientShadows', 'groundShadow', 'groundReflection']) viewer.prefs.set(name, false);
    empty = capture(viewer);
    model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    await viewer.waitForCompleteFrame();
  });

  after(() => {
    viewer.finish();
    viewer.container.remove();
  });

  afterEach(() => {
    for (const name of ['groundShadow', 'groundReflection']) viewer.prefs.set(name, false);
    viewer.showAll();
  });

  it('lays a shadow on the ground under the car, darkening only, and gives back the exact frame when off', () => {
    const plain = capture(viewer);
    viewer.prefs.set('groundShadow', true);
    const shadowed = capture(viewer);
    const change = compare(plain, shadowed);
    expect(change.darker, 'pixels the shadow darkens').to.be.greaterThan(80);
    expect(change.brighter).to.equal(0);
    // Under the car: below the middle of its picture on the screen.
    expect(change.meanRow).to.be.greaterThan(meanRowOf(plain, empty));
    viewer.prefs.set('groundShadow', false);
    expect(capture(viewer).data).to.deep.equal(plain.data);
  });

  it('is made again once a second model has loaded, and is in the picture', async () => {
    const other = new Viewer(createContainer(200, 150), { language: 'en' });
    try {
      other.start();
      other.prefs.set('ambientShadows', false);
      other.prefs.set('groundShadow', true);
      await other.loadModel(sampleUrl('gltf/car.glb'));
      await other.waitForCompleteFrame();
      await other.loadModel(sampleUrl('gltf/car.glb'));
      await other.waitForCompleteFrame();
      const withShadow = readCanvas(other);
      other.prefs.set('groundShadow', false);
      other.renderNow();
      expect(compare(readCanvas(other), withShadow).darker, 'the shadow is in the picture').to.be.greaterThan(40);
    } finally {
      other.finish();
      other.container.remove();
    }
  });

  it('is drawn on the canvas by the frames at rest and kept while the camera moves', () => {
    viewer.prefs.set('groundShadow', true);
    viewer.renderNow();
    const read = () => readCanvas(viewer);
    const atRest = read();
    viewer.renderContext!.renderFrame(viewer.navigation.getThreeCamera(), { kind: 'moving', fraction: 1, scale: 1 });
    expect(read().data).to.deep.equal(atRest.data);
    viewer.prefs.set('groundShadow', false);
    viewer.renderNow();
    expect(compare(read(), atRest).darker).to.be.greaterThan(80);
  });

  it('follows what is shown: hiding every object takes the shadow away', () => {
    viewer.prefs.set('groundShadow', true);
    viewer.hide([model.getInstanceTree().getRootId()], model);
    // Hidden objects are drawn as ghosts (preference ghosting): they cast nothing.
    const hidden = capture(viewer);
    viewer.prefs.set('groundShadow', false);
    expect(capture(viewer).data).to.deep.equal(hidden.data);
    viewer.showAll();
    const shown = capture(viewer);
    viewer.prefs.set('groundShadow', true);
    expect(compare(shown, capture(viewer)).darker, 'shown again, it casts again').to.be.greaterThan(80);
  });

  it('is darker with a higher alpha (0–2) and gone at 0', () => {
    viewer.prefs.set('groundShadow', true);
    const plain = (() => {
      viewer.renderContext!.setGroundShadow({ alpha: 0 });
      return capture(viewer);
    })();
    viewer.renderContext!.setGroundShadow({ alpha: 1 });
    const one = capture(viewer);
    viewer.renderContext!.setGroundShadow({ alpha: 5 });
    expect(viewer.renderContext!.effects.getGroundShadow().alpha).to.equal(2);
    const two = capture(viewer);
    expect(compare(one, two).darker).to.be.greaterThan(20);
    viewer.prefs.set('groundShadow', false);
    expect(capture(viewer).data).to.deep.equal(plain.data);
    viewer.renderContext!.setGroundShadow({ alpha: 1 });
  });

  it('mirrors the car in the ground with groundReflection, and gives back the exact frame when off', () => {
    const plain = capture(viewer);
    viewer.prefs.set('groundReflection', true);
    const reflected = capture(viewer);
    let changed = 0;
    for (let p = 0; p < plain.width * plain.height; p++) if (Math.abs(luminance(plain, p) - luminance(reflected, p)) > 3) changed++;
    expect(changed, 'pixels of the mirror image').to.be.greaterThan(80);
    viewer.prefs.set('groundReflection', false);
    expect(capture(viewer).data).to.deep.equal(plain.data);
  });
});
