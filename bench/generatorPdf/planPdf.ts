import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { generateDxfSheet, type SheetOptions } from '../generator2d/generateDxf.js';
import { type DxfDrawing, type DxfRecord, number, readDxfRecords, value } from './dxfRecords.js';

/** A0 landscape, in points. */
const PAGE = { width: 3370.39, height: 2383.94, margin: 36 };
const PT_PER_MM = 72 / 25.4;
/** ACI colours the generator's layers use (7 is black on a white sheet). */
const ACI: Record<number, [number, number, number]> = { 1: [1, 0, 0], 2: [1, 1, 0], 3: [0, 0.6, 0], 4: [0, 0.7, 0.7], 5: [0, 0, 1], 6: [1, 0, 1], 7: [0, 0, 0], 8: [0.5, 0.5, 0.5], 9: [0.75, 0.75, 0.75], 254: [0.75, 0.75, 0.75] };

export interface PlanPdf {
  bytes: Uint8Array;
  entities: number;
  /** Path and text operators written (a block reference's contents counted each time). */
  drawn: number;
  /** Plan millimetres per paper millimetre (the plot's scale, 1:n). */
  scale: number;
  layers: number;
}

/**
 * The bench's floor-plan sheet (bench/generator2d, the same seed and entity count) as an AutoCAD-like PDF
 * plot: one A0 landscape page, the plan scaled to fit, every DXF layer an optional content group (its
 * colour and lineweight as the plot's pen), lines and polylines as paths (bulges, arcs and circles as
 * Bézier curves), SOLIDs and solid hatches as fills, ANSI31 hatches as their 45° lines clipped to the
 * boundary, block references as `q cm … Q` around the block's paths, dimensions as their *D blocks, text in
 * Helvetica. The content stream is Flate-compressed. Deterministic: the same options give the same bytes.
 */
