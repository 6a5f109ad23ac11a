import { atom, type WritableAtom } from 'nanostores';
import type { GestureInput, Tool, ToolPointerEvent } from '../../tools/Tool.js';
import { SNAP_DETECT_RADIUS_PX, SNAP_DETECT_RADIUS_TOUCH_PX, type Snapper, type SnapResult } from './Snapper.js';

/** A finger moving farther than this (CSS px, the single tap's threshold of spec 000 §9) drags: no pick. */
const TOUCH_PICK_SLOP_PX = 7;

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
   * touches until it lifts, moves away (a drag navigates) or a second finger comes; null otherwise. The
   * magnifier loupe shows under it, and `$hover` holds the snap there (the touch radius).
   */
  readonly $touch: WritableAtom<{ x: number; y: number } | null> = atom(null);
  private isOn = false;
  private touch: { pointerId: number; x: number; y: number } | null = null;
  private stopTouch: (() => void) | null = null;

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
      this.pickAt(gesture.canvasX, gesture.canvasY, true);
      return true;
    }
    if (gesture.type === 'doubletap') return this.session.closeArea();
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
      if (e.pointerType === 'touch' && e.pointerId === this.touch?.pointerId) this.endTouch();
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
