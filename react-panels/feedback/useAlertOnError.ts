import { useEffect } from 'react';
import type { Viewer } from '../../core/index.js';
import type { ChromeState } from '../ChromeState.js';

/**
 * Every error the viewer raises reaches the user in the alert box (not in headless mode: no chrome),
 * including one raised before the chrome mounted (the first `src` of the markup fails while the element
 * connects). A model that loads without an error closes the alert.
 */
export function useAlertOnError(viewer: Viewer, chrome: ChromeState): void {
  useEffect(() => {
    const { $lastError } = viewer.stores;
    const raisedBefore = $lastError.get();
    if (raisedBefore) chrome.$alert.set(raisedBefore);
    return $lastError.listen((error) => chrome.$alert.set(error));
  }, [viewer, chrome]);
}
