import type { Viewer } from '../viewer/Viewer.js';
import { FovTool } from './FovTool.js';
import { HotGestures } from './HotGestures.js';
import { NavigationHotkeys } from './NavigationHotkeys.js';
import { OrbitDollyPanTool } from './OrbitDollyPanTool.js';
import { TemporaryToolSwitch } from './TemporaryToolSwitch.js';
import { WalkTool } from './WalkTool.js';
import { WorldUpTool } from './WorldUpTool.js';
import { ZoomWindowTool } from './ZoomWindowTool.js';

/**
 * Registers every camera tool of the spec with the viewer's tool controller (orbit, freeorbit, dolly,
 * pan, dollypan, fov, worldup, walk, zoomwindow), turns the always-on hotkeys and hot gestures on, and
 * ties the controller's input rules to the navigation: input waits while a transition runs, moves
 * right after a camera jump are dropped, and mode changes raise `navigation-mode-change`.
 */
export function registerNavigationTools(viewer: Viewer): void {
  const controller = viewer.toolController;
  const navigation = viewer.navigation;
  controller.isInputBlocked = () => navigation.isTransitionActive();
  controller.lastCameraJumpTime = () => navigation.lastViewJumpTime;
  controller.onNavigationModeChange = (mode) => viewer.emit('navigation-mode-change', { mode });
  const temporary = new TemporaryToolSwitch(controller);
  for (const tool of [
    new OrbitDollyPanTool(viewer),
    new FovTool(viewer),
    new WorldUpTool(viewer),
    new WalkTool(viewer),
    new ZoomWindowTool(viewer),
    new NavigationHotkeys(viewer, temporary),
    new HotGestures(viewer, temporary),
  ]) {
    controller.registerTool(tool);
  }
  controller.activateTool('hotkeys');
  controller.activateTool('gestures');
}
