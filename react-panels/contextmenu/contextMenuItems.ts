import type { Viewer } from '../../core/index.js';

/** An item the context menu shows. */
export interface ContextMenuItem {
  id: string;
  /** The item's English text, also its translation key. */
  label: string;
  run: () => void;
}

/**
 * What the context menu shows now: the items extensions added (viewer.ui; the spec's own come from the
 * contextmenu extension), in their order, where they apply to the selection and models now.
 */
export function contextMenuItems(viewer: Viewer): ContextMenuItem[] {
  return viewer.ui.$contextMenuItems
    .get()
    .filter((item) => item.isShown?.() ?? true)
    .map((item) => ({ id: item.id, label: item.label, run: () => item.onSelect() }));
}
