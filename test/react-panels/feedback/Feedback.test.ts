import { expect } from '@esm-bundle/chai';
import { ViewerError } from '../../../core/index.js';
import { PROGRESS_HIDE_PERCENT } from '../../../react-panels/index.js';
import { gltfBlobUrl, wideTreeGltf } from '../generatedModels.js';
import { nextEvent } from '../../support/helpers.js';
import { $, click, createViewerElement, exists, press, removeViewerElements, waitFor } from '../guiHelpers.js';

describe('Feedback', () => {
  afterEach(() => {
    removeViewerElements();
    localStorage.clear();
  });

  it('shows an error in the alert box with its title, message and hints, translated; OK dismisses it', async () => {
    const element = await createViewerElement({ width: 600, height: 400, language: 'it' });
    const italian = await (await fetch('/res/locales/it/allstrings.json')).json();
    await element.load('/demo/samples/unknown.xyz').catch(() => {});
    await waitFor(() => exists(element, '.dv-alert'));
    expect($(element, '.dv-alert').dataset.errorCode).to.equal('13');
    expect($(element, '.dv-alert h2').textContent).to.equal(italian['File extension not supported']);
    expect($(element, '.dv-alert-hints li').textContent).to.equal(italian['Try a different file.']);
    await click($(element, '.dv-alert .dv-button'));
    expect(exists(element, '.dv-alert')).to.equal(false);
  });

  it('shows an error raised before the chrome mounted', async () => {
    // The first src of the markup fails while the element connects: headless here, so the chrome surely comes later.
    const element = document.createElement('design-viewer');
    element.style.cssText = 'display:block;width:600px;height:400px';
    element.setAttribute('language', 'en');
    element.headless = true;
    element.setAttribute('src', '/demo/samples/unknown.xyz');
    element.addEventListener('error', (event) => event.stopPropagation());
    const error = nextEvent(element, 'error');
    document.body.appendChild(element);
    expect((await error).code).to.equal(13);
    expect(element.shadowRoot!.querySelector('.dv-toolbar')).to.equal(null);
    element.headless = false;
    await waitFor(() => exists(element, '.dv-alert'), 20000);
    expect($(element, '.dv-alert').dataset.errorCode).to.equal('13');
  });

  it('closes the alert when a model loads without an error', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    await element.load('/demo/samples/unknown.xyz').catch(() => {});
    await waitFor(() => exists(element, '.dv-alert'));
    await element.load('/demo/samples/gltf/properties.glb');
    await waitFor(() => !exists(element, '.dv-alert'));
    expect(element.lastError).to.equal(null);
  });

  it('shows an unknown code under a warning header with its raw message', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    element.viewer!.reportError(new ViewerError(99 as 1, 'Something odd happened'));
    await waitFor(() => exists(element, '.dv-alert'));
    expect($(element, '.dv-alert h2').textContent).to.equal('Warning');
    expect($(element, '.dv-alert-message').textContent).to.equal('Something odd happened');
  });

  it('shows a HUD message whose "do not show again" box turns its preference off', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    const viewer = element.viewer!;
    expect(viewer.prefs.get('bimWalkToolPopup')).to.equal(true);
    viewer.dialogs.showHud('Use the arrow keys to walk.', { title: 'Walk', preference: 'bimWalkToolPopup' });
    await waitFor(() => exists(element, '.dv-hud'));
    expect($(element, '.dv-hud h2').textContent).to.equal('Walk');
    expect($(element, '.dv-hud-check').textContent).to.equal('Do not show this message again');
    await click($(element, '.dv-hud-check input'));
    await click($(element, '.dv-hud .dv-button'));
    expect(exists(element, '.dv-hud')).to.equal(false);
    expect(viewer.prefs.get('bimWalkToolPopup')).to.equal(false);
    // Without a preference there is no box.
    viewer.dialogs.showHud('Plain message');
    await waitFor(() => exists(element, '.dv-hud'));
    expect(exists(element, '.dv-hud-check')).to.equal(false);
  });

  it('shows the progress bar while loading and hides it at 99% or more', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    const progress = element.viewer!.stores.$progress;
    progress.set({ state: 1, percent: 40, isLoading: true });
    await waitFor(() => exists(element, '.dv-progress'));
    expect($(element, '.dv-progress').getAttribute('aria-valuenow')).to.equal('40');
    progress.set({ state: 1, percent: PROGRESS_HIDE_PERCENT - 0.5, isLoading: true });
    await waitFor(() => $(element, '.dv-progress').getAttribute('aria-valuenow') === '99' || $(element, '.dv-progress').getAttribute('aria-valuenow') === '98');
    progress.set({ state: 1, percent: PROGRESS_HIDE_PERCENT, isLoading: true });
    await waitFor(() => !exists(element, '.dv-progress'));
    progress.set({ state: 1, percent: 100, isLoading: false });
  });

  it('shows the LOADING spinner while the only model loads', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    // The spinner is caught the moment React commits it: a fast machine loads the model between two polls.
    let seen: { text: string | null; src: string | null } | null = null;
    const observer = new MutationObserver(() => {
      if (seen || !exists(element, '.dv-spinner')) return;
      seen = { text: $(element, '.dv-spinner-text').textContent, src: $(element, '.dv-spinner-image').getAttribute('src') };
    });
    observer.observe(element.shadowRoot!, { childList: true, subtree: true });
    const loaded = element.load(gltfBlobUrl(wideTreeGltf(30000)), { fileExtension: 'gltf' });
    await waitFor(() => seen !== null);
    observer.disconnect();
    expect(seen!.text).to.equal('LOADING');
    expect(seen!.src).to.match(/\/res\/ui\/spinner\.png$/);
    await loaded;
    await waitFor(() => !exists(element, '.dv-spinner'));
  });

  it('dismisses the alert with Escape', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    element.viewer!.reportError(new ViewerError(3, 'offline'));
    await waitFor(() => exists(element, '.dv-alert'));
    await press('Escape');
    expect(exists(element, '.dv-alert')).to.equal(false);
  });
});
