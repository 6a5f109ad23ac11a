import { expect } from '@esm-bundle/chai';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import '../../elements/index.js';
import type { DesignViewerElement } from '../../elements/index.js';
import { Extension, Logger, NO_MODEL_MESSAGE, Viewer } from '../../core/index.js';
import { nextEvent, sampleUrl, until } from '../support/helpers.js';

async function createElement(src?: string, width = 320, height = 240): Promise<DesignViewerElement> {
  const element = document.createElement('design-viewer');
  element.style.cssText = `display:block;width:${width}px;height:${height}px`;
  element.setAttribute('language', 'en');
  const ready = nextEvent(element, 'viewer-ready');
  const loaded = src ? nextEvent(element, 'geometry-loaded') : null;
  if (src) element.setAttribute('src', src);
  document.body.appendChild(element);
  await ready;
  await loaded;
  return element;
}

/** Pixels actually on the element's canvas, read right after a complete frame. */
function canvasPixels(element: DesignViewerElement): ImageData {
  const viewer = element.viewer!;
  const canvas = viewer.canvas;
  viewer.renderNow();
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d')!;
  context.drawImage(canvas, 0, 0);
  return context.getImageData(0, 0, copy.width, copy.height);
}

/** Share of pixels that are not the background gradient (saturated or dark: the car is red, blue, black). */
function modelPixelShare(image: ImageData): number {
  let count = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40 || Math.max(r, g, b) < 100) count++;
  }
  return count / (image.width * image.height);
}

function canvasCentre(element: DesignViewerElement): [number, number] {
  const rect = element.viewer!.canvas.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}

async function drag(from: [number, number], by: [number, number], button: 'left' | 'right' | 'middle' = 'left') {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down', button });
  for (let step = 1; step <= 5; step++) {
    await sendMouse({ type: 'move', position: [from[0] + (by[0] * step) / 5, from[1] + (by[1] * step) / 5] });
  }
  await sendMouse({ type: 'up', button });
}

