import type { LeafletParams } from '../documents/BubbleNode.js';

/** A tile of the pyramid: level z (maxLevel is full resolution), column x (right), row y (down from the top). */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** A tile's name and path in the pyramid's folder or zip, without its extension: "z/x_y". */
export function tileKey(z: number, x: number, y: number): string {
  return `${z}/${x}_${y}`;
}

/**
 * Spec 001 §3 "Leaflet node", §9: the geometry of a tiled image. Level `maxLevel` holds the image at full
 * resolution (`width` × `height` pixels); each level below halves it. Levels smaller than one tile are not
 * read: `rootLevel` is the highest level where the whole image fits one tile (a pyramid that starts at a
 * 1×1 px level 0, as the APS viewer's do, and one that starts at one tile both work).
 */
export class TilePyramid {
  readonly rootLevel: number;

  constructor(
    /** Full-resolution size, in pixels. */
    readonly width: number,
    readonly height: number,
    readonly tileSize: number,
    readonly maxLevel: number,
  ) {
    const steps = Math.max(0, Math.ceil(Math.log2(Math.max(width, height) / tileSize) - 1e-9));
    this.rootLevel = Math.max(0, maxLevel - steps);
  }

  /**
   * The pyramid a leaflet node describes. Without `resolution` the size comes from the root tile (the one
   * tile of level 0, read first: `rootSize`) scaled up to `max_level`; without `max_level`, level 0 is the
   * one-tile level.
   */
  static fromParams(params: LeafletParams, rootSize?: { width: number; height: number }): TilePyramid {
    const tileSize = params.tileSize > 0 ? params.tileSize : 512;
    const [w, h] = params.resolution ?? [];
    if (w > 0 && h > 0) {
      const maxLevel = params.maxLevel ?? Math.max(0, Math.ceil(Math.log2(Math.max(w, h) / tileSize) - 1e-9));
      return new TilePyramid(w, h, tileSize, maxLevel);
    }
    const maxLevel = params.maxLevel ?? 0;
    const scale = 2 ** maxLevel;
    return new TilePyramid((rootSize?.width ?? tileSize) * scale, (rootSize?.height ?? tileSize) * scale, tileSize, maxLevel);
  }

  /** Whether the node says enough to know the root level before any tile is read. */
  static knowsSize(params: LeafletParams): boolean {
    const [w, h] = params.resolution ?? [];
    return w > 0 && h > 0;
  }

  /** The image's size at a level, in that level's pixels. */
  levelWidth(z: number): number {
    return Math.max(1, Math.ceil(this.width / 2 ** (this.maxLevel - z)));
  }

  levelHeight(z: number): number {
    return Math.max(1, Math.ceil(this.height / 2 ** (this.maxLevel - z)));
  }

  columns(z: number): number {
    return Math.ceil(this.levelWidth(z) / this.tileSize);
  }

  rows(z: number): number {
    return Math.ceil(this.levelHeight(z) / this.tileSize);
  }

  /**
   * The level to draw at a screen density of `fullPixelsPerScreenPixel` full-resolution pixels per screen
   * pixel: the coarsest whose pixels are no larger than the screen's, never finer than maxLevel nor coarser
   * than the root.
   */
  levelFor(fullPixelsPerScreenPixel: number): number {
    if (!(fullPixelsPerScreenPixel > 0) || !Number.isFinite(fullPixelsPerScreenPixel)) return this.rootLevel;
    const z = this.maxLevel - Math.floor(Math.log2(fullPixelsPerScreenPixel) + 1e-6);
    return Math.min(this.maxLevel, Math.max(this.rootLevel, z));
  }

  /**
   * The range of tiles of level z that cover a rectangle of the full-resolution image (pixels, y down),
   * clipped to the image: [x0, y0, x1, y1] inclusive, or null when the rectangle misses the image.
   */
  tileRange(z: number, left: number, top: number, right: number, bottom: number): [number, number, number, number] | null {
    const scale = 2 ** (z - this.maxLevel) / this.tileSize;
    const x0 = Math.max(0, Math.floor(left * scale));
    const y0 = Math.max(0, Math.floor(top * scale));
    const x1 = Math.min(this.columns(z) - 1, Math.floor(right * scale));
    const y1 = Math.min(this.rows(z) - 1, Math.floor(bottom * scale));
    return x0 > x1 || y0 > y1 ? null : [x0, y0, x1, y1];
  }
}
