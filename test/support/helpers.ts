import type { Viewer, ViewerEventMap, ViewerEventName } from '../../core/index.js';

/** URL of a sample file (committed under demo/samples, from ../shared/samples). */
export function sampleUrl(path: string): string {
  return new URL(`/demo/samples/${path}`, location.origin).href;
}

/** Resolves with the detail of the next event of that name. */
export function nextEvent<K extends ViewerEventName>(target: EventTarget, name: K, timeoutMs = 30000): Promise<ViewerEventMap[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${name}`)), timeoutMs);
    target.addEventListener(
      name,
      (event) => {
        clearTimeout(timer);
        resolve((event as CustomEvent<ViewerEventMap[K]>).detail);
      },
      { once: true },
    );
  });
}

/** A container of the given size, attached to the page. */
export function createContainer(width = 320, height = 240): HTMLDivElement {
  const div = document.createElement('div');
  div.style.cssText = `position:relative;width:${width}px;height:${height}px`;
  document.body.appendChild(div);
  return div;
}

/** Resolves after the next animation frame (or n of them). */
export async function frames(n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
}

/** Pixels of a complete frame at the canvas size. */
export function capture(viewer: Viewer) {
  return viewer.capturePixels(viewer.canvas.clientWidth, viewer.canvas.clientHeight);
}

/** The canvas as shown right after a complete frame (read in the same task, before it is composited), bottom row first. */
export function canvasPixels(viewer: Viewer): { width: number; height: number; data: Uint8Array } {
  viewer.renderNow();
  return readCanvas(viewer);
}

/** What the canvas holds now, bottom row first: to be read in the same task as the frame that drew it. */
export function readCanvas(viewer: Viewer): { width: number; height: number; data: Uint8Array } {
  const gl = viewer.canvas.getContext('webgl2')!;
  const { drawingBufferWidth: width, drawingBufferHeight: height } = gl;
  const data = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data);
  return { width, height, data };
}

/** Distinct colours in a picture (a frame of an empty view has a handful, one of a model hundreds). */
export function colourCount(pixels: { data: Uint8Array }): number {
  const colours = new Set<number>();
  for (let i = 0; i < pixels.data.length; i += 4) colours.add((pixels.data[i] << 16) | (pixels.data[i + 1] << 8) | pixels.data[i + 2]);
  return colours.size;
}

/** Indexes of pixels that differ between two captures by more than a small tolerance. */
/** The luminance (0–255, Rec. 709 weights on the 8-bit values) of pixel `p` of an RGBA frame. */
export function luminanceAt(frame: { data: Uint8Array }, p: number): number {
  return 0.2126 * frame.data[p * 4] + 0.7152 * frame.data[p * 4 + 1] + 0.0722 * frame.data[p * 4 + 2];
}

export function changedPixels(a: { data: Uint8Array }, b: { data: Uint8Array }, tolerance = 12): number[] {
  const changed: number[] = [];
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
    if (d > tolerance) changed.push(i / 4);
  }
  return changed;
}

/** URL of the local document server the test runner started (server/documentServer.ts). */
export function documentServerUrl(path = ''): string {
  const base = (globalThis as unknown as { __DOCUMENT_SERVER__?: string }).__DOCUMENT_SERVER__;
  if (!base) throw new Error('The document server is not running (see web-test-runner.config.mjs)');
  return `${base}${path}`;
}

/** Resolves once `predicate` holds, checking every animation frame (the chrome loads on demand). */
export async function until(predicate: () => boolean, timeoutMs = 30000, what = 'a condition'): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
}
