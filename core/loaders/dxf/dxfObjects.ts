import { type LayerInfo, layerIndexArray, type ModelLayerData } from '../../model/ModelLayers.js';
import type { InstanceTreeData } from '../../model/InstanceTree.js';
import type { PropertyDatabase } from '../../model/PropertyDatabase.js';
import { PropertyDatabaseBuilder } from '../../model/PropertyDatabaseBuilder.js';
import { aciToRgb, colorName } from './dxfColors.js';
import { type DxfDrawingData, type DxfEntity, handleOf, isDimension } from './dxfEntity.js';
import { dimensionMeasurement } from './drawDimension.js';
import { dxfPlainText, mtextPlainText } from './dxfText.js';

/** The drawing's root object: every entity (or block reference) is a child of it. */
export const DXF_ROOT_DB_ID = 1;
/** The first entity's dbId. */
export const DXF_FIRST_ENTITY_DB_ID = 2;
const DXF_CATEGORY = 'DXF';
const ATTRIBUTES_CATEGORY = 'Attributes';

/** A layer of the file's LAYER table: its colour and whether it shows (on and thawed). */
export interface DxfLayer {
  name: string;
  rgb: number;
  on: boolean;
  frozen: boolean;
}

/** The LAYER table; layer "0" is there even when the file leaves it out. */
export function readDxfLayers(drawing: DxfDrawingData): DxfLayer[] {
  const table = drawing.tables?.layer?.layers ?? {};
  const layers: DxfLayer[] = Object.values(table)
    .filter((layer) => typeof layer?.name === 'string')
    .map((layer) => ({ name: layer.name, rgb: aciToRgb(layer.colorIndex ?? 7), on: layer.visible !== false, frozen: layer.frozen === true }));
  if (!layers.some((layer) => layer.name === '0')) layers.unshift({ name: '0', rgb: aciToRgb(7), on: true, frozen: false });
  return layers;
}

/** The objects' tree: the file at the root, each entity under it, named by type and handle. */
export function dxfTree(fileName: string, entities: readonly DxfEntity[]): InstanceTreeData {
  const count = DXF_FIRST_ENTITY_DB_ID + entities.length;
  const parents = new Int32Array(count).fill(-1);
  const names: (string | null)[] = [null, fileName];
  entities.forEach((entity, i) => {
    parents[DXF_FIRST_ENTITY_DB_ID + i] = DXF_ROOT_DB_ID;
    names.push(entityName(entity));
  });
  return { rootId: DXF_ROOT_DB_ID, parents, names };
}

/**
 * The model's layers (spec 000 §3), visible when on and not frozen, and the layer of each object. An
 * entity on a layer the table does not list adds it.
 */
export function dxfLayerData(layers: DxfLayer[], entities: readonly DxfEntity[]): ModelLayerData {
  const infos: LayerInfo[] = layers.map((layer, id) => ({ name: layer.name, id, description: '', visible: layer.on && !layer.frozen }));
  const indexOf = new Map(infos.map((info, i) => [info.name, i]));
  const count = DXF_FIRST_ENTITY_DB_ID + entities.length;
  const layerIndexes = entities.map((entity) => {
    const name = entity.layer ?? '0';
    let index = indexOf.get(name);
    if (index === undefined) {
      index = infos.push({ name, id: infos.length, description: '', visible: true }) - 1;
      indexOf.set(name, index);
    }
    return index;
  });
  const layerOf = layerIndexArray(infos.length, count);
  const onLayer = new Uint8Array(count);
  layerIndexes.forEach((index, i) => {
    layerOf[DXF_FIRST_ENTITY_DB_ID + i] = index;
    onLayer[DXF_FIRST_ENTITY_DB_ID + i] = 1;
  });
  return { layers: infos, layerOf, onLayer };
}

/** Each object's properties: type, layer, colour, linetype, handle, block, text, a dimension's measurement and attributes. */
export function dxfProperties(fileName: string, entities: readonly DxfEntity[]): PropertyDatabase {
  const builder = new PropertyDatabaseBuilder();
  builder.setName(DXF_ROOT_DB_ID, fileName);
  entities.forEach((entity, i) => {
    const dbId = DXF_FIRST_ENTITY_DB_ID + i;
    builder.setName(dbId, entityName(entity));
    builder.setExternalId(dbId, handleOf(entity));
    builder.addTyped(dbId, 'Type', DXF_CATEGORY, entity.type);
    builder.addTyped(dbId, 'Layer', DXF_CATEGORY, entity.layer ?? '0');
    builder.addTyped(dbId, 'Color', DXF_CATEGORY, colorName(entity));
    builder.addTyped(dbId, 'Linetype', DXF_CATEGORY, entity.lineType ?? 'ByLayer');
    builder.addTyped(dbId, 'Handle', DXF_CATEGORY, handleOf(entity));
    const block = entity.type === 'INSERT' ? entity.name : isDimension(entity) ? entity.block : undefined;
    if (block) builder.addTyped(dbId, 'Block', DXF_CATEGORY, block);
    const text = entityText(entity);
    if (text) builder.addTyped(dbId, 'Text', DXF_CATEGORY, text);
    const measurement = isDimension(entity) ? dimensionMeasurement(entity) : undefined;
    if (measurement !== undefined && Number.isFinite(measurement)) builder.addTyped(dbId, 'Measurement', DXF_CATEGORY, measurement);
    for (const [tag, value] of Object.entries(entity.attributes ?? {})) builder.addTyped(dbId, tag, ATTRIBUTES_CATEGORY, dxfPlainText(value));
  });
  return builder.build(DXF_FIRST_ENTITY_DB_ID + entities.length);
}

/** The text an entity shows: TEXT's, MTEXT's, a table's cells' and a MULTILEADER's without their codes, a dimension's override. */
export function entityText(entity: DxfEntity): string {
  if (entity.type === 'MULTILEADER') return mtextPlainText(entity.leader?.text?.content ?? '');
  if (entity.type === 'MTEXT' || entity.type === 'ACAD_TABLE') return mtextPlainText(entity.text ?? '');
  if (entity.type === 'TEXT' || isDimension(entity)) return dxfPlainText(entity.text ?? '');
  return '';
}

function entityName(entity: DxfEntity): string {
  const handle = handleOf(entity);
  return handle ? `${entity.type} [${handle}]` : entity.type;
}
