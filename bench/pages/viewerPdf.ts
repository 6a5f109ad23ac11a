import { gpuFinishedFrame, measureMemory } from './contract.ts';
import { describeDrawing, type Load2dFigures } from './contract2d.ts';
import { type PdfBenchPage, type PdfLoadFigures, type PdfStepFigures, sharpnessOf } from './contractPdf.ts';

// design-viewer's side of the PDF bench: viewer2d.ts (loaded before this script) loads the PDF page from
// ?model= and measures its first frame; this adds the views at a zoom, the pans there and the sharpness.
const POINTS_PER_MM = 72 / 25.4;
const element = document.querySelector('design-viewer') as HTMLElement & { viewer: any };
const win = window as unknown as { bench2dResult?: Load2dFigures; benchPdfResult?: PdfLoadFigures; benchPdf?: PdfBenchPage };
// The whole page drawn: the first final frame the viewer draws after the last chunk arrived (viewer2d.ts's
// first frame may show only the first chunks), when the GPU finished it.
const wholePage = new Promise<number>((resolve) => {
  element.addEventListener('geometry-loaded', () => {
    const viewer = element.viewer;
    const before = viewer.getFrameStats();
    const final = () => {
      const stats = viewer.getFrameStats();
      return stats !== before && stats.final;
    };
    void gpuFinishedFrame(viewer.renderContext.renderer.getContext(), final).then(resolve);
  }, { once: true });
});
while (!win.bench2dResult) await new Promise((r) => setTimeout(r, 20));
const wholePageAt = await wholePage;

const viewer = element.viewer;
const model = viewer.getVisibleModels()[0];
const nav = viewer.navigation;
const gl: WebGL2RenderingContext = viewer.renderContext.renderer.getContext();
const pixel = new Uint8Array(4);
const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
// The navigation works in the sheet's own coordinates (the model's offset is applied below it).
const { metadata } = model.getData();
const page = metadata.page_dimensions as { page_width: number; page_height: number };
win.benchPdfResult = { ...win.bench2dResult, wholePage: Math.max(wholePageAt, win.bench2dResult.firstFrame), pageWidth: page.page_width * POINTS_PER_MM, pageHeight: page.page_height * POINTS_PER_MM };

/** The canvas's size in CSS pixels (the element's). */
const canvasSize = () => ({ width: element.clientWidth, height: element.clientHeight });

function frame(figures: PdfStepFigures, move: () => void): void {
  move();
  const start = performance.now();
  const stats = viewer.renderNow();
  figures.ms.push(performance.now() - start);
  sync();
  figures.frameMs.push(performance.now() - start);
  figures.drawCalls = Math.max(figures.drawCalls, stats.drawCalls);
}

const bench: PdfBenchPage = {
  async view(zoom, u, v) {
    // The sheet is in millimetres, y up from the page's lower left corner; the view's height (orthoScale)
    // is what `zoom`× the scale that fits the page in the canvas shows.
    const { width, height } = canvasSize();
    const fit = Math.min(width / page.page_width, height / page.page_height);
    const x = u * page.page_width;
    const y = (1 - v) * page.page_height;
    const figures: PdfStepFigures = { ms: [], frameMs: [], drawCalls: 0 };
    frame(figures, () => {
      const eyeHeight = nav.position.z - nav.target.z;
      nav.orthoScale = height / (fit * zoom);
      nav.setView(nav.position.clone().set(x, y, nav.target.z + eyeHeight), nav.target.clone().set(x, y, nav.target.z));
    });
    return figures;
  },
  async pan(steps, dx, dy) {
    const figures: PdfStepFigures = { ms: [], frameMs: [], drawCalls: 0 };
    for (let i = 0; i < steps; i++) frame(figures, () => nav.pan(dx, dy));
    return figures;
  },
  sharpness() {
    viewer.renderNow();
    const { drawingBufferWidth: w, drawingBufferHeight: h } = gl;
    const data = new Uint8Array(w * h * 4);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, data);
    return sharpnessOf(data, w, h);
  },
  memory: () => measureMemory(),
  describe: () => describeDrawing(model),
};
win.benchPdf = bench;
