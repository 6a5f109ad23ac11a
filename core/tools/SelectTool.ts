import type { Vector3 } from 'three';
import type { CameraPort, PickPort, PivotPort, PreferencesPort, SelectionPort, ViewsPort } from '../viewer/ports.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';

/** What SelectTool needs of the viewer. */
export type SelectToolPort = SelectionPort & ViewsPort & PickPort & CameraPort & PivotPort & PreferencesPort;

/**
 * Always on, above navigation: a click selects the object under the cursor (Ctrl, Shift or Cmd toggle
 * it into the selection), a click on nothing clears the selection, a double click focuses the object
 * (or fits everything when it lands on nothing). On touch: a tap selects, a double tap focuses, a
 * two-finger double tap fits everything. With the `clickToSetCOI` preference on, a click or tap on an
 * object also makes the point clicked the pivot (the centre of interest), shown for a moment.
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
      if (this.viewer.prefs.get('clickToSetCOI')) this.setPivot(hit.intersectPoint);
      if (adds) this.viewer.toggleSelect(hit.dbId, hit.model);
      else this.viewer.select([hit.dbId], hit.model);
    } else if (!adds) {
      this.viewer.clearSelection();
    }
    return true;
  }

  private setPivot(point: Vector3): void {
    this.viewer.navigation.setPivotPoint(point);
    // The pivot shows where it went, then fades out.
    this.viewer.pivotSphere.show('click');
    this.viewer.pivotSphere.hide('click');
  }

  private focusAt(x: number, y: number): boolean {
    const hit = this.viewer.hitTestCanvas(x, y);
    if (hit) void this.viewer.fitToView([hit.dbId], hit.model);
    else void this.viewer.fitToView();
    return true;
  }
}
