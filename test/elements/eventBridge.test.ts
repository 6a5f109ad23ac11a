import { expect } from '@esm-bundle/chai';
import { VIEWER_EVENT_NAMES } from '../../core/index.js';
import { ViewerEventTarget } from '../../core/viewer/ViewerEvents.js';
import { bridgeViewerEvents } from '../../elements/eventBridge.js';

describe('the event bridge', () => {
  it('re-dispatches every event of the core list on the element, with its detail, bubbling and composed, until stopped', () => {
    const viewer = new ViewerEventTarget();
    const element = document.createElement('div');
    const page = document.createElement('section');
    page.append(element);
    const heard: { type: string; detail: unknown; bubbles: boolean; composed: boolean }[] = [];
    for (const name of VIEWER_EVENT_NAMES) page.addEventListener(name, (e) => heard.push({ type: e.type, detail: (e as CustomEvent).detail, bubbles: e.bubbles, composed: e.composed }));
    const stop = bridgeViewerEvents(viewer, element);

    for (const name of VIEWER_EVENT_NAMES) viewer.dispatchEvent(new CustomEvent(name, { detail: { sentAs: name } }));
    expect(heard).to.deep.equal(VIEWER_EVENT_NAMES.map((name) => ({ type: name, detail: { sentAs: name }, bubbles: true, composed: true })));

    heard.length = 0;
    stop();
    for (const name of VIEWER_EVENT_NAMES) viewer.dispatchEvent(new CustomEvent(name, { detail: null }));
    expect(heard).to.deep.equal([]);
  });
});
