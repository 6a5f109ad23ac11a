import { type Curve, ShapePath, type Vector2 } from 'three';
import { ClipRegion } from '../sketch/ClipRegion.js';
import { type Affine2, compose, invert, type Point2, type Sketch } from '../sketch/Sketch.js';
import { drawShapePath } from './drawSvgShapes.js';
import { CONTEXT_PAINT, type ReferencedContent } from './ReferencedContent.js';
import { urlOf } from './SvgClipping.js';
import { styleOf } from './svgStyle.js';

/** The elements markers decorate (SVG 1.1's: the shapes drawn through their vertices). */
const MARKED = new Set(['path', 'line', 'polyline', 'polygon']);
/** SVG's default markerWidth and markerHeight. */
const DEFAULT_MARKER_SIZE = 3;
/** Vertices closer than this (user units) are one: a subpath that ends where it started. */
const SAME_POINT = 1e-9;

/** A vertex of a path, with the directions the path comes in and goes out along (null at its ends). */
export interface PathVertex {
  point: Point2;
  incoming: Point2 | null;
  outgoing: Point2 | null;
}

/**
 * The markers of a path, line, polyline or polygon (marker-start, marker-mid, marker-end, inherited, or the
 * marker shorthand): the marker's content drawn at the first vertex, at every other, at the last, as part of
 * the element's object. A marker's content is placed by its refX and refY at the vertex, turned by its orient
 * (auto: along the path, the bisector at a corner; auto-start-reverse: the start turned back; an angle),
 * scaled by its viewBox into markerWidth × markerHeight (preserveAspectRatio, by default uniform) and by
 * the stroke width (markerUnits strokeWidth, the default), and cut to that viewport unless its overflow is
 * visible. Text inside markers is not drawn.
 */
export class SvgMarkers {
  /** Each marker's viewport in its content's units (null: overflow visible). */
  private readonly viewports = new Map<Element, ClipRegion | null>();

  constructor(private readonly content: ReferencedContent) {}

  /**
   * Draws an element's markers. `path`: its shape as SVGLoader read it (in the file's root user space);
   * `matrix`: its user space → the drawing; `viewport`: the root's user space → the drawing.
   */
  draw(sketch: Sketch, dbId: number, element: Element, path: ShapePath, matrix: Affine2, viewport: Affine2): void {
    if (!MARKED.has(element.localName) || !this.content.has('marker')) return;
    const [start, mid, end] = ['marker-start', 'marker-mid', 'marker-end'].map((property) => markerOf(element, property));
    if (!start && !mid && !end) return;
    const toUser = compose(invert(matrix), viewport);
    const vertices = pathVertices(path).map((vertex) => inUserSpace(vertex, toUser));
    const strokeWidth = userStrokeWidth(path);
    const host = (path.userData?.style ?? {}) as HostStyle;
    vertices.forEach((vertex, i) => {
      const last = i === vertices.length - 1;
      if (i === 0 && start) this.drawMarker(sketch, dbId, start, vertex, true, strokeWidth, host, matrix);
      if (last && end) this.drawMarker(sketch, dbId, end, vertex, false, strokeWidth, host, matrix);
      if (i > 0 && !last && mid) this.drawMarker(sketch, dbId, mid, vertex, false, strokeWidth, host, matrix);
    });
  }

  private drawMarker(sketch: Sketch, dbId: number, marker: Element, vertex: PathVertex, isStart: boolean, strokeWidth: number, host: HostStyle, matrix: Affine2): void {
    const layout = markerLayout(marker);
    if (!layout) return;
    const angle = orientation(marker.getAttribute('orient'), vertex, isStart);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const scale = marker.getAttribute('markerUnits')?.trim() === 'userSpaceOnUse' ? 1 : strokeWidth;
    const [sx, sy] = [layout.scaleX * scale, layout.scaleY * scale];
    // content → user space: to the reference point, scaled, turned, at the vertex.
    const placed: Affine2 = [cos * sx, sin * sx, -sin * sy, cos * sy, vertex.point.x, vertex.point.y];
    const m = compose(compose(matrix, placed), [1, 0, 0, 1, -layout.refX, -layout.refY]);
    const outer = sketch.region;
    const viewport = this.viewportOf(marker, layout);
    if (viewport) sketch.region = outer ? outer.intersect(viewport.transformed(m)) : viewport.transformed(m);
    for (const shape of this.content.shapes(marker)) drawShapePath(sketch, dbId, withContextPaints(shape.path, host), shape.source, m);
    sketch.region = outer;
  }

