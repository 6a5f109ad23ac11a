import { useEffect } from 'react';
import type { Viewer } from '../../core/index.js';

/** Walk tools and the preference that says whether their instructions still show (spec 001 §3). */
const INSTRUCTION_PREFERENCES: Readonly<Record<string, string>> = {
  bimwalk: 'bimWalkToolPopup',
  walk: 'bimWalkToolPopup',
  firstperson: 'firstPersonToolPopup',
};

/**
 * When a walk tool starts, a heads-up message explains its keys, with "Do not show this message again"
 * turning its preference off.
 */
export function useWalkInstructions(viewer: Viewer, translate: (key: string) => string): void {
  useEffect(() => {
    const onToolChange = (event: CustomEvent<{ toolName: string; active: boolean }>) => {
      const preference = INSTRUCTION_PREFERENCES[event.detail.toolName];
      if (!event.detail.active || !preference || !viewer.prefs.get(preference)) return;
      viewer.dialogs.showHud(translate('Use the arrow keys or W, A, S and D to walk, and drag to look around.'), {
        title: translate('Walk'),
        preference,
      });
    };
    viewer.addEventListener('tool-change', onToolChange);
    return () => viewer.removeEventListener('tool-change', onToolChange);
  }, [viewer, translate]);
}
