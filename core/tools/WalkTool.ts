import { Vector3 } from 'three';
import type { CameraPort, PreferencesPort, RedrawPort, ResourcesPort } from '../viewer/ports.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';
import { toolCursor } from './toolCursors.js';

/** What WalkTool needs of the viewer. */
export type WalkToolPort = CameraPort & RedrawPort & PreferencesPort & ResourcesPort;

/** Spec 000 §9 "Dolly and look speeds": defaults, the = / - step (10%), the floor, the least step. */
export const WALK_DOLLY_SPEED = 0.025;
export const WALK_LOOK_SPEED = 5;
export const WALK_SPEED_STEP = 0.1;
export const WALK_MIN_SPEED = 1e-6;
export const WALK_MIN_DOLLY_MAGNITUDE = 0.01;
/** Spec 000 §9 "Camera defaults": sideways (pan), touch look and height speeds. */
export const WALK_PAN_SPEED = 0.5;
export const WALK_TOUCH_LOOK_SPEED = 2;
export const WALK_HEIGHT_SPEED = 5;

/** Look speeds are in milliradians per pixel dragged. */
const LOOK_RADIANS_PER_UNIT = 0.001;
/** Steps are per 1/60 s while a key is held. */
const STEPS_PER_SECOND = 60;

const KEYS: Record<string, 'forward' | 'back' | 'left' | 'right' | 'up' | 'down'> = {
  w: 'forward',
  ArrowUp: 'forward',
  s: 'back',
  ArrowDown: 'back',
  a: 'left',
  ArrowLeft: 'left',
  d: 'right',
  ArrowRight: 'right',
  q: 'up',
  PageUp: 'up',
  e: 'down',
  PageDown: 'down',
};

/**
 * Walk / first person (spec 000 §1, §9): W/S or ↑/↓ walk along the view, A/D or ←/→ step sideways,
 * Q/E or Page Up/Down rise and sink, a drag looks around (one finger on touch; two fingers walk), the
 * wheel steps. The step is the dolly speed (0.025) of the scene's radius, never under 0.01; sideways
 * steps are the pan speed (0.5) of it and vertical ones the height speed (5) in tenths of it. = and -
 * change the dolly and look speeds by 10% (never below 1e-6), 0 resets them. Obeys the walk lock.
 */
export class WalkTool implements Tool {
  readonly names = ['walk'] as const;
  readonly priority = 20;
  /** Share of the scene radius per step. */
  dollySpeed = WALK_DOLLY_SPEED;
  /** Milliradians per pixel the mouse drags. */
  lookSpeed = WALK_LOOK_SPEED;
  private readonly held = new Set<string>();
  private looking = false;
  private lastTime = 0;

  constructor(private readonly viewer: WalkToolPort) {}

  activate(): void {
    // Walking needs depth: an orthographic view becomes perspective.
    if (!this.viewer.navigation.isPerspective) this.viewer.navigation.toPerspective();
  }

  deactivate(): void {
    this.handleBlur();
  }

  getCursor(): string {
    return toolCursor(this.viewer.resources, 'walk');
  }

  /** The length of one forward step in world units (at least 0.01). */
  getStepLength(): number {
    const radius = this.viewer.navigation.getSceneRadius() || 1;
    return Math.max(WALK_MIN_DOLLY_MAGNITUDE, this.dollySpeed * radius);
  }

  /** = (+1) and - (-1) change both speeds by 10%; 0 resets them. */
  adjustSpeed(direction: number): void {
    if (direction === 0) {
      this.dollySpeed = WALK_DOLLY_SPEED;
      this.lookSpeed = WALK_LOOK_SPEED;
      return;
    }
    const factor = direction > 0 ? 1 + WALK_SPEED_STEP : 1 - WALK_SPEED_STEP;
    this.dollySpeed = Math.max(WALK_MIN_SPEED, this.dollySpeed * factor);
    this.lookSpeed = Math.max(WALK_MIN_SPEED, this.lookSpeed * factor);
  }

  handleButtonDown(_event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    this.looking = true;
    return true;
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    if (!this.looking) return false;
    this.look(event.deltaX, event.deltaY, this.lookSpeed);
    return true;
  }

  handleButtonUp(_event: ToolPointerEvent, button: number): boolean {
    if (button !== 0 || !this.looking) return false;
    this.looking = false;
    return true;
  }

