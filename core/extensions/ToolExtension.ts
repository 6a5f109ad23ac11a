import type { Tool } from '../tools/Tool.js';
import { Extension } from '../viewer/Extension.js';
import { type ToolButton, toolToggleButton } from './toolButtonState.js';

/** Where a tool's button stands and how it looks; its id is the tool's name. */
export type ToolExtensionButton = Omit<ToolButton, 'toolName'>;

/**
 * An extension whose feature is one tool: it registers the tool, adds the toolbar button that turns it on
 * and off, and shows the tool's options over the toolbar (the chrome's overlay under the tool's name) while
 * the tool is on. Unloading it deregisters the tool, which turns it off. Explode and section are two.
 */
export abstract class ToolExtension extends Extension {
  private tool: Tool | null = null;
  private stopFollowing: (() => void) | null = null;

  /** The tool; made when the extension loads. */
  protected abstract createTool(): Tool;

  /** Its toolbar button. */
  protected abstract readonly button: ToolExtensionButton;

  override load(): boolean {
    const tool = this.createTool();
    this.tool = tool;
    this.viewer.toolController.registerTool(tool);
    const toolName = tool.names[0];
    const button = toolToggleButton(this.viewer, { toolName, ...this.button });
    this.stopFollowing = button.stop;
    this.addToolbarButton(button.spec);
    this.addOverlay({ id: toolName, slot: 'tool-options', order: this.button.order, isShown: button.$active });
    return true;
  }

  override unload(): boolean {
    this.stopFollowing?.();
    this.stopFollowing = null;
    // Deregistering an active tool turns it off first (explode puts the model back, section gives back the
    // cut planes there were before it).
    if (this.tool) this.viewer.toolController.deregisterTool(this.tool);
    this.tool = null;
    return true;
  }
}
