import type { Vector3 } from 'three';
import { ZOOM_SPEED } from '../camera/cameraConstants.js';
import type { NavigationAction } from '../camera/Navigation.js';
import type { CameraPort, CanvasPort, PickPort, PivotPort, PreferencesPort, RedrawPort, ResourcesPort, ScenePort } from '../viewer/ports.js';
import { FusionOrbit } from './FusionOrbit.js';
import { depthOf, worldPointAt } from './screenPoints.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';
import { type ToolCursorName, toolCursor } from './toolCursors.js';

/** What OrbitDollyPanTool needs of the viewer. */
export type OrbitDollyPanToolPort = CameraPort & CanvasPort & RedrawPort & PivotPort & PreferencesPort & ResourcesPort & PickPort & ScenePort;

/** Spec 000 §9: orbit multiplier: radians per viewport width dragged. */
export const ORBIT_MULTIPLIER = 5;
/** Spec 000 §9 "Camera defaults": keyboard pan speed, in view heights per second. */
export const KEYBOARD_PAN_SPEED = 0.5;
/** Wheel steps (delta / 40) to zoom-speed exponents: one notch (deltaY 100) zooms about 25%. */
const WHEEL_ZOOM_EXPONENT = 6;
/** Zoom-speed exponents per second while an arrow key is held (ZOOM_SPEED per 1/60 s). */
const KEYBOARD_ZOOM_RATE = 60;

type Mode = 'orbit' | 'freeorbit' | 'dolly' | 'pan' | 'dollypan';

/** The lock each mode obeys (dollypan obeys pan and zoom, each for its half). */
const ACTION_LOCK: Record<Exclude<Mode, 'dollypan'>, NavigationAction> = { orbit: 'orbit', freeorbit: 'orbit', pan: 'pan', dolly: 'zoom' };
const CURSOR: Record<Mode, ToolCursorName> = { orbit: 'orbit', freeorbit: 'freeorbit', pan: 'pan', dolly: 'dolly', dollypan: 'pan' };
const MOVE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown']);

interface Drag {
  mode: Mode;
  /** Depth of the grabbed point: pan keeps it under the pointer. */
  depth: number;
  /** Where dollies go. */
  focus: Vector3;
  /** A free orbit that follows the Fusion-style ring. */
  isFusion: boolean;
}

/**
 * The default navigation tool (spec 000 §4 "Orbit, dolly and pan tool modes"): modes orbit (turntable
 * about world up), freeorbit, dolly, pan and dollypan. The primary button runs the mode; the middle and
 * secondary buttons pan; Shift or Space pan, Alt orbits, Ctrl (Cmd) dollies (spec 001 §2 "Hotkeys").
 * The wheel dollies towards the point under the cursor (or the pivot), arrows and Page Up/Down move the
 * camera, and touch drags, pinches and two-finger pans do the same. Each move obeys its lock. While the
 * `fusionOrbit` preference is on, free orbit follows Fusion 360's orbit ring (FusionOrbit).
 */
export class OrbitDollyPanTool implements Tool {
  readonly names = ['orbit', 'freeorbit', 'dolly', 'pan', 'dollypan'] as const;
  readonly priority = 0;
  private mode: Mode = 'orbit';
  private drag: Drag | null = null;
  private pinchFocus: Vector3 | null = null;
  private pan2Depth = 0;
  private readonly modifiers = { shift: false, space: false, alt: false, ctrl: false };
  private readonly movingKeys = new Set<string>();
  private lastKeyTime = 0;
  readonly fusionOrbit: FusionOrbit;

  constructor(private readonly viewer: OrbitDollyPanToolPort) {
    this.fusionOrbit = new FusionOrbit(viewer);
  }

  activate(name: string): void {
    this.mode = name as Mode;
    this.fusionOrbit.setToolActive(name === 'freeorbit');
  }

  deactivate(): void {
    this.handleBlur();
    this.fusionOrbit.setToolActive(false);
  }

  getMode(): string {
    return this.drag?.mode ?? this.modeForModifiers(this.modifiers.shift, this.modifiers.alt, this.modifiers.ctrl);
  }

  getCursor(): string {
    const mode = this.getMode() as Mode;
    const isFusion = this.drag ? this.drag.isFusion : mode === 'freeorbit' && this.fusionOrbit.isOn;
    return toolCursor(this.viewer.resources, isFusion ? this.fusionOrbit.cursorName() : CURSOR[mode]);
  }

  // ── Mouse ────────────────────────────────────────────────────────────────────────────────────

