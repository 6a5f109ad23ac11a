import LoaderWorker from './loader.worker.ts?worker&inline';

/** The bundled variant of createLoaderWorker: the worker's code travels inside the script. */
export function createLoaderWorker(): Worker {
  return new LoaderWorker({ name: 'design-viewer-loader' });
}
