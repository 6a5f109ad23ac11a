import type * as Pdfjs from 'pdfjs-dist';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';

export type PdfjsModule = typeof Pdfjs;

/** Where pdf.js lives under the resource root (copied there by server/copyPdfjs.mjs). */
export const PDFJS_FOLDER = 'pdfjs/';

let loaded: Promise<PdfjsModule> | null = null;

/**
 * pdf.js, imported from the resource root in the loader worker the first time a PDF opens: the bundles do
 * not carry it, so hosts that never open a PDF never fetch it. Its own worker script (the parser) is
 * started by pdf.js from the same folder.
 */
export function loadPdfjs(resource: (path: string) => string): Promise<PdfjsModule> {
  loaded ??= importPdfjs(resource).catch((reason: unknown) => {
    loaded = null;
    throw reason;
  });
  return loaded;
}

async function importPdfjs(resource: (path: string) => string): Promise<PdfjsModule> {
  const moduleUrl = resource(`${PDFJS_FOLDER}pdf.min.mjs`);
  let pdfjs: PdfjsModule;
  try {
    pdfjs = (await import(/* @vite-ignore */ moduleUrl)) as PdfjsModule;
  } catch (reason) {
    throw new ViewerError(ErrorCode.NETWORK_FAILURE, `PDF support could not be loaded from ${moduleUrl}: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
  pdfjs.GlobalWorkerOptions.workerSrc = resource(`${PDFJS_FOLDER}pdf.worker.min.mjs`);
  return pdfjs;
}
