import type { Load2dFigures } from './contract2d.ts';

/** What both PDF bench pages put on `window.benchPdfResult` and `window.benchPdf` (bench/pdf2d.ts reads them). */
export interface PdfLoadFigures extends Load2dFigures {
  /**
   * ms from navigation start to the first frame showing the whole page, GPU finished (pdf.js: its first
   * picture; design-viewer: the first final frame after geometry-loaded, or the first frame when later).
   */
  wholePage: number;
  /** The page's size in points (pdf.js: its view box; design-viewer: the sheet's page_dimensions). */
  pageWidth: number;
  pageHeight: number;
}

export interface PdfStepFigures {
  /** The main thread's share, ms, one per step (design-viewer: the render call; pdf.js: render() until its promise resolves). */
  ms: number[];
  /** Until the canvas holds the picture (a 1×1 readPixels / getImageData after it), ms. */
  frameMs: number[];
  /** design-viewer: draw calls of the frame (the most of any step); pdf.js: 0 (a canvas, not WebGL). */
  drawCalls: number;
}

export interface Sharpness {
  /** Share of the canvas that is not white. */
  ink: number;
  /** Share of the canvas on an edge (a neighbour differs by more than 0.1 in luminance). */
  edges: number;
  /**
   * Mean luminance step to the neighbour across an edge pixel, 0–1: a line drawn crisp steps from paper to
   * ink within a pixel (1 for black on white), a blurred or upscaled one spreads the step over several pixels.
   */
  edgeStep: number;
}

export interface PdfBenchPage {
  /**
   * Shows the page at `zoom`× the scale that fits it in the canvas, the page point at fractions (u, v) of
   * its width and height (from its top left corner) at the canvas centre; figures of that one frame.
   */
  view(zoom: number, u: number, v: number): Promise<PdfStepFigures>;
  /** `steps` pans of `dx`, `dy` canvas pixels from the current view, each drawn. */
  pan(steps: number, dx: number, dy: number): Promise<PdfStepFigures>;
  /**
   * pdf.js only: one render of its viewer's detail view at the current view, ms until painted: the visible
   * area and up to one view more on each side (3 × 3 the canvas), which its viewer renders again once a pan
   * has used up the margin on one side.
   */
  detail?(): Promise<number>;
  /** Sharpness of the picture on the canvas now. */
  sharpness(): Sharpness;
  memory(): Promise<{ jsHeap: number; pageMemory: number | null }>;
  describe(): Record<string, number>;
}

/** Sharpness of RGBA pixels (rows in either order). */
export function sharpnessOf(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Sharpness {
  const lum = new Float32Array(width * height);
  let ink = 0;
  for (let i = 0, o = 0; i < lum.length; i++, o += 4) {
    lum[i] = (0.2126 * data[o] + 0.7152 * data[o + 1] + 0.0722 * data[o + 2]) / 255;
    if (data[o] + data[o + 1] + data[o + 2] < 720) ink++;
  }
  let edges = 0;
  let step = 0;
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const g = Math.max(Math.abs(lum[i + 1] - lum[i]), Math.abs(lum[i + width] - lum[i]));
      if (g > 0.1) {
        edges++;
        step += g;
      }
    }
  }
  return { ink: ink / lum.length, edges: edges / lum.length, edgeStep: edges ? step / edges : 0 };
}
