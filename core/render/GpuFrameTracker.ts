/**
 * Knows when the GPU has finished the frames handed to it, with WebGL2 fences polled without blocking.
 * The viewer never queues a frame while the previous one is still on the GPU (so GPU back-pressure never
 * stalls the page's main thread), and budgets adapt to how long frames really take on the GPU.
 */
export class GpuFrameTracker {
  private pending: { sync: WebGLSync; submitted: number }[] = [];
  /** Submission-to-completion time of the last finished frame, ms (0 until one finished). */
  lastFrameMs = 0;

  constructor(private readonly gl: WebGL2RenderingContext) {}

  /** Call right after a frame's commands were issued. */
  submitted(now = performance.now()): void {
    const sync = this.gl.fenceSync(this.gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!sync) return;
    this.gl.flush();
    this.pending.push({ sync, submitted: now });
  }

  /** Checks the fences (non-blocking); true while the GPU is still working on an earlier frame. */
  isBusy(now = performance.now()): boolean {
    while (this.pending.length) {
      const { sync, submitted } = this.pending[0];
      if (this.gl.getSyncParameter(sync, this.gl.SYNC_STATUS) !== this.gl.SIGNALED) return true;
      this.gl.deleteSync(sync);
      this.pending.shift();
      this.lastFrameMs = now - submitted;
    }
    return false;
  }

  dispose(): void {
    for (const { sync } of this.pending) this.gl.deleteSync(sync);
    this.pending = [];
  }
}
