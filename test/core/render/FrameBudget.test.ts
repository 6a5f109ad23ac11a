import { expect } from '@esm-bundle/chai';
import { FRAME_TIME_TARGETS, FrameBudget } from '../../../core/render/FrameBudget.js';

/**
 * The budget's learning against a simulated GPU whose frames cost a fixed time per primitive, and
 * whose fences, as in the browser, are seen no sooner than two frames (33 ms) after the submission.
 */
function simulatedGpu(msPerPrimitive: number): (primitives: number) => number {
  return (primitives) => Math.max(1000 / 30, primitives * msPerPrimitive);
}

/** Runs refinement frames; returns the slice sizes it chose. */
function refine(budget: FrameBudget, gpu: (primitives: number) => number, frames: number): number[] {
  const slices: number[] = [];
  let lastMs = 0;
  for (let i = 0; i < frames; i++) {
    budget.observe(lastMs);
    const slice = budget.nextRefineSlice();
    slices.push(slice);
    budget.track(slice, 1);
    lastMs = gpu(slice);
  }
  return slices;
}

describe('FrameBudget', () => {
  it('grows refinement slices until a frame fills the budget, though every fence reads at least 33 ms', () => {
    const budget = new FrameBudget();
    // A slow first frame (shader compiling): the estimate starts far too high.
    budget.track(10_000, 1);
    budget.observe(400);
    const slices = refine(budget, simulatedGpu(0.001), 40);
    const settled = slices.slice(-10);
    // At 1 µs a primitive, 33 ms of GPU time is some 33,000 primitives.
    for (const slice of settled) {
      expect(slice).to.be.within(15_000, 60_000);
    }
    expect(slices[0]).to.be.below(settled[settled.length - 1]);
  });

  it('starts refinement with its smallest slice, and grows it once a frame was measured', () => {
    const budget = new FrameBudget();
    const gpu = simulatedGpu(0.0005);
    const slices = refine(budget, gpu, 30);
    expect(slices[0]).to.equal(Math.min(...slices));
    expect(slices[slices.length - 1]).to.be.at.least(slices[0] * 10);
  });

  it('shrinks slices when frames run over the budget', () => {
    const budget = new FrameBudget();
    budget.track(10_000, 1);
    budget.observe(1000 / 30);
    const gpu = simulatedGpu(0.01); // 10 µs a primitive: 3,300 primitives fill 33 ms
    const slices = refine(budget, gpu, 40);
    for (const slice of slices.slice(-10)) {
      expect(gpu(slice)).to.be.below(FRAME_TIME_TARGETS.normal * 2.5);
    }
  });

  it('draws a share of each batch, at half resolution, while moving over a model too big for the budget', () => {
    const budget = new FrameBudget();
    budget.track(100_000, 1);
    budget.observe(100); // 1 µs a primitive, measured over budget
    const frame = budget.nextMovingFrame(1_600_000);
    expect(frame.scale).to.equal(0.5);
    expect(frame.fraction).to.be.within(0.02, 0.1);
    // A small model fits whole.
    expect(budget.nextMovingFrame(10_000)).to.deep.equal({ fraction: 1, scale: 1 });
  });

  it('draws no more than a first slice in a moving frame before any frame was measured', () => {
    const budget = new FrameBudget();
    const first = budget.nextMovingFrame(1_000_000);
    expect(first.scale).to.equal(1);
    expect(first.fraction * 1_000_000).to.be.within(2_000, 20_000);
    // What fits in a first slice is drawn whole.
    expect(budget.nextMovingFrame(5_000)).to.deep.equal({ fraction: 1, scale: 1 });
  });

  it('doubles the budgets on mobile', () => {
    const budget = new FrameBudget();
    budget.configure({ optimizeNavigation: false, isMobile: true });
    expect(budget.movingBudgetMs).to.equal(FRAME_TIME_TARGETS.normal * 2);
    budget.configure({ optimizeNavigation: true, isMobile: false });
    expect(budget.movingBudgetMs).to.equal(FRAME_TIME_TARGETS.low);
  });

  it('aims at the frame rate asked for, 1 to 100 fps: the fewer frames, the more of the model each moving frame draws', () => {
    const budget = new FrameBudget();
    budget.configure({ optimizeNavigation: false, isMobile: false });
    expect(budget.frameRate).to.be.closeTo(30, 1e-9);
    budget.track(100_000, 1);
    budget.observe(100);
    budget.setFrameRate(100);
    expect(budget.movingBudgetMs).to.equal(10);
    const fast = budget.nextMovingFrame(1_000_000);
    budget.setFrameRate(1);
    expect([budget.movingBudgetMs, budget.refineBudgetMs]).to.deep.equal([1000, 1000]);
    const slow = budget.nextMovingFrame(1_000_000);
    expect(slow.fraction * slow.scale * slow.scale).to.be.greaterThan(fast.fraction * fast.scale * fast.scale);
    budget.setFrameRate(0);
    expect(budget.frameRate).to.equal(1);
    budget.setFrameRate(500);
    expect(budget.frameRate).to.equal(100);
    // Mobile still doubles the budgets; null gives the spec's targets back.
    budget.configure({ optimizeNavigation: true, isMobile: true });
    expect(budget.movingBudgetMs).to.equal(20);
    budget.setFrameRate(null);
    expect(budget.movingBudgetMs).to.equal(FRAME_TIME_TARGETS.low * 2);
    expect(budget.frameRate).to.be.closeTo(15, 1e-9);
  });
});