  handleButtonDown(event: ToolPointerEvent, button: number): boolean {
    let mode: Mode | null = null;
    if (button === 1 || button === 2) mode = 'pan';
    else if (button === 0) mode = this.modeForModifiers(event.shiftKey, event.altKey, event.ctrlKey || event.metaKey);
    if (!mode) return false;
    this.beginDrag(mode, event.canvasX, event.canvasY);
    return true;
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    this.fusionOrbit.hoverAt(event.canvasX, event.canvasY);
    if (!this.drag) return false;
    this.applyDrag(event.deltaX, event.deltaY);
    return true;
  }

  handleButtonUp(): boolean {
    const dragging = this.drag !== null;
    this.endDrag();
    return dragging;
  }

  handleWheel(delta: number, event: WheelEvent): boolean {
    const nav = this.viewer.navigation;
    if (delta === 0 || !nav.isActionEnabled('zoom')) return false;
    const towardsPivot = this.viewer.navigation.options.zoomTowardsPivot; // the preference's, off in 2D
    const rect = this.viewer.canvas.getBoundingClientRect();
    const focus = towardsPivot ? nav.pivot.clone() : worldPointAt(this.viewer, event.clientX - rect.left, event.clientY - rect.top).point;
    nav.dolly(Math.pow(ZOOM_SPEED, delta * WHEEL_ZOOM_EXPONENT * this.zoomSign()), focus);
    if (towardsPivot) this.flashPivot();
    return true;
  }

  // ── Keyboard ─────────────────────────────────────────────────────────────────────────────────

