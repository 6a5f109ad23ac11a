import type { ViewerError } from './ViewerError.js';

/** What raising a load error needs of the viewer. */
interface ErrorSink {
  reportError(error: ViewerError): ViewerError;
}

/**
 * Raises a load error (the `error` event, and the store the chrome and `element.lastError` read) once the
 * page's current task is over, and not before the document has finished parsing. A file the first `src`
 * of the markup cannot load fails while the element connects: the listener a module script after the tag
 * adds, and the chrome that mounts later, would both miss an error raised right then. Nothing is raised
 * for a load that was cancelled (`signal` aborted) meanwhile: it was replaced by a newer one.
 * Resolves with the error, for the caller to throw.
 */
export async function raiseLoadError(viewer: ErrorSink, error: ViewerError, signal?: AbortSignal): Promise<ViewerError> {
  await afterPageTask();
  if (!signal?.aborted) viewer.reportError(error);
  return error;
}

/** Resolves in a later task than this one, after DOMContentLoaded when the document is still being parsed. */
export function afterPageTask(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (isDocumentParsing()) document.addEventListener('DOMContentLoaded', later, { once: true });
    else later();
  });
}

/**
 * True until DOMContentLoaded: the parser and the deferred and module scripts have not all run. The
 * ready state is already "interactive" while those scripts run, so the navigation timing tells the rest.
 */
function isDocumentParsing(): boolean {
  if (typeof document === 'undefined' || document.readyState === 'complete') return false;
  if (document.readyState === 'loading') return true;
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation !== undefined && navigation.domContentLoadedEventStart === 0;
}
