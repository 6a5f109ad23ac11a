/** What both 2D bench pages put on `window.bench2dResult` and `window.bench2d` (bench/dxf2d.ts reads them). */
export interface Load2dFigures {
  /** ms from navigation start to the first frame showing the drawing, GPU finished (1×1 readPixels). */
  firstFrame: number;
  /** ms from navigation start to the moment the page asked for the drawing. */
  loadRequested: number;
  /** Where the time went: ms from navigation start to each milestone. */
  milestones: Record<string, number>;
}

export interface Frame2dFigures {
  /** The render call alone, ms, one per step. */
  ms: number[];
  /** The whole frame: the render call until a 1×1 readPixels returns (SwiftShader finished it), ms. */
  frameMs: number[];
  /** renderer.info.render.calls (design-viewer: its frame stats), the most of any step. */
  drawCalls: number;
}

export interface Bench2dPage {
  /** `steps` pans of `dx`, `dy` pixels each, each followed by a timed render call. */
  pan(steps: number, dx: number, dy: number): Frame2dFigures;
  /** `steps` wheel zooms by `factor` (< 1 closes in) about a canvas point, each followed by a timed render call. */
  zoom(steps: number, factor: number, x: number, y: number): Frame2dFigures;
  /** The page's own frames show the whole drawing at the current view (design-viewer refines after a move). */
  settled(): boolean;
  /** Back to the drawing fitted in the view, drawn. */
  fit(): void;
  /** The drawing fitted and drawn, then the share of the canvas that is not white (the drawing is on it). */
  ink(): number;
  /** Picks at canvas points (null where the page has no pick). */
  picks(points: [number, number][]): { ms: number[]; hits: number } | null;
  memory(): Promise<{ jsHeap: number; pageMemory: number | null }>;
  /** What the page holds of the drawing: objects (or scene objects), batches, whatever it can tell. */
  describe(): Record<string, number>;
}

/** Median of a list (0 when empty). */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Share of the canvas's pixels that are not white, read back right after a frame (the default framebuffer). */
export function inkShare(gl: WebGL2RenderingContext): number {
  const bound = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  const { drawingBufferWidth: w, drawingBufferHeight: h } = gl;
  const data = new Uint8Array(w * h * 4);
  gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, data);
  gl.bindFramebuffer(gl.FRAMEBUFFER, bound);
  let ink = 0;
  for (let o = 0; o < data.length; o += 4) if (data[o] + data[o + 1] + data[o + 2] < 720) ink++;
  return ink / (w * h);
}

/** What a loaded drawing holds, for the report's "held" line: objects, batches, triangles, line vertices, texts. */
export function describeDrawing(model: any): Record<string, number> {
  let lineVertices = 0;
  let triangles = 0;
  for (const batch of model.batches) {
    if (batch.kind === 'triangles') triangles += batch.indexCount / 3;
    else lineVertices += batch.indexCount ?? batch.vertexCount ?? 0;
  }
  return { objects: model.getInstanceTree().getNodeCountInTree(), batches: model.batches.length, triangles, lineVertices, texts: model.texts?.length ?? 0 };
}
