import { useStore } from '@nanostores/react';
import { createContext, useCallback, useContext } from 'react';
import type { Viewer } from '../core/index.js';

/** The viewer the chrome drives; panels reach the core only through its public API and stores. */
export const ViewerContext = createContext<Viewer | null>(null);

export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('Panels must be rendered inside a ViewerContext.');
  return viewer;
}

/** A translate function that re-renders the panel when the language changes. */
export function useTranslate(): (key: string, defaultText?: string, values?: Record<string, unknown>) => string {
  const viewer = useViewer();
  const language = useStore(viewer.stores.$language);
  return useCallback(
    (key: string, defaultText = key, values?: Record<string, unknown>) => viewer.translator.t(key, defaultText, values),
    // The language is a dependency: a new function after a switch re-renders consumers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [viewer, language],
  );
}
