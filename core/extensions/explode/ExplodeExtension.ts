import type { Tool } from '../../tools/Tool.js';
import { ToolExtension } from '../ToolExtension.js';
import { ExplodeTool } from './ExplodeTool.js';

/** Spec 001 §2 "Toolbar": the explode button hides below this container width (px). */
export const EXPLODE_BUTTON_MIN_WIDTH = 310;

/**
 * Explode (spec 001 §4 "Tool modality", §7 "explode"): the explode tool, its toolbar button in the model
 * group, and its slider over the toolbar while the tool is active (the chrome's `explode` overlay,
 * react-panels/explode/). `viewer.explode(scale)` works without it; this is the user's way to it.
 */
export class ExplodeExtension extends ToolExtension {
  protected readonly button = { group: 'model', order: 10, label: 'Explode model', icon: 'explode', hideBelow: EXPLODE_BUTTON_MIN_WIDTH } as const;

  protected createTool(): Tool {
    return new ExplodeTool(this.viewer);
  }
}
