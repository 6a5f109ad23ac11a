import { type NavigationToolsPort, registerNavigationTools } from './registerNavigationTools.js';
import { SelectTool, type SelectToolPort } from './SelectTool.js';
import type { Tool } from './Tool.js';

/** What the default tools need of the viewer, together; the transform gizmo is the viewer's own. */
export type DefaultToolsPort = NavigationToolsPort & SelectToolPort & { readonly transformGizmo: Tool };

/** The viewer's own tools: the camera tools, selection and the transform gizmo; select is active, orbit the default. */
export function registerDefaultTools(viewer: DefaultToolsPort): void {
  const controller = viewer.toolController;
  registerNavigationTools(viewer);
  controller.registerTool(new SelectTool(viewer));
  controller.registerTool(viewer.transformGizmo);
  controller.activateTool('select');
  controller.setDefaultTool('orbit');
}
