import { VIEWER_EVENT_NAMES, type Viewer } from '../core/index.js';

/** What the bridge needs of the viewer: its events. */
type ViewerEvents = Pick<Viewer, 'addEventListener' | 'removeEventListener'>;

/**
 * The one event bridge: every core event is re-dispatched on the element under the same name, as a
 * CustomEvent that bubbles and is composed, with the same detail. Returns a function that stops it.
 */
export function bridgeViewerEvents(viewer: ViewerEvents, element: HTMLElement): () => void {
  const listeners = VIEWER_EVENT_NAMES.map((name) => {
    const listener = (event: Event) => {
      element.dispatchEvent(new CustomEvent(name, { detail: (event as CustomEvent).detail, bubbles: true, composed: true }));
    };
    viewer.addEventListener(name, listener);
    return () => viewer.removeEventListener(name, listener);
  });
  return () => listeners.forEach((remove) => remove());
}