  handleKeyDown(event: KeyboardEvent, key: string): boolean {
    this.readModifiers(event, key, true);
    if (key === ' ') return true; // Space pans while held; the page must not scroll.
    if (!MOVE_KEYS.has(key) || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (!this.movingKeys.has(key)) {
      // A key going down moves a 60th of a second at once (a tap moves too); frames carry on while held.
      this.movingKeys.add(key);
      this.moveForKeys(1 / 60);
      this.lastKeyTime = performance.now();
      this.viewer.invalidate();
    }
    return true;
  }

  handleKeyUp(event: KeyboardEvent, key: string): boolean {
    this.readModifiers(event, key, false);
    return this.movingKeys.delete(key) || key === ' ';
  }

  /** Held arrow and page keys move the camera a little every frame (spec 000 §9 "Keyboard"). */
  update(time: number): boolean {
    this.fusionOrbit.update();
    if (this.movingKeys.size === 0) return false;
    this.moveForKeys(Math.min(0.1, Math.max(0, time - this.lastKeyTime) / 1000));
    this.lastKeyTime = Math.max(time, this.lastKeyTime);
    return true;
  }

  /** Moves for the arrow and page keys held, for a time in seconds (spec 000 §9 pan speed 0.5). */
  private moveForKeys(seconds: number): void {
    const nav = this.viewer.navigation;
    const step = KEYBOARD_PAN_SPEED * nav.viewport.height * seconds;
    const held = (key: string) => (this.movingKeys.has(key) ? 1 : 0);
    const right = held('ArrowRight') - held('ArrowLeft');
    const up = held('PageUp') - held('PageDown');
    const forward = held('ArrowUp') - held('ArrowDown');
    if ((right || up) && nav.isActionEnabled('pan')) nav.pan(-right * step, up * step);
    if (forward && nav.isActionEnabled('zoom')) nav.dolly(Math.pow(ZOOM_SPEED, -forward * KEYBOARD_ZOOM_RATE * seconds));
  }

  // ── Touch ────────────────────────────────────────────────────────────────────────────────────

  handleGesture(gesture: GestureInput): boolean {
    const nav = this.viewer.navigation;
    const startX = gesture.canvasX - gesture.deltaX;
    const startY = gesture.canvasY - gesture.deltaY;
    switch (gesture.type) {
      case 'dragstart':
        // One finger runs the mode; in dollypan mode it pans (two fingers pinch to dolly).
        this.beginDrag(this.mode === 'dollypan' ? 'pan' : this.mode, startX, startY);
        return true;
      case 'dragmove':
        if (!this.drag) return false;
        this.applyDrag(gesture.moveX, gesture.moveY);
        return true;
      case 'dragend':
        this.endDrag();
        return true;
      case 'pinchstart':
      case 'pinchmove':
        // Spreading the fingers (scale up) brings the camera closer, from the start's change on.
        if (gesture.type === 'pinchstart') this.pinchFocus = worldPointAt(this.viewer, gesture.canvasX, gesture.canvasY).point;
        if (this.pinchFocus && nav.isActionEnabled('zoom')) nav.dolly(1 / gesture.scaleChange, this.pinchFocus);
        return true;
      case 'pinchend':
        this.pinchFocus = null;
        return true;
      case 'pan2start':
        this.pan2Depth = depthOf(this.viewer, worldPointAt(this.viewer, startX, startY).point);
        return true;
      case 'pan2move':
        if (nav.isActionEnabled('pan')) nav.pan(gesture.moveX, gesture.moveY, this.pan2Depth);
        return true;
      case 'pan2end':
        return true;
    }
    return false;
  }

  handleBlur(): boolean {
    this.endDrag();
    this.pinchFocus = null;
    this.movingKeys.clear();
    Object.assign(this.modifiers, { shift: false, space: false, alt: false, ctrl: false });
    return false;
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────────

  /** The mode the primary button runs with these modifiers held (spec 001 §2 "Hotkeys"). */
  private modeForModifiers(shift: boolean, alt: boolean, ctrl: boolean): Mode {
    if (shift || this.modifiers.space) return 'pan';
    if (alt) return this.mode === 'freeorbit' ? 'freeorbit' : 'orbit';
    if (ctrl) return 'dolly';
    return this.mode;
  }

  private beginDrag(mode: Mode, x: number, y: number): void {
    const nav = this.viewer.navigation;
    const { point, isOnModel } = worldPointAt(this.viewer, x, y);
    const orbits = mode === 'orbit' || mode === 'freeorbit';
    // The pivot: the point under the cursor, unless the user always orbits about the set pivot.
    if (orbits && isOnModel && !this.viewer.prefs.get('alwaysUsePivot')) nav.setPivotPoint(point);
    const towardsPivot = this.viewer.navigation.options.zoomTowardsPivot; // the preference's, off in 2D
    const isFusion = mode === 'freeorbit' && this.fusionOrbit.isOn;
    if (isFusion) this.fusionOrbit.begin(x, y);
    this.drag = { mode, depth: depthOf(this.viewer, point), focus: towardsPivot ? nav.pivot.clone() : point, isFusion };
    if (orbits || ((mode === 'dolly' || mode === 'dollypan') && towardsPivot)) this.viewer.pivotSphere.show('drag');
  }

  private applyDrag(dx: number, dy: number): void {
    const drag = this.drag;
    if (!drag || (dx === 0 && dy === 0)) return;
    const nav = this.viewer.navigation;
    if (drag.mode !== 'dollypan' && !nav.isActionEnabled(ACTION_LOCK[drag.mode as Exclude<Mode, 'dollypan'>])) return;
    const width = nav.viewport.width;
    switch (drag.mode) {
      case 'orbit':
        nav.orbit((dx / width) * ORBIT_MULTIPLIER, (dy / width) * ORBIT_MULTIPLIER);
        break;
      case 'freeorbit':
        if (drag.isFusion) this.fusionOrbit.move(dx, dy, ORBIT_MULTIPLIER / width);
        else nav.freeOrbit((dx / width) * ORBIT_MULTIPLIER, (dy / width) * ORBIT_MULTIPLIER);
        break;
      case 'pan':
        nav.pan(dx, dy, drag.depth);
        break;
      case 'dolly':
        // Pushing the pointer up moves in.
        nav.dolly(Math.pow(ZOOM_SPEED, dy * this.zoomSign()), drag.focus);
        break;
      case 'dollypan':
        // Sideways pans, up and down dollies: moving in a plane, like walking with the mouse.
        if (nav.isActionEnabled('pan')) nav.pan(dx, 0, drag.depth);
        if (nav.isActionEnabled('zoom')) nav.dolly(Math.pow(ZOOM_SPEED, dy * this.zoomSign()), drag.focus);
        break;
    }
  }

  private endDrag(): void {
    if (!this.drag) return;
    this.drag = null;
    this.fusionOrbit.end();
    this.viewer.pivotSphere.hide('drag');
  }

  /** Shows the pivot for a moment: it fades out right away. */
  private flashPivot(): void {
    this.viewer.pivotSphere.show('wheel');
    this.viewer.pivotSphere.hide('wheel');
  }

  private readModifiers(event: KeyboardEvent, key: string, down: boolean): void {
    if (key === ' ') this.modifiers.space = down;
    this.modifiers.shift = event.shiftKey;
    this.modifiers.alt = event.altKey;
    this.modifiers.ctrl = event.ctrlKey || event.metaKey;
  }

  private zoomSign(): number {
    return this.viewer.prefs.get('reverseMouseZoomDir') ? -1 : 1;
  }
}
