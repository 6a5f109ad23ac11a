/** Spec 001 §9: frame-time targets, in ms. */
export const FRAME_TIME_TARGETS = {
  /** Refinement at rest, and navigation with optimizeNavigation on (15 fps). */
  low: 1000 / 15,
  /** Navigation (30 fps). */
  normal: 1000 / 30,
  /** The finest step the budgets adapt by (120 fps). */
  high: 1000 / 120,
} as const;

/** Never draw less than this share of each batch while navigating. */
const MIN_FRACTION = 0.02;
/** The resolution frames drop to while navigating, when a full-resolution frame misses the budget. */
const MOVING_SCALE = 0.5;
/** Primitives in the first refinement slice; the size then follows the measured frame time. */
const FIRST_SLICE = 250_000;
const MIN_SLICE = 5_000;

/**
 * Progressive display (spec 001 §4): keeps frames within a time budget. While the camera moves, each
 * frame draws the largest objects only (a share of each batch) and, if that is not enough, at half
 * resolution; at rest, slices of objects are added to the picture until it is complete. Both adapt
 * from the measured time between frames (which the GPU's pace sets). Mobile doubles the budgets.
 */
export class FrameBudget {
  fraction = 1;
  scale = 1;
  slice = FIRST_SLICE;
  movingBudgetMs: number = FRAME_TIME_TARGETS.normal;
  refineBudgetMs: number = FRAME_TIME_TARGETS.low;
  private lastMoving = 0;
  private lastRefine = 0;

  configure(options: { optimizeNavigation: boolean; isMobile: boolean }): void {
    const factor = options.isMobile ? 2 : 1;
    this.movingBudgetMs = (options.optimizeNavigation ? FRAME_TIME_TARGETS.low : FRAME_TIME_TARGETS.normal) * factor;
    this.refineBudgetMs = FRAME_TIME_TARGETS.low * factor;
  }

  /** Share and resolution for a frame drawn while the camera moves; `time` is the frame's timestamp. */
  nextMovingFrame(time: number): { fraction: number; scale: number } {
    this.lastRefine = 0;
    if (this.lastMoving > 0) {
      const interval = time - this.lastMoving;
      const budget = this.movingBudgetMs;
      if (interval > budget * 1.25) {
        if (this.scale > MOVING_SCALE) this.scale = MOVING_SCALE;
        else this.fraction = Math.max(MIN_FRACTION, this.fraction * (budget / interval));
      } else if (interval < budget * 0.6) {
        if (this.fraction < 1) this.fraction = Math.min(1, this.fraction * 1.25);
        else this.scale = 1;
      }
    }
    this.lastMoving = time;
    return { fraction: this.fraction, scale: this.scale };
  }

  /** Primitives to add in a refinement frame. */
  nextRefineSlice(time: number, previousDrew: boolean): number {
    this.lastMoving = 0;
    if (this.lastRefine > 0 && previousDrew) {
      const interval = time - this.lastRefine;
      const ratio = Math.min(2, Math.max(0.5, this.refineBudgetMs / Math.max(1, interval)));
      this.slice = Math.max(MIN_SLICE, Math.round(this.slice * ratio));
    }
    this.lastRefine = time;
    return this.slice;
  }

  /** Nothing was drawn: the next frame starts measuring afresh. */
  idle(): void {
    this.lastMoving = 0;
    this.lastRefine = 0;
  }
}
