import type { Viewer } from '../viewer/Viewer.js';
import { ExplodeTool } from './ExplodeTool.js';
import { registerNavigationTools } from './registerNavigationTools.js';
import { SectionTool } from './SectionTool.js';
import { SelectTool } from './SelectTool.js';

/** The viewer's own tools: the camera tools, selection, the transform gizmo, explode and section; select is active, orbit the default. */
export function registerDefaultTools(viewer: Viewer): void {
  const controller = viewer.toolController;
  registerNavigationTools(viewer);
  controller.registerTool(new SelectTool(viewer));
  controller.registerTool(viewer.transformGizmo);
  controller.registerTool(new ExplodeTool(viewer));
  controller.registerTool(new SectionTool(viewer));
  controller.activateTool('select');
  controller.setDefaultTool('orbit');
}
