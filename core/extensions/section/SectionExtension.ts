import type { Tool } from '../../tools/Tool.js';
import { ToolExtension } from '../ToolExtension.js';
import { SectionTool } from './SectionTool.js';

/** Spec 001 §2 "Toolbar" and §9: the measure and section buttons hide below this container width (px). */
export const SECTION_BUTTON_MIN_WIDTH = 700;

/**
 * Section analysis (spec 001 §2 "Toolbar", §7 "section"): the section tool, its toolbar button in the
 * model group, and the plane's controls over the toolbar while the tool is active (the chrome's `section`
 * overlay, react-panels/section/). `viewer.setCutPlanes(planes)` works without it; this is the user's way
 * to one plane across an axis.
 */
export class SectionExtension extends ToolExtension {
  protected readonly button = { group: 'model', order: 30, label: 'Section analysis', icon: 'section', hideBelow: SECTION_BUTTON_MIN_WIDTH } as const;

  protected createTool(): Tool {
    return new SectionTool(this.viewer);
  }
}
