import { useCallback, useEffect, useRef, useState } from 'react';
import type { Model, Viewer } from '../../core/index.js';

/** Spec 001 §5: a search needs at least 3 characters and fires 800 ms after typing stops. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DELAY_MS = 800;

export interface SearchHit {
  model: Model;
  dbId: number;
}

/** Objects whose properties (or, for a model without a property database, names) contain the text. */
export async function searchModels(models: readonly Model[], text: string): Promise<SearchHit[]> {
  const perModel = await Promise.all(
    models.map(async (model) => {
      const tree = model.getInstanceTree();
      let ids: number[];
      try {
        ids = await model.search(text);
      } catch {
        ids = [];
        const needle = text.toLowerCase();
        tree.walk(tree.getRootId(), (id) => void (tree.getNodeName(id)?.toLowerCase().includes(needle) && ids.push(id)));
      }
      return ids.filter((id) => tree.hasNode(id)).map((dbId) => ({ model, dbId }));
    }),
  );
  return perModel.flat();
}

/**
 * The search box's behaviour (spec 001 §5): typing waits 800 ms and needs 3 characters, Enter searches
 * at once, an empty (trimmed) term closes the results. `results` is null while no search is shown.
 */
export function useModelSearch(viewer: Viewer, onTerm: (term: string) => void) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<SearchHit[] | null>(null);
  const [isSearching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const generation = useRef(0);

  const run = useCallback(
    async (term: string) => {
      clearTimeout(timer.current);
      const id = ++generation.current;
      setSearching(true);
      onTerm(term);
      const hits = await searchModels(viewer.getVisibleModels(), term);
      if (id !== generation.current) return; // a newer search replaced this one
      setSearching(false);
      setResults(hits);
    },
    [viewer, onTerm],
  );

  const close = useCallback(() => {
    clearTimeout(timer.current);
    generation.current++;
    setSearching(false);
    setResults(null);
    onTerm('');
  }, [onTerm]);

  const change = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      const term = value.trim();
      if (!term) close();
      else if (term.length >= SEARCH_MIN_LENGTH) timer.current = setTimeout(() => void run(term), SEARCH_DELAY_MS);
    },
    [close, run],
  );

  const submit = useCallback(() => {
    const term = text.trim();
    if (!term) close();
    else if (term.length >= SEARCH_MIN_LENGTH) void run(term);
  }, [text, close, run]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { text, results, isSearching, change, submit, clear: () => change('') };
}
