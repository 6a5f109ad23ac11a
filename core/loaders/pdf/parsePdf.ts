import type { ModelMetadata } from '../../model/ModelMetadata.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { type Affine2, compose, Sketch } from '../sketch/Sketch.js';
import { packSketch } from '../sketch/packSketch.js';
import type { FormatParser, WorkerLoadContext } from '../WorkerLoadContext.js';
import { loadPdfjs, type PdfjsModule } from './loadPdfjs.js';
import { PDF_FIRST_OBJECT_DB_ID, pdfLayerData, pdfProperties, pdfTree, readPdfLayers } from './pdfObjects.js';
import { pageGlyphSource } from './pdfGlyphs.js';
import { drawOperators } from './pdfOperators.js';
import { PdfPaints } from './PdfPaints.js';
import { packPaints } from '../sketch/packPaints.js';
import { drawTextItems, type PdfTextItem } from './pdfText.js';

/** The sheet's unit: a point is 1/72 inch, 25.4/72 mm. */
export const PDF_UNIT = 'mm';
export const MM_PER_POINT = 25.4 / 72;

type PdfDocument = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>;

/**
 * PDF in the loader worker, with pdf.js (imported from res/pdfjs/ on first use; its parser runs in a worker
 * of its own). One page is a sheet: page 1, or the load option `page` (1-based), or the URL's `#page=N`.
 * The page's operator list is drawn as vector geometry (drawOperators), its images as textured quads and
 * its shadings as coloured triangles (PdfPaints, packed beside the sketch by packPaints), its text items
 * as text runs (drawTextItems), in millimetres with the page's lower left corner (after its /Rotate) at the origin. The
 * optional content groups are the layers. The metadata tells the page count ("pages": count, page) and the
 * page's size ("page_dimensions"), so a host can list the pages and load another.
 */
export const parsePdf: FormatParser = async (context) => {
  const { fileName, url } = context.request;
  const bytes = new Uint8Array(await context.fetchArrayBuffer(url));
  checkFile(bytes, fileName);
  const pdfjs = await loadPdfjs((path) => context.resource(path));
  context.sendProgress(10);
  context.phase('pdf.js loaded');
  const task = pdfjs.getDocument({ data: bytes, disableFontFace: true, useSystemFonts: false, verbosity: pdfjs.VerbosityLevel.ERRORS, stopAtErrors: false });
  try {
    const document = await task.promise.catch((reason: unknown) => {
      throw badData(fileName, (reason as Error)?.name === 'PasswordException' ? 'it is encrypted and needs a password.' : messageOf(reason));
    });
    return await drawPage(context, pdfjs, document);
  } finally {
    await task.destroy().catch(() => {});
  }
};

