import { parseGltf } from './gltf/parseGltf.js';
import { parseSvf } from './svf/parseSvf.js';
import { parseIfc } from './ifc/parseIfc.js';
import { parseDxf } from './dxf/parseDxf.js';
import { parsePdf } from './pdf/parsePdf.js';
import { parseSvgDrawing } from './svg/parseSvgDrawing.js';
import { parseSniffed } from './sniffing/parseSniffed.js';
import { parseZip } from './sniffing/parseZip.js';
import type { FormatParser } from './WorkerLoadContext.js';

/** The format parsers the loader worker runs, by the format name the main thread's loaders send. */
export const workerFormats: Record<string, FormatParser> = {
  gltf: parseGltf,
  svf: parseSvf,
  ifc: parseIfc,
  dxf: parseDxf,
  pdf: parsePdf,
  // The drawing the page read from an SVG (SvgLoader): packed here.
  svg: parseSvgDrawing,
  zip: parseZip,
  // Files whose URL has no extension: their first bytes tell the format.
  sniff: parseSniffed,
};
