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
 * from the GPU time of the last finished frame (GpuFrameTracker). Mobile doubles the budgets.
 */
export class FrameBudget {
  fraction = 1;
  scale = 1;
  slice = FIRST_SLICE;
  movingBudgetMs: number = FRAME_TIME_TARGETS.normal;
  refineBudgetMs: number = FRAME_TIME_TARGETS.low;
  /** Primitives and kind of the frame whose GPU time the next measurement reports. */
  private measured: { kind: 'moving' | 'refine'; primitives: number; fraction: number; scale: number } | null = null;

  configure(options: { optimizeNavigation: boolean; isMobile: boolean }): void {
    const factor = options.isMobile ? 2 : 1;
    this.movingBudgetMs = (options.optimizeNavigation ? FRAME_TIME_TARGETS.low : FRAME_TIME_TARGETS.normal) * factor;
    this.refineBudgetMs = FRAME_TIME_TARGETS.low * factor;
  }

  /**
   * Takes in the GPU time of the last finished frame (ms), so the next budgets follow it. Each measure
   * counts once: it belongs to the frame that was tracked when it was submitted.
   */
  observe(gpuFrameMs: number): void {
    const frame = this.measured;
    if (!frame || gpuFrameMs <= 0) return;
    this.measured = null;
    if (frame.kind === 'moving') {
      const budget = this.movingBudgetMs;
      if (gpuFrameMs > budget * 1.25) {
        if (frame.scale > MOVING_SCALE) this.scale = MOVING_SCALE;
        else this.fraction = Math.max(MIN_FRACTION, frame.fraction * (budget / gpuFrameMs));
      } else if (gpuFrameMs < budget * 0.6) {
        if (frame.fraction < 1) this.fraction = Math.min(1, frame.fraction * 1.25);
        else this.scale = 1;
      }
    } else if (frame.primitives > 0) {
      const ratio = Math.min(2, Math.max(0.5, this.refineBudgetMs / gpuFrameMs));
      this.slice = Math.max(MIN_SLICE, Math.round(frame.primitives * ratio));
    }
  }

  /** Share and resolution for a frame drawn while the camera moves. */
  nextMovingFrame(): { fraction: number; scale: number } {
    return { fraction: this.fraction, scale: this.scale };
  }

  /** Primitives to add in a refinement frame. */
  nextRefineSlice(): number {
    return this.slice;
  }

  /** Records what a submitted frame drew, for the measurement that will come back for it. */
  track(kind: 'moving' | 'refine', primitives: number, fraction: number, scale: number): void {
    this.measured = { kind, primitives, fraction, scale };
  }
}