export async function generatePlanPdf(options: SheetOptions): Promise<PlanPdf> {
  const sheet = generateDxfSheet(options);
  const drawing = readDxfRecords(sheet.chunks);
  const { width, height } = sheet.figures;
  const k = Math.min((PAGE.width - 2 * PAGE.margin) / (width + 400), (PAGE.height - 2 * PAGE.margin) / (height + 400));
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Floor plan, ${sheet.entities} entities (seed ${options.seed})`);
  doc.setProducer('design-viewer bench/generatorPdf');
  doc.setCreator('design-viewer bench/generatorPdf');
  const zero = new Date(0);
  doc.setCreationDate(zero);
  doc.setModificationDate(zero);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const fontKey = page.node.newFontDictionary('Helv', font.ref);

  // The layers: one optional content group each, all on.
  const layerNames = [...drawing.layers.keys()];
  const ocgRefs = layerNames.map((name) => doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of(name) })));
  const properties = doc.context.obj(Object.fromEntries(layerNames.map((_, i) => [`L${i}`, ocgRefs[i]])));
  page.node.Resources()!.set(PDFName.of('Properties'), properties);
  doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: ocgRefs, D: { Order: ocgRefs, ON: ocgRefs, BaseState: 'ON' } }));

  const writer = new ContentWriter(drawing, k, (text, size) => font.widthOfTextAtSize(text, size), fontKey.asString());
  const content: string[] = [`${f(k)} 0 0 ${f(k)} ${f(PAGE.margin + 200 * k)} ${f(PAGE.margin + 200 * k)} cm 1 J 1 j\n`];
  let layer = '';
  for (const entity of drawing.entities) {
    if (entity.layer !== layer) {
      if (layer) content.push('EMC\n');
      layer = entity.layer;
      content.push(`/OC /L${layerNames.indexOf(layer)} BDC ${writer.pen(layer)}\n`);
    }
    content.push(writer.entity(entity, layer));
  }
  if (layer) content.push('EMC\n');
  const stream = doc.context.flateStream(content.join(''));
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, entities: sheet.entities, drawn: writer.drawn, scale: 1 / (k / PT_PER_MM), layers: layerNames.length };
}

type Pt = [number, number];

/** Writes DXF records as content-stream operators, in plan millimetres (the page's `cm` scales them). */
class ContentWriter {
  drawn = 0;
  private readonly blockBodies = new Map<string, string>();

  constructor(private readonly drawing: DxfDrawing, private readonly k: number, private readonly textWidth: (text: string, size: number) => number, private readonly fontKey: string) {}

  /** A layer's pen: its colour for strokes and fills, its lineweight (as plotted, in paper mm) in plan units. */
  pen(layer: string): string {
    const { colour, weight } = this.drawing.layers.get(layer) ?? { colour: 7, weight: -3 };
    const [r, g, b] = ACI[colour] ?? [0, 0, 0];
    const paperMm = weight > 0 ? weight / 100 : 0.25;
    return `${f(r)} ${f(g)} ${f(b)} RG ${f(r)} ${f(g)} ${f(b)} rg ${f((paperMm * PT_PER_MM) / this.k)} w`;
  }

  entity(e: DxfRecord, layer: string): string {
    this.drawn++;
    switch (e.type) {
      case 'LINE':
        return `${p(number(e, 10), number(e, 20))} m ${p(number(e, 11), number(e, 21))} l S\n`;
      case 'LWPOLYLINE':
        return `${polyline(e)} S\n`;
      case 'CIRCLE': {
        const [cx, cy, r] = [number(e, 10), number(e, 20), number(e, 40)];
        return `${p(cx + r, cy)} m ${arc(cx, cy, r, 0, 2 * Math.PI)} h S\n`;
      }
      case 'ARC': {
        const [cx, cy, r] = [number(e, 10), number(e, 20), number(e, 40)];
        const a0 = (number(e, 50) * Math.PI) / 180;
        let sweep = (number(e, 51) * Math.PI) / 180 - a0;
        if (sweep <= 0) sweep += 2 * Math.PI;
        return `${p(cx + r * Math.cos(a0), cy + r * Math.sin(a0))} m ${arc(cx, cy, r, a0, sweep)} S\n`;
      }
      case 'SOLID': {
        const c = [10, 11, 12, 13].map((code): Pt => [number(e, code), number(e, code + 10)]);
        // DXF's zigzag corner order: 1, 2, 4, 3 round the outline.
        return `${p(...c[0])} m ${p(...c[1])} l ${p(...c[3])} l ${p(...c[2])} l h f\n`;
      }
      case 'TEXT':
        return this.text(e);
      case 'HATCH':
        return hatch(e);
      case 'INSERT': {
        const a = ((number(e, 50) * Math.PI) / 180);
        const [sx, sy] = [number(e, 41, 1), number(e, 42, 1)];
        const [cos, sin] = [Math.cos(a), Math.sin(a)];
        const matrix = [sx * cos, sx * sin, -sy * sin, sy * cos, number(e, 10), number(e, 20)].map(f).join(' ');
        return `q ${matrix} cm\n${this.block(value(e, 2)!, layer)}Q\n`;
      }
      case 'DIMENSION':
        return this.block(value(e, 2)!, layer);
      default:
        this.drawn--;
        return '';
    }
  }

  /** A block's contents (its layer-0 entities take the reference's pen, which is already set). */
  private block(name: string, layer: string): string {
    let body = this.blockBodies.get(name);
    if (body === undefined) {
      const drawnBefore = this.drawn;
      body = (this.drawing.blocks.get(name) ?? []).map((e) => this.entity(e, layer)).join('');
      // Counted where it is drawn, below.
      this.blockCounts.set(name, this.drawn - drawnBefore);
      this.drawn = drawnBefore;
      // The anonymous *D blocks are drawn once each: no need to keep them.
      if (!name.startsWith('*')) this.blockBodies.set(name, body);
    }
    this.drawn += this.blockCounts.get(name) ?? 0;
    return body;
  }

  private readonly blockCounts = new Map<string, number>();

  /** A TEXT centred on its point (72 = 1, 73 = 2), in Helvetica, its cap height the DXF height. */
  private text(e: DxfRecord): string {
    const text = value(e, 1) ?? '';
    const size = number(e, 40) / 0.718;
    const at: Pt = [number(e, 11, number(e, 10)), number(e, 21, number(e, 20))];
    const a = (number(e, 50) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(a), Math.sin(a)];
    const [dx, dy] = [-this.textWidth(text, size) / 2, -number(e, 40) / 2];
    const origin: Pt = [at[0] + dx * cos - dy * sin, at[1] + dx * sin + dy * cos];
    const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
    return `BT ${this.fontKey} ${f(size)} Tf ${[cos, sin, -sin, cos].map(f).join(' ')} ${p(...origin)} Tm (${escaped}) Tj ET\n`;
  }
}

/** An LWPOLYLINE's path: straight segments, and its bulges as Bézier arcs; closed with `h`. */
function polyline(e: DxfRecord): string {
  const vertices: (Pt & { bulge?: number })[] = [];
  for (const [code, text] of e.pairs) {
    if (code === 10) vertices.push([Number(text), 0]);
    else if (code === 20) vertices[vertices.length - 1][1] = Number(text);
    else if (code === 42) vertices[vertices.length - 1].bulge = Number(text);
  }
  const closed = (number(e, 70) & 1) === 1;
  const parts = [`${p(vertices[0][0], vertices[0][1])} m`];
  const count = closed ? vertices.length : vertices.length - 1;
  for (let i = 0; i < count; i++) {
    const a = vertices[i];
    const b = vertices[(i + 1) % vertices.length];
    parts.push(a.bulge ? bulgeArc(a, b, a.bulge) : `${p(b[0], b[1])} l`);
  }
  if (closed) parts.push('h');
  return parts.join(' ');
}

/** The arc from a to b of a DXF bulge (tan of a quarter of its included angle; > 0 counter-clockwise). */
function bulgeArc(a: Pt, b: Pt, bulge: number): string {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const chord = Math.hypot(dx, dy);
  const toCentre = (chord * (1 - bulge * bulge)) / (4 * bulge);
  const cx = (a[0] + b[0]) / 2 - (dy / chord) * toCentre;
  const cy = (a[1] + b[1]) / 2 + (dx / chord) * toCentre;
  return arc(cx, cy, Math.hypot(a[0] - cx, a[1] - cy), Math.atan2(a[1] - cy, a[0] - cx), 4 * Math.atan(bulge));
}

/** Bézier curves (`c`) along a circle from angle a0 through `sweep` (signed), from the current point. */
function arc(cx: number, cy: number, r: number, a0: number, sweep: number): string {
  const n = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
  const step = sweep / n;
  const h = (4 / 3) * Math.tan(step / 4);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const [s, t] = [a0 + i * step, a0 + (i + 1) * step];
    const [c0, s0, c1, s1] = [Math.cos(s), Math.sin(s), Math.cos(t), Math.sin(t)];
    parts.push(`${p(cx + r * (c0 - h * s0), cy + r * (s0 + h * c0))} ${p(cx + r * (c1 + h * s1), cy + r * (s1 - h * c1))} ${p(cx + r * c1, cy + r * s1)} c`);
  }
  return parts.join(' ');
}

/** A HATCH over its one polyline boundary: SOLID filled; ANSI31 as 45° lines 3.175 × scale apart, clipped to it. */
function hatch(e: DxfRecord): string {
  const boundary: Pt[] = [];
  let inBoundary = false;
  for (const [code, text] of e.pairs) {
    if (code === 93) inBoundary = true;
    else if (code === 97) inBoundary = false;
    else if (inBoundary && code === 10) boundary.push([Number(text), 0]);
    else if (inBoundary && code === 20) boundary[boundary.length - 1][1] = Number(text);
  }
  const outline = `${boundary.map((q, i) => `${p(...q)} ${i ? 'l' : 'm'}`).join(' ')} h`;
  if (value(e, 2) === 'SOLID') return `${outline} f\n`;
  const spacing = 3.175 * number(e, 41, 1);
  const xs = boundary.map((q) => q[0]);
  const ys = boundary.map((q) => q[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Lines x − y = c, c stepping by spacing·√2 over the box (the pattern's origin at 0, 0).
  const step = spacing * Math.SQRT2;
  const lines: string[] = [];
  for (let c = Math.ceil((x0 - y1) / step) * step; c <= x1 - y0; c += step) lines.push(`${p(y0 + c, y0)} m ${p(y1 + c, y1)} l`);
  return `q ${outline} W n ${lines.join(' ')} S Q\n`;
}

/** A coordinate pair in plan millimetres, one decimal. */
function p(x: number, y: number): string {
  return `${f(x, 1)} ${f(y, 1)}`;
}

/** A number with at most `digits` decimals, no trailing zeros, never "-0". */
function f(v: number, digits = 4): string {
  const scale = 10 ** digits;
  const rounded = Math.round(v * scale) / scale;
  return rounded === 0 ? '0' : String(rounded);
}
