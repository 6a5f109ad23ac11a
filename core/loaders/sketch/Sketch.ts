import { ShapeUtils, Vector2 } from 'three';
import { type ClipRect, clipPolygon, clipSegment, insideRect } from './clip.js';
import type { ClipRegion } from './ClipRegion.js';
import { dashPolyline } from './dashes.js';
import { CAD_STROKE, type StrokeStyle, strokeBand } from './strokeBand.js';

/** A wide line's band: its width (0: none) and its ends and joints. */
interface Stroke {
  width: number;
  style: StrokeStyle;
}

const NO_STROKE: Stroke = { width: 0, style: CAD_STROKE };

/** A point of a drawing, in drawing units. */
export interface Point2 {
  x: number;
  y: number;
}

/** The mean of colours (0xRRGGBB), channel by channel: one colour for a gradient. */
export function meanRgb(colours: readonly number[]): number {
  const mean = (shift: number) => Math.round(colours.reduce((sum, c) => sum + ((c >> shift) & 0xff), 0) / colours.length);
  return (mean(16) << 16) | (mean(8) << 8) | mean(0);
}

/**
 * What a piece of a drawing is drawn as: a batch of its own for each. `weights`: the bands of triangles that
 * draw heavy lines at their lineweight (drawn or left out by the `lineWeights` preference; the line itself
 * is in `lines` as well, one pixel wide at any zoom).
 */
export type SketchKind = 'lines' | 'triangles' | 'points' | 'weights';

/** 2D affine transform: x' = a x + c y + e, y' = b x + d y + f. */
export type Affine2 = readonly [number, number, number, number, number, number];

export const IDENTITY: Affine2 = [1, 0, 0, 1, 0, 0];

