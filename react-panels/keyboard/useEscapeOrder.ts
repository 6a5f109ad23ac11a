import { useEffect } from 'react';
import type { Viewer } from '../../core/index.js';
import type { ChromeState } from '../ChromeState.js';
import { runEscapeStep } from './escapeOrder.js';

/**
 * Escape anywhere in the viewer (canvas or chrome) runs one step of the Escape order. Surfaces that use
 * Escape themselves (dialogs, flyouts, a search field with text) stop it first; a tool that consumes it
 * marks it handled (defaultPrevented).
 */
export function useEscapeOrder(viewer: Viewer, chrome: ChromeState, root: Node | null): void {
  useEffect(() => {
    if (!root) return;
    const onKeyDown = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.key !== 'Escape' || key.defaultPrevented) return;
      if (runEscapeStep(viewer, chrome)) key.preventDefault();
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, [viewer, chrome, root]);
}
