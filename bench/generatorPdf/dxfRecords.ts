/**
 * Reads back the floor-plan DXF that bench/generator2d writes (its own, regular ASCII output, not DXF in
 * general): the LAYER table, the BLOCKS and the ENTITIES, each record as its type and its group pairs in order.
 */
export interface DxfRecord {
  type: string;
  layer: string;
  /** Group code, value, in file order (a record's first `0` group left out). */
  pairs: [number, string][];
}

export interface DxfLayer {
  /** AutoCAD colour index. */
  colour: number;
  /** Lineweight in 1/100 mm (negative: the default). */
  weight: number;
}

export interface DxfDrawing {
  layers: Map<string, DxfLayer>;
  blocks: Map<string, DxfRecord[]>;
  entities: DxfRecord[];
}

export function readDxfRecords(chunks: string[]): DxfDrawing {
  const drawing: DxfDrawing = { layers: new Map(), blocks: new Map(), entities: [] };
  let section = '';
  let block: DxfRecord[] | null = null;
  let record: DxfRecord | null = null;
  const finish = () => {
    if (!record) return;
    const r = record;
    record = null;
    if (r.type === 'SECTION') section = value(r, 2) ?? '';
    else if (r.type === 'LAYER' && section === 'TABLES') drawing.layers.set(value(r, 2)!, { colour: Number(value(r, 62) ?? 7), weight: Number(value(r, 370) ?? -3) });
    else if (r.type === 'BLOCK') drawing.blocks.set(value(r, 2)!, (block = []));
    else if (r.type === 'ENDBLK') block = null;
    else if (section === 'BLOCKS' && block) block.push(r);
    else if (section === 'ENTITIES' && r.type !== 'ENDSEC') drawing.entities.push(r);
  };
  // Chunks end on a whole group (the writer flushes whole groups): a pair never straddles two.
  for (const chunk of chunks) {
    const lines = chunk.split('\n');
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const code = Number(lines[i]);
      const text = lines[i + 1];
      if (code === 0) {
        finish();
        record = { type: text, layer: '0', pairs: [] };
      } else if (record) {
        if (code === 8) record.layer = text;
        record.pairs.push([code, text]);
      }
    }
  }
  finish();
  return drawing;
}

/** The first value of a group code in a record. */
export function value(record: DxfRecord, code: number): string | undefined {
  return record.pairs.find(([c]) => c === code)?.[1];
}

/** A number group (0 when absent). */
export function number(record: DxfRecord, code: number, fallback = 0): number {
  const text = value(record, code);
  return text === undefined ? fallback : Number(text);
}
