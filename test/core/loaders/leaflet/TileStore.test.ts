import { expect } from '@esm-bundle/chai';
import { FolderTileSource } from '../../../../core/loaders/leaflet/tileSources.js';
import { tileKey, TilePyramid } from '../../../../core/loaders/leaflet/TilePyramid.js';
import { TileStore } from '../../../../core/loaders/leaflet/TileStore.js';
import { until } from '../../../support/navigationInput.js';
import { IMAGE_HEIGHT, IMAGE_WIDTH, MAX_LEVEL, type Pyramid, ROOT_LEVEL, TILE_SIZE, writePyramid } from './tilePyramidFixture.js';

function levelKeys(pyramid: TilePyramid, z: number): string[] {
  const keys: string[] = [];
  for (let y = 0; y < pyramid.rows(z); y++) for (let x = 0; x < pyramid.columns(z); x++) keys.push(tileKey(z, x, y));
  return keys;
}

describe('Tile pyramid and tile store', () => {
  let files: Pyramid;
  before(async () => {
    files = await writePyramid('leaflet-store');
  });

  it('levels: the root is the highest level that fits one tile, whether the pyramid starts at 1 px or at one tile', () => {
    const aps = new TilePyramid(IMAGE_WIDTH, IMAGE_HEIGHT, TILE_SIZE, MAX_LEVEL);
    expect(aps.rootLevel).to.equal(ROOT_LEVEL);
    expect([aps.columns(MAX_LEVEL), aps.rows(MAX_LEVEL)]).to.deep.equal([4, 3]);
    expect([aps.levelWidth(ROOT_LEVEL), aps.levelHeight(ROOT_LEVEL)]).to.deep.equal([250, 188]);
    const fromOneTile = new TilePyramid(IMAGE_WIDTH, IMAGE_HEIGHT, TILE_SIZE, 2);
    expect(fromOneTile.rootLevel).to.equal(0);
    // One full pixel a screen pixel: full resolution; 2.5: two levels down; far out: the root; never finer than max.
    expect(aps.levelFor(1)).to.equal(MAX_LEVEL);
    expect(aps.levelFor(0.25)).to.equal(MAX_LEVEL);
    expect(aps.levelFor(2.5)).to.equal(MAX_LEVEL - 1);
    expect(aps.levelFor(100)).to.equal(ROOT_LEVEL);
    expect(aps.tileRange(MAX_LEVEL, 300, 300, 560, 470)).to.deep.equal([1, 1, 2, 1]);
    expect(aps.tileRange(MAX_LEVEL, 1200, 0, 1300, 10)).to.equal(null);
  });

  it('keeps the decoded tiles within its budget: those no longer wanted go first, never the root', async () => {
    const pyramid = new TilePyramid(IMAGE_WIDTH, IMAGE_HEIGHT, TILE_SIZE, MAX_LEVEL);
    const root = tileKey(ROOT_LEVEL, 0, 0);
    const store = new TileStore(new FolderTileSource(files.folder, { headers: {}, withCredentials: false }), 'png', root, TILE_SIZE * TILE_SIZE * 4 * 3);
    const arrived: string[] = [];
    const evicted: string[] = [];
    store.listen({ arrived: (key) => arrived.push(key), failed: () => {}, evicted: (key) => evicted.push(key) });
    const full = levelKeys(pyramid, MAX_LEVEL);
    store.want([root, ...full]);
    await until(() => store.pendingCount === 0, 20000);
    // Wanted tiles stay, over the budget.
    expect(store.cachedCount).to.equal(1 + full.length);
    expect(evicted).to.deep.equal([]);
    const half = levelKeys(pyramid, MAX_LEVEL - 1);
    store.want([root, ...half]);
    await until(() => store.pendingCount === 0, 20000);
    expect(arrived.filter((key) => key.startsWith(`${MAX_LEVEL - 1}/`)).sort()).to.deep.equal([...half].sort());
    expect(evicted.sort()).to.deep.equal([...full].sort());
    expect(store.cachedCount).to.equal(1 + half.length);
    expect(store.get(root)).to.not.equal(null);
    for (const key of full) expect(store.get(key)).to.equal(null);
    store.dispose();
    expect(store.cachedCount).to.equal(0);
  });
});
