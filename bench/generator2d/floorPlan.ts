import { Prng } from '../generator/prng.js';
import { type DxfWriter, draw, num, type Pt } from './dxfWriter.js';

/** Wall thickness (mm): rooms are the grid's cells less half a wall on each side. */
const WALL = 200;
const COLUMN = 400;

type RoomKind = 'Office' | 'Meeting' | 'Store' | 'WC';
const KINDS: [RoomKind, number][] = [['Office', 0.55], ['Meeting', 0.2], ['Store', 0.12], ['WC', 0.13]];

/** Where the top-level entities go, and the blocks the dimensions need (written before ENTITIES). */
export interface PlanTarget {
  entities: DxfWriter;
  blocks: DxfWriter;
  /** Top-level entities still to write: the plan stops at exactly this many. */
  remaining: number;
}

export interface PlanFigures {
  rooms: number;
  columns: number;
  rows: number;
  dimensions: number;
  width: number;
  height: number;
}

/** Rough top-level entities per room, to size the grid. */
const ENTITIES_PER_ROOM = 10.5;

/**
 * A floor plan: a grid of rooms (column widths 3.6–6 m, row depths 3–5.4 m), each with its inner wall
 * face (an open LWPOLYLINE around the door opening, a quarter of them with a rounded corner: a bulge),
 * a column at its grid corner (outline and SOLID hatch), a door (INSERT of DOOR, some mirrored),
 * furniture by the room's kind (desks, chairs, a round table, cabinets), an ANSI31-hatched riser
 * (WC: a SOLID floor instead), its width as a DIMENSION with its own *D block, and two TEXT labels
 * (name and area). Row by row until `target.remaining` entities are written.
 */
export function writeFloorPlan(target: PlanTarget, seed: number): PlanFigures {
  const random = new Prng(seed);
  const rooms = Math.ceil(target.remaining / ENTITIES_PER_ROOM);
  const columns = Math.max(1, Math.ceil(Math.sqrt(rooms * 1.1)));
  const rows = Math.ceil(rooms / columns) + 2;
  const xs = gridLines(random, columns, 3600, 6000);
  const ys = gridLines(random, rows, 3000, 5400);
  const figures: PlanFigures = { rooms: 0, columns, rows: 0, dimensions: 0, width: xs[columns], height: 0 };
  const emit = (write: () => void) => {
    if (target.remaining <= 0) return false;
    write();
    target.remaining--;
    return true;
  };
  for (let r = 0; r < rows && target.remaining > 0; r++) {
    figures.rows = r + 1;
    figures.height = ys[r + 1];
    for (let c = 0; c < columns && target.remaining > 0; c++) {
      const box = { x0: xs[c] + WALL / 2, x1: xs[c + 1] - WALL / 2, y0: ys[r] + WALL / 2, y1: ys[r + 1] - WALL / 2 };
      figures.rooms++;
      writeRoom(target, emit, random, box, { x: xs[c], y: ys[r] }, `${r + 1}.${String(c + 1).padStart(3, '0')}`, figures);
    }
  }
  return figures;
}

function gridLines(random: Prng, count: number, min: number, max: number): number[] {
  const lines = [0];
  for (let i = 0; i < count; i++) lines.push(lines[i] + random.int(min / 300, max / 300) * 300);
  return lines;
}

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

function pickKind(random: Prng): RoomKind {
  let p = random.next();
  for (const [kind, share] of KINDS) if ((p -= share) < 0) return kind;
  return 'Office';
}

function writeRoom(target: PlanTarget, emit: (write: () => void) => boolean, random: Prng, box: Box, corner: Pt, number: string, figures: PlanFigures): void {
  const w = target.entities;
  const { x0, x1, y0, y1 } = box;
  const width = x1 - x0;
  const depth = y1 - y0;
  const kind = pickKind(random);
  const doorWidth = random.pick([800, 900, 1000]);
  const hinge = x0 + 150 + Math.round(random.range(0, width - doorWidth - 300) / 50) * 50;
  const rounded = random.chance(0.25);
  const mirrored = random.chance(0.5);

  // The WC's floor goes first so that everything else is drawn over it.
  if (kind === 'WC') emit(() => draw.hatch(w, 'A-FLOR', rect(x0, y0, x1, y1), { name: 'SOLID' }));
  // Inner wall face, from the door's far jamb round the room to its hinge side.
  const r = 450;
  const face: (Pt & { bulge?: number })[] = [{ x: hinge + doorWidth, y: y0 }, { x: x1, y: y0 }];
  if (rounded) face.push({ x: x1, y: y1 - r, bulge: Math.tan(Math.PI / 8) }, { x: x1 - r, y: y1 });
  else face.push({ x: x1, y: y1 });
  face.push({ x: x0, y: y1 }, { x: x0, y: y0 }, { x: hinge, y: y0 });
  emit(() => draw.polyline(w, 'A-WALL', face, false));
  // The column at the grid corner: its outline and a solid fill.
  const column = rect(corner.x - COLUMN / 2, corner.y - COLUMN / 2, corner.x + COLUMN / 2, corner.y + COLUMN / 2);
  emit(() => draw.polyline(w, 'A-COLS', column, true));
  emit(() => draw.hatch(w, 'A-COLS', column, { name: 'SOLID' }));
  const doorScale = doorWidth / 1000;
  emit(() => draw.insert(w, 'A-DOOR', 'DOOR', { x: mirrored ? hinge + doorWidth : hinge, y: y0 }, mirrored ? -doorScale : doorScale, doorScale, 0));
  writeFurniture(w, emit, random, kind, box);
  if (kind !== 'WC') {
    const riser = rect(x0, y1 - 400 - random.int(0, 4) * 50, x0 + 600 + random.int(0, 4) * 100, y1);
    emit(() => draw.hatch(w, 'A-HATCH', riser, { name: 'ANSI31', scale: 10 }));
  }
  if (emit(() => writeDimension(target, `*D${figures.dimensions + 1}`, x0, x1, y1))) figures.dimensions++;
  const label = { x: (x0 + x1) / 2, y: y0 + depth * 0.3 };
  emit(() => draw.text(w, 'A-TEXT', label, 250, `${kind} ${number}`));
  emit(() => draw.text(w, 'A-TEXT', { x: label.x, y: label.y - 350 }, 180, `${((width * depth) / 1e6).toFixed(1)} m2`));
}

