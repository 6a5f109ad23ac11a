import type { InstanceTreeData } from '../../model/InstanceTree.js';
import { type LayerInfo, layerIndexArray, type ModelLayerData } from '../../model/ModelLayers.js';
import type { PropertyDatabase } from '../../model/PropertyDatabase.js';
import { PropertyDatabaseBuilder } from '../../model/PropertyDatabaseBuilder.js';
import type { PdfObject } from './pdfOperators.js';

/** The page's root object: every object of the page is a child of it. */
export const PDF_ROOT_DB_ID = 1;
/** The first object's dbId. */
export const PDF_FIRST_OBJECT_DB_ID = 2;
const PDF_CATEGORY = 'PDF';

/** An optional content group of the document: pdf.js's id, its name, default visibility, enclosing groups. */
export interface PdfLayer {
  id: string;
  name: string;
  visible: boolean;
  /** The names of the groups it is nested in, outermost first (the document's /Order). */
  parents: string[];
}

interface OptionalContentConfigLike extends Iterable<[string, { name?: string | null; visible?: boolean }]> {
  getOrder(): unknown;
}

/**
 * The document's optional content groups, in the order its viewer preferences list them (/Order, nested
 * groups flattened after their parent), then any it leaves out. Visible: on in the default configuration.
 */
export function readPdfLayers(config: OptionalContentConfigLike | null): PdfLayer[] {
  if (!config) return [];
  const groups = new Map<string, { name?: string | null; visible?: boolean }>([...config]);
  const layers: PdfLayer[] = [];
  const seen = new Set<string>();
  const add = (id: string, parents: string[]) => {
    const group = groups.get(id);
    if (!group || seen.has(id)) return;
    seen.add(id);
    layers.push({ id, name: group.name || id, visible: group.visible !== false, parents });
  };
  const walk = (order: unknown, parents: string[]) => {
    if (!Array.isArray(order)) return;
    for (const entry of order) {
      if (typeof entry === 'string') add(entry, parents);
      else if (Array.isArray(entry)) walk(entry, parents);
      else if (entry && typeof entry === 'object') {
        const nested = entry as { name?: string | null; order?: unknown };
        walk(nested.order, nested.name ? [...parents, nested.name] : parents);
      }
    }
  };
  walk(config.getOrder(), []);
  for (const id of groups.keys()) add(id, []);
  return layers;
}

/**
 * The model's layers (spec 000 §3): one per optional content group, visible as the document's default
 * configuration says; a nested group's description names the groups it sits in ("Parent › Child" order).
 * Objects drawn outside any group are on no layer.
 */
export function pdfLayerData(layers: readonly PdfLayer[], objects: readonly PdfObject[]): ModelLayerData {
  const infos: LayerInfo[] = layers.map((layer, id) => ({ name: layer.name, id, description: layer.parents.join(' › '), visible: layer.visible }));
  const indexOf = new Map(layers.map((layer, i) => [layer.id, i]));
  const count = PDF_FIRST_OBJECT_DB_ID + objects.length;
  const layerOf = layerIndexArray(infos.length, count);
  const onLayer = new Uint8Array(count);
  objects.forEach((object, i) => {
    const index = object.ocg === null ? undefined : indexOf.get(object.ocg);
    if (index === undefined) return;
    layerOf[PDF_FIRST_OBJECT_DB_ID + i] = index;
    onLayer[PDF_FIRST_OBJECT_DB_ID + i] = 1;
  });
  return { layers: infos, layerOf, onLayer };
}

/** The objects' tree: the page at the root, each object under it, named by kind and number (text: its string). */
export function pdfTree(rootName: string, objects: readonly PdfObject[]): InstanceTreeData {
  const count = PDF_FIRST_OBJECT_DB_ID + objects.length;
  const parents = new Int32Array(count).fill(-1);
  const names: (string | null)[] = [null, rootName];
  const numbers = new Map<string, number>();
  objects.forEach((object, i) => {
    parents[PDF_FIRST_OBJECT_DB_ID + i] = PDF_ROOT_DB_ID;
    names.push(objectName(object, numbers));
  });
  return { rootId: PDF_ROOT_DB_ID, parents, names };
}

/**
 * Each object's properties: type (Path, Fill, Text, Image or Shading), layer (its group's name), colour (not
 * for images and shadings: a mask's is its fill), line width, text, an image's width and height in pixels, a
 * shading's kind (axial, radial, mesh).
 */
export function pdfProperties(rootName: string, objects: readonly PdfObject[], layers: readonly PdfLayer[]): PropertyDatabase {
  const layerName = new Map(layers.map((layer) => [layer.id, layer.name]));
  const builder = new PropertyDatabaseBuilder();
  builder.setName(PDF_ROOT_DB_ID, rootName);
  const numbers = new Map<string, number>();
  objects.forEach((object, i) => {
    const dbId = PDF_FIRST_OBJECT_DB_ID + i;
    builder.setName(dbId, objectName(object, numbers));
    builder.addTyped(dbId, 'Type', PDF_CATEGORY, object.kind);
    const layer = object.ocg === null ? undefined : layerName.get(object.ocg);
    if (layer !== undefined) builder.addTyped(dbId, 'Layer', PDF_CATEGORY, layer);
    if (object.rgb !== null) builder.addTyped(dbId, 'Color', PDF_CATEGORY, `#${object.rgb.toString(16).padStart(6, '0')}`);
    if (object.lineWidth !== undefined) builder.addTyped(dbId, 'Line width', PDF_CATEGORY, Number(object.lineWidth.toFixed(3)), { units: 'pt' });
    if (object.text) builder.addTyped(dbId, 'Text', PDF_CATEGORY, object.text);
    if (object.pixels) {
      builder.addTyped(dbId, 'Width', PDF_CATEGORY, object.pixels.width, { units: 'px' });
      builder.addTyped(dbId, 'Height', PDF_CATEGORY, object.pixels.height, { units: 'px' });
    }
    if (object.shading) builder.addTyped(dbId, 'Shading', PDF_CATEGORY, object.shading);
  });
  return builder.build(PDF_FIRST_OBJECT_DB_ID + objects.length);
}

function objectName(object: PdfObject, numbers: Map<string, number>): string {
  if (object.kind === 'Text') return `Text "${object.text && object.text.length > 40 ? `${object.text.slice(0, 39)}…` : object.text}"`;
  const n = (numbers.get(object.kind) ?? 0) + 1;
  numbers.set(object.kind, n);
  return `${object.kind} ${n}`;
}