/** `outer` after `inner`: the transform that applies inner first. */
export function compose(outer: Affine2, inner: Affine2): Affine2 {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

/** The transform that undoes `m` (m must not flatten the plane). */
export function invert(m: Affine2): Affine2 {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  const A = d / det;
  const B = -b / det;
  const C = -c / det;
  const D = a / det;
  return [A, B, C, D, -(A * e + C * f), -(B * e + D * f)];
}

/** One object's geometry of one kind and colour, in drawing coordinates (z = 0). */
export interface SketchPiece {
  dbId: number;
  kind: SketchKind;
  rgb: number;
  /** x, y per vertex (the drawing's plane, z = 0): line pairs, triangles or points, by kind. */
  positions: number[];
}

/** How a text run's lines sit on its anchor point. */
export type TextHAlign = 'left' | 'center' | 'right';
/**
 * baseline: the first line's baseline; bottom: below the last line's descenders; middle: halfway up the block
 * (cap height to last baseline); top: the first line's cap height.
 */
export type TextVAlign = 'baseline' | 'bottom' | 'middle' | 'top';

/** A text run as a format reads it, in the units of the transform it is drawn with. */
export interface SketchTextStyle {
  /** The text: lines separated by '\n', no formatting codes. */
  text: string;
  /** Height of a capital letter. */
  height: number;
  /** Radians, counter-clockwise, about the anchor. */
  rotation?: number;
  halign?: TextHAlign;
  valign?: TextVAlign;
  /** Stretch along the baseline (DXF group 41; 1: the font's own width). */
  widthFactor?: number;
  /** Baseline to baseline, in heights (default 5/3, AutoCAD's MTEXT spacing). */
  lineSpacing?: number;
  /** Each line stretched or squeezed to this width (DXF aligned and fit texts); 0 or absent: its own width. */
  fitWidth?: number;
  /** Lines wider than this break at spaces (MTEXT's reference width); 0 or absent: no wrapping. */
  wrapWidth?: number;
  /**
   * Keep the glyphs upright where the transform mirrors (a y-down source such as SVG or PDF, drawn y-up):
   * the text's own y axis is turned over with it. Absent: the text mirrors with the transform, as a DXF
   * block reference with a negative scale mirrors its text.
   */
  upright?: boolean;
}

/**
 * A text run of a drawing, for the text renderer (core/render/text): glyphs are laid out on the page, where
 * the font is. Its frame has x along the baseline and y up the glyphs, one unit per cap height (times the
 * width factor along x), its origin at the anchor.
 */
export interface SketchText {
  dbId: number;
  rgb: number;
  text: string;
  /** Text frame → drawing coordinates. */
  matrix: Affine2;
  halign: TextHAlign;
  valign: TextVAlign;
  lineSpacing: number;
  /** In frame units; 0: none. */
  fitWidth: number;
  /** In frame units; 0: none. */
  wrapWidth: number;
}

/** How far descenders reach below the baseline, in heights (DejaVu Sans's descent over its cap height). */
export const TEXT_DESCENT = 0.32;
/** Width of a character, in heights, for the bounds of a text before its font lays it out (generous). */
const TEXT_BOUNDS_CHARACTER_WIDTH = 0.9;

/**
 * Collects a 2D drawing's geometry (DXF, SVG, PDF) by object, kind and colour: one piece (a fragment, later) for each, so that
 * the number of fragments follows the colours an object uses, not its entities.
 */
export class Sketch {
  private readonly byKey = new Map<string, SketchPiece>();
  /** Text runs, drawn with the font by the text renderer (not pieces: no geometry of their own). */
  readonly texts: SketchText[] = [];
  readonly min = { x: Infinity, y: Infinity };
  readonly max = { x: -Infinity, y: -Infinity };
  /** While set, what is drawn is cut to this rectangle of the drawing (a paper-space viewport). */
  clip: ClipRect | null = null;
  /** While set, what is drawn is cut to this region of the drawing as well (an SVG clip-path or mask). */
  region: ClipRegion | null = null;
  /**
   * While its width is above 0, lines drawn also get a band this wide (drawing units, after the transform: a
   * lineweight does not scale with a block reference), its ends and joints as its style says (strokeBand).
   */
  private stroke: Stroke = NO_STROKE;

  /** The band lines get from now on: `width` 0 for none; CAD's butt ends and miters unless `style` says otherwise. */
  setStroke(width: number, style: StrokeStyle = CAD_STROKE): void {
    this.stroke = width > 0 ? { width, style } : NO_STROKE;
  }

  get pieces(): SketchPiece[] {
    return [...this.byKey.values()];
  }

  /**
   * A polyline through the points (closed: back to the first), as line pairs; with a line pattern, cut into
   * its dashes, whose lengths are in drawing units (after the transform).
   */
  polyline(dbId: number, rgb: number, m: Affine2, points: readonly Point2[], closed = false, pattern: readonly number[] | null = null): void {
    if (points.length < 2) return;
    if ((pattern && pattern.length > 0) || this.clip || this.region) {
      const placed = points.map((p) => apply(m, p));
      if (closed) placed.push(placed[0]);
      const dashes = pattern && pattern.length > 0 ? dashPolyline(placed, pattern) : [placed];
      for (const dash of dashes) this.clippedPolyline(dbId, rgb, dash);
      return;
    }
    const out = this.piece(dbId, 'lines', rgb).positions;
    const count = closed ? points.length : points.length - 1;
    for (let i = 0; i < count; i++) {
      this.push(out, m, points[i], points[(i + 1) % points.length]);
    }
    const { width, style } = this.stroke;
    if (width > 0) {
      const placed = points.map((p) => apply(m, p));
      if (closed) placed.push(placed[0]);
      const band = this.piece(dbId, 'weights', rgb).positions;
      for (const [a, b, c] of strokeBand(placed, width, style)) this.push(band, IDENTITY, a, b, c);
    }
  }

  triangle(dbId: number, rgb: number, m: Affine2, p0: Point2, p1: Point2, p2: Point2): void {
    const region = this.region;
    if (region) {
      this.region = null;
      for (const polygon of region.clipPolygon([[apply(m, p0), apply(m, p1), apply(m, p2)]])) this.triangulated(dbId, rgb, IDENTITY, polygon);
      this.region = region;
      return;
    }
    const clip = this.clip;
    if (clip) {
      this.clip = null;
      const kept = clipPolygon(clip, [apply(m, p0), apply(m, p1), apply(m, p2)]);
      for (let i = 2; i < kept.length; i++) this.triangle(dbId, rgb, IDENTITY, kept[0], kept[i - 1], kept[i]);
      this.clip = clip;
      return;
    }
    const out = this.piece(dbId, 'triangles', rgb).positions;
    this.push(out, m, p0, p1, p2);
  }

  /**
   * A filled polygon, its outer ring and its holes (rings open), as triangles. Cut to a region first, as a
   * whole: fewer and cheaper cuts than its triangles one by one.
   */
  fill(dbId: number, rgb: number, m: Affine2, contour: readonly Point2[], holes: readonly (readonly Point2[])[] = []): void {
    if (contour.length < 3) return;
    const region = this.region;
    if (!region) {
      this.triangulated(dbId, rgb, m, [contour, ...holes]);
      return;
    }
    this.region = null;
    for (const polygon of region.clipPolygon([contour, ...holes].map((ring) => ring.map((p) => apply(m, p))))) this.triangulated(dbId, rgb, IDENTITY, polygon);
    this.region = region;
  }

  point(dbId: number, rgb: number, m: Affine2, p: Point2): void {
    const at = apply(m, p);
    if (this.clip && !insideRect(this.clip, at.x, at.y)) return;
    if (this.region && !this.region.contains(at.x, at.y)) return;
    this.push(this.piece(dbId, 'points', rgb).positions, m, p);
  }

  /**
   * A text run anchored at a point: DXF, SVG and PDF texts all come here. The drawing's bounds take in a
   * generous estimate of its box (the font's widths are known on the page only).
   */
  text(dbId: number, rgb: number, m: Affine2, anchor: Point2, style: SketchTextStyle): void {
    const text = style.text.replace(/\r\n?/g, '\n');
    const height = style.height;
    if (!text.trim() || !(height > 0) || !Number.isFinite(anchor.x) || !Number.isFinite(anchor.y)) return;
    // A text is kept in a viewport when its anchor is (glyphs are not cut).
    const placedAnchor = apply(m, anchor);
    if (this.clip && !insideRect(this.clip, placedAnchor.x, placedAnchor.y)) return;
    if (this.region && !this.region.contains(placedAnchor.x, placedAnchor.y)) return;
    const widthFactor = style.widthFactor && style.widthFactor > 0 ? style.widthFactor : 1;
    const angle = style.rotation ?? 0;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const sx = height * widthFactor;
    const sy = style.upright && m[0] * m[3] - m[1] * m[2] < 0 ? -height : height;
    const frame = compose(m, [cos * sx, sin * sx, -sin * sy, cos * sy, anchor.x, anchor.y]);
    const run: SketchText = {
      dbId,
      rgb,
      text,
      matrix: frame,
      halign: style.halign ?? 'left',
      valign: style.valign ?? 'baseline',
      lineSpacing: style.lineSpacing ?? 5 / 3,
      fitWidth: style.fitWidth ? style.fitWidth / sx : 0,
      wrapWidth: style.wrapWidth ? style.wrapWidth / sx : 0,
    };
    this.texts.push(run);
    for (const corner of estimatedTextBox(run)) this.extend(frame[0] * corner.x + frame[2] * corner.y + frame[4], frame[1] * corner.x + frame[3] * corner.y + frame[5]);
  }

  /**
   * A polyline already in drawing coordinates, cut to the clip rectangle (segment by segment) and the region
   * (in runs, joined where a vertex is kept) when there are. The band of a wide line is cut to the region too.
   */
  private clippedPolyline(dbId: number, rgb: number, points: readonly Point2[]): void {
    const clip = this.clip;
    const region = this.region;
    this.clip = null;
    this.region = null;
    const parts: (readonly Point2[])[] = [];
    if (!clip) parts.push(points);
    for (let i = 1; clip && i < points.length; i++) {
      const kept = clipSegment(clip, points[i - 1], points[i]);
      if (kept) parts.push(kept);
    }
    const stroke = this.stroke;
    for (const part of parts) {
      if (!region) {
        this.polyline(dbId, rgb, IDENTITY, part);
        continue;
      }
      this.stroke = NO_STROKE;
      for (const run of region.clipPolyline(part)) this.polyline(dbId, rgb, IDENTITY, run);
      this.stroke = stroke;
      if (stroke.width <= 0) continue;
      for (const triangle of strokeBand(part, stroke.width, stroke.style)) for (const polygon of region.clipPolygon([triangle])) this.triangulated(dbId, rgb, IDENTITY, polygon, 'weights');
    }
    this.clip = clip;
    this.region = region;
  }

  /**
   * Triangles of a polygon (outer ring, then holes), through the transform: fills (cut to the clip rectangle,
   * if any, triangle by triangle) or a wide line's band.
   */
  private triangulated(dbId: number, rgb: number, m: Affine2, rings: readonly (readonly Point2[])[], kind: 'triangles' | 'weights' = 'triangles'): void {
    const vectors = rings.map((ring) => ring.map((p) => new Vector2(p.x, p.y)));
    // triangulateShape drops each ring's repeated last point: the faces index the rings as it leaves them.
    const faces = ShapeUtils.triangulateShape(vectors[0], vectors.slice(1));
    const vertices = vectors.flat();
    if (kind === 'triangles') {
      for (const [a, b, c] of faces) this.triangle(dbId, rgb, m, vertices[a], vertices[b], vertices[c]);
      return;
    }
    const band = this.piece(dbId, 'weights', rgb).positions;
    for (const [a, b, c] of faces) this.push(band, m, vertices[a], vertices[b], vertices[c]);
  }

  private piece(dbId: number, kind: SketchKind, rgb: number): SketchPiece {
    const key = `${dbId}:${kind}:${rgb}`;
    let piece = this.byKey.get(key);
    if (!piece) this.byKey.set(key, (piece = { dbId, kind, rgb, positions: [] }));
    return piece;
  }

  /**
   * A point, a segment's ends or a triangle's corners, through the transform; left out whole when one of them
   * is not a finite point (a file's NaN or overflow), so that the pieces' pairs and triples stay aligned.
   */
  private push(out: number[], m: Affine2, p0: Point2, p1?: Point2, p2?: Point2): void {
    const x0 = m[0] * p0.x + m[2] * p0.y + m[4];
    const y0 = m[1] * p0.x + m[3] * p0.y + m[5];
    const x1 = p1 ? m[0] * p1.x + m[2] * p1.y + m[4] : 0;
    const y1 = p1 ? m[1] * p1.x + m[3] * p1.y + m[5] : 0;
    const x2 = p2 ? m[0] * p2.x + m[2] * p2.y + m[4] : 0;
    const y2 = p2 ? m[1] * p2.x + m[3] * p2.y + m[5] : 0;
    if (!Number.isFinite(x0 + y0 + x1 + y1 + x2 + y2)) return;
    out.push(x0, y0);
    this.extend(x0, y0);
    if (p1) {
      out.push(x1, y1);
      this.extend(x1, y1);
    }
    if (p2) {
      out.push(x2, y2);
      this.extend(x2, y2);
    }
  }

  /** Takes a point into the drawing's bounds (what is drawn beside the sketch: pictures). */
  include(x: number, y: number): void {
    this.extend(x, y);
  }

  private extend(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (x < this.min.x) this.min.x = x;
    if (y < this.min.y) this.min.y = y;
    if (x > this.max.x) this.max.x = x;
    if (y > this.max.y) this.max.y = y;
  }
}

function apply(m: Affine2, p: Point2): Point2 {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

/** A text's box in its frame before layout: each line a generous width per character, the block as aligned. */
export function estimatedTextBox(run: SketchText): Point2[] {
  const lines = run.text.split('\n');
  const longest = Math.max(1, ...lines.map((line) => line.length));
  const width = run.fitWidth || (run.wrapWidth ? Math.min(run.wrapWidth, longest * TEXT_BOUNDS_CHARACTER_WIDTH) : longest * TEXT_BOUNDS_CHARACTER_WIDTH);
  const x0 = run.halign === 'center' ? -width / 2 : run.halign === 'right' ? -width : 0;
  const blockHeight = 1 + (lines.length - 1) * run.lineSpacing;
  const top = firstBaseline(run.valign, lines.length, run.lineSpacing) + 1;
  // Descenders reach about a third of a height below the last baseline.
  return [
    { x: x0, y: top - blockHeight - 0.35 },
    { x: x0 + width, y: top - blockHeight - 0.35 },
    { x: x0 + width, y: top },
    { x: x0, y: top },
  ];
}

/** Where the first line's baseline sits in a text's frame (y), for its vertical alignment. */
export function firstBaseline(valign: TextVAlign, lineCount: number, lineSpacing: number): number {
  const below = (lineCount - 1) * lineSpacing;
  switch (valign) {
    case 'top':
      return -1;
    case 'middle':
      return (below + 1) / 2 - 1;
    case 'bottom':
      return below + TEXT_DESCENT;
    default:
      return 0;
  }
}
