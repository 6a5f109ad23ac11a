/**
 * Starts a loader worker. Bundled builds swap this module for one that inlines the worker
 * (vite.config.ts), so the single-file CDN script needs nothing beside it but res/.
 */
export function createLoaderWorker(): Worker {
  return new Worker(new URL('./loader.worker.ts', import.meta.url), { type: 'module', name: 'design-viewer-loader' });
}
