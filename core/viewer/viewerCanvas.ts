/** The viewer's canvas, filling its container: focusable, named, and with touch gestures left to the tools. */
export function createViewerCanvas(container: HTMLElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'design-viewer-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-label', 'Model view');
  Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', outline: 'none', touchAction: 'none' });
  container.appendChild(canvas);
  return canvas;
}
