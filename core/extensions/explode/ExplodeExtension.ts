import { Extension } from '../../viewer/Extension.js';
import { toolToggleButton } from '../toolButtonState.js';
import { ExplodeTool } from './ExplodeTool.js';

/** Spec 001 §2 "Toolbar": the explode button hides below this container width (px). */
export const EXPLODE_BUTTON_MIN_WIDTH = 310;

/**
 * Explode (spec 001 §4 "Tool modality", §7 "explode"): the explode tool, its toolbar button in the model
 * group, and its slider over the toolbar while the tool is active (the chrome's `explode` overlay,
 * react-panels/explode/). `viewer.explode(scale)` works without it; this is the user's way to it.
 */
export class ExplodeExtension extends Extension {
  private tool: ExplodeTool | null = null;
  private stopFollowing: (() => void) | null = null;

  override load(): boolean {
    this.tool = new ExplodeTool(this.viewer);
    this.viewer.toolController.registerTool(this.tool);
    const button = toolToggleButton(this.viewer, { toolName: 'explode', group: 'model', order: 10, label: 'Explode model', icon: 'explode', hideBelow: EXPLODE_BUTTON_MIN_WIDTH });
    this.stopFollowing = button.stop;
    this.addToolbarButton(button.spec);
    this.addOverlay({ id: 'explode', slot: 'tool-options', order: 10, isShown: button.$active });
    return true;
  }

  override unload(): boolean {
    this.stopFollowing?.();
    if (this.tool) this.viewer.toolController.deregisterTool(this.tool);
    this.tool = null;
    return true;
  }
}
