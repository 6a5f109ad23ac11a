import { atom, computed, type ReadableAtom } from 'nanostores';
import type { ToolbarButtonSpec, ToolbarButtonState, ToolbarGroup, ViewerUi } from '../viewer/ViewerUi.js';

const ALWAYS = atom(true);

/**
 * The state of a toolbar button that shows and hides a panel: active while the panel is open, disabled
 * while it is not available (spec 001 §2 "Panels" 3: the layers panel only for models that have layers).
 */
export function panelButtonState(ui: ViewerUi, panelId: string, $available: ReadableAtom<boolean> = ALWAYS): ReadableAtom<ToolbarButtonState> {
  return computed([ui.$openPanels, $available], (open, available): ToolbarButtonState => (!available ? 'disabled' : open.includes(panelId) ? 'active' : 'inactive'));
}

/** What a panel's toolbar button needs besides the panel: where it stands and how it looks. */
export interface PanelButton {
  /** The panel it shows and hides; also the button's id. */
  panelId: string;
  group: ToolbarGroup;
  order: number;
  label: string;
  icon: string;
  $available?: ReadableAtom<boolean>;
}

/** A toggle button that opens and closes a panel (the model browser, layers, properties, settings). */
export function panelToggleButton(ui: ViewerUi, { panelId, group, order, label, icon, $available }: PanelButton): ToolbarButtonSpec {
  return {
    id: panelId,
    group,
    order,
    label,
    icon,
    isToggle: true,
    state: panelButtonState(ui, panelId, $available),
    onClick: () => {
      if ($available?.get() === false) return;
      ui.togglePanel(panelId);
    },
  };
}