  private viewportOf(marker: Element, layout: MarkerLayout): ClipRegion | null {
    if (!this.viewports.has(marker)) {
      const overflow = styleOf(marker, 'overflow');
      const { x, y, width, height } = layout.viewport;
      const corners = [
        { x, y },
        { x: x + width, y },
        { x: x + width, y: y + height },
        { x, y: y + height },
      ];
      this.viewports.set(marker, overflow === 'visible' || overflow === 'auto' ? null : ClipRegion.fromPolygons([[corners]]));
    }
    return this.viewports.get(marker)!;
  }
}

/** The paints of the path a marker decorates, as SVGLoader resolved them. */
interface HostStyle {
  fill?: string;
  stroke?: string;
}

/** How a marker's content maps to its viewport: the scale of its viewBox, the reference point, the viewport in content units. */
interface MarkerLayout {
  scaleX: number;
  scaleY: number;
  refX: number;
  refY: number;
  viewport: { x: number; y: number; width: number; height: number };
}

/** A marker's viewBox fitted into markerWidth × markerHeight as preserveAspectRatio says; null where it draws nothing. */
function markerLayout(marker: Element): MarkerLayout | null {
  const width = numberOf(marker.getAttribute('markerWidth'), DEFAULT_MARKER_SIZE);
  const height = numberOf(marker.getAttribute('markerHeight'), DEFAULT_MARKER_SIZE);
  if (!(width > 0) || !(height > 0)) return null;
  const refX = numberOf(marker.getAttribute('refX'), 0);
  const refY = numberOf(marker.getAttribute('refY'), 0);
  const box = (marker.getAttribute('viewBox') ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
  if (box.length !== 4 || !box.every(Number.isFinite)) return { scaleX: 1, scaleY: 1, refX, refY, viewport: { x: 0, y: 0, width, height } };
  const [bx, by, bw, bh] = box;
  if (!(bw > 0) || !(bh > 0)) return null;
  const aspect = (marker.getAttribute('preserveAspectRatio') ?? '').trim();
  let scaleX = width / bw;
  let scaleY = height / bh;
  if (!aspect.startsWith('none')) scaleX = scaleY = /slice/.test(aspect) ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
  // The viewport in content units: the viewBox grown (meet) or shrunk (slice) about its alignment.
  const align = /x(Min|Mid|Max)Y(Min|Mid|Max)/.exec(aspect) ?? ['', 'Mid', 'Mid'];
  const share = (where: string) => (where === 'Min' ? 0 : where === 'Max' ? 1 : 0.5);
  const viewWidth = width / scaleX;
  const viewHeight = height / scaleY;
  const viewport = { x: bx - (viewWidth - bw) * share(align[1]), y: by - (viewHeight - bh) * share(align[2]), width: viewWidth, height: viewHeight };
  return { scaleX, scaleY, refX, refY, viewport };
}

/** A marker's angle at a vertex (radians, in user space): orient auto follows the path, auto-start-reverse turns the start back. */
function orientation(orient: string | null, vertex: PathVertex, isStart: boolean): number {
  const value = (orient ?? '').trim();
  if (value === 'auto' || value === 'auto-start-reverse') {
    const direction = bisector(vertex.incoming, vertex.outgoing);
    const angle = direction ? Math.atan2(direction.y, direction.x) : 0;
    return value === 'auto-start-reverse' && isStart ? angle + Math.PI : angle;
  }
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(deg|rad|grad|turn)?$/i.exec(value);
  if (!match) return 0;
  const number = Number(match[1]);
  const unit = (match[2] ?? 'deg').toLowerCase();
  return unit === 'rad' ? number : unit === 'grad' ? (number * Math.PI) / 200 : unit === 'turn' ? number * 2 * Math.PI : (number * Math.PI) / 180;
}

/** The direction halfway between the incoming and outgoing ones; the one there is at an end; the incoming where they are opposite. */
function bisector(incoming: Point2 | null, outgoing: Point2 | null): Point2 | null {
  const a = unit(incoming);
  const b = unit(outgoing);
  if (!a || !b) return a ?? b;
  const sum = { x: a.x + b.x, y: a.y + b.y };
  return Math.hypot(sum.x, sum.y) > 1e-9 ? sum : a;
}

function unit(v: Point2 | null): Point2 | null {
  const length = v ? Math.hypot(v.x, v.y) : 0;
  return v && length > 0 && Number.isFinite(length) ? { x: v.x / length, y: v.y / length } : null;
}

/**
 * The vertices of a path, subpath after subpath: where each starts, where each segment (line or curve) ends,
 * and for a closed subpath the end of its closing line, back at its start; with the directions the path
 * comes in and goes out along there (a closed subpath's start comes in along its closing line).
 */
export function pathVertices(path: ShapePath): PathVertex[] {
  const vertices: PathVertex[] = [];
  for (const subPath of path.subPaths) {
    const curves = subPath.curves as Curve<Vector2>[];
    if (curves.length === 0) continue;
    const first = curves[0].getPoint(0);
    const start: PathVertex = { point: { x: first.x, y: first.y }, incoming: null, outgoing: tangent(curves[0], 0) };
    const list = [start];
    curves.forEach((curve, k) => {
      const end = curve.getPoint(1);
      list.push({ point: { x: end.x, y: end.y }, incoming: tangent(curve, 1), outgoing: k + 1 < curves.length ? tangent(curves[k + 1], 0) : null });
    });
    if (subPath.autoClose) {
      const last = list[list.length - 1];
      const closing = { x: first.x - last.point.x, y: first.y - last.point.y };
      if (Math.hypot(closing.x, closing.y) > SAME_POINT) {
        last.outgoing = closing;
        list.push({ point: { x: first.x, y: first.y }, incoming: closing, outgoing: start.outgoing });
      } else {
        last.outgoing = start.outgoing;
      }
      start.incoming = list[list.length - 1].incoming;
    }
    vertices.push(...list);
  }
  return vertices;
}

function tangent(curve: Curve<Vector2>, t: number): Point2 | null {
  const v = curve.getTangent(t);
  return unit({ x: v.x, y: v.y });
}

/** A vertex of the root's user space in the element's (directions through the linear part). */
function inUserSpace(vertex: PathVertex, m: Affine2): PathVertex {
  const direction = (v: Point2 | null) => (v ? { x: m[0] * v.x + m[2] * v.y, y: m[1] * v.x + m[3] * v.y } : null);
  const { x, y } = vertex.point;
  return { point: { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] }, incoming: direction(vertex.incoming), outgoing: direction(vertex.outgoing) };
}

