import { atom, type WritableAtom } from 'nanostores';
import { GESTURE_RECOGNIZERS } from '../../tools/GestureRecognizer.js';
import type { GestureInput, Tool, ToolPointerEvent } from '../../tools/Tool.js';
import { SNAP_DETECT_RADIUS_PX, SNAP_DETECT_RADIUS_TOUCH_PX, type Snapper, type SnapResult } from './Snapper.js';

/** A finger moving farther than this (CSS px, the single tap's threshold of spec 000 §9) drags: no pick. */
const TOUCH_PICK_SLOP_PX = 7;
/** A lift and the tap gesture it makes come within this (ms; the tap waits out a double tap's interval): one pick for both. */
const TOUCH_PICK_SAME_LIFT_MS = 1000;

/** What the tool asks of the measure extension, which keeps the measurements. */
export interface MeasureSession {
  /** The last pick of the measurement in progress (real coordinates), for perpendicular snaps. */
  lastPick(): SnapResult['intersectPoint'] | null;
  addPick(snap: SnapResult): void;
  /** Closes the area in progress (double click); false when there is none to close. */
  closeArea(): boolean;
  /** Drops the picks of the measurement in progress; false when it had none. */
  dropPicksInProgress(): boolean;
  /** The tool was turned off. */
  onToolOff(): void;
}

/**
 * The measure tool (spec 001 §4 "Measurement picks", "Tool modality"): a click (or tap) picks a snapped
 * point, a double click (or double tap) closes an area, Escape drops the pick in progress and then leaves
 * the tool. It takes nothing else: drags, the wheel and touch gestures still navigate.
 */
export class MeasureTool implements Tool {
  readonly names = ['measure'];
  /** Above selection (50) and the context menu (55): a click measures instead of selecting. */
  readonly priority = 70;
  /** What the pointer would snap to now (hover), for the snap indicator; null when nothing. */
  readonly $hover: WritableAtom<SnapResult | null> = atom(null);
  /**
   * Where a finger rests on the canvas (CSS px) while a touch pick is in progress: from the moment it
   * touches until it lifts (which picks there, after a tap or a longer hold alike), moves away (a drag
   * navigates) or a second finger comes; null otherwise. The magnifier loupe shows under it, and `$hover`
   * holds the snap there (the touch radius).
   */
  readonly $touch: WritableAtom<{ x: number; y: number } | null> = atom(null);
  private isOn = false;
  private touch: { pointerId: number; x: number; y: number } | null = null;
  private stopTouch: (() => void) | null = null;
  private lastTouchPick = -Infinity;
  private lastTouchAt = { x: NaN, y: NaN };

  constructor(
    /** The snapper (its edge cache is what the bench weighs). */
    readonly snapper: Snapper,
    private readonly session: MeasureSession,
    /** The canvas, whose touches the tool follows itself (the tool controller hands touch to gestures only). */
    private readonly canvas: () => HTMLElement | null = () => null,
  ) {}

  activate(): void {
    this.isOn = true;
    this.stopTouch?.();
    this.stopTouch = this.followTouches();
  }

  deactivate(): void {
    this.isOn = false;
    this.stopTouch?.();
    this.stopTouch = null;
    this.endTouch();
    this.$hover.set(null);
    this.session.onToolOff();
  }

  getCursor(): string | null {
    return 'crosshair';
  }

  /** Snaps at a canvas point with the detect radius of the input (10 px, 50 on touch: spec 001 §9). */
  snapAt(x: number, y: number, isTouch = false): SnapResult | null {
    return this.snapper.snap(x, y, { radiusPx: isTouch ? SNAP_DETECT_RADIUS_TOUCH_PX : SNAP_DETECT_RADIUS_PX, previous: this.session.lastPick() });
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    if (event.buttons === 0) this.$hover.set(this.snapAt(event.canvasX, event.canvasY, event.pointerType === 'touch'));
    return false;
  }

  handleSingleClick(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    this.pickAt(event.canvasX, event.canvasY, event.pointerType === 'touch');
    return true;
  }

  handleDoubleClick(_event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    // The first click of the pair already picked; the pair closes an area, and picks nothing more.
    this.session.closeArea();
    return true;
  }

  handleGesture(gesture: GestureInput): boolean {
    if (gesture.type === 'singletap') {
      // The finger's lift picked already (see followTouches); a tap the tool did not follow picks here.
      if (!this.justPickedByTouch()) this.touchPick(gesture.canvasX, gesture.canvasY);
      return true;
    }
    if (gesture.type === 'doubletap') return this.session.closeArea();
    // A finger held for the loupe is a pick in progress, not a long press (no context menu).
    if (gesture.type === 'press') return this.touch !== null;
    return false;
  }

  handleKeyDown(_event: KeyboardEvent, key: string): boolean {
    if (key !== 'Escape' || !this.isOn) return false;
    if (!this.session.dropPicksInProgress()) this.onLeave();
    return true;
  }

  /** Set by the extension: takes the tool off the tool controller (the measurements stay). */
  onLeave: () => void = () => {};

  /** Follows fingers on the canvas: a touch pick is in progress while one finger rests (see `$touch`). */
  private followTouches(): () => void {
    const canvas = this.canvas();
    if (!canvas) return () => {};
    const at = (e: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const down = (e: PointerEvent) => {
      if (e.pointerType !== 'touch') return;
      if (this.touch) return this.endTouch(); // a second finger: a gesture, no pick
      this.touch = { pointerId: e.pointerId, ...at(e) };
      this.showTouch(this.touch.x, this.touch.y);
    };
    const move = (e: PointerEvent) => {
      if (e.pointerType !== 'touch' || e.pointerId !== this.touch?.pointerId) return;
      const p = at(e);
      if (Math.hypot(p.x - this.touch.x, p.y - this.touch.y) > TOUCH_PICK_SLOP_PX) this.endTouch();
      else this.showTouch(p.x, p.y);
    };
    const up = (e: PointerEvent) => {
      if (e.pointerType !== 'touch' || e.pointerId !== this.touch?.pointerId) return;
      const { x, y } = this.touch;
      this.endTouch();
      // Lifting the finger picks where it rested, after a tap or a hold with the loupe alike; the second tap
      // of a double tap picks nothing more (the double tap closes an area, as a double click does).
      if (e.type === 'pointerup' && !this.isSecondTap(x, y)) this.touchPick(x, y);
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
    };
  }

  private showTouch(x: number, y: number): void {
    this.$hover.set(this.snapAt(x, y, true));
    this.$touch.set({ x, y });
  }

  /** A touch pick (the 50 px radius), remembered so that the tap gesture of the same lift picks nothing more. */
  private touchPick(x: number, y: number): void {
    this.lastTouchPick = performance.now();
    this.lastTouchAt = { x, y };
    this.pickAt(x, y, true);
  }

  private isSecondTap(x: number, y: number): boolean {
    const { interval, posThreshold } = GESTURE_RECOGNIZERS.doubleTap;
    return performance.now() - this.lastTouchPick < interval && Math.hypot(x - this.lastTouchAt.x, y - this.lastTouchAt.y) <= posThreshold;
  }

  private justPickedByTouch(): boolean {
    return performance.now() - this.lastTouchPick < TOUCH_PICK_SAME_LIFT_MS;
  }

  private endTouch(): void {
    this.touch = null;
    if (this.$touch.get()) this.$touch.set(null);
  }

  private pickAt(x: number, y: number, isTouch: boolean): void {
    const snap = this.snapAt(x, y, isTouch);
    this.$hover.set(snap);
    if (snap) this.session.addPick(snap);
  }
}
