import { unzipSync } from 'fflate';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { formatParsers } from '../formatParsers.js';
import type { FormatParser } from '../WorkerLoadContext.js';

/**
 * A zip (.zip, or a file without an extension that begins as one): the entries' names say what it holds,
 * without inflating any. An SVF (a bundle holding a .svf, or an .svf itself: manifest.json at its root)
 * opens as SVF; a zip holding an .ifc opens as IFC; anything else has no viewable content.
 */
export const parseZip: FormatParser = async (context) => {
  const { url, fileName } = context.request;
  const bytes = new Uint8Array(await context.fetchArrayBuffer(url));
  const names = zipEntryNames(bytes, fileName);
  context.handBackFile(new Response(bytes));
  const lower = names.map((name) => name.toLowerCase());
  if (lower.includes('manifest.json') || lower.some((name) => name.endsWith('.svf'))) return formatParsers.svf(context);
  if (lower.some((name) => name.endsWith('.ifc'))) return formatParsers.ifc(context);
  throw new ViewerError(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, `No viewable content: ${fileName} holds no .svf and no .ifc file.`);
};

/** The names of a zip's entries. */
export function zipEntryNames(bytes: Uint8Array, fileName: string): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        names.push(entry.name);
        return false;
      },
    });
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `Cannot read ${fileName} as a zip container: ${(reason as Error)?.message ?? reason}`);
  }
  return names;
}
