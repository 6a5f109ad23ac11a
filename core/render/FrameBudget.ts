/** Spec 001 §9: frame-time targets, in ms. */
export const FRAME_TIME_TARGETS = {
  /** Navigation with optimizeNavigation on (15 fps). */
  low: 1000 / 15,
  /** Navigation, and refinement at rest (30 fps). */
  normal: 1000 / 30,
  /** The finest step the budgets adapt by (120 fps). */
  high: 1000 / 120,
} as const;

/** Spec 001 §5: the frame rate slider's bounds (frames per second; the floor is 1). */
export const FRAME_RATE_MIN = 1;
export const FRAME_RATE_MAX = 100;

/** Never draw less than this share of each batch while navigating. */
const MIN_FRACTION = 0.02;
/** The resolution frames drop to while navigating, when a full-resolution frame misses the budget. */
export const MOVING_SCALE = 0.5;
/** Primitives in a moving frame before any frame was measured. */
const FIRST_MOVING_SLICE = 10_000;
/**
 * The smallest refinement slice, and the first one. The first refinement frame is a model's first frame:
 * it also pays for what a GPU does once (programs, software GL's routines, the first uploads), and on
 * software GL the browser's compositor waits for it. A first slice of 10,000 primitives took 136–168 ms
 * there; the estimate learnt from a small one grows the slices within a few frames.
 */
const MIN_SLICE = 2_000;
/**
 * A frame counts as within its budget up to this factor over it. The browser reports a fence no sooner
 * than a frame or two after it was passed, so even a tiny frame measures some 33 ms at 60 Hz.
 */
const WITHIN_BUDGET = 1.25;
/**
 * How far a frame within its budget lowers the cost estimate, so that slices grow until one is not: by
 * some 18% a frame. Growing by 43% (0.7) overshot while a model loads, where GPU time per primitive
 * varies with the objects and with the parsing beside it: on L, slices of 21,000 then 30,000 primitives
 * took 41 then 126 ms, and the compositor waited for the second.
 */
const PROBE_FACTOR = 0.85;
/** Refinement waits until the camera has been still this long, so it never competes with navigation. */
export const REST_DELAY_MS = 150;

/**
 * Progressive display (spec 001 §4): keeps frames within a time budget. While the camera moves, each
 * frame draws the largest objects only (a share of each batch) and, if that is not enough, at half
 * resolution; at rest, slices of objects are added to the picture until it is complete. The sizes come
 * from a running estimate of the GPU time per primitive, learnt from every finished frame
 * (GpuFrameTracker), so even the first frame of a move fits. A frame over its budget measures the cost;
 * one within it only bounds it (fences are seen late), so the estimate is lowered step by step until the
 * frames fill their budget. Mobile doubles the budgets.
 */
export class FrameBudget {
  fraction = 1;
  scale = 1;
  movingBudgetMs: number = FRAME_TIME_TARGETS.normal;
  refineBudgetMs: number = FRAME_TIME_TARGETS.normal;
  /** GPU ms per primitive drawn, at full resolution (0 until measured). */
  private msPerPrimitive = 0;
  /** Primitives, resolution and budget of the frame whose GPU time the next measurement reports. */
  private measured: { primitives: number; scale: number; budgetMs: number } | null = null;
  private moving = false;
  private options = { optimizeNavigation: false, isMobile: false };
  /** The frame rate asked for (1–100 fps), or null: the spec's targets (30 fps, 15 while navigating with optimizeNavigation). */
  private chosenFrameRate: number | null = null;

  configure(options: { optimizeNavigation: boolean; isMobile: boolean }): void {
    this.options = { ...options };
    const factor = options.isMobile ? 2 : 1;
    const chosen = this.chosenFrameRate === null ? null : 1000 / this.chosenFrameRate;
    this.movingBudgetMs = (chosen ?? (options.optimizeNavigation ? FRAME_TIME_TARGETS.low : FRAME_TIME_TARGETS.normal)) * factor;
    this.refineBudgetMs = (chosen ?? FRAME_TIME_TARGETS.normal) * factor;
  }

  /**
   * The frame rate progressive display aims at, moving and at rest (spec 001 §5: 1 to 100 fps, a floor of
   * 1); null goes back to the spec's targets. Mobile still doubles the budgets.
   */
  setFrameRate(fps: number | null): void {
    this.chosenFrameRate = fps === null || !Number.isFinite(fps) ? null : Math.min(FRAME_RATE_MAX, Math.max(FRAME_RATE_MIN, fps));
    this.configure(this.options);
  }

  /** The frame rate aimed at while the camera moves, in frames per second, before mobile halves it. */
  get frameRate(): number {
    return this.chosenFrameRate ?? 1000 / (this.options.optimizeNavigation ? FRAME_TIME_TARGETS.low : FRAME_TIME_TARGETS.normal);
  }

  /** Takes in the GPU time of the last finished frame; each measure counts once, for the frame it belongs to. */
  observe(gpuFrameMs: number): void {
    const frame = this.measured;
    if (!frame || gpuFrameMs <= 0 || frame.primitives <= 0) return;
    this.measured = null;
    // Half resolution costs less than full; count it as such so the estimate stays a full-resolution one.
    const sample = gpuFrameMs / frame.primitives / (frame.scale < 1 ? 0.6 : 1);
    if (!this.msPerPrimitive) this.msPerPrimitive = sample;
    else if (gpuFrameMs > frame.budgetMs * WITHIN_BUDGET) this.msPerPrimitive = this.msPerPrimitive * 0.6 + sample * 0.4;
    else this.msPerPrimitive = Math.min(sample, this.msPerPrimitive * PROBE_FACTOR);
  }

  /** Share and resolution for a frame drawn while the camera moves, over `total` loaded primitives. */
  nextMovingFrame(total: number): { fraction: number; scale: number } {
    if (this.msPerPrimitive <= 0) {
      // Nothing measured yet: no more than a first slice.
      this.fraction = total > FIRST_MOVING_SLICE ? Math.max(MIN_FRACTION, FIRST_MOVING_SLICE / total) : 1;
      this.scale = 1;
    } else if (total > 0) {
      const fullFrameMs = this.msPerPrimitive * total;
      if (fullFrameMs <= this.movingBudgetMs) {
        this.fraction = 1;
        this.scale = 1;
      } else {
        this.scale = MOVING_SCALE;
        this.fraction = Math.max(MIN_FRACTION, Math.min(1, this.movingBudgetMs / (fullFrameMs * 0.6)));
      }
    }
    this.moving = true;
    return { fraction: this.fraction, scale: this.scale };
  }

  /** Primitives to add in a refinement frame. */
  nextRefineSlice(): number {
    this.moving = false;
    if (this.msPerPrimitive <= 0) return MIN_SLICE;
    return Math.max(MIN_SLICE, Math.round(this.refineBudgetMs / this.msPerPrimitive));
  }

  /** Records what a submitted frame drew, for the measurement that will come back for it. */
  track(primitives: number, scale: number): void {
    this.measured = { primitives, scale, budgetMs: this.moving ? this.movingBudgetMs : this.refineBudgetMs };
  }

  get isMoving(): boolean {
    return this.moving;
  }
}
