import type { ShapePath } from 'three';
import { type Affine2, compose, type Sketch } from '../sketch/Sketch.js';
import type { StrokeStyle } from '../sketch/strokeBand.js';
import { fontSize, inherited, paintRgb, styleOf } from './svgStyle.js';

/** Segments per curve (beziers; arcs get twice as many, as three's paths do). */
export const CURVE_DIVISIONS = 12;
/** A capital letter's height, in font sizes (em): DejaVu Sans's, the font the text renderer draws with. */
const CAP_HEIGHT = 0.73;
/** Lines of a text without their own y follow each other this many font sizes apart. */
const LINE_HEIGHT = 1.25;

interface SvgPathStyle {
  fill?: string;
  fillOpacity?: number;
  stroke?: string;
  strokeOpacity?: number;
  strokeWidth?: number;
  strokeLineCap?: string;
  strokeLineJoin?: string;
  strokeMiterLimit?: number;
  opacity?: number;
  visibility?: string;
}

/** Strokes wider than this on the drawing (user units after the transforms) get their band: thinner ones are hairlines. */
const WIDE_STROKE = 1;

/**
 * One path SVGLoader read (already in the SVG's user space) into the sketch: its fill as triangles (its
 * fill rule and holes kept), its stroke as 1-pixel lines, and, when it is wider than a hairline, as a band
 * of its width too (a lineweight band the `lineWeights` preference shows or not), each in its paint's colour.
 */
export function drawShapePath(sketch: Sketch, dbId: number, path: ShapePath, element: Element, m: Affine2): void {
  const style = (path.userData?.style ?? {}) as SvgPathStyle;
  if (style.visibility === 'hidden' || style.opacity === 0) return;
  const fill = (style.fillOpacity ?? 1) > 0 ? paintRgb(style.fill, element) : null;
  if (fill !== null) drawFill(sketch, dbId, fill, path, m);
  // A stroke of no width is not drawn at all.
  const stroke = (style.strokeOpacity ?? 1) > 0 && (style.strokeWidth ?? 1) > 0 ? paintRgb(style.stroke, element) : null;
  if (stroke !== null) {
    const width = (style.strokeWidth ?? 1) * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
    sketch.setStroke(width > WIDE_STROKE ? width : 0, strokeStyle(style));
    for (const subPath of path.subPaths) sketch.polyline(dbId, stroke, m, subPath.getPoints(CURVE_DIVISIONS));
    sketch.setStroke(0);
  }
}

/** A stroke's stroke-linecap, -linejoin and -miterlimit (SVG's defaults: butt, miter, 4; miter-clip and arcs as miter). */
function strokeStyle(style: SvgPathStyle): StrokeStyle {
  const cap = style.strokeLineCap === 'round' || style.strokeLineCap === 'square' ? style.strokeLineCap : 'butt';
  const join = style.strokeLineJoin === 'round' || style.strokeLineJoin === 'bevel' ? style.strokeLineJoin : 'miter';
  return { cap, join, miterLimit: style.strokeMiterLimit && style.strokeMiterLimit >= 1 ? style.strokeMiterLimit : 4 };
}

function drawFill(sketch: Sketch, dbId: number, rgb: number, path: ShapePath, m: Affine2): void {
  for (const shape of path.toShapes()) {
    const { shape: contour, holes } = shape.extractPoints(CURVE_DIVISIONS);
    sketch.fill(dbId, rgb, m, contour, holes);
  }
}

/**
 * A text's lines as text runs, drawn with the font by the text renderer: a line starts at the text and at
 * each tspan placed with its own x or y, at its baseline, anchored by text-anchor, its font size the em
 * (capitals CAP_HEIGHT of it). `m` is the text's transform to the drawing (y flipped: SVG's y goes down).
 */
export function drawTextRuns(sketch: Sketch, dbId: number, text: Element, m: Affine2): void {
  const rgb = paintRgb(inherited(text, 'fill') || 'black', text) ?? paintRgb(firstTspanFill(text), text);
  if (rgb === null) return;
  // The run's frame has y up the glyphs: SVG's y goes down, so the anchor is given in a frame flipped back.
  const flipped = compose(m, [1, 0, 0, -1, 0, 0]);
  for (const line of textLines(text)) {
    const halign = line.anchor === 'middle' ? 'center' : line.anchor === 'end' ? 'right' : 'left';
    sketch.text(dbId, line.rgb ?? rgb, flipped, { x: line.x, y: -line.y }, { text: line.text, height: CAP_HEIGHT * line.fontSize, halign, valign: 'baseline' });
  }
}

interface TextLine {
  x: number;
  y: number;
  text: string;
  fontSize: number;
  anchor: string;
  rgb: number | null;
}

/** The lines of a text: its own characters, then a new line at each tspan with an x or y of its own. */
export function textLines(text: Element): TextLine[] {
  const lines: TextLine[] = [];
  const start = (element: Element, x: number, y: number): TextLine => {
    const fill = styleOf(element, 'fill');
    const line = { x, y, text: '', fontSize: fontSize(element), anchor: inherited(element, 'text-anchor'), rgb: fill ? paintRgb(fill, element) : null };
    lines.push(line);
    return line;
  };
  let current = start(text, coordinate(text, 'x', 0), coordinate(text, 'y', 0));
  const visit = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) current.text += child.textContent ?? '';
      else if (child instanceof Element && child.localName === 'tspan') {
        if (child.hasAttribute('x') || child.hasAttribute('y')) {
          const y = child.hasAttribute('y') ? coordinate(child, 'y', current.y) : current.y + LINE_HEIGHT * current.fontSize;
          current = start(child, coordinate(child, 'x', current.x), y);
        }
        visit(child);
      }
    }
  };
  visit(text);
  for (const line of lines) line.text = line.text.replace(/\s+/g, ' ').trim();
  return lines.filter((line) => line.text.length > 0);
}

/** A text's characters, line by line. */
export function textContent(text: Element): string {
  return textLines(text)
    .map((line) => line.text)
    .join('\n');
}

function coordinate(element: Element, name: string, fallback: number): number {
  // x and y may list a position per character: the first places the line.
  const value = parseFloat((element.getAttribute(name) ?? '').trim().split(/[\s,]+/)[0]);
  return Number.isFinite(value) ? value : fallback;
}

function firstTspanFill(text: Element): string {
  const tspan = text.getElementsByTagName('tspan')[0];
  return tspan ? styleOf(tspan, 'fill') : '';
}
