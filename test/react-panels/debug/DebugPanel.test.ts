import { expect } from '@esm-bundle/chai';
import { ERROR_CATALOGUE } from '../../../core/index.js';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { $, $$, click, createViewerElement, exists, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

describe('Debug menu', () => {
  afterEach(removeViewerElements);

  it('is off unless the viewer config enables it', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    expect(exists(element, '.dv-toolbar [data-item="debug"]')).to.equal(false);
  });

  it('shows model statistics, switches languages and simulates each error of the catalogue', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780, height: 560, config: { experimental: { debugMenu: true } } });
    const viewer = element.viewer!;
    await click(toolbarButton(element, 'debug'));
    await waitFor(() => exists(element, '[data-panel="debug"]'));
    const model = viewer.model!;
    expect($(element, '[data-model="car.glb"] [data-stat="objects"]').textContent).to.equal(String(model.getInstanceTree().getNodeCountInTree()));
    expect($(element, '[data-model="car.glb"] [data-stat="fragments"]').textContent).to.equal(String(model.fragments.count));

    expect($$(element, '[data-language]')).to.have.length(16);
    const changed = nextEvent(viewer, 'language-change');
    $(element, '[data-language="sv"]').scrollIntoView({ block: 'nearest' });
    await click($(element, '[data-language="sv"]'));
    expect((await changed).language).to.equal('sv');
    await waitFor(() => $(element, '[data-language="sv"]').getAttribute('aria-pressed') === 'true');

    const codes = $$(element, '[data-error-code]').map((b) => Number(b.dataset.errorCode));
    expect(codes).to.deep.equal(Object.keys(ERROR_CATALOGUE).map(Number));
    const error = nextEvent(viewer, 'error');
    $(element, '.dv-debug [data-error-code="5"]').scrollIntoView({ block: 'nearest' });
    await click($(element, '.dv-debug [data-error-code="5"]'));
    expect((await error).code).to.equal(5);
    await waitFor(() => exists(element, '.dv-alert[data-error-code="5"]'));
    const swedish = await (await fetch('/res/locales/sv/allstrings.json')).json();
    expect($(element, '.dv-alert h2').textContent).to.equal(swedish['File not found']);
  });
});
