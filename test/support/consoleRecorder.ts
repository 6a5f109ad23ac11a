/** Records what goes to console.warn / console.error (still printing it), to check messages verbatim. */
export class ConsoleRecorder {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  private readonly originals = { warn: console.warn, error: console.error };

  start(): this {
    console.warn = (...args: unknown[]) => {
      this.warnings.push(args.map(String).join(' '));
      this.originals.warn.apply(console, args);
    };
    console.error = (...args: unknown[]) => {
      this.errors.push(args.map(String).join(' '));
      this.originals.error.apply(console, args);
    };
    return this;
  }

  stop(): void {
    console.warn = this.originals.warn;
    console.error = this.originals.error;
  }
}

/** What `run` brings, and the warnings a viewer logs meanwhile (its logger set to show warnings). */
export async function withWarnings<T>(viewer: { logger: { setLevel(level: string): void } }, run: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  viewer.logger.setLevel('warning');
  const recorder = new ConsoleRecorder().start();
  try {
    return { result: await run(), warnings: recorder.warnings };
  } finally {
    recorder.stop();
  }
}
