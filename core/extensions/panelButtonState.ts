import { atom, computed, type ReadableAtom } from 'nanostores';
import type { ToolbarButtonState, ViewerUi } from '../viewer/ViewerUi.js';

const ALWAYS = atom(true);

/**
 * The state of a toolbar button that shows and hides a panel: active while the panel is open, disabled
 * while it is not available (spec 001 §2 "Panels" 3: the layers panel only for models that have layers).
 */
export function panelButtonState(ui: ViewerUi, panelId: string, $available: ReadableAtom<boolean> = ALWAYS): ReadableAtom<ToolbarButtonState> {
  return computed([ui.$openPanels, $available], (open, available): ToolbarButtonState => (!available ? 'disabled' : open.includes(panelId) ? 'active' : 'inactive'));
}
