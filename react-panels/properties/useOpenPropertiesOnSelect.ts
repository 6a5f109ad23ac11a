import { useEffect } from 'react';
import type { Viewer } from '../../core/index.js';
import { type ChromeState, openPanel } from '../ChromeState.js';

/** Spec 001 §3: with the preference `openPropertiesOnSelect`, selecting an object opens the properties panel. */
export function useOpenPropertiesOnSelect(viewer: Viewer, chrome: ChromeState): void {
  useEffect(
    () =>
      viewer.stores.$selection.listen((selections) => {
        if (viewer.prefs.get('openPropertiesOnSelect') && selections.some((s) => s.dbIds.length > 0) && !chrome.$openPanels.get().includes('properties')) {
          openPanel(chrome, 'properties');
        }
      }),
    [viewer, chrome],
  );
}
