import type { ReadableAtom } from 'nanostores';
import type { Layer } from '../../layers/Layer.js';
import type { Model } from '../../model/Model.js';
import type { ModelsPort, SelectionPort, ViewsPort } from '../../viewer/ports.js';
import type { ModelSelection } from '../../viewer/ViewerEvents.js';
import type { ContextMenuItemSpec } from '../../viewer/ViewerUi.js';

/** What the spec's context-menu items act on. */
export type MenuItemsPort = Pick<SelectionPort, 'getAggregateSelection' | 'clearSelection'> &
  Pick<ModelsPort, 'getVisibleModels'> &
  Pick<ViewsPort, 'fitToView'> & {
    readonly stores: { readonly $layers: ReadableAtom<readonly Layer[]> };
    readonly layers: { showAll(): void };
    isolate(dbIds: readonly number[], model?: Model | null): void;
    hide(dbIds: readonly number[], model?: Model | null): void;
    show(dbIds: readonly number[], model?: Model | null): void;
    showAll(): void;
    isNodeVisible(dbId: number, model?: Model | null): boolean;
  };

/**
 * Spec 001 §2 "Panels" 6, in the spec's order (10 to 70; a host's items go between them or after): Isolate,
 * Hide Selected, Show Selected (a selected object is hidden), Show All Layers (when a layer is off: 2D
 * drawings, and 3D models whose files have layers), Show All Objects, Focus (3D, single selection), Clear
 * Selection. Each is shown only where it can act: the chrome asks when the menu opens.
 */
export function builtInMenuItems(viewer: MenuItemsPort): ContextMenuItemSpec[] {
  const selected = (): ModelSelection[] => viewer.getAggregateSelection().filter((s) => s.dbIds.length > 0);
  const count = () => selected().reduce((n, s) => n + s.dbIds.length, 0);
  const hasSelection = () => count() > 0;
  const is3d = () => viewer.getVisibleModels().some((m) => m.is3d());
  return [
    { id: 'isolate', label: 'Isolate', order: 10, isShown: hasSelection, onSelect: () => selected().forEach((s) => viewer.isolate(s.dbIds, s.model)) },
    { id: 'hide-selected', label: 'Hide Selected', order: 20, isShown: hasSelection, onSelect: () => selected().forEach((s) => viewer.hide(s.dbIds, s.model)) },
    {
      id: 'show-selected',
      label: 'Show Selected',
      order: 30,
      isShown: () => selected().some((s) => s.dbIds.some((id) => !viewer.isNodeVisible(id, s.model))),
      onSelect: () => selected().forEach((s) => viewer.show(s.dbIds, s.model)),
    },
    {
      id: 'show-all-layers',
      label: 'Show All Layers',
      order: 40,
      isShown: () => viewer.stores.$layers.get().some((layer) => !layer.visible),
      onSelect: () => viewer.layers.showAll(),
    },
    { id: 'show-all-objects', label: 'Show All Objects', order: 50, isShown: () => is3d() || !viewer.getVisibleModels().length, onSelect: () => viewer.showAll() },
    {
      id: 'focus',
      label: 'Focus',
      order: 60,
      isShown: () => is3d() && count() === 1,
      onSelect: () => {
        const [selection] = selected();
        if (selection) void viewer.fitToView(selection.dbIds, selection.model);
      },
    },
    { id: 'clear-selection', label: 'Clear Selection', order: 70, isShown: hasSelection, onSelect: () => viewer.clearSelection() },
  ];
}
