import type { EventsPort } from '../viewer/ports.js';
import { FovTool, type FovToolPort } from './FovTool.js';
import { HotGestures, type HotGesturesPort } from './HotGestures.js';
import { NavigationHotkeys, type NavigationHotkeysPort } from './NavigationHotkeys.js';
import { OrbitDollyPanTool, type OrbitDollyPanToolPort } from './OrbitDollyPanTool.js';
import { TemporaryToolSwitch } from './TemporaryToolSwitch.js';
import { WalkTool, type WalkToolPort } from './WalkTool.js';
import { WorldUpTool, type WorldUpToolPort } from './WorldUpTool.js';
import { ZoomWindowTool, type ZoomWindowToolPort } from './ZoomWindowTool.js';

/** What the camera tools need of the viewer, together. */
export type NavigationToolsPort = Pick<EventsPort, 'emit'> &
  OrbitDollyPanToolPort &
  FovToolPort &
  WorldUpToolPort &
  WalkToolPort &
  ZoomWindowToolPort &
  NavigationHotkeysPort &
  HotGesturesPort;

/**
 * Registers every camera tool of the spec with the viewer's tool controller (orbit, freeorbit, dolly,
 * pan, dollypan, fov, worldup, walk, zoomwindow), turns the always-on hotkeys and hot gestures on, and
 * ties the controller's input rules to the navigation: input waits while a transition runs, moves
 * right after a camera jump are dropped, and mode changes raise `navigation-mode-change`.
 */
export function registerNavigationTools(viewer: NavigationToolsPort): void {
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
