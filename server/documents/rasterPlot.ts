import { PNG } from 'pngjs';
import type { Point2, SketchPiece } from '../../core/loaders/sketch/Sketch.js';

/** An RGB image, 3 bytes a pixel, rows from the top. */
export interface Raster {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** Where drawing coordinates land on a raster: pixel = (x - left) × scale, from the top for y. */
export interface RasterFrame {
  left: number;
  top: number;
  /** Pixels per drawing unit. */
  scale: number;
}

/**
 * Plots geometry in drawing units (y up) on white paper, as a CAD plot does: fills first, then lines one
 * pixel wide at any scale (so every level of a pyramid is as crisp as the next), then points. Colours
 * that would not show on white (white, and the light ones) plot black.
 */
export function rasterize(pieces: readonly SketchPiece[], width: number, height: number, frame: RasterFrame): Raster {
  const raster = { width, height, rgb: new Uint8Array(width * height * 3).fill(255) };
  const at = (p: number[], i: number): Point2 => ({ x: (p[i] - frame.left) * frame.scale, y: (frame.top - p[i + 1]) * frame.scale });
  for (const kind of ['triangles', 'weights', 'lines', 'points'] as const) {
    for (const piece of pieces.filter((p) => p.kind === kind)) {
      const ink = plotColour(piece.rgb);
      const p = piece.positions;
      if (kind === 'lines') for (let i = 0; i + 3 < p.length; i += 4) line(raster, at(p, i), at(p, i + 2), ink);
      else if (kind === 'points') for (let i = 0; i + 1 < p.length; i += 2) dot(raster, at(p, i), ink);
      else for (let i = 0; i + 5 < p.length; i += 6) triangle(raster, at(p, i), at(p, i + 2), at(p, i + 4), ink);
    }
  }
  return raster;
}

/** The colour a piece plots in: its own, or black where it would be too light to see on white paper. */
function plotColour(rgb: number): [number, number, number] {
  const r = (rgb >> 16) & 255;
  const g = (rgb >> 8) & 255;
  const b = rgb & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 200 ? [0, 0, 0] : [r, g, b];
}

function dot(raster: Raster, p: Point2, ink: readonly number[]): void {
  const x = Math.floor(p.x);
  const y = Math.floor(p.y);
  if (x < 0 || y < 0 || x >= raster.width || y >= raster.height) return;
  const o = (y * raster.width + x) * 3;
  raster.rgb[o] = ink[0];
  raster.rgb[o + 1] = ink[1];
  raster.rgb[o + 2] = ink[2];
}

/** A one-pixel line: a pixel at each step along its longer axis. */
function line(raster: Raster, a: Point2, b: Point2, ink: readonly number[]): void {
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y))));
  for (let i = 0; i <= steps; i++) dot(raster, { x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps }, ink);
}

/** A filled triangle: the pixels whose centres it covers. */
function triangle(raster: Raster, a: Point2, b: Point2, c: Point2, ink: readonly number[]): void {
  const area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  if (area === 0) return;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x)));
  const x1 = Math.min(raster.width - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y)));
  const y1 = Math.min(raster.height - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
  const side = (p: Point2, q: Point2, x: number, y: number) => ((q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x)) * Math.sign(area);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      if (side(a, b, cx, cy) >= 0 && side(b, c, cx, cy) >= 0 && side(c, a, cx, cy) >= 0) dot(raster, { x: cx, y: cy }, ink);
    }
  }
}

/** The part of a raster inside a rectangle (cut to the raster). */
export function crop(raster: Raster, left: number, top: number, width: number, height: number): Raster {
  const w = Math.min(width, raster.width - left);
  const h = Math.min(height, raster.height - top);
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) rgb.set(raster.rgb.subarray(((top + y) * raster.width + left) * 3, ((top + y) * raster.width + left + w) * 3), y * w * 3);
  return { width: w, height: h, rgb };
}

/** A raster as an 8-bit RGB PNG (pngjs; the same pixels always give the same bytes). */
export function encodePng(raster: Raster): Uint8Array {
  const png = new PNG({ width: raster.width, height: raster.height, colorType: 2, inputColorType: 2, inputHasAlpha: false });
  png.data = Buffer.from(raster.rgb.buffer, raster.rgb.byteOffset, raster.rgb.byteLength);
  return new Uint8Array(PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, deflateLevel: 9 }));
}
