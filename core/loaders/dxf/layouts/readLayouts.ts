import type { DxfDrawingData, DxfEntity } from '../dxfEntity.js';

/** A paper-space layout: its name, its tab's place, and the entities on it. */
export interface DxfLayout {
  name: string;
  tabOrder: number;
  entities: DxfEntity[];
}

/** The model space's layout name: the default sheet. */
export const MODEL_LAYOUT = 'Model';

/**
 * The paper-space layouts, in tab order, from the LAYOUT objects of the OBJECTS section (read from the
 * file's lines: dxf-parser skips that section). A layout's entities are those of its paper-space block:
 * the active one's are the ENTITIES marked paper space, the others' their *Paper_SpaceN block's.
 */
export function readLayouts(drawing: DxfDrawingData, lines: readonly string[], activePaperEntities: DxfEntity[]): DxfLayout[] {
  const blocks = Object.values(drawing.blocks) as (DxfDrawingData['blocks'][string] & { ownerHandle?: string })[];
  const layouts: DxfLayout[] = [];
  for (const object of layoutObjects(lines)) {
    if (object.name === MODEL_LAYOUT) continue;
    const block = blocks.find((b) => b.ownerHandle === object.blockRecord);
    if (!block) continue;
    const entities = /^\*paper_space$/i.test(block.name) ? activePaperEntities : (block.entities ?? []);
    layouts.push({ name: object.name, tabOrder: object.tabOrder, entities });
  }
  return layouts.sort((a, b) => a.tabOrder - b.tabOrder);
}

/** Each LAYOUT object's name (group 1), tab order (71) and paper-space block record (330), after AcDbLayout. */
function layoutObjects(lines: readonly string[]): { name: string; tabOrder: number; blockRecord: string }[] {
  const found: { name: string; tabOrder: number; blockRecord: string }[] = [];
  const start = lines.findIndex((line, i) => line.trim() === 'OBJECTS' && lines[i - 1]?.trim() === '2');
  if (start < 0) return found;
  let current: { name: string; tabOrder: number; blockRecord: string } | null = null;
  let inLayout = false;
  for (let i = start + 1; i + 1 < lines.length; i += 2) {
    const code = lines[i].trim();
    const value = lines[i + 1].trim();
    if (code === '0') {
      if (value === 'ENDSEC') break;
      current = value === 'LAYOUT' ? { name: '', tabOrder: 0, blockRecord: '' } : null;
      if (current) found.push(current);
      inLayout = false;
    } else if (current && code === '100') inLayout = value === 'AcDbLayout';
    else if (current && inLayout && code === '1') current.name = value;
    else if (current && inLayout && code === '71') current.tabOrder = Number(value);
    else if (current && inLayout && code === '330' && !current.blockRecord) current.blockRecord = value;
  }
  return found;
}
