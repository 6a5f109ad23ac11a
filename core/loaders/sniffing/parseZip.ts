import { unzipSync } from 'fflate';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { formatParsers } from '../formatParsers.js';
import type { FormatParser } from '../WorkerLoadContext.js';

/**
 * A zip (.zip, or a file without an extension that begins as one): the entries' names say what it holds,
 * without inflating any. An SVF (a bundle holding a .svf, or an .svf itself: manifest.json at its root)
 * opens as SVF; a zip holding an .ifc opens as IFC, one holding a drawing (.dxf, else .pdf; the first by name
 * when there are several) as that drawing; anything else has no viewable content.
 */
export const parseZip: FormatParser = async (context) => {
  const { url, fileName } = context.request;
  const bytes = new Uint8Array(await context.fetchArrayBuffer(url));
  const names = zipEntryNames(bytes, fileName);
  context.handBackFile(new Response(bytes));
  const lower = names.map((name) => name.toLowerCase());
  if (lower.includes('manifest.json') || lower.some((name) => name.endsWith('.svf'))) return formatParsers.svf(context);
  if (lower.some((name) => name.endsWith('.ifc'))) return formatParsers.ifc(context);
  for (const format of ['dxf', 'pdf'] as const) {
    const drawings = names.filter((name) => name.toLowerCase().endsWith(`.${format}`)).sort();
    if (drawings.length === 0) continue;
    if (drawings.length > 1) context.warn(`${fileName} holds ${drawings.length} .${format} files: ${drawings[0]} is shown.`);
    context.handBackFile(new Response(unzippedEntry(bytes, drawings[0], fileName) as BlobPart));
    return formatParsers[format](context);
  }
  throw new ViewerError(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, `No viewable content: ${fileName} holds no .svf, .ifc, .dxf or .pdf file.`);
};

/** One entry of a zip, inflated. */
function unzippedEntry(bytes: Uint8Array, name: string, fileName: string): Uint8Array {
  try {
    return unzipSync(bytes, { filter: (entry) => entry.name === name })[name];
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `Cannot read ${name} in ${fileName}: ${(reason as Error)?.message ?? reason}`);
  }
}

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
