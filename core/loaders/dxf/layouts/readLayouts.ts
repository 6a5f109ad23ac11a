import type { DxfDrawingData, DxfEntity } from '../dxfEntity.js';
import type { ObjectGroup } from '../objectsSection.js';

/** A paper-space layout: its name, its tab's place, and the entities on it. */
export interface DxfLayout {
  name: string;
  tabOrder: number;
  entities: DxfEntity[];
}

/** The model space's layout name: the default sheet. */
export const MODEL_LAYOUT = 'Model';

/**
 * The paper-space layouts, in tab order, from the LAYOUT objects of the OBJECTS section (readObjects:
 * dxf-parser skips that section). A layout's entities are those of its paper-space block:
 * the active one's are the ENTITIES marked paper space, the others' their *Paper_SpaceN block's.
 */
export function readLayouts(drawing: DxfDrawingData, layoutObjects: readonly (readonly ObjectGroup[])[], activePaperEntities: DxfEntity[]): DxfLayout[] {
  const blocks = Object.values(drawing.blocks) as (DxfDrawingData['blocks'][string] & { ownerHandle?: string })[];
  const layouts: DxfLayout[] = [];
  for (const object of layoutObjects.map(layoutObject)) {
    if (object.name === MODEL_LAYOUT) continue;
    const block = blocks.find((b) => b.ownerHandle === object.blockRecord);
    if (!block) continue;
    const entities = /^\*paper_space$/i.test(block.name) ? activePaperEntities : (block.entities ?? []);
    layouts.push({ name: object.name, tabOrder: object.tabOrder, entities });
  }
  return layouts.sort((a, b) => a.tabOrder - b.tabOrder);
}

/** A LAYOUT object's name (group 1), tab order (71) and paper-space block record (330), after AcDbLayout. */
function layoutObject(groups: readonly ObjectGroup[]): { name: string; tabOrder: number; blockRecord: string } {
  const layout = { name: '', tabOrder: 0, blockRecord: '' };
  let inLayout = false;
  for (const { code, value } of groups) {
    if (code === 100) inLayout = value === 'AcDbLayout';
    else if (inLayout && code === 1) layout.name = value;
    else if (inLayout && code === 71) layout.tabOrder = Number(value);
    else if (inLayout && code === 330 && !layout.blockRecord) layout.blockRecord = value;
  }
  return layout;
}
