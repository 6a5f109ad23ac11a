import { useEffect } from 'react';
import type { ErrorDetail, Viewer } from '../../core/index.js';
import type { ChromeState } from '../ChromeState.js';

/** Every `error` the viewer raises reaches the user in the alert box (not in headless mode: no chrome). */
export function useAlertOnError(viewer: Viewer, chrome: ChromeState): void {
  useEffect(() => {
    const onError = (event: CustomEvent<ErrorDetail>) => chrome.$alert.set(event.detail);
    viewer.addEventListener('error', onError);
    return () => viewer.removeEventListener('error', onError);
  }, [viewer, chrome]);
}
