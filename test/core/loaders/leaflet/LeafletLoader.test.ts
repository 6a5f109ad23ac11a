import { expect } from '@esm-bundle/chai';
import { Box3, Matrix4, Vector3, Vector4 } from 'three';
import { Document, ErrorCode, type Model, Viewer, type ViewerError } from '../../../../core/index.js';
import { tiledImageOf } from '../../../../core/loaders/leaflet/tiledImages.js';
import type { TileLayer } from '../../../../core/render/tiles/TileLayer.js';
import { capture, createContainer, frames, nextEvent } from '../../../support/helpers.js';
import { settleTiles } from '../../../support/tiledImageSettle.js';
import { IMAGE_HEIGHT, IMAGE_WIDTH, MAX_LEVEL, type Pyramid, ROOT_LEVEL, TILE_SIZE, writePyramid } from './tilePyramidFixture.js';

const WIDTH = 300;
const HEIGHT = 200;
/** The paper the image is printed on: 11 × 8.25 in (the image's aspect). */
const PAPER = { paperWidth: 11, paperHeight: 8.25, paperUnits: 'in' };
const PARAMS = { resolution: [IMAGE_WIDTH, IMAGE_HEIGHT], tileSize: TILE_SIZE, maxLevel: MAX_LEVEL, ...PAPER };

type Pixels = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };

function layerOf(viewer: Viewer, model: Model): TileLayer {
  return viewer.renderContext!.getModelRenderer(model)!.tiles!;
}

/** Where a point of real coordinates is drawn, in canvas pixels. */
function canvasOf(viewer: Viewer, point: Vector3): { x: number; y: number } {
  const v = point.clone().project(viewer.navigation.getThreeCamera());
  return { x: ((v.x + 1) / 2) * viewer.canvas.clientWidth, y: ((1 - v.y) / 2) * viewer.canvas.clientHeight };
}

/** Real coordinates of a full-resolution pixel of the image (y down from its top). */
function imagePoint(model: Model, x: number, y: number): Vector3 {
  const box = model.getBoundingBox();
  return new Vector3(box.min.x + ((box.max.x - box.min.x) * x) / IMAGE_WIDTH, box.max.y - ((box.max.y - box.min.y) * y) / IMAGE_HEIGHT, 0);
}

/** The source image drawn where the viewer should draw it (flipped upside down when asked: a wrong picture to tell apart). */
function reference(viewer: Viewer, model: Model, image: OffscreenCanvas, flipped = false): Pixels {
  const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d')!;
  const topLeft = canvasOf(viewer, imagePoint(model, 0, 0));
  const bottomRight = canvasOf(viewer, imagePoint(model, IMAGE_WIDTH, IMAGE_HEIGHT));
  if (flipped) {
    context.translate(0, topLeft.y + bottomRight.y);
    context.scale(1, -1);
  }
  context.drawImage(image, topLeft.x, topLeft.y, bottomRight.x - topLeft.x, bottomRight.y - topLeft.y);
  return context.getImageData(0, 0, WIDTH, HEIGHT);
}

/** Mean difference per channel (0–255) between two pictures over the canvas pixels inside a rectangle, 2 px in from its edges. */
function meanDifference(a: Pixels, b: Pixels, rect: { x0: number; y0: number; x1: number; y1: number }): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, Math.ceil(rect.y0) + 2); y < Math.min(HEIGHT, Math.floor(rect.y1) - 2); y++) {
    for (let x = Math.max(0, Math.ceil(rect.x0) + 2); x < Math.min(WIDTH, Math.floor(rect.x1) - 2); x++) {
      const o = (y * WIDTH + x) * 4;
      sum += Math.abs(a.data[o] - b.data[o]) + Math.abs(a.data[o + 1] - b.data[o + 1]) + Math.abs(a.data[o + 2] - b.data[o + 2]);
      count++;
    }
  }
  expect(count, 'pixels compared').to.be.greaterThan(100);
  return sum / count / 3;
}

/** The canvas rectangle of a region of the image (full-resolution pixels). */
function canvasRect(viewer: Viewer, model: Model, x0: number, y0: number, x1: number, y1: number) {
  const a = canvasOf(viewer, imagePoint(model, x0, y0));
  const b = canvasOf(viewer, imagePoint(model, x1, y1));
  return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
}

