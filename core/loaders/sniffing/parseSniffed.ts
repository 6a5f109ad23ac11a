import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { formatParsers } from '../formatParsers.js';
import { UNSUPPORTED_EXTENSION_MESSAGE } from '../LoaderRegistry.js';
import type { FormatParser } from '../WorkerLoadContext.js';
import { FORMAT_SIGNATURES, signatureOf, SNIFF_BYTES } from './formatSignatures.js';
import { parseZip } from './parseZip.js';
import { peekFile } from './peekFile.js';

/** The parsers a signature's format names. */
const PARSERS: Record<string, FormatParser> = {
  gltf: formatParsers.gltf,
  ifc: formatParsers.ifc,
  pdf: formatParsers.pdf,
  dxf: formatParsers.dxf,
  zip: parseZip,
  // The worker has no DOMParser: the page reads an SVG.
  svg: async (context) => {
    context.readOnPage('svg');
    return null;
  },
};

/**
 * A file whose URL has no extension (a download endpoint): its first bytes tell the format (see
 * FORMAT_SIGNATURES), and that format's parser reads it, from the first byte. Content that is none of
 * them is spec 001 §8 code 13.
 */
export const parseSniffed: FormatParser = async (context) => {
  const { url, fileName } = context.request;
  const { head, file } = await peekFile(await context.fetch(url), SNIFF_BYTES);
  const signature = signatureOf(head);
  const parse = signature ? PARSERS[signature.format] : undefined;
  if (!parse) {
    await file.body?.cancel();
    const formats = FORMAT_SIGNATURES.map((s) => s.name).join(', ');
    throw new ViewerError(ErrorCode.UNSUPPORTED_FILE_EXTENSION, `${UNSUPPORTED_EXTENSION_MESSAGE}: ${fileName} has no extension, and its first bytes are none of: ${formats}.`);
  }
  context.debug(`[${fileName}] read as ${signature!.name} by its first bytes`);
  if (signature!.format === 'svg') await file.body?.cancel();
  else context.handBackFile(file);
  return parse(context);
};
