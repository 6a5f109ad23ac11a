import type { DxfEntity } from './dxfEntity.js';
import type { DxfGroup } from './groupsHandler.js';

/** The subclasses an ACAD_TABLE's groups are read from. */
export const ACAD_TABLE_SUBCLASSES = ['AcDbBlockReference', 'AcDbTable'] as const;

/**
 * ACAD_TABLE: like a block reference, its anonymous block (*T…, code 2) holds the table's lines and texts
 * as drawn, placed at its insertion point (10/20) and turned to its horizontal direction (11/21); its cells'
 * texts (code 1, after chunks in 2 or 3; from AutoCAD 2007 code 302, after chunks in 303) are its text.
 */
export function readAcadTable(groups: readonly DxfGroup[]): Partial<DxfEntity> {
  const table: Partial<DxfEntity> = {};
  const texts: string[] = [];
  let subclass = '';
  let chunks = '';
  groups.forEach(({ code, value }, i) => {
    const next = groups[i + 1];
    if (code === 100) subclass = String(value);
    else if (subclass === ACAD_TABLE_SUBCLASSES[0]) {
      if (code === 2) table.name = String(value);
      else if (code === 10) table.position = { x: Number(value), y: next?.code === 20 ? Number(next.value) : 0 };
    } else if (subclass === ACAD_TABLE_SUBCLASSES[1]) {
      if (code === 11 && next?.code === 21) table.rotation = (Math.atan2(Number(next.value), Number(value)) * 180) / Math.PI;
      else if (code === 2 || code === 3 || code === 303) chunks += String(value);
      else if (code === 1 || code === 302) {
        texts.push(chunks + String(value));
        chunks = '';
      }
    }
  });
  table.text = texts.filter((text) => text.trim() !== '').join('\\P');
  return table;
}