/** The tiles of a level that the canvas shows (its corners taken to the image's plane). */
function tilesInView(viewer: Viewer, model: Model, z: number): string[] {
  const camera = viewer.navigation.getThreeCamera();
  const box = model.getBoundingBox();
  const scale = 2 ** (z - MAX_LEVEL);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [nx, ny] of [[-1, -1], [1, 1]]) {
    const p = new Vector3(nx, ny, 0).unproject(camera);
    xs.push(((p.x - box.min.x) / (box.max.x - box.min.x)) * IMAGE_WIDTH * scale);
    ys.push(((box.max.y - p.y) / (box.max.y - box.min.y)) * IMAGE_HEIGHT * scale);
  }
  const columns = Math.ceil((IMAGE_WIDTH * scale) / TILE_SIZE);
  const rows = Math.ceil((IMAGE_HEIGHT * scale) / TILE_SIZE);
  const tiles: string[] = [];
  for (let y = Math.max(0, Math.floor(Math.min(...ys) / TILE_SIZE)); y <= Math.min(rows - 1, Math.floor(Math.max(...ys) / TILE_SIZE)); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs) / TILE_SIZE)); x <= Math.min(columns - 1, Math.floor(Math.max(...xs) / TILE_SIZE)); x++) tiles.push(`${z}/${x}_${y}`);
  }
  return tiles;
}

/** Frames a region of the image (full-resolution pixels) in the view. */
function zoomTo(viewer: Viewer, model: Model, x0: number, y0: number, x1: number, y1: number): void {
  viewer.navigation.fitBounds(new Box3().setFromPoints([imagePoint(model, x0, y0), imagePoint(model, x1, y1)]));
}

/** The tile requests made since the last clear, by tile path ("z/x_y.png"), under a folder URL. */
function tileRequests(folder: string): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(folder))
    .map((name) => name.slice(folder.length));
}

