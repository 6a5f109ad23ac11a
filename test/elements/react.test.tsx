import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { type DesignViewerElement, type Model, type ModelSelection, VIEWER_EVENT_NAMES } from '../../elements/index.js';
import { DesignViewer } from '../../elements/react.js';
import { reactEventPropName } from '../../elements/reactEventPropName.js';
import { ConsoleRecorder } from '../support/consoleRecorder.js';
import { nextEvent, sampleUrl, until } from '../support/helpers.js';

const STYLE = { display: 'block', width: '320px', height: '240px' };

/** A real click at the centre of the element's canvas, on the model there; returns the dbId under it. */
async function clickModel(element: DesignViewerElement): Promise<number> {
  const rect = element.viewer!.canvas.getBoundingClientRect();
  const centre: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
  const hit = element.viewer!.hitTest(...centre)!;
  await sendMouse({ type: 'move', position: centre });
  await sendMouse({ type: 'down', button: 'left' });
  await sendMouse({ type: 'up', button: 'left' });
  return hit.dbId;
}

describe('<DesignViewer> (the React wrapper)', () => {
  let container: HTMLDivElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => container.remove());

  it('comes alive from the server HTML: hydrates the same element, loads its src once, and hands its events to the props', async () => {
    const src = sampleUrl('gltf/car.glb');
    // What a server renders for <DesignViewer src language style> (test/node/ssr.test.mjs checks it).
    container.innerHTML = `<design-viewer src="${src}" language="de" style="display:block;width:320px;height:240px"></design-viewer>`;
    const element = container.querySelector('design-viewer')!;
    const added: Model[] = [];
    element.addEventListener('model-added', (e) => added.push(e.detail.model));
    const loaded = nextEvent(element, 'geometry-loaded');
    const selections: ModelSelection[][] = [];
    const recoverable: unknown[] = [];
    const console = new ConsoleRecorder().start();
    const root = hydrateRoot(container, <DesignViewer src={src} language="de" style={STYLE} onSelectionChange={(e) => selections.push(e.detail.selections)} />, {
      onRecoverableError: (error) => recoverable.push(error),
    });
    try {
      await loaded;
      await until(() => element.viewer!.getLanguage() === 'de', 10000, 'the German UI');
      expect(container.querySelector('design-viewer')).to.equal(element);
      expect(recoverable).to.deep.equal([]);
      expect(console.errors.filter((message) => /hydrat/i.test(message))).to.deep.equal([]);
      expect(added).to.have.length(1);
      expect(element.viewer!.getVisibleModels()).to.have.length(1);
      const dbId = await clickModel(element);
      await until(() => selections.length > 0, 10000, 'selection-change at the onSelectionChange prop');
      expect(selections.at(-1)![0].dbIds).to.deep.equal([dbId]);
    } finally {
      console.stop();
      root.unmount();
    }
  });

  it('sets its props on the element in the browser, reflected as attributes, and follows a new src', async () => {
    const root = createRoot(container);
    const ready = new Promise<DesignViewerElement>((resolve) => {
      flushSync(() => root.render(<DesignViewer logLevel="warning" language="de" style={STYLE} onViewerReady={(e) => resolve(e.target as DesignViewerElement)} />));
    });
    const element = await ready;
    try {
      expect(element.getAttribute('log-level')).to.equal('warning');
      expect(element.getAttribute('language')).to.equal('de');
      const first = nextEvent(element, 'geometry-loaded');
      root.render(<DesignViewer logLevel="warning" language="de" style={STYLE} src={sampleUrl('gltf/car.glb')} />);
      expect((await first).model.url).to.contain('car.glb');
      expect(element.getAttribute('src')).to.contain('car.glb');
      const second = nextEvent(element, 'geometry-loaded');
      root.render(<DesignViewer logLevel="warning" language="de" style={STYLE} src={sampleUrl('gltf/properties.glb')} />);
      expect((await second).model.url).to.contain('properties.glb');
      expect(element.viewer!.getVisibleModels()).to.have.length(1);
    } finally {
      root.unmount();
    }
  });

  it('hands every event of the core list to its on… prop, named as API.md names them (onSelectionChange)', async () => {
    expect(['selection-change', 'camera-change', 'final-frame-rendered-change'].map(reactEventPropName)).to.deep.equal([
      'onSelectionChange',
      'onCameraChange',
      'onFinalFrameRenderedChange',
    ]);
    const heard: [string, unknown][] = [];
    const handlers = Object.fromEntries(VIEWER_EVENT_NAMES.map((name) => [reactEventPropName(name), (event: CustomEvent) => heard.push([event.type, event.detail])]));
    const root = createRoot(container);
    flushSync(() => root.render(<DesignViewer headless style={STYLE} {...handlers} />));
    const element = container.querySelector('design-viewer')!;
    try {
      heard.length = 0;
      const sent = VIEWER_EVENT_NAMES.map((name) => [name, { sentAs: name }] as [string, unknown]);
      for (const [name, detail] of sent) element.dispatchEvent(new CustomEvent(name, { detail }));
      expect(heard).to.deep.equal(sent);
    } finally {
      root.unmount();
    }
  });
});
