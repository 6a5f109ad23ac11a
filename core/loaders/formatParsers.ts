import type { FormatParser } from './WorkerLoadContext.js';

/**
 * The loader worker's parsers of the formats themselves, each imported at its first use: a worker
 * evaluates the parser of the model it loads and no other (pdf.js, web-ifc's API and dxf-parser are large;
 * a worker that loads a glTF never evaluates them). A bundled worker keeps them inside its one script,
 * evaluated on demand (vite.config.ts).
 */
export const formatParsers = {
  gltf: async (context) => (await import('./gltf/parseGltf.js')).parseGltf(context),
  svf: async (context) => (await import('./svf/parseSvf.js')).parseSvf(context),
  ifc: async (context) => (await import('./ifc/parseIfc.js')).parseIfc(context),
  dxf: async (context) => (await import('./dxf/parseDxf.js')).parseDxf(context),
  pdf: async (context) => (await import('./pdf/parsePdf.js')).parsePdf(context),
  // The drawing the page read from an SVG (SvgLoader): packed here.
  svg: async (context) => (await import('./svg/parseSvgDrawing.js')).parseSvgDrawing(context),
} satisfies Record<string, FormatParser>;
