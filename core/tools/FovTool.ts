import type { CameraPort, PreferencesPort, ResourcesPort } from '../viewer/ports.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';
import { toolCursor } from './toolCursors.js';

/** What FovTool needs of the viewer. */
export type FovToolPort = CameraPort & PreferencesPort & ResourcesPort;

/** Spec 000 §9 "Field of view": wheel input is gathered over this window (ms)... */
export const FOV_WHEEL_WINDOW_MS = 100;
/** ...and changes the field of view by at least this many degrees. */
export const FOV_WHEEL_MIN_STEP = 3;
/** Degrees of field of view per viewport height dragged (a drag over the view spans half the range). */
const FOV_DEGREES_PER_VIEW_HEIGHT = 50;

/**
 * The field-of-view tool (spec 000 §1, spec 001 §2): dragging up narrows the view (a longer lens),
 * dragging down widens it; the wheel changes it in steps of at least 3° gathered over 100 ms; a
 * three-finger drag does the same on touch. Clamped to 6.88–100° by the navigation; obeys the fov lock.
 * The focal-length overlay (react-panels) shows the result in mm while this tool is active.
 */
export class FovTool implements Tool {
  readonly names = ['fov'] as const;
  readonly priority = 20;
  private dragging = false;
  private wheelSum = 0;
  private wheelTimer = 0;

  constructor(private readonly viewer: FovToolPort) {}

  deactivate(): void {
    this.dragging = false;
    this.flushWheel();
  }

  getCursor(): string {
    return toolCursor(this.viewer.resources, 'fov');
  }

  handleButtonDown(_event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    this.dragging = true;
    return true;
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    if (!this.dragging) return false;
    this.changeBy((event.deltaY / this.viewer.navigation.viewport.height) * FOV_DEGREES_PER_VIEW_HEIGHT);
    return true;
  }

  handleButtonUp(_event: ToolPointerEvent, button: number): boolean {
    if (button !== 0 || !this.dragging) return false;
    this.dragging = false;
    return true;
  }

  /** Wheel steps gather over a 100 ms window, then apply as one change of at least 3°. */
  handleWheel(delta: number): boolean {
    if (delta === 0) return true;
    const sign = this.viewer.prefs.get('reverseMouseZoomDir') ? -1 : 1;
    this.wheelSum += delta * sign;
    if (!this.wheelTimer) this.wheelTimer = window.setTimeout(() => this.flushWheel(), FOV_WHEEL_WINDOW_MS);
    return true;
  }

  /** The three-finger drag (the hot gesture), or one finger once the tool is picked. */
  handleGesture(gesture: GestureInput): boolean {
    switch (gesture.type) {
      case 'drag3start':
      case 'drag3end':
      case 'dragstart':
      case 'dragend':
        return true;
      case 'drag3move':
      case 'dragmove':
        this.changeBy((gesture.moveY / this.viewer.navigation.viewport.height) * FOV_DEGREES_PER_VIEW_HEIGHT);
        return true;
    }
    return false;
  }

  handleBlur(): boolean {
    this.dragging = false;
    return false;
  }

  private flushWheel(): void {
    clearTimeout(this.wheelTimer);
    this.wheelTimer = 0;
    const sum = this.wheelSum;
    this.wheelSum = 0;
    // Scrolling up (negative) narrows the view, like zooming in.
    if (sum !== 0) this.changeBy(Math.sign(sum) * Math.max(FOV_WHEEL_MIN_STEP, Math.abs(sum)));
  }

  private changeBy(degrees: number): void {
    const nav = this.viewer.navigation;
    // An orthographic view has no field of view to change (the overlay says so).
    if (degrees === 0 || !nav.isPerspective || !nav.isActionEnabled('fov')) return;
    nav.setFov(nav.fov + degrees);
  }
}
