import type { GestureInput, Tool, ToolPointerEvent } from '../../tools/Tool.js';
import type { CanvasPort, PickPort, SelectionPort } from '../../viewer/ports.js';

/** What ContextMenuTool needs of the viewer. */
export type ContextMenuToolPort = Pick<PickPort, 'hitTestCanvas'> & Pick<SelectionPort, 'select' | 'getAggregateSelection'> & Pick<CanvasPort, 'canvas'>;

/**
 * Asks for the context menu through the tool controller: a right click without movement (the controller's
 * `handleContextMenu`) or a touch press gesture. An object under the pointer that is not selected yet
 * becomes the selection, so the menu acts on what was clicked.
 */
export class ContextMenuTool implements Tool {
  readonly names = ['contextmenu'] as const;
  readonly isAlwaysOn = true;
  /** Above selection (50), so it sees the right click first. */
  readonly priority = 55;

  constructor(
    private readonly viewer: ContextMenuToolPort,
    /** Asks for the menu at a point of the page (client coordinates). */
    private readonly open: (clientX: number, clientY: number) => void,
  ) {}

  handleContextMenu(event: ToolPointerEvent): boolean {
    this.openAt(event.canvasX, event.canvasY);
    return true;
  }

  handleGesture(gesture: GestureInput): boolean {
    if (gesture.type !== 'press') return false;
    this.openAt(gesture.canvasX, gesture.canvasY);
    return true;
  }

  /** Asks for the menu at a point of the canvas (CSS pixels). */
  openAt(canvasX: number, canvasY: number): void {
    const hit = this.viewer.hitTestCanvas(canvasX, canvasY);
    if (hit && !this.viewer.getAggregateSelection().some((s) => s.model === hit.model && s.dbIds.includes(hit.dbId))) {
      this.viewer.select([hit.dbId], hit.model);
    }
    const rect = this.viewer.canvas.getBoundingClientRect();
    this.open(rect.left + canvasX, rect.top + canvasY);
  }
}
