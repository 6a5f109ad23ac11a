import { atom, type WritableAtom } from 'nanostores';
import { createContext, useContext } from 'react';
import type { ErrorDetail } from '../core/index.js';

/**
 * A panel the chrome can show: its own (browser, layers, properties, settings, renderingOptions, debug) or
 * one an extension added (viewer.ui). The order of `$openPanels` is their stacking order (last on top).
 */
export type PanelId = string;

/** Where a docking panel sits, and which edges it is docked to (spec 001 §2 "Panels" 10). */
export interface PanelGeometry {
  left: number;
  top: number;
  width: number;
  height: number;
  dockRight: boolean;
  dockBottom: boolean;
}

/**
 * The chrome's own state, one per mounted chrome (never module-level: two viewers share nothing).
 * What the core owns (selection, models, preferences...) stays in the core's stores.
 */
export interface ChromeState {
  /** The viewer's open panels (viewer.ui.$openPanels): the chrome's own and the extensions' alike. */
  $openPanels: WritableAtom<readonly PanelId[]>;
  /** The context menu, at a point relative to the chrome, or null. */
  $contextMenu: WritableAtom<{ x: number; y: number } | null>;
  /** The error the alert box shows (spec 001 §2 item 7), until dismissed. */
  $alert: WritableAtom<ErrorDetail | null>;
  /** The last search term of the model browser; the properties panel highlights it. */
  $searchTerm: WritableAtom<string>;
  /** Size of the chrome (the element), for the toolbar's breakpoints and the panels' bounds. */
  $size: WritableAtom<{ width: number; height: number }>;
  /** Last geometry of each panel, kept while it is hidden (spec 001 §2: last size remembered). */
  geometry: Map<PanelId, PanelGeometry>;
  /** The debug menu is off unless the viewer config enables it (spec 001 §2 item 8). */
  isDebugEnabled: boolean;
  /** The chrome's root element, set once mounted: positions are relative to it. */
  root: HTMLElement | null;
}

export function createChromeState(isDebugEnabled = false, $openPanels: WritableAtom<readonly PanelId[]> = atom<readonly PanelId[]>([])): ChromeState {
  return {
    $openPanels,
    $contextMenu: atom<{ x: number; y: number } | null>(null),
    $alert: atom<ErrorDetail | null>(null),
    $searchTerm: atom(''),
    $size: atom({ width: 0, height: 0 }),
    geometry: new Map(),
    isDebugEnabled,
    root: null,
  };
}

export function isPanelOpen(state: ChromeState, id: PanelId): boolean {
  return state.$openPanels.get().includes(id);
}

/** Opens a panel on top of the others (or brings it to the top). */
export function openPanel(state: ChromeState, id: PanelId): void {
  state.$openPanels.set([...state.$openPanels.get().filter((p) => p !== id), id]);
}

export function closePanel(state: ChromeState, id: PanelId): boolean {
  const open = state.$openPanels.get();
  if (!open.includes(id)) return false;
  state.$openPanels.set(open.filter((p) => p !== id));
  return true;
}

export function togglePanel(state: ChromeState, id: PanelId): void {
  if (isPanelOpen(state, id)) closePanel(state, id);
  else openPanel(state, id);
}

/** Brings an open panel to the top of the stack (a click in it). */
export function raisePanel(state: ChromeState, id: PanelId): void {
  const open = state.$openPanels.get();
  if (open.includes(id) && open[open.length - 1] !== id) openPanel(state, id);
}

/** Opens the context menu at a point of the page (client coordinates). */
export function openContextMenu(state: ChromeState, clientX: number, clientY: number): void {
  const rect = state.root?.getBoundingClientRect();
  state.$contextMenu.set({ x: clientX - (rect?.left ?? 0), y: clientY - (rect?.top ?? 0) });
}

export const ChromeContext = createContext<ChromeState | null>(null);

export function useChrome(): ChromeState {
  const state = useContext(ChromeContext);
  if (!state) throw new Error('Panels must be rendered inside a ChromeContext.');
  return state;
}
