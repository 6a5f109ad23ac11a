import type DxfArrayScanner from 'dxf-parser/dist/DxfArrayScanner.js';
import { checkCommonEntityProperties } from 'dxf-parser/dist/ParseHelpers.js';
import type { IEntity } from 'dxf-parser';
import type { DxfEntity } from '../dxfEntity.js';
import { readHatch } from './readHatch.js';

/** One group of a DXF file: its code and its value as dxf-parser typed it. */
export interface DxfGroup {
  code: number;
  value: unknown;
}

/** Group codes every entity shares (layer, colour, handle, visibility, ...): dxf-parser reads them. */
const COMMON_CODES = new Set([5, 6, 8, 48, 60, 62, 67, 370, 420]);

/**
 * HATCH, which dxf-parser does not read: its groups are kept in order (a hatch's meaning is in their
 * sequence: boundary paths, their edges, then the pattern lines) and read by `readHatch`.
 */
export class HatchHandler {
  ForEntityName = 'HATCH' as const;

  parseEntity(scanner: DxfArrayScanner, first: { code: number; value: unknown }): IEntity {
    const entity = { type: first.value } as DxfEntity;
    const groups: DxfGroup[] = [];
    let subclass = '';
    let curr = scanner.next();
    while (!scanner.isEOF() && curr.code !== 0) {
      if (curr.code === 100) subclass = String(curr.value);
      const inHatch = subclass === 'AcDbHatch' || subclass === '';
      // Before the hatch's own subclass (and in extended data, 1000 and up): what every entity has.
      if (curr.code >= 1000 || (COMMON_CODES.has(curr.code) && subclass !== 'AcDbHatch')) {
        checkCommonEntityProperties(entity as unknown as IEntity, curr, scanner);
      } else if (inHatch && curr.code !== 100) {
        groups.push({ code: curr.code, value: curr.value });
      }
      curr = scanner.next();
    }
    entity.hatch = readHatch(groups);
    return entity as unknown as IEntity;
  }
}
