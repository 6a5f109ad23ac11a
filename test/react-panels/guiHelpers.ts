import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../elements/index.js';
import type { DesignViewerElement } from '../../elements/index.js';
import type { ViewerConfig } from '../../core/index.js';
import { nextEvent } from '../support/helpers.js';

export interface ElementOptions {
  src?: string;
  width?: number;
  height?: number;
  language?: string;
  theme?: string;
  config?: ViewerConfig;
}

/** A <design-viewer> with its chrome, attached to the page; resolves once ready (and loaded, with a src). */
export async function createViewerElement({ src, width = 400, height = 300, language = 'en', theme, config }: ElementOptions = {}): Promise<DesignViewerElement> {
  const element = document.createElement('design-viewer');
  element.style.cssText = `display:block;width:${width}px;height:${height}px`;
  element.setAttribute('language', language);
  if (theme) element.setAttribute('theme', theme);
  if (config) element.config = config;
  // The element's `error` event bubbles (composed) up to window, where it would reach window.onerror and
  // the test framework would count it as a failure: the tests that raise errors read them at the element.
  element.addEventListener('error', (event) => event.stopPropagation());
  const ready = nextEvent(element, 'viewer-ready');
  const loaded = src ? nextEvent(element, 'geometry-loaded') : null;
  const strings = waitForLanguage(element, language);
  if (src) element.setAttribute('src', src);
  document.body.appendChild(element);
  await ready;
  await loaded;
  await strings;
  // The chrome may mount after viewer-ready (it can load on demand): wait for the toolbar.
  await waitFor(() => element.shadowRoot?.querySelector('.dv-toolbar') !== null, 20000);
  // Touch gestures are recognised once hammerjs has loaded (it is imported when the viewer starts).
  await element.viewer!.toolController.whenGesturesReady();
  await frame();
  return element;
}

async function waitForLanguage(element: DesignViewerElement, language: string): Promise<void> {
  await waitFor(() => element.viewer?.translator.isReady === true && element.viewer.getLanguage() === language, 20000);
}

export function removeViewerElements(): void {
  for (const element of document.querySelectorAll('design-viewer')) element.remove();
}

/** One element of the chrome (inside the shadow root), or throws. */
export function $(element: DesignViewerElement, selector: string): HTMLElement {
  const found = element.shadowRoot!.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`Nothing matches ${selector} in the viewer's shadow root`);
  return found;
}

export function $$(element: DesignViewerElement, selector: string): HTMLElement[] {
  return [...element.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}

export function exists(element: DesignViewerElement, selector: string): boolean {
  return element.shadowRoot!.querySelector(selector) !== null;
}

/** The centre of an element, in page pixels (what sendMouse takes). */
export function centreOf(target: Element): [number, number] {
  const rect = target.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}

/** A real click (mouse move, down, up) at the centre of an element. */
export async function click(target: Element, button: 'left' | 'right' = 'left', modifiers: string[] = []): Promise<void> {
  const position = centreOf(target);
  for (const key of modifiers) await sendKeys({ down: key });
  await sendMouse({ type: 'move', position });
  await sendMouse({ type: 'down', button });
  await sendMouse({ type: 'up', button });
  for (const key of modifiers) await sendKeys({ up: key });
  await frame();
}

/** A right click without movement at a point of the page (what opens the context menu). */
export async function rightClickAt(position: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position });
  await sendMouse({ type: 'down', button: 'right' });
  await sendMouse({ type: 'up', button: 'right' });
  await frame();
}

/** The labels of the open context menu's items, in order. */
export function contextMenuLabels(element: DesignViewerElement): string[] {
  return $$(element, '.dv-context-menu-item').map((item) => item.textContent!);
}

/** A real drag with the left button, in steps. */
export async function drag(from: [number, number], to: [number, number], steps = 6): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down', button: 'left' });
  for (let i = 1; i <= steps; i++) {
    await sendMouse({ type: 'move', position: [Math.round(from[0] + ((to[0] - from[0]) * i) / steps), Math.round(from[1] + ((to[1] - from[1]) * i) / steps)] });
  }
  await sendMouse({ type: 'up', button: 'left' });
  await frame();
}

export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
  await frame();
}

export async function frame(n = 2): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
}

/**
 * Resolves once what `locate` finds has kept its place for three frames: after a resize the chrome measures
 * itself a frame later and the toolbar's breakpoints re-render after that, so a click must wait for it.
 */
export async function untilStill(locate: () => Element, timeoutMs = 10000): Promise<void> {
  const start = performance.now();
  let last = '';
  for (let still = 0; still < 3; ) {
    if (performance.now() - start > timeoutMs) throw new Error(`Still moving after ${timeoutMs} ms`);
    const r = locate().getBoundingClientRect();
    const place = `${r.x},${r.y},${r.width},${r.height}`;
    still = place === last ? still + 1 : 0;
    last = place;
    await frame(1);
  }
}

/** Resolves once the condition holds (checked every frame), or rejects after the timeout. */
export async function waitFor(condition: () => boolean, timeoutMs = 10000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms: ${condition}`);
    await new Promise((r) => setTimeout(r, 16));
  }
}

/** The element focused inside the viewer's shadow root. */
export function focused(element: DesignViewerElement): Element | null {
  return element.shadowRoot!.activeElement;
}

/** A toolbar button by its item name. */
export function toolbarButton(element: DesignViewerElement, item: string): HTMLButtonElement {
  return $(element, `.dv-toolbar [data-item="${item}"] button`) as HTMLButtonElement;
}

/** What the page shows in a rectangle (the canvas and the chrome over it, composited), as RGBA rows from the top. */
export async function pagePixels(rect: { left: number; top: number; width: number; height: number }): Promise<ImageData> {
  const clip = { x: Math.round(rect.left), y: Math.round(rect.top), width: Math.round(rect.width), height: Math.round(rect.height) };
  const base64 = await executeServerCommand<string, typeof clip>('page-pixels', clip);
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}
