import type { Viewer } from '../viewer/Viewer.js';
import { registerNavigationTools } from './registerNavigationTools.js';
import { SelectTool } from './SelectTool.js';

/** The viewer's own tools: the camera tools, selection and the transform gizmo; select is active, orbit the default. */
export function registerDefaultTools(viewer: Viewer): void {
  const controller = viewer.toolController;
  registerNavigationTools(viewer);
  controller.registerTool(new SelectTool(viewer));
  controller.registerTool(viewer.transformGizmo);
  controller.activateTool('select');
  controller.setDefaultTool('orbit');
}
