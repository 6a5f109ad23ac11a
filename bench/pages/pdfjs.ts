import { measureMemory } from './contract.ts';
import { type PdfBenchPage, type PdfLoadFigures, type PdfStepFigures, sharpnessOf } from './contractPdf.ts';

// The pdf.js page: pdf.js as its viewer uses it (the same files as design-viewer's res/pdfjs/, from the CDN
// build's res/), rendering the page to a canvas of the bench's size. A view at a zoom renders what the canvas
// shows at that scale, as pdf.js's viewer renders the visible part of a page zoomed past its canvas limit
// (its detail view); a pan renders the canvas's area again at its new place.
const milestones: Record<string, number> = { pageScript: performance.now() };
const params = new URLSearchParams(location.search);
const width = Number(params.get('width') ?? 400);
const height = Number(params.get('height') ?? 300);
const canvas = document.getElementById('page') as HTMLCanvasElement;
canvas.width = width;
canvas.height = height;
canvas.style.cssText = `display:block;width:${width}px;height:${height}px`;
const context = canvas.getContext('2d', { alpha: false })!;

const PDFJS = '/cdn/res/pdfjs/';
const pdfjs = (await import(/* @vite-ignore */ `${PDFJS}pdf.min.mjs`)) as typeof import('pdfjs-dist');
pdfjs.GlobalWorkerOptions.workerSrc = `${PDFJS}pdf.worker.min.mjs`;
milestones.pdfjsLoaded = performance.now();
const loadRequested = performance.now();
const dist = '/node_modules/pdfjs-dist/';
const doc = await pdfjs.getDocument({ url: params.get('model')!, cMapUrl: `${dist}cmaps/`, standardFontDataUrl: `${dist}standard_fonts/`, wasmUrl: `${dist}wasm/`, verbosity: pdfjs.VerbosityLevel.ERRORS }).promise;
milestones.document = performance.now();
const page = await doc.getPage(1);
milestones.page = performance.now();
const whole = page.getViewport({ scale: 1 });
/** The scale that fits the page in the canvas (pixels per point). */
const fit = Math.min(width / whole.width, height / whole.height);
/** The view: pixels per point, and the page point (in points from its top left) at the canvas centre. */
const view = { scale: fit, x: whole.width / 2, y: whole.height / 2 };

/** Renders the view; ms until render() resolves and until the canvas holds the picture. */
async function render(figures: PdfStepFigures): Promise<void> {
  const start = performance.now();
  const viewport = page.getViewport({ scale: view.scale, offsetX: width / 2 - view.x * view.scale, offsetY: height / 2 - view.y * view.scale });
  const task = page.render({ canvas, viewport });
  await task.promise;
  figures.ms.push(performance.now() - start);
  context.getImageData(0, 0, 1, 1);
  figures.frameMs.push(performance.now() - start);
}

const first: PdfStepFigures = { ms: [], frameMs: [], drawCalls: 0 };
await render(first);
const firstFrame = performance.now();
const result: PdfLoadFigures = { firstFrame, wholePage: firstFrame, loadRequested, milestones, pageWidth: whole.width, pageHeight: whole.height };
(window as unknown as { benchPdfResult: PdfLoadFigures }).benchPdfResult = result;
// What one render runs through (pdf.js keeps the page's display operator list: renders after the first reuse it).
const operators = (await page.getOperatorList()).fnArray.length;

const bench: PdfBenchPage = {
  async view(zoom, u, v) {
    Object.assign(view, { scale: fit * zoom, x: u * whole.width, y: v * whole.height });
    const figures: PdfStepFigures = { ms: [], frameMs: [], drawCalls: 0 };
    await render(figures);
    return figures;
  },
  async pan(steps, dx, dy) {
    // As design-viewer's pan: the drawing moves by (dx, dy) canvas pixels.
    const figures: PdfStepFigures = { ms: [], frameMs: [], drawCalls: 0 };
    for (let i = 0; i < steps; i++) {
      view.x -= dx / view.scale;
      view.y -= dy / view.scale;
      await render(figures);
    }
    return figures;
  },
  async detail() {
    const area = document.createElement('canvas');
    area.width = 3 * width;
    area.height = 3 * height;
    const start = performance.now();
    const viewport = page.getViewport({ scale: view.scale, offsetX: (3 * width) / 2 - view.x * view.scale, offsetY: (3 * height) / 2 - view.y * view.scale });
    await page.render({ canvas: area, viewport }).promise;
    area.getContext('2d')!.getImageData(0, 0, 1, 1);
    return performance.now() - start;
  },
  sharpness: () => sharpnessOf(context.getImageData(0, 0, width, height).data, width, height),
  memory: () => measureMemory(),
  describe: () => ({ pages: doc.numPages, operators }),
};
(window as unknown as { benchPdf: PdfBenchPage }).benchPdf = bench;
