import { Extension } from '../../viewer/Extension.js';
import { toolToggleButton } from '../toolButtonState.js';
import { SectionTool } from './SectionTool.js';

/** Spec 001 §2 "Toolbar" and §9: the measure and section buttons hide below this container width (px). */
export const SECTION_BUTTON_MIN_WIDTH = 700;

/**
 * Section analysis (spec 001 §2 "Toolbar", §7 "section"): the section tool, its toolbar button in the
 * model group, and the plane's controls over the toolbar while the tool is active (the chrome's `section`
 * overlay, react-panels/section/). `viewer.setCutPlanes(planes)` works without it; this is the user's way
 * to one plane across an axis.
 */
export class SectionExtension extends Extension {
  private tool: SectionTool | null = null;
  private stopFollowing: (() => void) | null = null;

  override load(): boolean {
    this.tool = new SectionTool(this.viewer);
    this.viewer.toolController.registerTool(this.tool);
    const button = toolToggleButton(this.viewer, { toolName: 'section', group: 'model', order: 30, label: 'Section analysis', icon: 'section', hideBelow: SECTION_BUTTON_MIN_WIDTH });
    this.stopFollowing = button.stop;
    this.addToolbarButton(button.spec);
    this.addOverlay({ id: 'section', slot: 'tool-options', order: 30, isShown: button.$active });
    return true;
  }

  override unload(): boolean {
    this.stopFollowing?.();
    // Deregistering an active tool turns it off: the cut planes there were before it come back.
    if (this.tool) this.viewer.toolController.deregisterTool(this.tool);
    this.tool = null;
    return true;
  }
}
