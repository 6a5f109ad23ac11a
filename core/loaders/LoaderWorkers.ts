import { createLoaderWorker } from './createLoaderWorker.js';

/** A worker started before any viewer exists, for the first viewer that starts to take. */
let earlyWorker: Worker | null = null;

/**
 * Starts a loader worker before the viewer does (the element calls it as it connects, some 80–90 ms before
 * its viewer starts), so that it has booted by the time the first load asks for it. Once is enough: the
 * next viewer to start takes it. Returns that worker (null where there are no workers).
 */
export function startLoaderWorkerEarly(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  earlyWorker ??= createLoaderWorker();
  return earlyWorker;
}

/**
 * Loader workers for one viewer. One is started early (when the viewer starts, or before it by
 * `startLoaderWorkerEarly`), so the first model's load does not wait for a worker to boot; later loads
 * start their own. Each model keeps its worker (it holds the model's property database).
 */
export class LoaderWorkers {
  private spare: Worker | null = null;

  /** Starts a worker now (or takes the one started early), for the next load to take. */
  prewarm(): void {
    if (!this.spare && earlyWorker) {
      this.spare = earlyWorker;
      earlyWorker = null;
    }
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