async function drawPage(context: WorkerLoadContext, pdfjs: PdfjsModule, document: PdfDocument) {
  const { fileName } = context.request;
  const pageNumber = requestedPage(context, document.numPages);
  const page = await document.getPage(pageNumber).catch((reason: unknown) => {
    throw badData(fileName, `page ${pageNumber}: ${messageOf(reason)}`);
  });
  const viewport = page.getViewport({ scale: MM_PER_POINT });
  // pdf.js's viewport maps user space to a canvas (y down); the sheet has y up from the page's lower left.
  const sheet: Affine2 = compose([1, 0, 0, -1, 0, viewport.height], viewport.transform as unknown as Affine2);
  const [list, text, config] = await Promise.all([
    page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE }),
    page.getTextContent({ disableNormalization: true }),
    document.getOptionalContentConfig().catch(() => null),
  ]).catch((reason: unknown) => {
    throw badData(fileName, messageOf(reason));
  });
  context.sendProgress(60);
  context.phase(`pdf.js read page ${pageNumber} (${list.fnArray.length} operators, ${text.items.length} text items)`);
  const paints = await PdfPaints.read(pdfjs, page, list);
  context.phase(`images and shadings read`);
  const sketch = new Sketch();
  const drawn = drawOperators(pdfjs, list, sketch, sheet, { minX: 0, minY: 0, maxX: viewport.width, maxY: viewport.height }, PDF_FIRST_OBJECT_DB_ID, paints, pageGlyphSource(page.commonObjs));
  const items = text.items.filter((item): item is PdfTextItem & (typeof text.items)[number] => 'str' in item);
  drawTextItems(items, drawn.shown, sketch, sheet, PDF_FIRST_OBJECT_DB_ID, drawn.objects);
  if (drawn.skipped.size) context.warn(`${fileName}: not drawn yet: ${[...drawn.skipped].map(([what, n]) => `${what} ×${n}`).join(', ')}.`);
  const objects = drawn.objects;
  context.phase(`drawn (${objects.length} objects)`);
  // The images' and shadings' extent joins the drawing's, so that the placement centres on both.
  const painted = paints.bounds;
  if (painted) {
    sketch.min.x = Math.min(sketch.min.x, painted.minX);
    sketch.min.y = Math.min(sketch.min.y, painted.minY);
    sketch.max.x = Math.max(sketch.max.x, painted.maxX);
    sketch.max.y = Math.max(sketch.max.y, painted.maxY);
  }
  const { packed, textures } = packPaints(packSketch(sketch, context.placement), paints.paints, context.placement);
  context.phase(`packed (${paints.paints.length} images and shadings)`);
  if (packed.fragments.dbIds.length === 0) throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${fileName} has no geometry to show on page ${pageNumber}.`);
  const layers = readPdfLayers(config);
  const rootName = document.numPages > 1 ? `${fileName} (page ${pageNumber})` : fileName;
  context.sendHeader({
    fragments: packed.fragments,
    batches: packed.batches,
    materials: packed.materials,
    tree: pdfTree(rootName, objects),
    metadata: pdfMetadata(document.numPages, pageNumber, viewport.width, viewport.height),
    bounds: packed.bounds,
    globalOffset: context.placement.globalOffset,
    placementTransform: context.placement.placementTransform,
    cameras: [],
    defaultCamera: -1,
    layers: pdfLayerData(layers, objects),
    is2d: true,
    texts: packed.texts,
  });
  context.phase('header sent');
  for (const { material, textures: maps, transfer } of textures) context.sendTextures(material, maps, transfer);
  for (const chunk of packed.chunks.splice(0)) context.sendChunk(chunk);
  context.phase('chunks sent');
  const properties = pdfProperties(rootName, objects, layers);
  context.phase('properties built');
  return properties;
}

/** The page to load: the `page` option, else the URL's `#page=N` (the PDF open parameter), else 1. */
function requestedPage(context: WorkerLoadContext, count: number): number {
  const { options, url, fileName } = context.request;
  const fromHash = /[#&]page=(\d+)/.exec(url.slice(url.indexOf('#') >= 0 ? url.indexOf('#') : url.length))?.[1];
  const value = options.page ?? fromHash ?? 1;
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1 || page > count) throw badData(fileName, `it has ${count} page${count === 1 ? '' : 's'}: page ${String(value)} does not exist.`);
  return page;
}

/**
 * What pdf.js would mend without a word: a file that does not start as a PDF, or that ends before its
 * end-of-file marker (a truncated download), is bad data.
 */
function checkFile(bytes: Uint8Array, fileName: string): void {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) throw badData(fileName, 'it is not a PDF file (no %PDF- header).');
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  if (!tail.includes('%%EOF')) throw badData(fileName, 'the file is truncated (no %%EOF at its end).');
}

function pdfMetadata(pageCount: number, page: number, width: number, height: number): ModelMetadata {
  return {
    'distance unit': { value: PDF_UNIT },
    'world up vector': { XYZ: [0, 0, 1] },
    pages: { count: pageCount, page },
    page_dimensions: { page_width: width, page_height: height, page_units: PDF_UNIT },
  };
}

function badData(fileName: string, reason: string): ViewerError {
  return new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as PDF: ${reason}`);
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
