/**
 * The property database of a generated SVF (svfWriter.ts): the objects_*.json arrays of
 * shared/notes/svf-format.md §8, shaped as in demo/samples/svf/bim-sample (index 0 a placeholder in each).
 */

/** One shown property of an object. */
export interface SvfProperty {
  category: string;
  name: string;
  /** Booleans are stored as 0/1, as the files do. */
  value: string | number | boolean;
  /** The unit (the attribute's dataTypeContext), e.g. "mm". */
  unit?: string;
  /** Attribute data type; by default 20 (string), 1 (boolean), 2 (integer) or 3 (double) from the value. */
  dataType?: number;
}

/** The object tree and what each object says about itself. */
export interface SvfTreeInput {
  /** dbId → parent dbId. The tree has one root (an object with no parent), as a design file node does. */
  parents: Map<number, number>;
  names: Map<number, string>;
  /** Extra properties by dbId, shown in the properties panel. */
  properties?: Map<number, SvfProperty[]>;
}

/** The arrays of objects_attrs, _vals, _avs, _offs, _ids and _viewables, by those names. */
export type PropertyTables = Record<'attrs' | 'vals' | 'avs' | 'offs' | 'ids' | 'viewables', unknown[]>;

/** Attribute data types (svf-format.md §8). */
const DataType = { Boolean: 1, Integer: 2, Double: 3, DbKey: 11, String: 20 } as const;
/** Attribute flags: hidden from the user interface. */
const HIDDEN = 1;
/** The user-facing name row, as the sample (Navisworks) has it: category "Item", display name "Name". */
const NAME_CATEGORY = 'Item';
const NAME_ATTRIBUTE = 'LcOaNode:LcOaSceneBaseUserName';

/**
 * Builds the database: for each dbId from 1 to the largest one named anywhere, its `__name__` and
 * Item/Name rows, `__parent__`, one `__child__` row per child (in the order of `parents`), then its
 * properties. External ids are the objects' paths in the tree ("0/1/0"), as in the sample.
 */
export function propertyTables(tree: SvfTreeInput, moreDbIds: Iterable<number>, paths: Map<number, number[]>): PropertyTables {
  let maxId = 0;
  for (const [child, parent] of tree.parents) maxId = Math.max(maxId, child, parent);
  for (const dbId of [...tree.names.keys(), ...(tree.properties?.keys() ?? []), ...moreDbIds]) maxId = Math.max(maxId, dbId);

  const children = childrenOf(tree.parents);

  const attrs: unknown[] = [0];
  const attrIds = new Map<string, number>();
  const attr = (name: string, category: string, dataType: number, unit: string | null, displayName: string | null, flags: number) => {
    const key = JSON.stringify([name, category, dataType, unit]);
    let id = attrIds.get(key);
    if (id === undefined) {
      id = attrs.push([name, category, dataType, unit, null, displayName, flags, 0, null]) - 1;
      attrIds.set(key, id);
    }
    return id;
  };
  const vals: unknown[] = [0];
  const valIds = new Map<string, number>();
  const val = (value: string | number) => {
    const key = `${typeof value}:${value}`;
    let id = valIds.get(key);
    if (id === undefined) {
      id = vals.push(value) - 1;
      valIds.set(key, id);
    }
    return id;
  };

  const avs: number[] = [];
  const offs: number[] = [0];
  const ids: unknown[] = [0];
  const viewables: unknown[] = [0];
  const row = (attrId: number, value: string | number) => avs.push(attrId, val(value));
  for (let dbId = 1; dbId <= maxId; dbId++) {
    offs.push(avs.length / 2);
    ids.push(paths.get(dbId)?.join('/') ?? `${dbId}`);
    viewables.push(1);
    const name = tree.names.get(dbId);
    if (name !== undefined) {
      row(attr('name', '__name__', DataType.String, null, null, 0), name);
      row(attr(NAME_ATTRIBUTE, NAME_CATEGORY, DataType.String, null, 'Name', 0), name);
    }
    const parent = tree.parents.get(dbId);
    if (parent !== undefined) row(attr('parent', '__parent__', DataType.DbKey, null, null, HIDDEN), parent);
    for (const child of children.get(dbId) ?? []) row(attr('child', '__child__', DataType.DbKey, null, null, HIDDEN), child);
    for (const p of tree.properties?.get(dbId) ?? []) {
      const value = typeof p.value === 'boolean' ? Number(p.value) : p.value;
      row(attr(p.name, p.category, p.dataType ?? dataTypeOf(p.value), p.unit ?? null, p.name, 0), value);
    }
  }
  return { attrs, vals, avs, offs, ids, viewables };
}

/** Each object's children, in the order of `parents`. */
export function childrenOf(parents: Map<number, number>): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) {
    const list = children.get(parent);
    if (list) list.push(child);
    else children.set(parent, [child]);
  }
  return children;
}

function dataTypeOf(value: string | number | boolean): number {
  if (typeof value === 'boolean') return DataType.Boolean;
  if (typeof value === 'number') return Number.isInteger(value) ? DataType.Integer : DataType.Double;
  return DataType.String;
}