describe('<design-viewer>', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('design-viewer')) element.remove();
  });

  it('loads its src and shows the model on its canvas', async () => {
    const element = await createElement(sampleUrl('gltf/car.glb'));
    expect(element.viewer!.model!.fileName).to.equal('car.glb');
    expect(modelPixelShare(canvasPixels(element))).to.be.greaterThan(0.15);
  });

  it('screenshot(): the PNG of the view at the size asked, by promise, callback and in a new window; at most 4096 px a side', async () => {
    const element = await createElement(sampleUrl('gltf/car.glb'));
    const decode = async (png: Blob) => {
      const bitmap = await createImageBitmap(png);
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, bitmap.width, bitmap.height);
    };
    const png = await element.screenshot(160, 120);
    expect(png.type).to.equal('image/png');
    const image = await decode(png);
    expect([image.width, image.height]).to.deep.equal([160, 120]);
    expect(modelPixelShare(image), 'the car is in it').to.be.greaterThan(0.15);

    // The callback gets an object URL of the same PNG.
    let called: { url: string; png: Blob } | null = null;
    const returned = await element.screenshot(80, 60, (url, blob) => (called = { url, png: blob }));
    expect(called).to.not.equal(null);
    const fetched = new Uint8Array(await (await fetch(called!.url)).arrayBuffer());
    expect(fetched).to.deep.equal(new Uint8Array(await returned.arrayBuffer()));
    URL.revokeObjectURL(called!.url);

    // Opened in a new window: the page that opens shows that URL.
    const opened: (Window | null)[] = [];
    const open = window.open;
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open.apply(window, args);
      opened.push(popup);
      return popup;
    };
    try {
      await element.screenshot(40, 30, undefined, { openInNewWindow: true });
    } finally {
      window.open = open;
    }
    expect(opened.length).to.equal(1);
    await until(() => opened[0]?.location.href.startsWith('blob:') === true, 10000, 'the new window to show the PNG');
    opened[0]!.close();

    // The longer side is capped at 4096 px, the other scaled with it.
    const capped = await decode(await element.screenshot(8192, 128));
    expect([capped.width, capped.height]).to.deep.equal([4096, 64]);
  });

  it('re-dispatches core events on the element, bubbling and composed', async () => {
    const element = await createElement();
    const heard: Event[] = [];
    document.addEventListener('model-added', (e) => heard.push(e), { once: true });
    await element.load(sampleUrl('gltf/properties.glb'));
    expect(heard).to.have.length(1);
    expect(heard[0].bubbles && heard[0].composed).to.equal(true);
  });

  it('orbits, pans and dollies with real mouse and wheel input', async () => {
    const element = await createElement(sampleUrl('gltf/car.glb'));
    const nav = element.viewer!.navigation;
    const centre = canvasCentre(element);

    const before = nav.getView();
    await drag(centre, [60, 0]);
    const afterOrbit = nav.getView();
    // Orbit turns the eye about the pivot around world up: the eye moves, its height above the pivot stays.
    expect(afterOrbit.position.distanceTo(before.position)).to.be.greaterThan(0.1);
    const up = nav.worldUp;
    expect(afterOrbit.position.clone().sub(nav.pivot).dot(up)).to.be.closeTo(before.position.clone().sub(nav.pivot).dot(up), 1e-6);

    const target = nav.target.clone();
    const direction = nav.getDirection();
    await drag(centre, [40, 0], 'right');
    // Pan slides eye and target together, perpendicular to the view direction, without turning.
    const moved = nav.target.clone().sub(target);
    expect(moved.length()).to.be.greaterThan(0.01);
    expect(Math.abs(moved.normalize().dot(direction))).to.be.lessThan(1e-6);
    expect(nav.getDirection().distanceTo(direction)).to.be.lessThan(1e-9);

    const distance = nav.distance;
    await executeServerCommand('mouse-wheel', { x: centre[0], y: centre[1], deltaY: -120 });
    await new Promise((r) => setTimeout(r, 50));
    // Scrolling up (negative delta) dollies in.
    const focus = element.viewer!.hitTest(centre[0], centre[1]);
    expect(focus).to.not.equal(null);
    expect(nav.position.distanceTo(focus!.intersectPoint)).to.be.lessThan(distance);
  });

  it('selects the object under a click and fires selection-change', async () => {
    const element = await createElement(sampleUrl('gltf/car.glb'));
    const centre = canvasCentre(element);
    const expected = element.viewer!.hitTest(...centre)!;
    expect(expected).to.not.equal(null);
    const change = nextEvent(element, 'selection-change');
    await sendMouse({ type: 'move', position: centre });
    await sendMouse({ type: 'down', button: 'left' });
    await sendMouse({ type: 'up', button: 'left' });
    const { selections } = await change;
    expect(selections).to.have.length(1);
    expect(selections[0].dbIds).to.deep.equal([expected.dbId]);
    expect(selections[0].fragIds).to.include(expected.fragId);
    expect(element.viewer!.getSelection()).to.deep.equal([expected.dbId]);
  });

  it('highlights the selection visibly', async () => {
    const element = await createElement(sampleUrl('gltf/car.glb'));
    const before = canvasPixels(element);
    const hit = element.viewer!.hitTest(...canvasCentre(element))!;
    element.viewer!.select([hit.dbId]);
    const after = canvasPixels(element);
    let changed = 0;
    for (let i = 0; i < before.data.length; i += 4) if (Math.abs(before.data[i + 2] - after.data[i + 2]) > 30) changed++;
    expect(changed).to.be.greaterThan(500);
  });

  it('runs two elements on one page independently', async () => {
    const [a, b] = await Promise.all([createElement(sampleUrl('gltf/car.glb')), createElement(sampleUrl('gltf/properties.glb'))]);
    expect(a.viewer).to.not.equal(b.viewer);
    expect(a.viewer!.stores).to.not.equal(b.viewer!.stores);
    const camera = b.viewer!.navigation.getView();
    let bHeard = false;
    b.addEventListener('selection-change', () => (bHeard = true));
    const hit = a.viewer!.hitTest(...canvasCentre(a))!;
    a.viewer!.select([hit.dbId]);
    a.viewer!.navigation.orbit(0.5, 0);
    expect(bHeard).to.equal(false);
    expect(b.viewer!.getSelection()).to.deep.equal([]);
    expect(b.viewer!.navigation.getView().position.equals(camera.position)).to.equal(true);
    expect(modelPixelShare(canvasPixels(b))).to.be.greaterThan(0.02);
  });

  it('releases its WebGL context when removed, and keeps it when moved', async () => {
    const element = await createElement(sampleUrl('gltf/properties.glb'));
    const viewer = element.viewer!;
    const gl = viewer.renderContext!.renderer.getContext();
    const other = document.createElement('div');
    document.body.appendChild(other);
    other.appendChild(element); // moved, not removed
    await new Promise((r) => setTimeout(r, 20));
    expect(element.viewer).to.equal(viewer);
    expect(gl.isContextLost()).to.equal(false);
    const removed = nextEvent(viewer, 'model-removed');
    element.remove();
    await removed;
    await new Promise((r) => setTimeout(r, 20));
    expect(element.viewer).to.equal(null);
    expect(gl.isContextLost()).to.equal(true);
    expect(viewer.isStarted).to.equal(false);
    other.remove();
  });

  it('shows nothing but the canvas when headless, and the spinner otherwise', async () => {
    const element = document.createElement('design-viewer');
    element.style.cssText = 'display:block;width:200px;height:150px';
    element.setAttribute('src', sampleUrl('gltf/DamagedHelmet.glb'));
    const loaded = nextEvent(element, 'geometry-loaded');
    document.body.appendChild(element);
    // However short the load, the spinner shows meanwhile.
    let spinnerText: string | null = null;
    const watcher = new MutationObserver(() => (spinnerText ??= element.shadowRoot!.querySelector('.dv-spinner')?.textContent ?? null));
    watcher.observe(element.shadowRoot!, { childList: true, subtree: true, characterData: true });
    await loaded;
    watcher.disconnect();
    expect(spinnerText).to.equal('LOADING');
    await new Promise((r) => setTimeout(r, 30));
    expect(element.shadowRoot!.querySelector('.dv-spinner')).to.equal(null);
    element.headless = true;
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('.chrome')!.children).to.have.length(0);
  });

  it('saves and restores the viewer state through its methods', async () => {
    const element = await createElement(sampleUrl('gltf/properties.glb'), 200, 150);
    element.viewer!.hide([2]);
    element.viewer!.explode(0.5);
    const state = element.getState();
    expect(state.objectSet![0].hidden).to.deep.equal([2]);
    element.viewer!.showAll();
    element.viewer!.explode(0);
    const exploded = nextEvent(element, 'explode-change');
    expect(element.restoreState(JSON.parse(JSON.stringify(state)), undefined, true)).to.equal(true);
    expect((await exploded).scale).to.equal(0.5);
    expect(element.viewer!.getHiddenNodes()).to.deep.equal([2]);
    expect(Object.keys(element.getState({ cutplanes: true }))).to.deep.equal(['cutplanes']);
  });

  it('does nothing but warn when asked to restore a state before it has a viewer', () => {
    const element = document.createElement('design-viewer');
    const warnings: string[] = [];
    const warn = console.warn;
    const level = Logger.getLevel();
    Logger.setLevel('warning');
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      expect(element.restoreState({ objectSet: [] })).to.equal(false);
    } finally {
      console.warn = warn;
      Logger.setLevel(level);
    }
    expect(warnings).to.deep.equal([NO_MODEL_MESSAGE]);
  });

  it('loads the extensions its attribute names, and unloads those it drops', async () => {
    class Marker extends Extension {}
    Viewer.registerExtension('Test.Marker', Marker);
    Viewer.registerExtension('Test.Other', Marker);
    try {
      const element = document.createElement('design-viewer');
      element.setAttribute('extensions', 'Test.Marker');
      const loaded = nextEvent(element, 'extension-loaded');
      document.body.appendChild(element);
      expect((await loaded).extensionId).to.equal('Test.Marker');
      const other = nextEvent(element, 'extension-loaded');
      const unloaded = nextEvent(element, 'extension-unloaded');
      element.setAttribute('extensions', 'Test.Other');
      expect((await other).extensionId).to.equal('Test.Other');
      expect((await unloaded).extensionId).to.equal('Test.Marker');
      expect(element.viewer!.getLoadedExtensions()).to.deep.equal(['Test.Other']);
    } finally {
      Viewer.unregisterExtension('Test.Marker');
      Viewer.unregisterExtension('Test.Other');
    }
  });
});
