import type { Model } from '../../model/Model.js';
import { normalizeUnit } from '../../model/units.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { DEFAULT_LEAFLET_TILE_SIZE, type LeafletParams } from '../documents/BubbleNode.js';
import { loadCancelledError } from '../loadCancellation.js';
import { LoaderRegistry, type ModelLoader, type ModelLoadRequest, type ModelLoadSink } from '../LoaderRegistry.js';
import { SVG_DRAWING_OPTION, type SvgDrawing } from '../svg/SvgDrawing.js';
import { WorkerFormatLoader } from '../WorkerFormatLoader.js';
import { registerTiledImage } from './tiledImages.js';
import { FolderTileSource, SingleImageSource, type TileSource, ZipTileSource } from './tileSources.js';
import { tileKey, TilePyramid } from './TilePyramid.js';
import { readTile, type TileImage, TileStore } from './TileStore.js';

/** The load option that carries the leaflet node's parameters (BubbleNode.getLeafletParams()). */
export const LEAFLET_OPTION = 'leaflet';
/** The category of a tiled image's properties. */
export const TILED_IMAGE_CATEGORY = 'Image';
/** The image's object. */
export const TILED_IMAGE_DB_ID = 1;
/** The tile formats, in the order they are tried for the root tile. */
const TILE_EXTENSIONS = ['png', 'jpg', 'jpeg'];
/** A single image larger than this (pixels, either side) is drawn scaled down to it (what every GPU takes as a texture). */
const MAX_SINGLE_IMAGE = 4096;

/** A single image scaled down to the largest texture every GPU takes, when larger. */
async function fitTexture(image: TileImage): Promise<TileImage> {
  const scale = MAX_SINGLE_IMAGE / Math.max(image.width, image.height);
  if (scale >= 1) return image;
  const fitted = await createImageBitmap(image, { resizeWidth: Math.max(1, Math.round(image.width * scale)), resizeHeight: Math.max(1, Math.round(image.height * scale)), resizeQuality: 'high' });
  image.close();
  return fitted;
}

/**
 * Spec 001 §3 "Leaflet node": a tiled image, a pyramid of tiles `{z}/{x}_{y}.{png|jpg}` under a folder URL
 * or in a zip. The root tile (the level where the whole image fits one tile) is read first: without it the
 * load fails with its code. The model is a 2D sheet of one object, the image (a white quad the size of the
 * paper, or of the image in pixels), made by the loader worker like an SVG drawing; its tiles are fetched
 * later, by the tile layer, for the view only (core/render/tiles/TileLayer.ts). A tile that arrives redraws
 * the picture; one that fails twice is reported as an error of the load, and the model stays.
 */
export class LeafletLoader implements ModelLoader {
  private readonly worker = new WorkerFormatLoader('svg');

