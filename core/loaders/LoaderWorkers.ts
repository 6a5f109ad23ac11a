import { createLoaderWorker } from './createLoaderWorker.js';
import { restWorker, takeIdleWorker } from './idleLoaderWorkers.js';

/**
 * Loader workers for one viewer. One is ready early (when the viewer starts), so the first model's
 * load does not wait for a worker to boot; later loads take one at rest on the page or start their own.
 * Each model keeps its worker (it holds the model's property database) until it is unloaded.
 */
export class LoaderWorkers {
  private spare: Worker | null = null;

  /** Starts a worker now, for the next load to take. */
  prewarm(): void {
    this.spare ??= takeIdleWorker() ?? createLoaderWorker();
  }

  take(): Worker {
    const worker = this.spare ?? takeIdleWorker() ?? createLoaderWorker();
    this.spare = null;
    return worker;
  }

  dispose(): void {
    // The spare never held a model: another viewer on the page may take it.
    if (this.spare) restWorker(this.spare);
    this.spare = null;
  }
}
