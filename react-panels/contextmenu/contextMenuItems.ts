import type { Viewer } from '../../core/index.js';

export interface ContextMenuItem {
  /** The item's English text, also its translation key. */
  label: string;
  run: () => void;
}

/**
 * Spec 001 §2 "Panels" 6, in the spec's order: Isolate, Hide Selected, Show Selected, Show All Layers
 * (when a layer is off: 2D drawings, and 3D models whose files have layers), Show All Objects, Focus (3D,
 * single selection), Clear Selection. Items that cannot act on the current state are left out.
 */
export function contextMenuItems(viewer: Viewer): ContextMenuItem[] {
  return [...builtInItems(viewer), ...contributedItems(viewer)];
}

/** What extensions add to the menu (viewer.ui), in their order, where they apply now. */
function contributedItems(viewer: Viewer): ContextMenuItem[] {
  return viewer.ui.$contextMenuItems
    .get()
    .filter((item) => item.isShown?.() ?? true)
    .map((item) => ({ label: item.label, run: () => item.onSelect() }));
}

function builtInItems(viewer: Viewer): ContextMenuItem[] {
  const selections = viewer.getAggregateSelection().filter((s) => s.dbIds.length > 0);
  const count = selections.reduce((n, s) => n + s.dbIds.length, 0);
  const models = viewer.getVisibleModels();
  const is3d = models.some((m) => m.is3d());
  const selectedHidden = selections.some((s) => s.dbIds.some((id) => !viewer.isNodeVisible(id, s.model)));
  const items: ContextMenuItem[] = [];
  if (count > 0) {
    items.push({ label: 'Isolate', run: () => selections.forEach((s) => viewer.isolate(s.dbIds, s.model)) });
    items.push({ label: 'Hide Selected', run: () => selections.forEach((s) => viewer.hide(s.dbIds, s.model)) });
    if (selectedHidden) items.push({ label: 'Show Selected', run: () => selections.forEach((s) => viewer.show(s.dbIds, s.model)) });
  }
  if (viewer.stores.$layers.get().some((layer) => !layer.visible)) items.push({ label: 'Show All Layers', run: () => viewer.layers.showAll() });
  if (is3d || !models.length) items.push({ label: 'Show All Objects', run: () => viewer.showAll() });
  if (is3d && count === 1) items.push({ label: 'Focus', run: () => void viewer.fitToView(selections[0].dbIds, selections[0].model) });
  if (count > 0) items.push({ label: 'Clear Selection', run: () => viewer.clearSelection() });
  return items;
}
