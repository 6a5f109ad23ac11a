import type { PickPort, SelectionPort, ViewsPort } from '../viewer/ports.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';

/** What SelectTool needs of the viewer. */
export type SelectToolPort = SelectionPort & ViewsPort & PickPort;

/**
 * Always on, above navigation: a click selects the object under the cursor (Ctrl, Shift or Cmd toggle
 * it into the selection), a click on nothing clears the selection, a double click focuses the object
 * (or fits everything when it lands on nothing). On touch: a tap selects, a double tap focuses, a
 * two-finger double tap fits everything.
 */
export class SelectTool implements Tool {
  readonly names = ['select'] as const;
  readonly isAlwaysOn = true;
  readonly priority = 50;

  constructor(private readonly viewer: SelectToolPort) {}

  handleSingleClick(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    return this.selectAt(event.canvasX, event.canvasY, event.ctrlKey || event.shiftKey || event.metaKey);
  }

  handleGesture(gesture: GestureInput): boolean {
    switch (gesture.type) {
      case 'singletap':
        return this.selectAt(gesture.canvasX, gesture.canvasY, false);
      case 'doubletap':
        return this.focusAt(gesture.canvasX, gesture.canvasY);
      case 'doubletap2':
        void this.viewer.fitToView();
        return true;
    }
    return false;
  }

  handleDoubleClick(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    return this.focusAt(event.canvasX, event.canvasY);
  }

  private selectAt(x: number, y: number, adds: boolean): boolean {
    const hit = this.viewer.hitTestCanvas(x, y);
    if (hit) {
      if (adds) this.viewer.toggleSelect(hit.dbId, hit.model);
      else this.viewer.select([hit.dbId], hit.model);
    } else if (!adds) {
      this.viewer.clearSelection();
    }
    return true;
  }

  private focusAt(x: number, y: number): boolean {
    const hit = this.viewer.hitTestCanvas(x, y);
    if (hit) void this.viewer.fitToView([hit.dbId], hit.model);
    else void this.viewer.fitToView();
    return true;
  }
}
