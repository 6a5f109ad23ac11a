/**
 * Spec 001 §2 "Toolbar" and §9: items hide when the viewer is narrower than these widths (px): explode
 * below 310, collaborate below 380, the camera submenu below 515, measure and section below 700, walk,
 * zoom, pan and orbit below 740.
 */
export const TOOLBAR_BREAKPOINTS = {
  explode: 310,
  collaborate: 380,
  camera: 515,
  measure: 700,
  section: 700,
  walk: 740,
  zoom: 740,
  pan: 740,
  orbit: 740,
} as const;

export type BreakpointItem = keyof typeof TOOLBAR_BREAKPOINTS;

/** Whether an item shows at this container width (before the first measurement, everything shows). */
export function isShownAtWidth(item: BreakpointItem, width: number): boolean {
  return width <= 0 || width >= TOOLBAR_BREAKPOINTS[item];
}