  handleWheel(delta: number): boolean {
    // Scrolling up (negative) walks forward.
    const sign = this.viewer.prefs.get('reverseMouseZoomDir') ? 1 : -1;
    this.move(new Vector3(0, 0, sign * delta * this.getStepLength()));
    return true;
  }

  handleKeyDown(event: KeyboardEvent, key: string): boolean {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const normal = key.length === 1 ? key.toLowerCase() : key;
    if (normal === '=' || normal === '+') this.adjustSpeed(1);
    else if (normal === '-') this.adjustSpeed(-1);
    else if (normal === '0') this.adjustSpeed(0);
    else if (KEYS[normal]) {
      if (!this.held.has(normal)) {
        // A key going down moves one step at once (a tap moves too); frames carry on while it is held.
        this.held.add(normal);
        this.walk(1 / STEPS_PER_SECOND);
        this.lastTime = performance.now();
        this.viewer.invalidate();
      }
    } else return false;
    return true;
  }

  handleKeyUp(_event: KeyboardEvent, key: string): boolean {
    return this.held.delete(key.length === 1 ? key.toLowerCase() : key);
  }

  update(time: number): boolean {
    if (this.held.size === 0) return false;
    this.walk(Math.min(0.1, Math.max(0, time - this.lastTime) / 1000));
    this.lastTime = Math.max(time, this.lastTime);
    return true;
  }

  /** Moves for the keys held, for a time in seconds. */
  private walk(seconds: number): void {
    const steps = seconds * STEPS_PER_SECOND * this.getStepLength();
    const amount = (name: string) => ([...this.held].some((key) => KEYS[key] === name) ? 1 : 0);
    const forward = amount('forward') - amount('back');
    const right = (amount('right') - amount('left')) * WALK_PAN_SPEED;
    const up = (amount('up') - amount('down')) * WALK_HEIGHT_SPEED * 0.1;
    this.move(new Vector3(right * steps, up * steps, forward * steps));
  }

  handleGesture(gesture: GestureInput): boolean {
    switch (gesture.type) {
      case 'dragmove':
        this.look(gesture.moveX, gesture.moveY, WALK_TOUCH_LOOK_SPEED);
        return true;
      case 'pinchstart':
      case 'pinchmove':
        // Spreading two fingers walks forward.
        this.move(new Vector3(0, 0, Math.log(gesture.scaleChange) * 10 * this.getStepLength()));
        return true;
      case 'pan2move': {
        const perPixel = this.getStepLength() / 10;
        this.move(new Vector3(-gesture.moveX * perPixel * WALK_PAN_SPEED, gesture.moveY * perPixel * WALK_HEIGHT_SPEED * 0.1, 0));
        return true;
      }
      case 'dragstart':
      case 'dragend':
      case 'pinchend':
      case 'pan2start':
      case 'pan2end':
        return true;
    }
    return false;
  }

  handleBlur(): boolean {
    this.held.clear();
    this.looking = false;
    return false;
  }

  /** Looks around by a drag (pixels): the view follows the pointer; the reverse options flip it. */
  private look(dx: number, dy: number, speed: number): void {
    const nav = this.viewer.navigation;
    if (!nav.isActionEnabled('walk')) return;
    const horizontal = this.viewer.prefs.get('reverseHorizontalLookDirection') ? -1 : 1;
    const vertical = this.viewer.prefs.get('reverseVerticalLookDirection') ? -1 : 1;
    const perPixel = speed * LOOK_RADIANS_PER_UNIT;
    nav.lookAround(horizontal * dx * perPixel, -vertical * dy * perPixel);
  }

  /** Moves in the walker's frame: x to the right, y along world up, z forward along the view. */
  private move(local: Vector3): void {
    const nav = this.viewer.navigation;
    if (local.lengthSq() === 0 || !nav.isActionEnabled('walk')) return;
    const forward = nav.getDirection();
    const right = new Vector3().crossVectors(forward, nav.worldUp).normalize();
    if (right.lengthSq() === 0) right.crossVectors(forward, nav.up).normalize();
    nav.moveBy(right.multiplyScalar(local.x).addScaledVector(nav.worldUp, local.y).addScaledVector(forward, local.z));
  }
}
