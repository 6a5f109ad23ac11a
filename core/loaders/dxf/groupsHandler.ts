import type DxfArrayScanner from 'dxf-parser/dist/DxfArrayScanner.js';
import { checkCommonEntityProperties } from 'dxf-parser/dist/ParseHelpers.js';
import type { IEntity } from 'dxf-parser';
import type { DxfEntity } from './dxfEntity.js';

/** One group of a DXF file: its code and its value as dxf-parser typed it. */
export interface DxfGroup {
  code: number;
  value: unknown;
}

/** Group codes every entity shares (layer, colour, handle, visibility, ...): dxf-parser reads them. */
const COMMON_CODES = new Set([5, 6, 8, 48, 60, 62, 67, 370, 420]);

/** What a handler of this kind reads from an entity's own groups (and its extended data, 1000 and up). */
export type GroupsReader = (groups: readonly DxfGroup[], xdata: readonly DxfGroup[]) => Partial<DxfEntity>;

/**
 * A dxf-parser entity handler for an entity type it does not read (HATCH, LEADER, MULTILEADER): the
 * groups of the entity's own subclass are kept in order (their meaning is in their sequence) and given to
 * `read`; the common groups (layer, colour, handle...) are read as dxf-parser reads them for any entity.
 * Given several subclasses, the groups of each are kept, each subclass's after its marker (code 100).
 */
export function groupsHandler(type: string, subclass: string | readonly string[], read: GroupsReader): new () => { ForEntityName: string; parseEntity(scanner: DxfArrayScanner, first: { value: unknown }): IEntity } {
  const own = typeof subclass === 'string' ? [subclass] : subclass;
  const markers = typeof subclass !== 'string';
  return class {
    ForEntityName = type;

    parseEntity(scanner: DxfArrayScanner, first: { value: unknown }): IEntity {
      const entity = { type: first.value } as DxfEntity;
      const groups: DxfGroup[] = [];
      const xdata: DxfGroup[] = [];
      let current = '';
      let curr = scanner.next();
      while (!scanner.isEOF() && curr.code !== 0) {
        if (curr.code === 100) current = String(curr.value);
        const mine = own.includes(current);
        if (curr.code >= 1000) xdata.push({ code: curr.code, value: curr.value });
        else if (COMMON_CODES.has(curr.code) && !mine) checkCommonEntityProperties(entity as unknown as IEntity, curr, scanner);
        else if ((mine || current === '') && (curr.code !== 100 || (markers && mine))) groups.push({ code: curr.code, value: curr.value });
        curr = scanner.next();
      }
      return { ...entity, ...read(groups, xdata) } as unknown as IEntity;
    }
  };
}
