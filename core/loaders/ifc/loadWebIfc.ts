import type * as WebIfc from 'web-ifc';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';

/** Where web-ifc's module and wasm live, under the resource root (copied there by server/copyWebIfc.mjs). */
export const WEB_IFC_FOLDER = 'wasm/';

export interface WebIfcRuntime {
  /** The module: IfcAPI and the entity type codes (IFCWALL, IFCRELAGGREGATES...). */
  ifc: typeof WebIfc;
  api: WebIfc.IfcAPI;
}

/**
 * Loads web-ifc from the resource root, in the loader worker, single-threaded (a pthread build needs
 * cross-origin isolation, which a host page cannot be asked for). Imported at run time rather than bundled:
 * the module is 3.5 MB, and only pages that open IFC files pay for it.
 */
export async function loadWebIfc(resource: (path: string) => string): Promise<WebIfcRuntime> {
  const moduleUrl = resource(`${WEB_IFC_FOLDER}web-ifc-api.js`);
  let ifc: typeof WebIfc;
  try {
    ifc = (await import(/* @vite-ignore */ moduleUrl)) as typeof WebIfc;
  } catch (reason) {
    throw new ViewerError(ErrorCode.NETWORK_FAILURE, `IFC support could not be loaded from ${moduleUrl}: ${messageOf(reason)}`);
  }
  const api = new ifc.IfcAPI();
  // web-ifc asks for its wasm by name ("web-ifc.wasm").
  const locate = (file: string) => resource(`${WEB_IFC_FOLDER}${file}`);
  try {
    await api.Init(locate, true);
  } catch (reason) {
    throw new ViewerError(ErrorCode.NETWORK_FAILURE, `IFC support could not start (${locate('web-ifc.wasm')}): ${messageOf(reason)}`);
  }
  return { ifc, api };
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
