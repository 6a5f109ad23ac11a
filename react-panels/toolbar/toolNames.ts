import type { Viewer } from '../../core/index.js';

/**
 * The tool names each toolbar entry drives, first registered one wins: tools are found by name, so a
 * button lights up as soon as the tool behind it is registered (and is disabled until then).
 */
export const TOOL_NAMES = {
  orbit: ['orbit'],
  freeorbit: ['freeorbit'],
  pan: ['pan'],
  dolly: ['dolly'],
  zoomWindow: ['zoomwindow', 'zoom-window'],
  walk: ['bimwalk', 'walk', 'firstperson'],
  fov: ['fov'],
  roll: ['worldup', 'roll'],
} as const;

export type ToolEntry = keyof typeof TOOL_NAMES;

/** The registered tool name behind an entry, or null when none of its names is registered. */
export function registeredToolName(viewer: Viewer, entry: ToolEntry): string | null {
  const names = viewer.toolController.getToolNames();
  return TOOL_NAMES[entry].find((name) => names.includes(name)) ?? null;
}

/**
 * Activates a navigation tool as one of a radio group: the tool that was active before is left first
 * (the default tool comes back on its own); activating the active tool again leaves it.
 */
export function activateNavigationTool(viewer: Viewer, name: string): void {
  const controller = viewer.toolController;
  const active = controller.getActiveToolName();
  const defaultName = controller.getDefaultToolName();
  if (active === name) {
    if (name !== defaultName) controller.deactivateTool(name);
    return;
  }
  if (active && active !== defaultName) controller.deactivateTool(active);
  controller.activateTool(name);
}
