import type { Viewer } from '../../core/index.js';
import { type ChromeState, closePanel } from '../ChromeState.js';

/** Spec 001 §2 "Escape order": what one press of Escape does, the first that applies, in this order. */
export const ESCAPE_STEPS = [
  'close-context-menu',
  'close-rendering-options',
  'leave-temporary-tool',
  'clear-selection',
  'show-all',
  'dismiss-alert',
  'close-top-panel',
  'leave-full-screen',
] as const;

export type EscapeStep = (typeof ESCAPE_STEPS)[number];

/** Runs the first step of the Escape order that applies; returns it, or null when there was nothing to do. */
export function runEscapeStep(viewer: Viewer, chrome: ChromeState): EscapeStep | null {
  if (chrome.$contextMenu.get()) {
    chrome.$contextMenu.set(null);
    return 'close-context-menu';
  }
  if (closePanel(chrome, 'renderingOptions')) return 'close-rendering-options';
  const tools = viewer.toolController;
  const active = tools.getActiveToolName();
  const defaultTool = tools.getDefaultToolName();
  if (active && defaultTool && active !== defaultTool && tools.deactivateTool(active)) return 'leave-temporary-tool';
  if (viewer.getAggregateSelection().some((s) => s.dbIds.length > 0)) {
    viewer.clearSelection();
    return 'clear-selection';
  }
  if (viewer.getVisibleModels().some((m) => viewer.getHiddenNodes(m).length > 0 || viewer.getIsolatedNodes(m).length > 0)) {
    viewer.showAll();
    return 'show-all';
  }
  if (chrome.$alert.get() || viewer.dialogs.$hud.get()) {
    if (chrome.$alert.get()) chrome.$alert.set(null);
    else viewer.dialogs.dismissHud();
    return 'dismiss-alert';
  }
  const open = chrome.$openPanels.get();
  if (open.length && closePanel(chrome, open[open.length - 1])) return 'close-top-panel';
  if (viewer.escapeScreenMode()) return 'leave-full-screen';
  return null;
}
