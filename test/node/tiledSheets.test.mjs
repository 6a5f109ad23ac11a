// The document server's tiled sheet (server/documents/TiledSheets.ts): a real DXF plotted as a tile
// pyramid in a cache folder, the same bytes from every start, each tile a PNG of the pyramid's size; and
// the DocumentStore listing it as a 2D viewable with a leaflet child whose tiles it serves.
// Runs under tsx (`node --import tsx --test`), which loads the TypeScript sources.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { TilePyramid } from '../../core/loaders/leaflet/TilePyramid.ts';
import { DocumentStore, documentFile } from '../../server/documents/DocumentStore.ts';
import { tiledSheet } from '../../server/documents/TiledSheets.ts';

const root = new URL('../../', import.meta.url).pathname;
const drawing = join(root, 'demo/samples/2d/dxf-parser_api-cw750-details.dxf');
const caches = [];
function cacheDir() {
  const dir = mkdtempSync(join(tmpdir(), 'tiled-sheets-'));
  caches.push(dir);
  return dir;
}
/** Plotted once, for the tests that only read the pyramid. */
const shared = cacheDir();
after(() => {
  for (const dir of caches) rmSync(dir, { recursive: true, force: true });
});

/** A PNG's size and RGB pixels (an 8-bit RGB PNG, as the plotter writes them). */
function readPng(bytes) {
  assert.deepEqual([...bytes.subarray(24, 29)], [8, 2, 0, 0, 0], '8-bit RGB');
  const { width, height, data } = PNG.sync.read(bytes);
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) rgb.set(data.subarray(p * 4, p * 4 + 3), p * 3);
  return { width, height, rgb };
}

test('plots the DXF as a pyramid of 512-px PNG tiles, from the one-tile level to full resolution, with ink where the drawing is', () => {
  const sheet = tiledSheet(drawing, shared);
  assert.equal(sheet.name, 'dxf-parser_api-cw750-details');
  const { resolution, tileSize, max_level: maxLevel, paperWidth, paperHeight, paperUnits } = sheet.leaflet;
  assert.equal(tileSize, 512);
  assert.equal(Math.max(...resolution), 4096);
  assert.equal(maxLevel, 12);
  // A unitless drawing of an imperial file ($MEASUREMENT 0): inches, as AutoCAD takes it.
  assert.equal(paperUnits, 'in');
  assert.ok(Math.abs(paperWidth / paperHeight - resolution[0] / resolution[1]) < 0.01, 'the paper has the image aspect');
  const pyramid = new TilePyramid(resolution[0], resolution[1], tileSize, maxLevel);
  const expected = [];
  for (let z = pyramid.rootLevel; z <= maxLevel; z++) for (let y = 0; y < pyramid.rows(z); y++) for (let x = 0; x < pyramid.columns(z); x++) expected.push(`${z}/${x}_${y}.png`);
  assert.deepEqual(sheet.tiles, expected);
  for (const tile of sheet.tiles) {
    const [z, x, y] = tile.split(/[/_.]/).map(Number);
    const png = readPng(readFileSync(join(sheet.folder, tile)));
    assert.deepEqual([png.width, png.height], [Math.min(512, pyramid.levelWidth(z) - x * 512), Math.min(512, pyramid.levelHeight(z) - y * 512)], tile);
  }
  const rootTile = readPng(readFileSync(join(sheet.folder, `${pyramid.rootLevel}/0_0.png`)));
  let ink = 0;
  for (let i = 0; i < rootTile.rgb.length; i += 3) if (rootTile.rgb[i] + rootTile.rgb[i + 1] + rootTile.rgb[i + 2] < 600) ink++;
  assert.ok(ink > 500 && ink < rootTile.width * rootTile.height * 0.2, `line art on white paper (${ink} ink pixels)`);
});

test('the same drawing gives the same tiles in any cache; a cached pyramid is read, not plotted again', () => {
  const first = tiledSheet(drawing, shared);
  const second = tiledSheet(drawing, cacheDir());
  assert.deepEqual(second.leaflet, first.leaflet);
  assert.equal(second.folder.split('/').pop(), first.folder.split('/').pop(), 'the folder is named by the drawing and the generator');
  for (const tile of first.tiles) assert.ok(readFileSync(join(first.folder, tile)).equals(readFileSync(join(second.folder, tile))), tile);
  const written = statSync(join(second.folder, second.tiles[0])).mtimeMs;
  const again = tiledSheet(drawing, second.folder.slice(0, second.folder.lastIndexOf('/')));
  assert.equal(again.folder, second.folder);
  assert.equal(statSync(join(again.folder, again.tiles[0])).mtimeMs, written);
});

test('DocumentStore lists the tiled sheet after the PDF plots, as a 2D viewable with a leaflet child, and serves its tiles', () => {
  const sheet = tiledSheet(drawing, shared);
  const store = new DocumentStore(join(root, 'demo/samples/svf'), join(root, 'demo/samples/2d'), [sheet]);
  const document = store.documents[0];
  const viewables = document.bubble.children.filter((node) => node.type === 'geometry');
  assert.deepEqual(viewables.map((node) => node.role), ['3d', '2d', '2d']);
  assert.equal(viewables[1].children[0].role, 'pdf-page');
  const [leaflet] = viewables[2].children;
  assert.equal(leaflet.role, 'leaflet');
  assert.equal(leaflet.urn, `urn:adsk.viewing:fs.file:${document.id}/output/sheets/${sheet.name}/`);
  assert.equal(document.offlineBubble.children.filter((node) => node.type === 'geometry')[2].children[0].urn, `sheets/${sheet.name}/`);
  assert.deepEqual(store.resolveDerivative(`${leaflet.urn}${sheet.tiles[0]}`)?.file, join(sheet.folder, sheet.tiles[0]));
  assert.equal(documentFile(document, `sheets/${sheet.name}/leaflet.json`), null, 'only the tiles');
});
