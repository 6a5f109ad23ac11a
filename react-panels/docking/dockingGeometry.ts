import type { PanelGeometry } from '../ChromeState.js';

/** Spec 001 §2 "Panels" 10: a panel docks to the right or bottom edge when within this many pixels. */
export const DOCK_DISTANCE_PX = 5;
/** Spec 001 §2 "Panels" 10: the smallest a panel can be made. */
export const MIN_PANEL_WIDTH = 100;
export const MIN_PANEL_HEIGHT = 100;
/** Spec 001 §2 "Panels" 10: the width of a panel that does not say how wide it is. */
export const FALLBACK_PANEL_WIDTH = 300;
/**
 * Spec 001 §9: the model panel is the viewer's height less 104 px (with its search box); the other tall
 * panels keep the same room for the toolbar under them.
 */
export const PANEL_HEIGHT_ADJUSTMENT = 104;

export interface Bounds {
  width: number;
  height: number;
}

/**
 * Where a panel first appears: a left or right offset, a top offset, a width, and either a height or, for a
 * tall panel, a maximum height: it is then the viewer's height less the adjustment, up to that maximum.
 */
export type PanelPlacement = { left?: number; right?: number; top: number; width?: number } & ({ height: number } | { maxHeight: number });

export function initialGeometry(placement: PanelPlacement, bounds: Bounds): PanelGeometry {
  const width = placement.width && placement.width > 0 ? placement.width : FALLBACK_PANEL_WIDTH;
  const left = placement.left ?? (placement.right !== undefined ? bounds.width - width - placement.right : (bounds.width - width) / 2);
  const height = 'maxHeight' in placement ? Math.min(placement.maxHeight, bounds.height - PANEL_HEIGHT_ADJUSTMENT) : placement.height;
  return fitInside({ left, top: placement.top, width, height, dockRight: false, dockBottom: false }, bounds);
}

/** Keeps a panel inside the chrome: no smaller than the minimum, no larger than the chrome; docked edges stay glued. */
export function fitInside(g: PanelGeometry, bounds: Bounds): PanelGeometry {
  if (bounds.width <= 0 || bounds.height <= 0) return g;
  const width = clamp(g.width, Math.min(MIN_PANEL_WIDTH, bounds.width), bounds.width);
  const height = clamp(g.height, Math.min(MIN_PANEL_HEIGHT, bounds.height), bounds.height);
  const left = g.dockRight ? bounds.width - width : clamp(g.left, 0, bounds.width - width);
  const top = g.dockBottom ? bounds.height - height : clamp(g.top, 0, bounds.height - height);
  return { ...g, left, top, width, height };
}

/** A drag of the title bar to (left, top): within 5 px of the right or bottom edge, the panel docks there. */
export function movePanel(g: PanelGeometry, left: number, top: number, bounds: Bounds): PanelGeometry {
  const moved = fitInside({ ...g, left, top, dockRight: false, dockBottom: false }, bounds);
  const dockRight = bounds.width - (moved.left + moved.width) <= DOCK_DISTANCE_PX;
  const dockBottom = bounds.height - (moved.top + moved.height) <= DOCK_DISTANCE_PX;
  return fitInside({ ...moved, dockRight, dockBottom }, bounds);
}

/** A drag of the resize grip: a new size, never under the minimum. A panel docked right grows to the left. */
export function resizePanel(g: PanelGeometry, width: number, height: number, bounds: Bounds): PanelGeometry {
  const w = Math.max(MIN_PANEL_WIDTH, width);
  const h = Math.max(MIN_PANEL_HEIGHT, height);
  return fitInside({ ...g, width: w, height: h }, bounds);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
