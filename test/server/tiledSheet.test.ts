import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { unzipSync } from 'fflate';
import { Box3, Vector3 } from 'three';
import { type BubbleNode, Document, ErrorCode, type Model, Viewer } from '../../core/index.js';
import type { LeafletParams } from '../../core/loaders/documents/BubbleNode.js';
import { tiledImageOf } from '../../core/loaders/leaflet/tiledImages.js';
import { type ServedDocuments, issueToken, servedDocuments } from '../support/documentServer.js';
import { capture, createContainer, documentServerUrl, nextEvent } from '../support/helpers.js';
import { settleTiles } from '../support/tiledImageSettle.js';
import { compareInk, inkCount, type Pixels } from '../support/inkCompare.js';

const WIDTH = 300;
const HEIGHT = 200;
/** The drawing the document server plots as every document's tiled sheet (server/documentServer.ts). */
const SHEET = 'dxf-parser_api-cw750-details';
/** The level the reference picture is put together from: fine enough for the views below, two tiles. */
const REFERENCE_LEVEL = 10;

/** A leaflet's parameters as the viewer reads them: the served sheet gives every one but the zip's and the mime's. */
type LeafletNode = Required<Omit<LeafletParams, 'zip' | 'mime'>>;

/** The document's tiled sheet: the 2D viewable with a leaflet child. */
function tiledViewable(doc: Document): BubbleNode {
  const sheet = doc.getViewables().find((v) => v.is2D() && v.search({ role: 'leaflet' }).length > 0);
  expect(sheet, 'a 2D viewable with a leaflet child').to.not.equal(undefined);
  return sheet!;
}

function leafletOf(sheet: BubbleNode): LeafletNode {
  return sheet.getLeafletParams() as LeafletNode;
}

/** Real coordinates of a full-resolution pixel of the sheet (y down from its top). */
function imagePoint(model: Model, leaflet: LeafletNode, x: number, y: number): Vector3 {
  const box = model.getBoundingBox();
  const [width, height] = leaflet.resolution;
  return new Vector3(box.min.x + ((box.max.x - box.min.x) * x) / width, box.max.y - ((box.max.y - box.min.y) * y) / height, 0);
}

/** Where a point of real coordinates is drawn, in canvas pixels. */
function canvasOf(viewer: Viewer, point: Vector3): { x: number; y: number } {
  const v = point.clone().project(viewer.navigation.getThreeCamera());
  return { x: ((v.x + 1) / 2) * viewer.canvas.clientWidth, y: ((1 - v.y) / 2) * viewer.canvas.clientHeight };
}

/** Frames a region of the sheet (full-resolution pixels). */
function zoomTo(viewer: Viewer, model: Model, leaflet: LeafletNode, x0: number, y0: number, x1: number, y1: number): void {
  viewer.navigation.fitBounds(new Box3().setFromPoints([imagePoint(model, leaflet, x0, y0), imagePoint(model, leaflet, x1, y1)]));
}

/** The drawing as the server plotted it: one level of the bundle's pyramid, its tiles put together, read by the browser's own PNG decoder. */
async function plottedLevel(folder: string, leaflet: LeafletNode, z: number): Promise<OffscreenCanvas> {
  const scale = 2 ** (leaflet.maxLevel - z);
  const [width, height] = leaflet.resolution.map((size) => Math.ceil(size / scale));
  const level = new OffscreenCanvas(width, height);
  const context = level.getContext('2d')!;
  for (let y = 0; y * leaflet.tileSize < height; y++) {
    for (let x = 0; x * leaflet.tileSize < width; x++) {
      const response = await fetch(`${folder}sheets/${SHEET}/${z}/${x}_${y}.png`);
      expect(response.status, `tile ${z}/${x}_${y}`).to.equal(200);
      context.drawImage(await createImageBitmap(await response.blob()), x * leaflet.tileSize, y * leaflet.tileSize);
    }
  }
  return level;
}

