/**
 * Loader workers at rest, shared by the page's viewers. A worker whose model loaded completely and was
 * then unloaded comes back here, its session reset, with the parsers it imported still evaluated: the
 * next load (in this viewer, or a viewer that replaced it) starts without booting a worker and evaluating
 * three.js, web-ifc's module or pdf.js again. A worker at rest longer than IDLE_WORKER_MS is stopped.
 */

/** At most this many workers wait at rest. */
export const MAX_IDLE_WORKERS = 2;
/** A worker at rest this long is stopped. */
export const IDLE_WORKER_MS = 30_000;

const resting: { worker: Worker; timer: ReturnType<typeof setTimeout> }[] = [];

/** A worker at rest, or null when none is. */
export function takeIdleWorker(): Worker | null {
  const entry = resting.pop();
  if (!entry) return null;
  clearTimeout(entry.timer);
  return entry.worker;
}

/** Puts a worker that holds no model to rest; one more than MAX_IDLE_WORKERS is stopped. */
export function restWorker(worker: Worker): void {
  if (resting.length >= MAX_IDLE_WORKERS) {
    worker.terminate();
    return;
  }
  worker.onmessage = null;
  worker.onerror = null;
  const entry = {
    worker,
    timer: setTimeout(() => {
      resting.splice(resting.indexOf(entry), 1);
      worker.terminate();
    }, IDLE_WORKER_MS),
  };
  resting.push(entry);
}

/** How many workers are at rest (for tests). */
export function idleWorkerCount(): number {
  return resting.length;
}

/** Stops every worker at rest (the tests that count the workers a load starts begin with none). */
export function stopIdleWorkers(): void {
  for (const entry of resting.splice(0)) {
    clearTimeout(entry.timer);
    entry.worker.terminate();
  }
}
