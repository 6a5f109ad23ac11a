/**
 * Calls `frame` on animation frames, only while something asks for it: `invalidate()` schedules one
 * frame, and a frame that returns true schedules the next. Idle, it sleeps.
 */
export class RenderLoop {
  private handle = 0;
  private stopped = false;

  constructor(private readonly frame: (time: number) => boolean) {}

  get isScheduled(): boolean {
    return this.handle !== 0;
  }

  invalidate(): void {
    if (this.handle || this.stopped) return;
    this.handle = requestAnimationFrame((time) => {
      this.handle = 0;
      if (this.frame(time)) this.invalidate();
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.handle) cancelAnimationFrame(this.handle);
    this.handle = 0;
  }
}
