import type { PropertyTables } from '../../model/PropertyDatabase.js';
import { isStructuralCategory } from '../../model/PropertyTypes.js';

/** How far `__instanceof__` links are followed (an instance → its type → the type's family). */
const MAX_LINK_DEPTH = 4;

/**
 * Linked-property merging (spec 001 §5, for files ending in "sld"): an object that is an instance of
 * another (`__instanceof__`) also shows that object's properties, except attributes it has itself.
 * Returns new tables; the value and attribute tables are shared, only avs/offs grow.
 */
export function mergeLinkedProperties(tables: PropertyTables): PropertyTables {
  const { attrs, vals, avs, offs } = tables;
  const n = offs.length - 1;
  const instanceOf = attrs.findIndex((a, i) => i > 0 && a?.category === '__instanceof__');
  if (instanceOf <= 0) return tables;

  const linkOf = (dbId: number): number => {
    for (let p = offs[dbId]; p < offs[dbId + 1]; p++) {
      if (avs[p * 2] !== instanceOf) continue;
      const target = vals[avs[p * 2 + 1]];
      if (typeof target === 'number' && target > 0 && target < n && target !== dbId) return target;
    }
    return 0;
  };

  const out: number[] = [];
  const newOffs = new Int32Array(n + 1);
  const seen = new Set<number>();
  for (let dbId = 0; dbId < n; dbId++) {
    newOffs[dbId] = out.length / 2;
    seen.clear();
    for (let p = offs[dbId]; p < offs[dbId + 1]; p++) {
      out.push(avs[p * 2], avs[p * 2 + 1]);
      seen.add(avs[p * 2]);
    }
    let link = dbId > 0 ? linkOf(dbId) : 0;
    for (let depth = 0; link > 0 && depth < MAX_LINK_DEPTH; depth++) {
      for (let p = offs[link]; p < offs[link + 1]; p++) {
        const attr = avs[p * 2];
        if (seen.has(attr) || isStructuralCategory(attrs[attr]?.category ?? '')) continue;
        seen.add(attr);
        out.push(attr, avs[p * 2 + 1]);
      }
      const next = linkOf(link);
      link = next === dbId ? 0 : next;
    }
  }
  newOffs[n] = out.length / 2;
  return { ...tables, avs: Int32Array.from(out), offs: newOffs };
}
