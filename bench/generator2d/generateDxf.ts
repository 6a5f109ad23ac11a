import { DxfWriter, draw } from './dxfWriter.js';
import { type PlanFigures, writeFloorPlan } from './floorPlan.js';

export interface SheetOptions {
  seed: number;
  /** Top-level entities in ENTITIES (block contents not counted): the sheet has exactly this many. */
  entities: number;
}

/** The bench's sheets (issue 32): 10k, 100k and 1M top-level entities. */
export const SHEET_SIZES: Record<'10k' | '100k' | '1M', SheetOptions> = {
  '10k': { seed: 32, entities: 10_000 },
  '100k': { seed: 33, entities: 100_000 },
  '1M': { seed: 34, entities: 1_000_000 },
};

export interface GeneratedSheet {
  /** The file's text in order, in chunks of about 64 KiB (a 1M sheet is too long for one string). */
  chunks: string[];
  bytes: number;
  entities: number;
  figures: PlanFigures;
}

/** name, ACI colour, lineweight (1/100 mm). */
const LAYERS: [string, number, number][] = [
  ['0', 7, -3],
  ['A-WALL', 7, 50],
  ['A-COLS', 8, 35],
  ['A-DOOR', 1, 18],
  ['A-FURN', 3, 13],
  ['A-HATCH', 8, 9],
  ['A-FLOR', 254, 9],
  ['A-DIMS', 5, 13],
  ['A-TEXT', 7, 18],
];

/**
 * A floor-plan sheet as ASCII DXF R2000 (AC1015), millimetres ($INSUNITS 4): HEADER, TABLES (LTYPE,
 * LAYER with colours and lineweights, STYLE), BLOCKS (DOOR, DESK, CHAIR, TABLE, CABINET and one *D
 * block per dimension) and ENTITIES (see writeFloorPlan). Deterministic: the same options give the
 * same text.
 */
export function generateDxfSheet(options: SheetOptions): GeneratedSheet {
  const handles = { next: 0x100 };
  const entityChunks: string[] = [];
  const blockChunks: string[] = [];
  const entities = new DxfWriter((c) => entityChunks.push(c), handles);
  const blocks = entities.sibling((c) => blockChunks.push(c));
  writeBlocks(blocks);
  const target = { entities, blocks, remaining: options.entities };
  const figures = writeFloorPlan(target, options.seed);
  entities.flush();
  blocks.flush();

  const headChunks: string[] = [];
  const head = entities.sibling((c) => headChunks.push(c));
  head.groups(0, 'SECTION', 2, 'HEADER', 9, '$ACADVER', 1, 'AC1015', 9, '$INSUNITS', 70, 4, 9, '$MEASUREMENT', 70, 1);
  head.groups(9, '$EXTMIN', 10, -200, 20, -200, 30, 0, 9, '$EXTMAX', 10, figures.width + 200, 20, figures.height + 200, 30, 0);
  head.groups(9, '$LTSCALE', 40, 1, 9, '$DIMSCALE', 40, 1, 9, '$DIMASZ', 40, 150, 9, '$HANDSEED', 5, (handles.next + 16).toString(16).toUpperCase(), 0, 'ENDSEC');
  writeTables(head);
  head.groups(0, 'SECTION', 2, 'BLOCKS');
  head.flush();
  const tailChunks: string[] = [];
  const tail = entities.sibling((c) => tailChunks.push(c));
  tail.groups(0, 'ENDSEC', 0, 'SECTION', 2, 'ENTITIES');
  tail.flush();
  const end = '0\nENDSEC\n0\nEOF\n';
  const chunks = [...headChunks, ...blockChunks, ...tailChunks, ...entityChunks, end];
  let bytes = 0;
  for (const chunk of chunks) bytes += chunk.length;
  return { chunks, bytes, entities: options.entities - target.remaining, figures };
}

function writeTables(w: DxfWriter): void {
  w.groups(0, 'SECTION', 2, 'TABLES');
  w.groups(0, 'TABLE', 2, 'LTYPE', 5, w.handle(), 100, 'AcDbSymbolTable', 70, 1);
  w.groups(0, 'LTYPE', 5, w.handle(), 100, 'AcDbSymbolTableRecord', 100, 'AcDbLinetypeTableRecord', 2, 'CONTINUOUS', 70, 0, 3, 'Solid line', 72, 65, 73, 0, 40, 0);
  w.groups(0, 'ENDTAB');
  w.groups(0, 'TABLE', 2, 'LAYER', 5, w.handle(), 100, 'AcDbSymbolTable', 70, LAYERS.length);
  for (const [name, colour, weight] of LAYERS) {
    w.groups(0, 'LAYER', 5, w.handle(), 100, 'AcDbSymbolTableRecord', 100, 'AcDbLayerTableRecord', 2, name, 70, 0, 62, colour, 6, 'CONTINUOUS', 370, weight);
  }
  w.groups(0, 'ENDTAB');
  w.groups(0, 'TABLE', 2, 'STYLE', 5, w.handle(), 100, 'AcDbSymbolTable', 70, 1);
  w.groups(0, 'STYLE', 5, w.handle(), 100, 'AcDbSymbolTableRecord', 100, 'AcDbTextStyleTableRecord', 2, 'STANDARD', 70, 0, 40, 0, 41, 1, 50, 0, 71, 0, 42, 2.5, 3, 'txt', 4, '');
  w.groups(0, 'ENDTAB', 0, 'ENDSEC');
}

/** The furniture and door blocks, drawn on layer 0 (so they take their reference's layer), base point at 0, 0. */
function writeBlocks(w: DxfWriter): void {
  const block = (name: string, body: () => void) => {
    w.groups(0, 'BLOCK', 5, w.handle(), 100, 'AcDbEntity', 8, '0', 100, 'AcDbBlockBegin', 2, name, 70, 0, 10, 0, 20, 0, 30, 0, 3, name, 1, '');
    body();
    w.groups(0, 'ENDBLK', 5, w.handle(), 100, 'AcDbEntity', 8, '0', 100, 'AcDbBlockEnd');
  };
  // A 1 m door leaf hinged at the origin, opening into +y, and its swing.
  block('DOOR', () => {
    draw.line(w, '0', { x: 0, y: 0 }, { x: 0, y: 1000 });
    draw.arc(w, '0', { x: 0, y: 0 }, 1000, 0, 90);
  });
  block('DESK', () => {
    draw.polyline(w, '0', [{ x: -800, y: -400 }, { x: 800, y: -400 }, { x: 800, y: 400 }, { x: -800, y: 400 }], true);
    draw.polyline(w, '0', [{ x: -250, y: 250 }, { x: 250, y: 250 }, { x: 250, y: 320 }, { x: -250, y: 320 }], true);
  });
  // A round seat and its curved back, facing -y.
  block('CHAIR', () => {
    draw.circle(w, '0', { x: 0, y: 0 }, 230);
    draw.polyline(w, '0', [{ x: -230, y: 200, bulge: 0.35 }, { x: 230, y: 200 }, { x: 230, y: 280, bulge: -0.35 }, { x: -230, y: 280 }], true);
  });
  block('TABLE', () => draw.circle(w, '0', { x: 0, y: 0 }, 600));
  block('CABINET', () => {
    draw.polyline(w, '0', [{ x: -500, y: -250 }, { x: 500, y: -250 }, { x: 500, y: 250 }, { x: -500, y: 250 }], true);
    draw.line(w, '0', { x: -500, y: -250 }, { x: 500, y: 250 });
    draw.line(w, '0', { x: -500, y: 250 }, { x: 500, y: -250 });
  });
}
