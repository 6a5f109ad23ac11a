import type * as WebIfc from 'web-ifc';
import { type LayerInfo, layerIndexArray, type ModelLayerData } from '../../model/ModelLayers.js';
import { type IfcLineReader, textOf } from './IfcLineReader.js';
import type { IfcSpatialTree } from './IfcSpatialTree.js';
import { asArray, refId } from './IfcUnits.js';

/**
 * The presentation layers of an IFC file (IfcPresentationLayerAssignment and its subtype with style) and
 * the layer of each object: the first layer that names one of its shape representations, one of their
 * items, or the representation a mapped item (a type's shared shape) draws. Undefined when the file has
 * no layers.
 */
export function readIfcLayers(reader: IfcLineReader, ifc: typeof WebIfc, tree: IfcSpatialTree): ModelLayerData | undefined {
  const layers: LayerInfo[] = [];
  /** Express id of an assigned representation or item → layer index (the first assignment wins). */
  const layerOfItem = new Map<number, number>();
  for (const id of reader.idsOfType(ifc.IFCPRESENTATIONLAYERASSIGNMENT, true)) {
    const line = reader.line(id);
    if (!line) continue;
    const name = textOf(line.Name);
    let index = layers.findIndex((layer) => layer.name === name);
    if (index < 0) index = layers.push({ name, id, description: textOf(line.Description) }) - 1;
    for (const ref of asArray(line.AssignedItems)) {
      const item = refId(ref);
      if (item && !layerOfItem.has(item)) layerOfItem.set(item, index);
    }
  }
  if (layers.length === 0) return undefined;

  const layerOf = layerIndexArray(layers.length, tree.nodeCount);
  const onLayer = new Uint8Array(tree.nodeCount);
  const layerOfRepresentation = (representationId: number, depth: number): number | undefined => {
    const direct = layerOfItem.get(representationId);
    if (direct !== undefined || depth > 2) return direct;
    for (const itemRef of asArray(reader.line(representationId)?.Items)) {
      const itemId = refId(itemRef);
      const ofItem = layerOfItem.get(itemId);
      if (ofItem !== undefined) return ofItem;
      if (reader.typeOf(itemId) !== ifc.IFCMAPPEDITEM) continue;
      const map = reader.line(refId(reader.line(itemId)?.MappingSource));
      const mapped = map ? layerOfRepresentation(refId(map.MappedRepresentation), depth + 1) : undefined;
      if (mapped !== undefined) return mapped;
    }
    return undefined;
  };
  for (let dbId = 1; dbId < tree.nodeCount; dbId++) {
    const shape = reader.line(refId(tree.lines[dbId]?.Representation));
    for (const representation of asArray(shape?.Representations)) {
      const layer = layerOfRepresentation(refId(representation), 0);
      if (layer === undefined) continue;
      layerOf[dbId] = layer;
      onLayer[dbId] = 1;
      break;
    }
  }
  return { layers, layerOf, onLayer };
}