  async load(request: ModelLoadRequest, sink: ModelLoadSink): Promise<Model> {
    const { signal } = request;
    const extension = LoaderRegistry.extensionOf(request.url);
    // A URL of one image (a document's image resource) is a pyramid of that one tile, drawn at its own size.
    const single = TILE_EXTENSIONS.includes(extension);
    const given = leafletParams(request.options[LEAFLET_OPTION]);
    const params = single ? { ...given, resolution: undefined, maxLevel: 0, tileSize: MAX_SINGLE_IMAGE } : given;
    const init = { headers: request.headers, withCredentials: request.withCredentials };
    let source: TileSource;
    if (single) source = new SingleImageSource(request.url, init);
    else if (extension === 'zip') source = new ZipTileSource(request.url, init, params.zip);
    else source = new FolderTileSource(request.url, init);
    const name = request.fileName || request.url.split(/[?#]/)[0].replace(/\/+$/, '').split('/').pop() || 'image';
    const known = TilePyramid.knowsSize(params) ? TilePyramid.fromParams(params) : null;
    const rootKey = tileKey(known?.rootLevel ?? 0, 0, 0);
    const { image: read, extension: tileExtension } = await readRoot(source, rootKey, name, signal, params.mime);
    const root = single ? await fitTexture(read) : read;
    if (signal?.aborted) {
      root.close();
      throw loadCancelledError();
    }
    const pyramid = known ?? TilePyramid.fromParams(params, root);
    const store = new TileStore(source, tileExtension, rootKey);
    store.put(rootKey, root);
    sink.progress(30);
    const drawing = imageDrawing(name, pyramid, params, source);
    let created: Model | null = null;
    try {
      return await this.worker.load({ ...request, fileName: name, options: { ...request.options, [SVG_DRAWING_OPTION]: drawing } }, {
        ...sink,
        modelCreated: (model) => {
          created = model;
          registerTiledImage(model, { pyramid, store });
          store.listen({
            // The picture is redrawn with the tile (the sink's texture path invalidates it).
            arrived: () => (model.isDisposed ? store.dispose() : sink.texturesArrived(model, -1)),
            failed: (key, error) => {
              if (!model.isDisposed) sink.error(new ViewerError(error.code, `${name}: the tile ${key}.${tileExtension} could not be read (${error.message}); it is left blank.`, error.httpStatus));
            },
            evicted: () => {},
          });
          sink.modelCreated(model);
        },
      });
    } catch (reason) {
      store.dispose();
      (created as Model | null)?.dispose();
      throw reason;
    }
  }
}

/** The leaflet option as parameters (tileSize defaults to spec 001 §9's 512). */
function leafletParams(value: unknown): LeafletParams {
  const given = (value && typeof value === 'object' ? value : {}) as Partial<LeafletParams>;
  const tileSize = Number(given.tileSize) > 0 ? Number(given.tileSize) : DEFAULT_LEAFLET_TILE_SIZE;
  const resolution = Array.isArray(given.resolution) ? given.resolution.map(Number) : undefined;
  const maxLevel = given.maxLevel !== undefined && Number.isInteger(Number(given.maxLevel)) && Number(given.maxLevel) >= 0 ? Number(given.maxLevel) : undefined;
  return { ...given, tileSize, resolution, maxLevel };
}

/**
 * The root tile, trying each tile format (the one the node's mime names first); none there fails the load
 * with the code of the first failure.
 */
async function readRoot(source: TileSource, key: string, name: string, signal?: AbortSignal, mime?: string): Promise<{ image: TileImage; extension: string }> {
  let first: ViewerError | null = null;
  const named = /jpe?g/i.test(mime ?? '') ? 'jpg' : /png/i.test(mime ?? '') ? 'png' : null;
  const extensions = named ? [named, ...TILE_EXTENSIONS.filter((e) => e !== named)] : TILE_EXTENSIONS;
  for (const extension of extensions) {
    const path = `${key}.${extension}`;
    if ((await source.has(path)) === false) {
      first ??= new ViewerError(ErrorCode.NETWORK_FILE_NOT_FOUND, `Error: 404 ${path} is not in ${source.name}`, 404);
      continue;
    }
    try {
      return { image: await readTile(source, path, signal), extension };
    } catch (reason) {
      if (signal?.aborted) throw loadCancelledError();
      const error = ViewerError.from(reason, ErrorCode.NETWORK_FAILURE);
      first ??= error;
      // Only a missing file lets the next format be tried; anything else is the answer.
      if (error.code !== ErrorCode.NETWORK_FILE_NOT_FOUND) break;
    }
  }
  const error = first ?? new ViewerError(ErrorCode.NETWORK_FILE_NOT_FOUND, `${key} not found`);
  throw new ViewerError(error.code, `${name}: the tiled image has no root tile ${key}.{${TILE_EXTENSIONS.join('|')}} (${error.message}).`, error.httpStatus);
}

/** The image as a drawing: one object, a white quad the size of the paper (or of the image in pixels), y up. */
function imageDrawing(name: string, pyramid: TilePyramid, params: LeafletParams, source: TileSource): SvgDrawing {
  const aspect = pyramid.width / pyramid.height;
  const paperWidth = Number(params.paperWidth) > 0 ? Number(params.paperWidth) : 0;
  const paperHeight = Number(params.paperHeight) > 0 ? Number(params.paperHeight) : 0;
  const paper = paperWidth > 0 || paperHeight > 0;
  const width = paper ? paperWidth || paperHeight * aspect : pyramid.width;
  const height = paper ? paperHeight || paperWidth / aspect : pyramid.height;
  const unit = paper ? (normalizeUnit(params.paperUnits) ?? params.paperUnits ?? '') : '';
  const properties: [string, string][] = [
    ['Type', 'Tiled image'],
    ['Width (px)', String(pyramid.width)],
    ['Height (px)', String(pyramid.height)],
    ['Tile size (px)', pyramid.maxLevel > 0 ? String(pyramid.tileSize) : ''],
    ['Levels', `${pyramid.rootLevel}–${pyramid.maxLevel}`],
    ['Paper width', paper ? `${round(width)} ${unit}`.trim() : ''],
    ['Paper height', paper ? `${round(height)} ${unit}`.trim() : ''],
    ['Source', source.name],
  ];
  return {
    pieces: [{ dbId: TILED_IMAGE_DB_ID, kind: 'triangles', rgb: 0xffffff, positions: [0, 0, width, 0, width, height, 0, 0, width, height, 0, height] }],
    texts: [],
    min: { x: 0, y: 0 },
    max: { x: width, y: height },
    parents: new Int32Array([-1, -1]),
    names: [null, name],
    objects: [{ dbId: TILED_IMAGE_DB_ID, name, externalId: '', properties }],
    layers: [],
    layerOf: new Uint8Array(2),
    onLayer: new Uint8Array(2),
    unit,
    category: TILED_IMAGE_CATEGORY,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
