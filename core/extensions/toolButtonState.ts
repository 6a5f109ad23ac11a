import { atom, computed, type ReadableAtom } from 'nanostores';
import type { EventsPort, ToolsPort } from '../viewer/ports.js';
import type { ToolbarButtonSpec, ToolbarButtonState, ToolbarGroup } from '../viewer/ViewerUi.js';

/** Whether a tool is active, as a store, and the state of the toolbar button that toggles it. */
export interface ToolButtonState {
  $active: ReadableAtom<boolean>;
  $state: ReadableAtom<ToolbarButtonState>;
  /** Stops following the tool. */
  stop(): void;
}

/**
 * Follows a tool for its toolbar button: active while it is in the controller's stack (tools such as
 * explode are active beside the navigation tool), disabled while it is not registered.
 */
export function toolButtonState(viewer: ToolsPort & Pick<EventsPort, 'addEventListener' | 'removeEventListener'>, toolName: string): ToolButtonState {
  const controller = viewer.toolController;
  const $active = atom(controller.isToolActive(toolName));
  const $registered = atom(controller.getTool(toolName) !== undefined);
  const refresh = () => {
    $active.set(controller.isToolActive(toolName));
    $registered.set(controller.getTool(toolName) !== undefined);
  };
  viewer.addEventListener('tool-change', refresh);
  const $state = computed([$active, $registered], (active, registered): ToolbarButtonState => (!registered ? 'disabled' : active ? 'active' : 'inactive'));
  return { $active, $state, stop: () => viewer.removeEventListener('tool-change', refresh) };
}

/** Turns a tool on, or off when it is on. */
export function toggleTool(viewer: ToolsPort, toolName: string): void {
  const controller = viewer.toolController;
  if (controller.isToolActive(toolName)) controller.deactivateTool(toolName);
  else controller.activateTool(toolName);
}

/** What a tool's toolbar button needs besides the tool: where it stands and how it looks. */
export interface ToolButton {
  /** The tool it turns on and off; also the button's id. */
  toolName: string;
  group: ToolbarGroup;
  order: number;
  label: string;
  icon: string;
  hideBelow?: number;
}

/**
 * A toggle button that turns a tool on and off (explode, section), with the tool's state: `$active` shows
 * the tool's options while it is on; `stop()` when the extension unloads.
 */
export function toolToggleButton(viewer: ToolsPort & Pick<EventsPort, 'addEventListener' | 'removeEventListener'>, { toolName, ...look }: ToolButton): ToolButtonState & { spec: ToolbarButtonSpec } {
  const state = toolButtonState(viewer, toolName);
  return { ...state, spec: { id: toolName, ...look, isToggle: true, state: state.$state, onClick: () => toggleTool(viewer, toolName) } };
}