/** The stroke width in the element's user space (SVGLoader gives it scaled by the element's transforms). */
function userStrokeWidth(path: ShapePath): number {
  const width = (path.userData?.style as { strokeWidth?: number } | undefined)?.strokeWidth ?? 1;
  const te = (path.userData?.transform as { elements?: number[] } | undefined)?.elements;
  const scale = te ? Math.sqrt(Math.abs(te[0] * te[4] - te[1] * te[3])) : 1;
  return scale > 0 ? width / scale : width;
}

/** The marker a property (or the marker shorthand) names on the element or the nearest ancestor that sets it; null for none. */
function markerOf(element: Element, property: string): Element | null {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const value = styleOf(e, property) || styleOf(e, 'marker');
    if (!value || value === 'inherit') continue;
    const id = urlOf(value);
    const target = id ? element.ownerDocument.getElementById(id) : null;
    return target?.localName === 'marker' ? target : null;
  }
  return null;
}

/** A marker's shape with context-stroke and context-fill replaced by the decorated path's paints. */
function withContextPaints(path: ShapePath, host: HostStyle): ShapePath {
  const style = (path.userData?.style ?? {}) as HostStyle;
  const resolve = (paint: string | undefined) => (paint === `url(#${CONTEXT_PAINT}stroke)` ? host.stroke : paint === `url(#${CONTEXT_PAINT}fill)` ? host.fill : paint);
  if (resolve(style.fill) === style.fill && resolve(style.stroke) === style.stroke) return path;
  const resolved = new ShapePath();
  resolved.subPaths = path.subPaths;
  resolved.userData = { ...path.userData, style: { ...style, fill: resolve(style.fill), stroke: resolve(style.stroke) } };
  return resolved;
}

function numberOf(value: string | null, fallback: number): number {
  const number = parseFloat(value ?? '');
  return Number.isFinite(number) ? number : fallback;
}
