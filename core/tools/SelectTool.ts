import type { Viewer } from '../viewer/Viewer.js';
import type { Tool, ToolPointerEvent } from './Tool.js';

/**
 * Always on, above navigation: a click selects the object under the cursor (Ctrl, Shift or Cmd toggle
 * it into the selection), a click on nothing clears the selection, a double click focuses the object
 * (or fits everything when it lands on nothing).
 */
export class SelectTool implements Tool {
  readonly names = ['select'] as const;
  readonly priority = 50;

  constructor(private readonly viewer: Viewer) {}

  handleSingleClick(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    const hit = this.viewer.hitTestCanvas(event.canvasX, event.canvasY);
    const adds = event.ctrlKey || event.shiftKey || event.metaKey;
    if (hit) {
      if (adds) this.viewer.toggleSelect(hit.dbId, hit.model);
      else this.viewer.select([hit.dbId], hit.model);
    } else if (!adds) {
      this.viewer.clearSelection();
    }
    return true;
  }

  handleDoubleClick(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    const hit = this.viewer.hitTestCanvas(event.canvasX, event.canvasY);
    if (hit) this.viewer.fitToView([hit.dbId], hit.model);
    else this.viewer.fitToView();
    return true;
  }
}