function writeFurniture(w: DxfWriter, emit: (write: () => void) => boolean, random: Prng, kind: RoomKind, box: Box): void {
  const { x0, x1, y0, y1 } = box;
  const width = x1 - x0;
  const depth = y1 - y0;
  const put = (block: string, x: number, y: number, rotation: number) => emit(() => draw.insert(w, 'A-FURN', block, { x, y }, 1, 1, rotation));
  switch (kind) {
    case 'Office': {
      const desks = width >= 4800 ? [x0 + width * 0.3, x0 + width * 0.72] : [x0 + width * 0.6];
      const y = y1 - 1300;
      for (const x of desks) {
        put('DESK', x, y, 0);
        put('CHAIR', x + random.int(-2, 2) * 50, y - 700, random.int(-15, 15));
      }
      break;
    }
    case 'Meeting': {
      const c = { x: x0 + width / 2, y: y0 + depth * 0.62 };
      put('TABLE', c.x, c.y, 0);
      for (let i = 0; i < 4; i++) {
        const a = (i * Math.PI) / 2;
        put('CHAIR', c.x + Math.cos(a) * 850, c.y + Math.sin(a) * 850, (i * 90 + 270) % 360);
      }
      break;
    }
    case 'Store':
      put('CABINET', x1 - 350, y0 + depth * 0.35, 90);
      put('CABINET', x1 - 350, y0 + depth * 0.7, 90);
      break;
    case 'WC':
      break;
  }
}

/**
 * A horizontal DIMENSION of the room's width along its top wall, with its anonymous *D block holding
 * what it draws (two extension lines, the dimension line, two arrowheads as SOLIDs, the value).
 */
function writeDimension(target: PlanTarget, name: string, x0: number, x1: number, wallY: number): void {
  const b = target.blocks;
  const y = wallY - 350;
  const arrow = 150;
  const value = Math.round(x1 - x0);
  b.groups(0, 'BLOCK', 5, b.handle(), 100, 'AcDbEntity', 8, 'A-DIMS', 100, 'AcDbBlockBegin', 2, name, 70, 1, 10, 0, 20, 0, 30, 0, 3, name, 1, '');
  draw.line(b, '0', { x: x0, y: wallY - 50 }, { x: x0, y: y - 150 });
  draw.line(b, '0', { x: x1, y: wallY - 50 }, { x: x1, y: y - 150 });
  draw.line(b, '0', { x: x0, y }, { x: x1, y });
  draw.solid(b, '0', [{ x: x0, y }, { x: x0 + arrow, y: y + arrow / 6 }, { x: x0 + arrow, y: y - arrow / 6 }, { x: x0 + arrow, y: y - arrow / 6 }]);
  draw.solid(b, '0', [{ x: x1, y }, { x: x1 - arrow, y: y + arrow / 6 }, { x: x1 - arrow, y: y - arrow / 6 }, { x: x1 - arrow, y: y - arrow / 6 }]);
  draw.text(b, '0', { x: (x0 + x1) / 2, y: y + 120 }, 150, String(value));
  b.groups(0, 'ENDBLK', 5, b.handle(), 100, 'AcDbEntity', 8, 'A-DIMS', 100, 'AcDbBlockEnd');

  const w = target.entities;
  w.entity('DIMENSION', 'A-DIMS', 'AcDbDimension');
  w.groups(2, name, 10, x1, 20, y, 30, 0, 11, (x0 + x1) / 2, 21, y + 120, 31, 0, 70, 32, 3, 'STANDARD', 42, num(value));
  w.groups(100, 'AcDbAlignedDimension', 13, x0, 23, wallY, 33, 0, 14, x1, 24, wallY, 34, 0, 50, 0, 100, 'AcDbRotatedDimension');
}

function rect(x0: number, y0: number, x1: number, y1: number): Pt[] {
  return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
}
