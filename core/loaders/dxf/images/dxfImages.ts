import type { Affine2, Point2 } from '../../sketch/Sketch.js';
import type { SheetPaint } from '../../sketch/SheetPaint.js';
import type { DxfGroup } from '../groupsHandler.js';
import type { ObjectGroup } from '../objectsSection.js';

/** An IMAGE read: where its picture goes and which IMAGEDEF (the picture's file) it shows. */
export interface DxfImage {
  /** The picture's lower left corner (10/20), one pixel's step along its rows (11/21) and up its columns (12/22). */
  insert: Point2;
  u: Point2;
  v: Point2;
  /** The picture's size in pixels (13/23). */
  size: Point2;
  /** The IMAGEDEF's handle (340). */
  definition: string;
}

/** An IMAGE where it was drawn: its object, its corners on the sheet (lower left, lower right, upper right, upper left) and its picture's definition. */
export interface PlacedImage {
  dbId: number;
  corners: [Point2, Point2, Point2, Point2];
  definition: string;
}

/** IMAGE (AcDbRasterImage): insertion point, pixel vectors, size and IMAGEDEF handle. */
export function readImage(groups: readonly DxfGroup[]): { image: DxfImage } {
  const image: DxfImage = { insert: { x: 0, y: 0 }, u: { x: 1, y: 0 }, v: { x: 0, y: 1 }, size: { x: 1, y: 1 }, definition: '' };
  const points: Record<number, keyof Pick<DxfImage, 'insert' | 'u' | 'v' | 'size'>> = { 10: 'insert', 11: 'u', 12: 'v', 13: 'size' };
  groups.forEach(({ code, value }, i) => {
    const key = points[code];
    if (key) image[key] = { x: Number(value), y: groups[i + 1]?.code === code + 10 ? Number(groups[i + 1].value) : 0 };
    else if (code === 340) image.definition = String(value);
  });
  return { image };
}

/** Where an IMAGE goes on the sheet, through the drawing's transform. */
export function placeImage(image: DxfImage, dbId: number, m: Affine2): PlacedImage {
  const { insert: p, u, v, size } = image;
  const at = (x: number, y: number) => {
    const local = { x: p.x + u.x * x + v.x * y, y: p.y + u.y * x + v.y * y };
    return { x: m[0] * local.x + m[2] * local.y + m[4], y: m[1] * local.x + m[3] * local.y + m[5] };
  };
  return { dbId, corners: [at(0, 0), at(size.x, 0), at(size.x, size.y), at(0, size.y)], definition: image.definition };
}

/** The IMAGEDEF objects (readObjects): handle (5) → the picture's file path (1). */
export function imageDefinitions(objects: readonly (readonly ObjectGroup[])[]): Map<string, string> {
  const paths = new Map<string, string>();
  for (const groups of objects) {
    const handle = groups.find((g) => g.code === 5)?.value;
    const path = groups.find((g) => g.code === 1)?.value;
    if (handle && path) paths.set(handle, path);
  }
  return paths;
}

/**
 * The URLs a picture's path may be found at, in order: the path itself when it is a URL or relative to the
 * drawing (backslashes read as slashes), then its file name beside the drawing (CAD writes absolute paths of
 * the author's disk: C:\Projects\plan\scan.png).
 */
export function imageUrlCandidates(path: string, drawingUrl: string): string[] {
  const slashed = path.replace(/\\/g, '/');
  const candidates: string[] = [];
  const add = (relative: string) => {
    try {
      const url = new URL(relative, drawingUrl).href;
      if (!candidates.includes(url)) candidates.push(url);
    } catch {
      // Not a URL here (a blob: drawing has no folder to resolve against).
    }
  };
  // A URL (a scheme of two letters or more: one letter is a drive), or a path relative to the drawing.
  const isUrl = /^[a-z][a-z0-9+.-]+:/i.test(slashed);
  if (isUrl || !/^([a-z]:)?\//i.test(slashed)) add(slashed);
  if (isUrl) return candidates;
  const name = slashed.slice(slashed.lastIndexOf('/') + 1);
  if (name) add(name);
  return candidates;
}

/** The picture's paint: two triangles over its corners, its texture the whole picture (v from its top). */
export function imagePaint(placed: PlacedImage, bitmap: ImageBitmap): SheetPaint {
  const [a, b, c, d] = placed.corners;
  return {
    dbId: placed.dbId,
    kind: 'image',
    overFills: false,
    positions: [a.x, a.y, b.x, b.y, c.x, c.y, a.x, a.y, c.x, c.y, d.x, d.y],
    uvs: [0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0],
    image: { bitmap, width: bitmap.width, height: bitmap.height },
    rgb: 0xffffff,
  };
}
