import { Vector3 } from 'three';
import { ZOOM_SPEED } from '../camera/cameraConstants.js';
import type { Viewer } from '../viewer/Viewer.js';
import type { Tool, ToolPointerEvent } from './Tool.js';

/** Spec 000 §9: orbit multiplier: radians per viewport width dragged. */
export const ORBIT_MULTIPLIER = 5;
/** Wheel steps (delta / 40) to zoom-speed exponents: one notch (deltaY 100) zooms about 25%. */
const WHEEL_ZOOM_EXPONENT = 6;

type DragAction = 'orbit' | 'freeorbit' | 'pan' | 'dolly';

/**
 * The default navigation tool (spec 000 §4 "Orbit, dolly and pan tool modes"): modes orbit, freeorbit,
 * dolly, pan and dollypan; the primary button runs the mode, the secondary and middle buttons pan,
 * Shift pans, the wheel dollies towards the point under the cursor. Each action obeys the locks.
 */
export class OrbitDollyPanTool implements Tool {
  readonly names = ['orbit', 'freeorbit', 'dolly', 'pan', 'dollypan'] as const;
  readonly priority = 0;
  private mode: string = 'orbit';
  private drag: { action: DragAction; x: number; y: number; depth: number } | null = null;

  constructor(private readonly viewer: Viewer) {}

  activate(name: string): void {
    this.mode = name;
  }

  deactivate(): void {
    this.drag = null;
  }

  handleButtonDown(event: ToolPointerEvent, button: number): boolean {
    const action = this.actionFor(event, button);
    if (!action) return false;
    const hit = this.viewer.hitTestCanvas(event.canvasX, event.canvasY);
    const nav = this.viewer.navigation;
    if (hit && action !== 'pan') nav.setPivotPoint(hit.intersectPoint);
    else if (action !== 'pan') nav.setPivotPoint(nav.target);
    const depth = hit ? hit.intersectPoint.clone().sub(nav.position).dot(nav.getDirection()) : nav.distance;
    this.drag = { action, x: event.canvasX, y: event.canvasY, depth };
    return true;
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    if (!this.drag) return false;
    const dx = event.canvasX - this.drag.x;
    const dy = event.canvasY - this.drag.y;
    this.drag.x = event.canvasX;
    this.drag.y = event.canvasY;
    if (dx === 0 && dy === 0) return true;
    const nav = this.viewer.navigation;
    const { width } = nav.viewport;
    switch (this.drag.action) {
      case 'orbit':
        if (nav.isActionEnabled('orbit')) nav.orbit((dx / width) * ORBIT_MULTIPLIER, (dy / width) * ORBIT_MULTIPLIER);
        break;
      case 'freeorbit':
        if (nav.isActionEnabled('orbit')) nav.freeOrbit((dx / width) * ORBIT_MULTIPLIER, (dy / width) * ORBIT_MULTIPLIER);
        break;
      case 'pan':
        if (nav.isActionEnabled('pan')) nav.pan(dx, dy, this.drag.depth);
        break;
      case 'dolly':
        if (nav.isActionEnabled('zoom')) nav.dolly(Math.pow(ZOOM_SPEED, -dy * this.zoomSign()));
        break;
    }
    return true;
  }

  handleButtonUp(): boolean {
    const dragging = this.drag !== null;
    this.drag = null;
    return dragging;
  }

  handleWheel(delta: number, event: WheelEvent): boolean {
    const nav = this.viewer.navigation;
    if (!nav.isActionEnabled('zoom') || delta === 0) return false;
    const rect = this.viewer.canvas.getBoundingClientRect();
    const hit = this.viewer.hitTestCanvas(event.clientX - rect.left, event.clientY - rect.top);
    const point = hit?.intersectPoint ?? this.pointOnTargetPlane(event.clientX - rect.left, event.clientY - rect.top);
    nav.dolly(Math.pow(ZOOM_SPEED, delta * WHEEL_ZOOM_EXPONENT * this.zoomSign()), point);
    return true;
  }

  handleBlur(): boolean {
    this.drag = null;
    return false;
  }

  private zoomSign(): number {
    return this.viewer.prefs.get('reverseMouseZoomDir') ? -1 : 1;
  }

  private actionFor(event: ToolPointerEvent, button: number): DragAction | null {
    if (button === 1 || button === 2) return 'pan';
    if (button !== 0) return null;
    if (event.shiftKey) return 'pan';
    if (event.altKey) return 'orbit';
    if (event.ctrlKey || event.metaKey) return 'dolly';
    if (this.mode === 'dollypan') return 'dolly';
    return this.mode as DragAction;
  }

  /** Where the cursor's ray meets the plane through the target facing the camera. */
  private pointOnTargetPlane(x: number, y: number): Vector3 {
    const ray = this.viewer.rayFromCanvas(x, y);
    const nav = this.viewer.navigation;
    const normal = nav.getDirection();
    const denominator = ray.direction.dot(normal);
    if (Math.abs(denominator) < 1e-9) return nav.target.clone();
    const t = nav.target.clone().sub(ray.origin).dot(normal) / denominator;
    return ray.at(Math.max(t, 0), new Vector3());
  }
}
