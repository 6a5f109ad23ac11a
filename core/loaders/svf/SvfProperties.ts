import type { InstanceTreeData } from '../../model/InstanceTree.js';
import { PropertyDatabase, type PropertyTables } from '../../model/PropertyDatabase.js';
import type { AttributeDefinition, PropertyValue } from '../../model/PropertyTypes.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { mergeLinkedProperties } from './linkedProperties.js';
import { AssetType, type SvfPackage } from './SvfPackage.js';

/** Spec 001 §7: the property database files, by the manifest asset type that lists each. */
const PROPERTY_FILES = {
  attrs: { type: AssetType.PropertyAttributes, file: 'objects_attrs.json.gz' },
  vals: { type: AssetType.PropertyValues, file: 'objects_vals.json.gz' },
  avs: { type: AssetType.PropertyAVs, file: 'objects_avs.json.gz' },
  offs: { type: AssetType.PropertyOffsets, file: 'objects_offs.json.gz' },
  ids: { type: AssetType.PropertyIDs, file: 'objects_ids.json.gz' },
} as const;

/** Spec 001 §5: only files whose name ends in this get linked-property merging. */
const LINKED_MERGE_SUFFIX = 'sld';

export interface SvfPropertyResult {
  database: PropertyDatabase;
  tree: InstanceTreeData;
}

/**
 * Reads objects_attrs/vals/avs/offs/ids (.json.gz) straight into the PropertyDatabase tables, and the object
 * tree from its `__parent__` rows and names from `__name__`. The files are found where the document says the
 * database is (`propertyDbPath`), else where the SVF manifest lists them, else beside the .svf.
 * Returns null when the model has no property database.
 */
export async function readSvfProperties(pkg: SvfPackage, propertyDbPath: string | undefined, sourceFileName: string): Promise<SvfPropertyResult | null> {
  const load = (key: keyof typeof PROPERTY_FILES) => {
    const { type, file } = PROPERTY_FILES[key];
    if (propertyDbPath) return pkg.readJson<unknown[]>(file, propertyDbPath);
    return pkg.readJson<unknown[]>(pkg.findAsset(type)?.URI ?? file);
  };
  const [attrs, vals, avs, offs, ids] = await Promise.all([load('attrs'), load('vals'), load('avs'), load('offs'), load('ids')]);
  if (!attrs || !vals || !avs || !offs || !ids) return null;
  if (![attrs, vals, avs, offs, ids].every(Array.isArray)) throw new ViewerError(ErrorCode.BAD_DATA, 'The property database files are not JSON arrays');

  let tables: PropertyTables = {
    attrs: attrs.map(toAttribute),
    vals: vals as PropertyValue[],
    avs: Int32Array.from(avs as number[]),
    // The files end each object at the next one's offset; the last object ends at the end of avs.
    offs: Int32Array.from([...(offs as number[]), avs.length / 2]),
    ids: (ids as unknown[]).map((id) => (typeof id === 'string' ? id : id == null ? '' : String(id))),
  };
  if (sourceFileName.toLowerCase().endsWith(LINKED_MERGE_SUFFIX)) tables = mergeLinkedProperties(tables);
  return { database: new PropertyDatabase(tables), tree: treeFromTables(tables) };
}

/** An objects_attrs row: [name, category, dataType, dataTypeContext, description, displayName, flags, precision]. */
function toAttribute(row: unknown): AttributeDefinition {
  const r = Array.isArray(row) ? row : [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: text(r[0]),
    category: text(r[1]),
    dataType: Number(r[2]) || 0,
    dataTypeContext: text(r[3]),
    description: text(r[4]),
    displayName: text(r[5]),
    flags: Number(r[6]) || 0,
    precision: Number(r[7]) || 0,
  };
}

/** Parents from `__parent__` (and `__child__` where a parent row is missing), names from `__name__`. */
function treeFromTables(tables: PropertyTables): InstanceTreeData {
  const { attrs, vals, avs, offs } = tables;
  const n = offs.length - 1;
  const parents = new Int32Array(n);
  const names: (string | null)[] = new Array(n).fill(null);
  const nodeFlags = new Uint32Array(n);
  const role = attrs.map((a) => a.category);
  const childOf = new Int32Array(n);
  for (let dbId = 1; dbId < n; dbId++) {
    for (let p = offs[dbId]; p < offs[dbId + 1]; p++) {
      const value = vals[avs[p * 2 + 1]];
      switch (role[avs[p * 2]]) {
        case '__name__':
          names[dbId] = value === null || value === undefined ? null : String(value);
          break;
        case '__parent__':
          if (isDbId(value, n)) parents[dbId] = value as number;
          break;
        case '__child__':
          if (isDbId(value, n)) childOf[value as number] = dbId;
          break;
        case '__node_flags__':
          nodeFlags[dbId] = Number(value) >>> 0;
          break;
      }
    }
  }
  for (let dbId = 1; dbId < n; dbId++) if (parents[dbId] === 0 && childOf[dbId] > 0) parents[dbId] = childOf[dbId];
  let rootId = 0;
  for (let dbId = 1; dbId < n && rootId === 0; dbId++) if (parents[dbId] === 0 && names[dbId] !== null) rootId = dbId;
  if (rootId === 0) rootId = 1;
  // Other parentless objects (types, materials) stay outside the tree, as in the files.
  parents[rootId] = 0;
  return { rootId, parents, names, nodeFlags };
}

function isDbId(value: unknown, n: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < n;
}
