import { ErrorCode } from './ErrorCodes.js';
import { ViewerError } from './ViewerError.js';

/**
 * The viewer's canvas, filling its container: focusable, named, and with touch gestures left to the tools.
 * Its drawing buffer starts at the container's size (at a pixel ratio of 1): resizing it later waits on
 * the GPU, which the first frame then need not do.
 */
export function createViewerCanvas(container: HTMLElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  if (container.clientWidth > 0 && container.clientHeight > 0) {
    canvas.width = container.clientWidth;
    canvas.height = container.clientHeight;
  }
  canvas.className = 'design-viewer-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-label', 'Model view');
  Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', outline: 'none', touchAction: 'none' });
  container.appendChild(canvas);
  return canvas;
}

/** Why the WebGL context could not start, as code 8 (no WebGL2 at all) or 10 (disabled). */
export function webglStartError(reason: unknown): ViewerError {
  const code = typeof WebGL2RenderingContext === 'undefined' ? ErrorCode.BROWSER_WEBGL_NOT_SUPPORTED : ErrorCode.BROWSER_WEBGL_DISABLED;
  return new ViewerError(code, `WebGL could not start: ${(reason as Error)?.message ?? reason}`);
}

/** A watch on the container's size: `resync()` after reading the size by other means, `disconnect()` to end it. */
export interface ContainerSizeWatch {
  resync(): void;
  disconnect(): void;
}

/** Calls `onResize` whenever the container's size changes. */
export function watchContainerSize(container: HTMLElement, onResize: () => void): ContainerSizeWatch {
  const observer = new ResizeObserver(onResize);
  observer.observe(container);
  return {
    // The observer reports only a size unlike the last one it saw: a size read meanwhile may be one the
    // container only passes through (leaving full screen takes a few frames). Observing afresh makes it
    // report the size the container settles at.
    resync() {
      observer.unobserve(container);
      observer.observe(container);
    },
    disconnect: () => observer.disconnect(),
  };
}