/** The plotted level drawn where the viewer should draw the sheet, on white, and a mask of what lies outside the sheet (2 px in). */
function reference(viewer: Viewer, model: Model, leaflet: LeafletNode, level: OffscreenCanvas): { pixels: Pixels; outside: Uint8Array } {
  const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  const topLeft = canvasOf(viewer, imagePoint(model, leaflet, 0, 0));
  const bottomRight = canvasOf(viewer, imagePoint(model, leaflet, leaflet.resolution[0], leaflet.resolution[1]));
  context.drawImage(level, topLeft.x, topLeft.y, bottomRight.x - topLeft.x, bottomRight.y - topLeft.y);
  const outside = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) outside[y * WIDTH + x] = x < topLeft.x + 2 || x > bottomRight.x - 2 || y < topLeft.y + 2 || y > bottomRight.y - 2 ? 1 : 0;
  }
  return { pixels: context.getImageData(0, 0, WIDTH, HEIGHT), outside };
}

/**
 * The sheet, opened from a document, shows the drawing: it is a 2D model the size of the node's paper, in
 * its unit; framed on its left third (where the details are), the viewer's ink lies where the plotted
 * drawing's is, and the drawing's where the viewer's is.
 */
async function expectDrawing(viewer: Viewer, model: Model, sheet: BubbleNode, bundleFolder: string): Promise<void> {
  const leaflet = leafletOf(sheet);
  expect(model.is2d()).to.equal(true);
  expect(model.getRootName()).to.equal(SHEET);
  expect(model.getDistanceUnit()).to.equal(leaflet.paperUnits);
  const size = model.getBoundingBox().getSize(new Vector3());
  expect(size.x).to.be.closeTo(leaflet.paperWidth, 1e-3);
  expect(size.y).to.be.closeTo(leaflet.paperHeight, 1e-3);
  viewer.navigation.transitionDurationMs = 0;
  zoomTo(viewer, model, leaflet, 0, 0, leaflet.resolution[0] / 3, leaflet.resolution[1]);
  await settleTiles(viewer, model);
  const ours = capture(viewer);
  const { pixels: theirs, outside } = reference(viewer, model, leaflet, await plottedLevel(bundleFolder, leaflet, REFERENCE_LEVEL));
  const ink = compareInk(ours, theirs, 2, 2, outside);
  expect(ink.inked, 'ink on the sheet').to.be.greaterThan(300);
  expect(ink.matched / ink.inked, 'our ink where the drawing has ink').to.be.greaterThan(0.9);
  expect(ink.covered / ink.theirs, "the drawing's ink drawn").to.be.greaterThan(0.9);
}

