import { useCallback, useSyncExternalStore } from 'react';
import type { RunningExtension } from '../../core/index.js';
import { useViewer } from '../ViewerContext.js';

/**
 * The viewer's loaded extension of this id, or null; the component renders again when it loads or unloads.
 * For a built-in feature's component that draws what its extension holds (the rewind strip, its timeline).
 */
export function useExtension<T extends RunningExtension>(id: string): T | null {
  const viewer = useViewer();
  const subscribe = useCallback(
    (onChange: () => void) => {
      viewer.addEventListener('extension-loaded', onChange);
      viewer.addEventListener('extension-unloaded', onChange);
      return () => {
        viewer.removeEventListener('extension-loaded', onChange);
        viewer.removeEventListener('extension-unloaded', onChange);
      };
    },
    [viewer],
  );
  return useSyncExternalStore(subscribe, () => viewer.getExtension<T>(id));
}
