import { expect } from '@esm-bundle/chai';
import { BUILDING_SIZES, generateBuilding } from '../../../bench/generator/generateBuilding.js';
import { Viewer } from '../../../core/index.js';
import { pagePixels } from '../../react-panels/guiHelpers.js';
import { capture, changedPixels, createContainer, nextEvent } from '../../support/helpers.js';

const WIDTH = 240;
const HEIGHT = 180;

/** What the page shows of the canvas (composited, as the user sees it), top row first. */
async function shownPixels(canvas: HTMLCanvasElement): Promise<{ data: Uint8Array }> {
  const image = await pagePixels(canvas.getBoundingClientRect());
  return { data: new Uint8Array(image.data.buffer) };
}

async function pngPixels(png: Blob): Promise<{ width: number; height: number; data: Uint8Array }> {
  const bitmap = await createImageBitmap(png);
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, data: new Uint8Array(context.getImageData(0, 0, bitmap.width, bitmap.height).data.buffer) };
}

describe('the complete frame (waitForCompleteFrame, screenshots)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let url: string;

  before(() => {
    // Thousands of objects: the picture builds over several refinement frames.
    const building = generateBuilding({ ...BUILDING_SIZES.XS, roomsX: 3, roomsY: 3, furniturePerRoom: 20 });
    url = URL.createObjectURL(new Blob([building.glb as BlobPart]));
  });
  beforeEach(() => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('resolves once the canvas shows every object, not when geometry-loaded fires', async () => {
    const loaded = nextEvent(viewer, 'geometry-loaded');
    void viewer.loadModel(url, { fileExtension: 'glb' });
    await loaded;
    expect(viewer.stores.$finalFrame.get(), 'the picture still builds at geometry-loaded').to.equal(false);
    await viewer.waitForCompleteFrame();
    expect(viewer.stores.$finalFrame.get(), 'a final frame when it resolves').to.equal(true);
    expect(viewer.getFrameStats().final).to.equal(true);
    const shown = await shownPixels(viewer.canvas);
    expect(changedPixels(shown, capture(viewer)).length, 'the canvas shows the complete picture').to.be.at.most(0.001 * WIDTH * HEIGHT);
  });

  it('waits for a load still running, and resolves at once when the picture is complete already', async () => {
    const waited = viewer.waitForCompleteFrame();
    let done = false;
    void waited.then(() => (done = true));
    const model = viewer.loadModel(url, { fileExtension: 'glb' });
    await waited;
    expect((await model).isGeometryLoaded, 'the model is in once the frame is complete').to.equal(true);
    expect(done).to.equal(true);
    const start = performance.now();
    await viewer.waitForCompleteFrame();
    expect(performance.now() - start, 'no frame to wait for').to.be.lessThan(50);
  });

  it('takes the screenshot of the complete picture when asked right after geometry-loaded', async () => {
    const loaded = nextEvent(viewer, 'geometry-loaded');
    void viewer.loadModel(url, { fileExtension: 'glb' });
    await loaded;
    const shot = await pngPixels(await viewer.getScreenShot());
    const shown = await shownPixels(viewer.canvas);
    expect([shot.width, shot.height]).to.deep.equal([WIDTH, HEIGHT]);
    expect(changedPixels(shot, capture(viewer)).length, 'every object is in the screenshot').to.be.at.most(0.001 * WIDTH * HEIGHT);
    expect(changedPixels(shot, shown).length, 'and it is what the canvas shows').to.be.at.most(0.001 * WIDTH * HEIGHT);
  });
});