describe('Document server: the tiled sheet (a leaflet plotted from a DXF), opened in the viewer', () => {
  let served: ServedDocuments;
  let viewer: Viewer;
  let container: HTMLDivElement;
  before(async () => {
    served = await servedDocuments();
  });
  beforeEach(async () => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning', env: 'Local', endpoint: documentServerUrl(), accessToken: (await issueToken()).access_token });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('by urn: selecting the sheet switches from the 3D model to it (pan, 2D), and it shows the drawing', async () => {
    const doc = await Document.load(served.documents[0].urn, { endpoint: viewer.endpoint });
    const sheet = tiledViewable(doc);
    expect(doc.canOpen(sheet)).to.equal(true);
    const building = await viewer.loadDocumentNode(doc, doc.getViewables()[0]);
    expect(building.is3d()).to.equal(true);
    const drawing = await viewer.loadDocumentNode(doc, sheet);
    expect(viewer.getVisibleModels()).to.deep.equal([drawing]);
    expect(viewer.toolController.getDefaultToolName()).to.equal('pan');
    expect(drawing.url).to.match(/\/derivativeservice\/v2\/derivatives\/urn%3Aadsk\.viewing%3Afs\.file%3A.+\/output\/sheets\//);
    await expectDrawing(viewer, drawing, sheet, served.documents[0].bundles.folder);
  });

  it('from the folder bundle (its bubble.json, relative urns): the sheet shows the drawing', async () => {
    const doc = await Document.load(served.documents[0].bundles.folder);
    const sheet = tiledViewable(doc);
    expect(await doc.getItemUrl(sheet.search({ role: 'leaflet' })[0])).to.equal(`${served.documents[0].bundles.folder}sheets/${SHEET}/`);
    const drawing = await viewer.loadDocumentNode(doc, sheet);
    await expectDrawing(viewer, drawing, sheet, served.documents[0].bundles.folder);
  });

  it('from the zip bundle, unpacked where a host serves it: the sheet shows the drawing', async () => {
    const zip = unzipSync(new Uint8Array(await (await fetch(served.documents[0].bundles.zip)).arrayBuffer()));
    const files: Record<string, string> = {};
    for (const [path, bytes] of Object.entries(zip)) files[path] = base64(bytes);
    const name = served.documents[0].name;
    expect(Object.keys(files)).to.include(`${name}/sheets/${SHEET}/${leafletOf(tiledViewable(await Document.load(served.documents[0].bundles.folder))).maxLevel}/0_0.png`);
    const written = await executeServerCommand<string, { folder: string; files: Record<string, string> }>('write-generated-files', { folder: 'tiled-sheet-zip-bundle', files });
    const folder = new URL(`${written}${name}/`, location.origin).href;
    const doc = await Document.load(folder);
    const sheet = tiledViewable(doc);
    const drawing = await viewer.loadDocumentNode(doc, sheet);
    await expectDrawing(viewer, drawing, sheet, folder);
  });

  it('a tile missing from the bundle is reported (code 5) and left to the coarser level; the sheet stays', async () => {
    const bundle = served.documents[0].bundles;
    const bubble = await (await fetch(bundle.bubble)).json();
    const session = `tiled-sheet-${Date.now()}`;
    const leaflet = leafletOf(tiledViewable(Document.fromManifest(bubble, bundle.bubble)));
    const z = leaflet.maxLevel;
    // Tile 2_0 of the full-resolution level covers x 1024–1535, y 0–511: the view below takes in its left part.
    const removed = await fetch(documentServerUrl(`/partial/${session}/remove?file=${encodeURIComponent(`sheets/${SHEET}/${z}/2_0.png`)}`), { method: 'POST' });
    expect(removed.status).to.equal(200);
    const doc = Document.fromManifest(bubble, documentServerUrl(`/partial/${session}/${served.documents[0].name}/bubble.json`));
    const sheet = tiledViewable(doc);
    const drawing = await viewer.loadDocumentNode(doc, sheet);
    viewer.navigation.transitionDurationMs = 0;
    await settleTiles(viewer, drawing);
    const reported = nextEvent(viewer, 'error');
    zoomTo(viewer, drawing, leaflet, 1000, 250, 1400, 510);
    const error = await reported;
    await settleTiles(viewer, drawing);
    expect(error.code).to.equal(ErrorCode.NETWORK_FILE_NOT_FOUND);
    expect(error.message).to.contain(`${z}/2_0.png`);
    expect(tiledImageOf(drawing)!.store.hasFailed(`${z}/2_0`)).to.equal(true);
    expect(viewer.getVisibleModels()).to.deep.equal([drawing]);
    // Under the hole the coarser level still draws the detail there (blurred): not a white gap.
    const hole = { x0: canvasOf(viewer, imagePoint(drawing, leaflet, 1030, 250)).x, x1: WIDTH };
    const pixels = capture(viewer);
    const outsideHole = new Uint8Array(WIDTH * HEIGHT).map((_, i) => (i % WIDTH < hole.x0 ? 1 : 0));
    expect(inkCount(pixels, outsideHole), 'ink under the missing tile').to.be.greaterThan(50);
  });
});

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
