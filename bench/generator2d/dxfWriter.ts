/**
 * ASCII DXF group writer: `code\nvalue\n` pairs gathered into chunks of about 64 KiB, handed to a sink, so
 * a sheet of a million entities (some 300 MB of text) is never one string. Numbers are written with at
 * most one decimal (drawing units are millimetres): shorter files, same drawing.
 */
export class DxfWriter {
  private parts: string[] = [];
  private length = 0;

  /** Writers of one file share `handles`, so that every handle is unique in it. */
  constructor(private readonly sink: (chunk: string) => void, private readonly handles = { next: 0x100 }) {}

  /** A new entity handle (group 5), unique in the file. */
  handle(): string {
    return (this.handles.next++).toString(16).toUpperCase();
  }

  /** A writer to another sink that draws handles from the same sequence. */
  sibling(sink: (chunk: string) => void): DxfWriter {
    return new DxfWriter(sink, this.handles);
  }

  /** Groups given as code, value, code, value, … */
  groups(...pairs: (string | number)[]): void {
    let text = '';
    for (let i = 0; i < pairs.length; i += 2) text += `${pairs[i]}\n${typeof pairs[i + 1] === 'number' ? num(pairs[i + 1] as number) : pairs[i + 1]}\n`;
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= 65536) this.flush();
  }

  /** An entity's common groups: type, handle, layer (its colour and linetype BYLAYER). */
  entity(type: string, layer: string, subclass: string): void {
    this.groups(0, type, 5, this.handle(), 100, 'AcDbEntity', 8, layer, 100, subclass);
  }

  flush(): void {
    if (this.parts.length) this.sink(this.parts.join(''));
    this.parts = [];
    this.length = 0;
  }
}

/** A number with at most one decimal, no trailing zeros, never "-0". */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return rounded === 0 ? '0' : String(rounded);
}

/** Angles are written with three decimals (degrees). */
export function angle(degrees: number): string {
  const rounded = Math.round(degrees * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

export interface Pt {
  x: number;
  y: number;
}

/** The DXF entities the generator writes, each on a layer (colour and linetype BYLAYER). */
export const draw = {
  line(w: DxfWriter, layer: string, a: Pt, b: Pt): void {
    w.entity('LINE', layer, 'AcDbLine');
    w.groups(10, a.x, 20, a.y, 30, 0, 11, b.x, 21, b.y, 31, 0);
  },
  /** Vertices with an optional bulge (tan of a quarter of the arc's angle, to the next vertex). */
  polyline(w: DxfWriter, layer: string, vertices: (Pt & { bulge?: number })[], closed: boolean): void {
    w.entity('LWPOLYLINE', layer, 'AcDbPolyline');
    w.groups(90, vertices.length, 70, closed ? 1 : 0, 43, 0);
    for (const v of vertices) {
      w.groups(10, v.x, 20, v.y);
      if (v.bulge) w.groups(42, v.bulge.toFixed(4));
    }
  },
  circle(w: DxfWriter, layer: string, c: Pt, radius: number): void {
    w.entity('CIRCLE', layer, 'AcDbCircle');
    w.groups(10, c.x, 20, c.y, 30, 0, 40, radius);
  },
  arc(w: DxfWriter, layer: string, c: Pt, radius: number, startDeg: number, endDeg: number): void {
    w.entity('ARC', layer, 'AcDbCircle');
    w.groups(10, c.x, 20, c.y, 30, 0, 40, radius, 100, 'AcDbArc', 50, angle(startDeg), 51, angle(endDeg));
  },
  /** A filled triangle or quadrilateral (corners in the DXF's zigzag order; a triangle repeats its last). */
  solid(w: DxfWriter, layer: string, p: [Pt, Pt, Pt, Pt]): void {
    w.entity('SOLID', layer, 'AcDbTrace');
    w.groups(10, p[0].x, 20, p[0].y, 30, 0, 11, p[1].x, 21, p[1].y, 31, 0, 12, p[2].x, 22, p[2].y, 32, 0, 13, p[3].x, 23, p[3].y, 33, 0);
  },
  /** Single-line text centred (horizontally and vertically) on a point. */
  text(w: DxfWriter, layer: string, at: Pt, height: number, text: string, rotationDeg = 0): void {
    w.entity('TEXT', layer, 'AcDbText');
    w.groups(10, at.x, 20, at.y, 30, 0, 40, height, 1, text);
    if (rotationDeg) w.groups(50, angle(rotationDeg));
    w.groups(72, 1, 11, at.x, 21, at.y, 31, 0, 100, 'AcDbText', 73, 2);
  },
  insert(w: DxfWriter, layer: string, block: string, at: Pt, scaleX: number, scaleY: number, rotationDeg: number): void {
    w.entity('INSERT', layer, 'AcDbBlockReference');
    w.groups(2, block, 10, at.x, 20, at.y, 30, 0);
    if (scaleX !== 1) w.groups(41, scaleX.toFixed(3));
    if (scaleY !== 1) w.groups(42, scaleY.toFixed(3));
    if (rotationDeg) w.groups(50, angle(rotationDeg));
  },
  /**
   * A HATCH over one closed polyline boundary: SOLID, or ANSI31 (45° lines 3.175 apart in the pattern's
   * units) at a scale, its one pattern line written already rotated and scaled into the drawing, as
   * AutoCAD writes it (what both readers expect: groups 53, 43–46, 79).
   */
  hatch(w: DxfWriter, layer: string, boundary: Pt[], pattern: { name: 'SOLID' } | { name: 'ANSI31'; scale: number }): void {
    const solid = pattern.name === 'SOLID';
    w.entity('HATCH', layer, 'AcDbHatch');
    w.groups(10, 0, 20, 0, 30, 0, 210, 0, 220, 0, 230, 1, 2, pattern.name, 70, solid ? 1 : 0, 71, 0);
    w.groups(91, 1, 92, 3, 72, 0, 73, 1, 93, boundary.length);
    for (const p of boundary) w.groups(10, p.x, 20, p.y);
    w.groups(97, 0, 75, 1, 76, 1);
    if (pattern.name === 'ANSI31') {
      const spacing = 3.175 * pattern.scale;
      const s = Math.SQRT1_2 * spacing;
      // Offset from one line to the next: (0, spacing) in the line's frame, rotated by 45°.
      w.groups(52, 0, 41, pattern.scale, 77, 0, 78, 1, 53, 45, 43, 0, 44, 0, 45, (-s).toFixed(4), 46, s.toFixed(4), 79, 0);
    }
    w.groups(98, 1, 10, boundary[0].x, 20, boundary[0].y);
  },
};
