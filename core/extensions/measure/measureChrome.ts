import type { ReadableAtom } from 'nanostores';
import type { ToolsPort } from '../../viewer/ports.js';
import type { ToolController } from '../../tools/ToolController.js';
import type { ViewerUi } from '../../viewer/ViewerUi.js';
import type { ToolButton } from '../toolButtonState.js';

/** Spec 001 §2 "Toolbar" and §9: the measure and section buttons hide below this container width (px). */
export const MEASURE_BUTTON_MIN_WIDTH = 700;

/** The measure tool's toggle in the model group (explode 10, measure 20, section 30). */
export const MEASURE_BUTTON: ToolButton = { toolName: 'measure', group: 'model', order: 20, label: 'Measure', icon: 'measure', hideBelow: MEASURE_BUTTON_MIN_WIDTH };

/** The measure panel's id (viewer.ui), drawn by react-panels/measure/MeasurePanel. */
export const MEASURE_PANEL_ID = 'measure';

/** The overlay that draws the measurements, their labels and the snap indicator over the canvas. */
export const MEASURE_LABELS_OVERLAY_ID = 'measureLabels';

/**
 * The measure panel shows while the tool is on, as in a professional BIM viewer's measure tool: the tool
 * coming on opens it, going off closes it; closing the panel (its close button, Escape) leaves the tool,
 * and opening it (viewer.ui.openPanel) starts measuring. Returns the stop.
 */
export function followMeasurePanel(viewer: ToolsPort & { ui: ViewerUi }, $active: ReadableAtom<boolean>): () => void {
  const { ui, toolController } = viewer;
  const stopTool = $active.listen((active) => {
    if (active) ui.openPanel(MEASURE_PANEL_ID);
    else ui.closePanel(MEASURE_PANEL_ID);
  });
  const stopPanel = ui.$openPanels.listen((open) => {
    const isOpen = open.includes(MEASURE_PANEL_ID);
    const isActive = toolController.isToolActive('measure');
    if (isOpen && !isActive) toolController.activateTool('measure');
    else if (!isOpen && isActive) toolController.deactivateTool('measure');
  });
  return () => {
    stopTool();
    stopPanel();
  };
}

/** Tools that turn measuring off when they come on (spec 001 §4 "Tool modality"). */
const TOOLS_THAT_END_MEASURING = ['section', 'explode'];
/** Tools measuring turns off when it comes on: section and measure exclude each other. */
const TOOLS_MEASURING_ENDS = ['section'];

/** Spec 001 §4 "Tool modality", when a tool comes on: section and explode end measuring; measuring ends section. */
export function applyMeasureModality(controller: ToolController, toolName: string): void {
  if (TOOLS_THAT_END_MEASURING.includes(toolName) && controller.isToolActive('measure')) controller.deactivateTool('measure');
  if (toolName === 'measure') for (const other of TOOLS_MEASURING_ENDS) if (controller.isToolActive(other)) controller.deactivateTool(other);
}
