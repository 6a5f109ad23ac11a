/** Spec 001 §9: frame-time targets, in ms. */
export const FRAME_TIME_TARGETS = {
  /** The budget while navigating with optimizeNavigation on (15 fps). */
  low: 1000 / 15,
  /** The budget while navigating (30 fps). */
  normal: 1000 / 30,
  /** The smallest budget worth adapting to (120 fps). */
  high: 1000 / 120,
} as const;

/** Never draw less than this share of each batch while navigating. */
const MIN_FRACTION = 0.02;

/**
 * Progressive display (spec 001 §4): while the camera moves, each frame draws only as much of each
 * batch (largest objects first) as fits the frame-time budget; when it rests, a complete frame follows.
 * The share adapts from the measured time between frames, which the GPU's pace sets.
 */
export class FrameBudget {
  /** Share of each batch drawn while moving. */
  fraction = 1;
  private lastMovingFrame = 0;
  budgetMs: number = FRAME_TIME_TARGETS.normal;

  /** Mobile doubles the budgets (spec 001 §9). */
  configure(options: { optimizeNavigation: boolean; isMobile: boolean }): void {
    const base = options.optimizeNavigation ? FRAME_TIME_TARGETS.low : FRAME_TIME_TARGETS.normal;
    this.budgetMs = options.isMobile ? base * 2 : base;
  }

  /** The share to draw in a frame where the camera moved; `time` is the frame's timestamp. */
  nextMovingFraction(time: number): number {
    if (this.lastMovingFrame > 0) {
      const interval = time - this.lastMovingFrame;
      if (interval > this.budgetMs * 1.25) this.fraction = Math.max(MIN_FRACTION, this.fraction * (this.budgetMs / interval));
      else if (interval < this.budgetMs * 0.8) this.fraction = Math.min(1, this.fraction * 1.25);
    }
    this.lastMovingFrame = time;
    return this.fraction;
  }

  /** The camera came to rest: the next moving frame starts measuring afresh. */
  rest(): void {
    this.lastMovingFrame = 0;
  }
}
