import { unzipSync } from 'fflate';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { WorkerLoadContext } from '../WorkerLoadContext.js';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The bytes of the IFC file a load names: the file itself, or, for an .ifczip (or any zip holding an IFC),
 * its .ifc entry (the shallowest, when there are several), inflated alone.
 */
export async function readIfcFile(context: WorkerLoadContext): Promise<Uint8Array> {
  const { url, fileName } = context.request;
  const bytes = new Uint8Array(await context.fetchArrayBuffer(url));
  if (!ZIP_MAGIC.every((b, i) => bytes[i] === b)) return bytes;
  let entries: Record<string, Uint8Array>;
  let chosen: string | null = null;
  try {
    entries = unzipSync(bytes, {
      filter: (entry) => {
        const isIfc = entry.name.toLowerCase().endsWith('.ifc');
        if (isIfc && (chosen === null || depth(entry.name) < depth(chosen))) chosen = entry.name;
        return isIfc;
      },
    });
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `Cannot read ${fileName} as a zip container: ${(reason as Error)?.message ?? reason}`);
  }
  if (chosen === null) throw new ViewerError(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, `No viewable content: ${fileName} holds no .ifc file.`);
  context.debug(`[${fileName}] reading ${chosen} from the zip`);
  return entries[chosen];
}

function depth(path: string): number {
  return path.split('/').length;
}
