import { expect } from '@esm-bundle/chai';
import '../../elements/index.js';
import type { DesignViewerElement } from '../../elements/index.js';
import { type ErrorDetail, ErrorCode, type Model } from '../../core/index.js';
import { frames, nextEvent, sampleUrl } from '../support/helpers.js';

/** A headless element attached to the page, ready (and with its src loaded, when it has one). */
async function createElement(src?: string): Promise<DesignViewerElement> {
  const element = document.createElement('design-viewer');
  element.style.cssText = 'display:block;width:160px;height:120px';
  element.headless = true;
  element.setAttribute('language', 'en');
  const ready = nextEvent(element, 'viewer-ready');
  const loaded = src ? nextEvent(element, 'geometry-loaded') : null;
  if (src) element.setAttribute('src', src);
  document.body.appendChild(element);
  await ready;
  await loaded;
  return element;
}

/** Every `error` the element raises (kept from reaching window, where the test framework would count it). */
function collectErrors(element: DesignViewerElement): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  element.addEventListener('error', (event) => {
    event.stopPropagation();
    errors.push((event as unknown as CustomEvent<ErrorDetail>).detail);
  });
  return errors;
}

/** Counts the Workers the page starts and has not terminated (the loader workers), while installed. */
class LiveWorkers {
  readonly live = new Set<Worker>();
  private readonly original = window.Worker;

  install(): this {
    const live = this.live;
    window.Worker = class extends this.original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        live.add(this);
      }
      override terminate(): void {
        live.delete(this);
        super.terminate();
      }
    };
    return this;
  }

  restore(): void {
    window.Worker = this.original;
  }
}

/** Tasks later: what a superseded load would have raised, or undone, has had its time. */
async function settle(): Promise<void> {
  await frames(3);
}

describe('<design-viewer>: loads and their errors', () => {
  let workers: LiveWorkers | null = null;
  afterEach(() => {
    workers?.restore();
    workers = null;
    for (const element of document.querySelectorAll('design-viewer')) element.remove();
    for (const frame of document.querySelectorAll('iframe')) frame.remove();
  });

  it("raises the markup's first src's error where a module script after the tag hears it", async () => {
    // The README's plain-HTML embedding: the element's module, the tag, then a module script with the listener.
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:200px;height:150px';
    const heard = new Promise<{ heard: ErrorDetail; lastError: ErrorDetail | null }>((resolve) => {
      window.addEventListener('message', function onMessage(event) {
        if (event.source !== frame.contentWindow) return;
        window.removeEventListener('message', onMessage);
        resolve(event.data);
      });
    });
    frame.srcdoc = `<!DOCTYPE html><html><head><meta charset="utf-8">
      <script>window.process = { env: { NODE_ENV: 'development' } };</script></head><body>
      <script type="module" src="/elements/index.ts"></script>
      <design-viewer headless src="${sampleUrl('gltf/car.xyz')}" style="display:block;width:160px;height:120px"></design-viewer>
      <script type="module">
        const element = document.querySelector('design-viewer');
        element.addEventListener('error', (event) => {
          event.stopPropagation();
          parent.postMessage({ heard: event.detail, lastError: element.lastError }, '*');
        });
      </script></body></html>`;
    document.body.appendChild(frame);
    const { heard: error, lastError } = await heard;
    expect(error.code).to.equal(ErrorCode.UNSUPPORTED_FILE_EXTENSION);
    expect(error.message).to.match(/^File extension not supported: "\.xyz" \(car\.xyz\)\. Formats that load: .*\.glb/);
    expect(lastError).to.deep.equal(error);
  });

  it('keeps the last error for a listener that comes late, and forgets it once a model loads without one', async () => {
    const element = await createElement();
    const errors = collectErrors(element);
    await element.load(sampleUrl('gltf/missing.glb')).catch(() => {});
    expect(errors).to.have.length(1);
    expect(element.lastError).to.deep.equal(errors[0]);
    expect(element.lastError).to.include({ code: ErrorCode.NETWORK_FILE_NOT_FOUND, httpStatus: 404 });
    await element.load(sampleUrl('gltf/properties.glb'));
    expect(element.lastError).to.equal(null);
  });

  it('applies removeAttribute("src") then load() in that order: the loaded model stays', async () => {
    const element = await createElement(sampleUrl('gltf/properties.glb'));
    const errors = collectErrors(element);
    element.removeAttribute('src');
    const model = await element.load(sampleUrl('gltf/car.glb'));
    await settle();
    expect(element.viewer!.getVisibleModels()).to.deep.equal([model]);
    expect(model.isDisposed).to.equal(false);
    expect(model.fileName).to.equal('car.glb');
    expect(errors).to.deep.equal([]);
  });

  it('applies load() then a src change in that order: the src replaces the loaded model', async () => {
    const element = await createElement();
    const loading = element.load(sampleUrl('gltf/car.glb'));
    const loaded = nextEvent(element, 'geometry-loaded');
    element.src = sampleUrl('gltf/properties.glb');
    await loading.catch(() => {});
    // The src's load began after load(): it cancelled it, or replaced its model.
    expect((await loaded).model.fileName).to.equal('properties.glb');
    await settle();
    expect(element.viewer!.getVisibleModels().map((m) => m.fileName)).to.deep.equal(['properties.glb']);
  });

  it('keeps only the last of two src values set in one task: no error for the first, no worker left over', async () => {
    workers = new LiveWorkers().install();
    const element = await createElement();
    const errors = collectErrors(element);
    const loaded = nextEvent(element, 'geometry-loaded');
    element.src = sampleUrl('gltf/car.xyz'); // would raise code 13, were it loaded
    element.src = sampleUrl('gltf/properties.glb');
    const { model } = await loaded;
    await settle();
    expect(element.viewer!.getVisibleModels()).to.deep.equal([model]);
    expect(errors).to.deep.equal([]);
    expect(workers.live.size).to.equal(1);
  });

  it('cancels a src load still in flight when src changes: its worker stops, it raises nothing', async () => {
    workers = new LiveWorkers().install();
    const element = await createElement();
    const errors = collectErrors(element);
    const models: Model[] = [];
    element.addEventListener('model-added', (event) => models.push(event.detail.model));
    element.src = sampleUrl('gltf/DamagedHelmet.glb');
    await element.updateComplete; // its load has started, in the worker the viewer had ready
    const helmetWorkers = [...workers.live];
    expect(helmetWorkers).to.have.length(1);
    const loaded = nextEvent(element, 'geometry-loaded');
    element.src = sampleUrl('gltf/properties.glb');
    await element.updateComplete;
    // The helmet's worker stopped as the new src applied, wherever its parser was.
    expect(workers.live.has(helmetWorkers[0])).to.equal(false);
    const { model } = await loaded;
    expect(model.fileName).to.equal('properties.glb');
    await settle();
    expect(element.viewer!.getVisibleModels()).to.deep.equal([model]);
    // The helmet, if its header had arrived, was removed with its worker.
    for (const other of models) if (other !== model) expect(other.isDisposed).to.equal(true);
    expect(errors).to.deep.equal([]);
    expect(workers.live.size).to.equal(1);
  });
});