describe('Leaflet loader: tiled images', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let pyramid: Pyramid;
  let holed: Pyramid;

  before(async () => {
    pyramid = await writePyramid('leaflet');
    holed = await writePyramid('leaflet-missing', ['10/1_1.png'], ['10/3_2.png']);
    performance.setResourceTimingBufferSize(5000);
  });

  beforeEach(() => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
    performance.clearResourceTimings();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
    localStorage.clear();
  });

  it('loads as a 2D sheet of one object, the image, the size of its paper, with its size and levels as properties', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    expect(model.is2d()).to.equal(true);
    expect(viewer.stores.$is2d.get()).to.equal(true);
    const size = model.getBoundingBox().getSize(new Vector3());
    expect(size.x).to.be.closeTo(11, 1e-4);
    expect(size.y).to.be.closeTo(8.25, 1e-4);
    expect(model.getDistanceUnit()).to.equal('in');
    expect(model.getInstanceTree().getRootId()).to.equal(1);
    const result = await model.getProperties(1);
    const properties = Object.fromEntries(result.properties.map((p) => [p.displayName, String(p.displayValue)]));
    expect(properties).to.include({ 'Width (px)': '1000', 'Height (px)': '750', 'Tile size (px)': '256', Levels: `${ROOT_LEVEL}–${MAX_LEVEL}`, 'Paper width': '11 in' });
    // Selecting it boxes the whole sheet.
    viewer.select([1], model);
    expect(viewer.getSelection()).to.deep.equal([1]);
  });

  it('framed whole, draws the root tile alone, and the picture is the image, upright', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    await settleTiles(viewer, model);
    const layer = layerOf(viewer, model);
    expect(layer.level, 'at 300×200 the image is below its root level density').to.equal(ROOT_LEVEL);
    expect(tileRequests(pyramid.folder)).to.deep.equal([`${ROOT_LEVEL}/0_0.png`]);
    const pixels = capture(viewer);
    const rect = canvasRect(viewer, model, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
    const same = meanDifference(pixels, reference(viewer, model, pyramid.image), rect);
    const upsideDown = meanDifference(pixels, reference(viewer, model, pyramid.image, true), rect);
    expect(same, 'the image').to.be.lessThan(10);
    expect(upsideDown, 'not the image upside down').to.be.greaterThan(same * 3);
  });

  it('zoomed in, asks for the full-resolution tiles of the view only and draws them sharp', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    await settleTiles(viewer, model);
    zoomTo(viewer, model, 480, 220, 720, 380);
    await settleTiles(viewer, model);
    const layer = layerOf(viewer, model);
    expect(layer.level).to.equal(MAX_LEVEL);
    const expected = tilesInView(viewer, model, MAX_LEVEL);
    expect(expected.length).to.be.within(1, 6);
    const asked = tileRequests(pyramid.folder);
    expect(asked.filter((path) => path.startsWith(`${MAX_LEVEL}/`)).sort()).to.deep.equal(expected.map((key) => `${key}.png`).sort());
    // No level in between, no tile twice.
    expect(asked.filter((path) => path.startsWith(`${MAX_LEVEL - 1}/`))).to.deep.equal([]);
    expect(new Set(asked).size).to.equal(asked.length);
    // Sharper than the root: the picture matches the full image better than the root tile blown up.
    const pixels = capture(viewer);
    const rect = { x0: 0, y0: 0, x1: WIDTH, y1: HEIGHT };
    const sharp = meanDifference(pixels, reference(viewer, model, pyramid.image), rect);
    const root = new OffscreenCanvas(Math.ceil(IMAGE_WIDTH / 4), Math.ceil(IMAGE_HEIGHT / 4));
    root.getContext('2d')!.drawImage(pyramid.image, 0, 0, root.width, root.height);
    const blurred = meanDifference(reference(viewer, model, root), reference(viewer, model, pyramid.image), rect);
    expect(sharp, 'the full image').to.be.lessThan(8);
    expect(sharp, 'sharper than the root tile').to.be.lessThan(blurred);
  });

  it('after a pan at full resolution, the complete frame is the one with the newly seen tiles in', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    zoomTo(viewer, model, 40, 40, 280, 200);
    await settleTiles(viewer, model);
    const store = tiledImageOf(model)!.store;
    // Dragged across the image, frame by frame (moving frames), to where other tiles are.
    for (let i = 0; i < 6; i++) {
      viewer.navigation.pan(-40, -25);
      await frames(1);
    }
    await viewer.waitForCompleteFrame();
    expect(store.pendingCount, 'no tile of the view still on its way').to.equal(0);
    expect(layerOf(viewer, model).level).to.equal(MAX_LEVEL);
  });

  it('a missing tile is asked for twice, reported with code 5, left blank (the root shows through); the other models stay', async () => {
    const model = await viewer.loadModel(holed.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    const other = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS, placementTransform: new Matrix4().makeTranslation(100, 0, 0).toArray(), applyHomeView: false });
    await settleTiles(viewer, model);
    const reported = nextEvent(viewer, 'error');
    // Tile 10/1_1 covers x 256–511, y 256–511; the view takes in it and its neighbours.
    zoomTo(viewer, model, 300, 300, 560, 470);
    const error = await reported;
    await settleTiles(viewer, model);
    expect(error.code).to.equal(ErrorCode.NETWORK_FILE_NOT_FOUND);
    expect(error.message).to.contain('10/1_1.png');
    const asked = tileRequests(holed.folder);
    expect(asked.filter((path) => path === '10/1_1.png')).to.have.length(2);
    expect(tiledImageOf(model)!.store.hasFailed('10/1_1')).to.equal(true);
    expect(viewer.getVisibleModels()).to.deep.equal([model, other]);
    // Where the tile is missing the coarser root shows (the image, blurred); the tiles beside it are sharp.
    const pixels = capture(viewer);
    const truth = reference(viewer, model, holed.image);
    const hole = canvasRect(viewer, model, 300, 300, 511, 470);
    const beside = canvasRect(viewer, model, 513, 300, 560, 470);
    expect(meanDifference(pixels, truth, hole), 'the root under the hole').to.be.lessThan(25);
    expect(meanDifference(pixels, truth, beside), 'a full-resolution tile').to.be.lessThan(8);
    // The viewer goes on: a pan asks for new tiles.
    zoomTo(viewer, model, 700, 100, 960, 270);
    await settleTiles(viewer, model);
    expect(tileRequests(holed.folder).some((path) => path.startsWith('10/3_'))).to.equal(true);
  });

  it('a tile that is not an image is asked for twice, then reported as bad data (code 2) and left blank', async () => {
    const model = await viewer.loadModel(holed.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    await settleTiles(viewer, model);
    const reported = nextEvent(viewer, 'error');
    // Tile 10/3_2 covers x 768–999, y 512–749.
    zoomTo(viewer, model, 760, 520, 999, 749);
    const error = await reported;
    await settleTiles(viewer, model);
    expect(error.code).to.equal(ErrorCode.BAD_DATA);
    expect(error.message).to.match(/the tile 10\/3_2\.png could not be read .*is not an image/);
    expect(tileRequests(holed.folder).filter((path) => path === '10/3_2.png')).to.have.length(2);
    expect(viewer.getVisibleModels()).to.deep.equal([model]);
  });

  it('hiding the image takes its tiles away with its sheet; showing it brings them back', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    await settleTiles(viewer, model);
    const rect = canvasRect(viewer, model, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
    viewer.hide(1, model);
    await viewer.waitForCompleteFrame();
    expect(layerOf(viewer, model).drawnCount).to.equal(0);
    expect(meanDifference(capture(viewer), reference(viewer, model, pyramid.image), rect), 'not the image').to.be.greaterThan(30);
    viewer.showAll();
    await settleTiles(viewer, model);
    expect(layerOf(viewer, model).drawnCount).to.equal(1);
    expect(meanDifference(capture(viewer), reference(viewer, model, pyramid.image), rect)).to.be.lessThan(10);
  });

  it('selecting or theming the image tints its tiles; clearing brings the picture back', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    await settleTiles(viewer, model);
    const rect = canvasRect(viewer, model, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
    const image = reference(viewer, model, pyramid.image);
    // The mean colour of the picture's pixels, to see which way it moved.
    const meanRgb = (pixels: Pixels) => {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = Math.ceil(rect.y0); y < Math.floor(rect.y1); y++) {
        for (let x = Math.ceil(rect.x0); x < Math.floor(rect.x1); x++) {
          const o = (y * pixels.width + x) * 4;
          for (let c = 0; c < 3; c++) sum[c] += pixels.data[o + c];
          n++;
        }
      }
      return sum.map((v) => v / n);
    };
    const plain = meanRgb(capture(viewer));
    viewer.select([1], model);
    await viewer.waitForCompleteFrame();
    const selected = meanRgb(capture(viewer));
    // The selection colour (#6699ff) is bluer than it is red: the picture turns that way.
    expect(selected[2] - selected[0], 'bluer when selected').to.be.greaterThan(plain[2] - plain[0] + 10);
    viewer.clearSelection();
    viewer.setThemingColor(1, new Vector4(1, 0, 0, 1), model);
    await viewer.waitForCompleteFrame();
    const themed = meanRgb(capture(viewer));
    expect(themed[0] - themed[2], 'redder when themed red').to.be.greaterThan(plain[0] - plain[2] + 20);
    viewer.clearThemingColors(model);
    await viewer.waitForCompleteFrame();
    expect(meanDifference(capture(viewer), image, rect), 'the picture again').to.be.lessThan(10);
  });

  it('unloading the model while its tiles load stops their requests, and raises nothing', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    await settleTiles(viewer, model);
    const store = tiledImageOf(model)!.store;
    let errors = 0;
    viewer.addEventListener('error', () => errors++);
    zoomTo(viewer, model, 0, 0, 240, 160);
    // A frame drawn now asks for the view's tiles; their answers cannot have come in the same task.
    viewer.renderNow();
    expect(store.pendingCount).to.be.greaterThan(0);
    expect(viewer.unloadModel(model)).to.equal(true);
    expect(store.isDisposed).to.equal(true);
    expect(store.pendingCount).to.equal(0);
    expect(store.cachedCount).to.equal(0);
    await frames(10);
    expect(errors).to.equal(0);
    expect(viewer.getVisibleModels()).to.deep.equal([]);
  });

  it('a pyramid without its root tile fails with code 5, and the model loaded before stays', async () => {
    const model = await viewer.loadModel(pyramid.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
    const reported = nextEvent(viewer, 'error');
    let error: ViewerError | null = null;
    try {
      await viewer.loadModel(new URL('nothing-here/', pyramid.folder).href, { fileExtension: 'leaflet', leaflet: PARAMS });
    } catch (reason) {
      error = reason as ViewerError;
    }
    expect(error?.code).to.equal(ErrorCode.NETWORK_FILE_NOT_FOUND);
    expect(error?.message).to.match(/has no root tile 8\/0_0/);
    expect((await reported).code).to.equal(ErrorCode.NETWORK_FILE_NOT_FOUND);
    expect(viewer.getVisibleModels()).to.deep.equal([model]);
  });

  it('reads the tiles from a zip by HTTP ranges: its central directory, then each tile of the view', async () => {
    const model = await viewer.loadModel(pyramid.zip, { fileExtension: 'leaflet', leaflet: { ...PARAMS, zip: pyramid.centralDirectory } });
    zoomTo(viewer, model, 480, 220, 720, 380);
    await settleTiles(viewer, model);
    expect(layerOf(viewer, model).level).to.equal(MAX_LEVEL);
    const pixels = capture(viewer);
    expect(meanDifference(pixels, reference(viewer, model, pyramid.image), { x0: 0, y0: 0, x1: WIDTH, y1: HEIGHT })).to.be.lessThan(8);
    const entries = performance.getEntriesByType('resource').filter((entry) => entry.name === pyramid.zip) as PerformanceResourceTiming[];
    // The directory, the root, the view's tiles: each a range (206), none the whole zip.
    expect(entries).to.have.length(2 + tilesInView(viewer, model, MAX_LEVEL).length);
    for (const entry of entries) expect(entry.responseStatus).to.equal(206);
  });

  it('reads the tiles from a zip fetched once, whole, from a server that does not honour ranges', async () => {
    const url = `${pyramid.zip}?norange`;
    const model = await viewer.loadModel(url, { fileExtension: 'leaflet', leaflet: { ...PARAMS, zip: pyramid.centralDirectory } });
    zoomTo(viewer, model, 480, 220, 720, 380);
    await settleTiles(viewer, model);
    expect(layerOf(viewer, model).level).to.equal(MAX_LEVEL);
    expect(meanDifference(capture(viewer), reference(viewer, model, pyramid.image), { x0: 0, y0: 0, x1: WIDTH, y1: HEIGHT })).to.be.lessThan(8);
    const entries = performance.getEntriesByType('resource').filter((entry) => entry.name === url) as PerformanceResourceTiming[];
    expect(entries.map((entry) => entry.responseStatus)).to.deep.equal([200]);
  });

  it("a JPEG pyramid: the node's mime says so, and the root is asked for as .jpg at once (no .png tried first)", async () => {
    const jpeg = await writePyramid('leaflet-jpeg', [], [], 'jpg');
    await viewer.loadModel(jpeg.folder, { fileExtension: 'leaflet', leaflet: { ...PARAMS, mime: 'image/jpeg' } });
    expect(tileRequests(jpeg.folder)).to.deep.equal([`${ROOT_LEVEL}/0_0.jpg`]);
    // Without a mime the formats are tried in turn: the .png is not there, the .jpg is.
    const other = new Viewer(createContainer(WIDTH, HEIGHT), { language: 'en', logLevel: 'error' });
    other.start();
    try {
      performance.clearResourceTimings();
      const model = await other.loadModel(jpeg.folder, { fileExtension: 'leaflet', leaflet: PARAMS });
      expect(model.is2d()).to.equal(true);
      expect(tileRequests(jpeg.folder)).to.deep.equal([`${ROOT_LEVEL}/0_0.png`, `${ROOT_LEVEL}/0_0.jpg`]);
    } finally {
      other.finish();
      other.container.remove();
    }
  });

  it('a single image (a document image resource) loads as a one-tile sheet in pixels', async () => {
    const model = await viewer.loadModel(`${pyramid.folder}${ROOT_LEVEL}/0_0.png`, { fileExtension: 'leaflet' });
    expect(model.is2d()).to.equal(true);
    expect(model.getDistanceUnit()).to.equal('');
    const size = model.getBoundingBox().getSize(new Vector3());
    expect([size.x, size.y]).to.deep.equal([Math.ceil(IMAGE_WIDTH / 4), Math.ceil(IMAGE_HEIGHT / 4)]);
    await settleTiles(viewer, model);
    expect(tileRequests(pyramid.folder)).to.deep.equal([`${ROOT_LEVEL}/0_0.png`]);
    const rect = canvasRect(viewer, model, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
    expect(meanDifference(capture(viewer), reference(viewer, model, pyramid.image), rect)).to.be.lessThan(10);
  });

  it("a document's 2D viewable with a leaflet child opens as the tiled image, with the node's paper size", async () => {
    const leaflet = { guid: 'tiles', type: 'resource', role: 'leaflet', urn: 'pyramid.zip', resolution: [IMAGE_WIDTH, IMAGE_HEIGHT], tileSize: TILE_SIZE, max_level: MAX_LEVEL, paperWidth: 420, paperHeight: 315, paperUnits: 'mm', zip: pyramid.centralDirectory };
    const manifest = { guid: 'document', type: 'folder', name: 'helmet.png', children: [{ guid: 'sheet', type: 'geometry', role: '2d', name: 'Helmet texture', children: [leaflet] }] };
    const doc = Document.fromManifest(manifest, new URL('bubble.json', pyramid.zip).href);
    const node = doc.getRoot().search({ type: 'geometry', role: '2d' })[0];
    expect(doc.canOpen(node)).to.equal(true);
    const model = await viewer.loadDocumentNode(doc, node);
    expect(model.is2d()).to.equal(true);
    expect(model.getRootName()).to.equal('Helmet texture');
    expect(model.getDistanceUnit()).to.equal('mm');
    const size = model.getBoundingBox().getSize(new Vector3());
    expect([size.x, size.y]).to.deep.equal([420, 315]);
    expect(viewer.toolController.getDefaultToolName()).to.equal('pan');
    await settleTiles(viewer, model);
    const rect = canvasRect(viewer, model, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
    expect(meanDifference(capture(viewer), reference(viewer, model, pyramid.image), rect)).to.be.lessThan(10);
  });
});
