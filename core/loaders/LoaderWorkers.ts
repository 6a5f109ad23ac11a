import { createLoaderWorker } from './createLoaderWorker.js';

/**
 * Loader workers for one viewer. One is started early (when the viewer starts), so the first model's
 * load does not wait for a worker to boot; later loads start their own. Each model keeps its worker
 * (it holds the model's property database).
 */
export class LoaderWorkers {
  private spare: Worker | null = null;

  /** Starts a worker now, for the next load to take. */
  prewarm(): void {
    this.spare ??= createLoaderWorker();
  }

  take(): Worker {
    const worker = this.spare ?? createLoaderWorker();
    this.spare = null;
    return worker;
  }

  dispose(): void {
    this.spare?.terminate();
    this.spare = null;
  }
}
