import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { TilePyramid } from '../../core/loaders/leaflet/TilePyramid.js';
import { plotDxf } from './plotDxf.js';
import { crop, encodePng, rasterize } from './rasterPlot.js';

/** Spec 001 §9: leaflet tiles are 512 pixels square. */
const TILE_SIZE = 512;
/** The full-resolution image's longer side, in pixels. */
const FULL_RESOLUTION = 4096;
/** White paper around the drawing, as a share of its longer side, on each side. */
const MARGIN = 0.02;
/**
 * Part of the cache folder's name: bumped whenever the plotting here changes, so that older pyramids are
 * not used. (A change to the DXF loader's drawing is not seen: empty the cache folder to plot again.)
 */
const GENERATOR = 'tiled-sheet-2';

/** The fields of a leaflet node (spec 001 §3) that describe a pyramid, as a manifest writes them. */
export interface LeafletFields {
  resolution: [number, number];
  tileSize: number;
  max_level: number;
  paperWidth: number;
  paperHeight: number;
  paperUnits: string;
}

/** A drawing plotted as a tiled image (a leaflet): a pyramid of PNG tiles in a cache folder. */
export interface TiledSheet {
  /** The sheet's name: its drawing's file name without the extension. */
  name: string;
  /** The folder that holds the tiles, `{z}/{x}_{y}.png`. */
  folder: string;
  /** The tiles' paths in the folder, root level first. */
  tiles: string[];
  leaflet: LeafletFields;
}

/** What the cache folder keeps beside the tiles (written last: a folder without it is not complete). */
const DESCRIPTION = 'leaflet.json';

/**
 * A DXF drawing as a tiled image: plotted in the viewer's own way (plotDxf) at 4096 pixels along its
 * longer side, then every level of the pyramid from the one tile that holds the whole image to full
 * resolution, each plotted at its own size so its lines stay one pixel wide, cut into 512-px tiles (edge
 * tiles cut to the image). Level `max_level` is full resolution and level 0 would be one pixel, as in an
 * APS pyramid; levels smaller than one tile are not written. The paper is the drawing's extents (and
 * margin) in its own unit.
 *
 * Plotting takes a second or two, so the pyramid is kept in `cacheDir`, in a folder named by a hash of
 * the drawing and of this generator: the same drawing always gives the same tiles, and a changed one a
 * new folder. The folder is written aside and renamed into place, so that two servers starting at once
 * never read half a pyramid.
 */
export function tiledSheet(drawingFile: string, cacheDir: string): TiledSheet {
  const source = readFileSync(drawingFile);
  const name = basename(drawingFile, extname(drawingFile));
  const hash = createHash('sha256').update(GENERATOR).update(source).digest('hex').slice(0, 16);
  const folder = join(cacheDir, `${name}-${hash}`);
  if (!existsSync(join(folder, DESCRIPTION))) writePyramid(source.toString('utf8'), folder);
  const { tiles, leaflet } = JSON.parse(readFileSync(join(folder, DESCRIPTION), 'utf8')) as Pick<TiledSheet, 'tiles' | 'leaflet'>;
  return { name, folder, tiles, leaflet };
}

function writePyramid(dxf: string, folder: string): void {
  const plot = plotDxf(dxf);
  const longer = Math.max(plot.max.x - plot.min.x, plot.max.y - plot.min.y);
  const margin = longer * MARGIN;
  const paperWidth = plot.max.x - plot.min.x + 2 * margin;
  const paperHeight = plot.max.y - plot.min.y + 2 * margin;
  const scale = FULL_RESOLUTION / Math.max(paperWidth, paperHeight);
  const width = Math.round(paperWidth * scale);
  const height = Math.round(paperHeight * scale);
  const maxLevel = Math.ceil(Math.log2(Math.max(width, height)));
  const pyramid = new TilePyramid(width, height, TILE_SIZE, maxLevel);

  mkdirSync(dirname(folder), { recursive: true });
  const draft = mkdtempSync(`${folder}.draft-`);
  const tiles: string[] = [];
  for (let z = pyramid.rootLevel; z <= maxLevel; z++) {
    const levelScale = scale / 2 ** (maxLevel - z);
    const level = rasterize(plot.pieces, pyramid.levelWidth(z), pyramid.levelHeight(z), { left: plot.min.x - margin, top: plot.max.y + margin, scale: levelScale });
    mkdirSync(join(draft, String(z)));
    for (let y = 0; y < pyramid.rows(z); y++) {
      for (let x = 0; x < pyramid.columns(z); x++) {
        const path = `${z}/${x}_${y}.png`;
        writeFileSync(join(draft, path), encodePng(crop(level, x * TILE_SIZE, y * TILE_SIZE, TILE_SIZE, TILE_SIZE)));
        tiles.push(path);
      }
    }
  }
  const leaflet: LeafletFields = { resolution: [width, height], tileSize: TILE_SIZE, max_level: maxLevel, paperWidth: round(paperWidth), paperHeight: round(paperHeight), paperUnits: plot.unit };
  writeFileSync(join(draft, DESCRIPTION), JSON.stringify({ tiles, leaflet }, null, 2));
  try {
    renameSync(draft, folder);
  } catch {
    // Another server wrote the same pyramid first: the same tiles, already in place.
    rmSync(draft, { recursive: true, force: true });
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
