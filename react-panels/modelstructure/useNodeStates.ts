import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Model, Viewer } from '../../core/index.js';

/** Selected nodes and their ancestors, per model (spec 001 §4: selected, ancestor-selected). */
export interface SelectionSets {
  selected: Map<Model, Set<number>>;
  ancestors: Map<Model, Set<number>>;
  /** The node selected last, for scrolling the tree to it. */
  last: { model: Model; dbId: number } | null;
}

export function useSelectionSets(viewer: Viewer): SelectionSets {
  const selections = useStore(viewer.stores.$selection);
  return useMemo(() => {
    const selected = new Map<Model, Set<number>>();
    const ancestors = new Map<Model, Set<number>>();
    let last: SelectionSets['last'] = null;
    for (const { model, dbIds } of selections) {
      const tree = model.getInstanceTree();
      const own = new Set(dbIds);
      const above = new Set<number>();
      for (const dbId of dbIds) {
        for (const id of tree.getAncestors(dbId).slice(1)) {
          if (above.has(id)) break; // the rest of the chain is already in
          above.add(id);
        }
      }
      selected.set(model, own);
      ancestors.set(model, above);
      if (dbIds.length) last = { model, dbId: dbIds[dbIds.length - 1] };
    }
    return { selected, ancestors, last };
  }, [selections]);
}

/** A number that changes whenever any node is hidden or shown, so rows re-read their visibility. */
export function useVisibilityVersion(viewer: Viewer): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const events = ['hide-change', 'show-change', 'isolate-change', 'model-added'] as const;
    for (const name of events) viewer.addEventListener(name, bump);
    return () => {
      for (const name of events) viewer.removeEventListener(name, bump);
    };
  }, [viewer]);
  return version;
}
