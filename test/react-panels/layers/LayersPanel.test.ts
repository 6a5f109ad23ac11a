import { expect } from '@esm-bundle/chai';
import { contextMenuItems } from '../../../react-panels/contextmenu/contextMenuItems.js';
import { sampleUrl } from '../../support/helpers.js';
import { $, $$, click, createViewerElement, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

describe('Layers panel (spec 001 §2 "Panels" 3)', () => {
  afterEach(removeViewerElements);

  it('is offered only for a model with layers', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780, height: 560 });
    expect(toolbarButton(element, 'layers').getAttribute('aria-disabled')).to.equal('true');
  });

  it('lists the layers; a click shows only that layer, a modifier click toggles it, the filter waits 500 ms', async () => {
    const element = await createViewerElement({ src: sampleUrl('ifc/AC20-FZK-Haus.ifc'), width: 780, height: 560 });
    const viewer = element.viewer!;
    await waitFor(() => toolbarButton(element, 'layers').getAttribute('aria-disabled') === null, 30000);
    await click(toolbarButton(element, 'layers'));
    const names = viewer.layers.getLayers().map((l) => l.name);
    await waitFor(() => $$(element, '.dv-layer').length === names.length);
    expect($$(element, '.dv-layer-name').map((b) => b.textContent)).to.deep.equal(names);

    const stairs = names.indexOf('Treppen');
    await click($(element, `.dv-layer[data-layer="${stairs}"] .dv-layer-name`));
    expect(viewer.layers.getLayers().filter((l) => l.visible).map((l) => l.name)).to.deep.equal(['Treppen']);
    await waitFor(() => $$(element, '.dv-layer.is-hidden').length === names.length - 1);

    await click($(element, '.dv-layer[data-layer="0"] .dv-layer-name'), 'left', ['Control']);
    expect(viewer.layers.getLayers().filter((l) => l.visible).map((l) => l.index)).to.have.members([0, stairs]);
    await click($(element, '.dv-layer[data-layer="0"] .dv-layer-eye'));
    expect(viewer.layers.isVisible(0)).to.equal(false);

    // Not every layer is on: the button shows them all; then it hides them all.
    await click($(element, '.dv-layers-all'));
    expect(viewer.layers.getLayers().every((l) => l.visible)).to.equal(true);
    await click($(element, '.dv-layers-all'));
    expect(viewer.layers.getLayers().some((l) => l.visible)).to.equal(false);
    // The context menu offers Show All Layers while a layer is off (spec 001 §2 "Panels" 6).
    const showAll = contextMenuItems(viewer).find((item) => item.label === 'Show All Layers')!;
    showAll.run();
    expect(viewer.layers.getLayers().every((l) => l.visible)).to.equal(true);
    expect(contextMenuItems(viewer).map((item) => item.label)).to.not.include('Show All Layers');
    viewer.layers.setVisible(names.map((_, i) => i), false);

    const input = $(element, '.dv-layers .dv-search-input') as HTMLInputElement;
    input.focus();
    input.value = '';
    const typed = performance.now();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, 'trepp');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 300));
    expect($$(element, '.dv-layer').length, 'not filtered before 500 ms').to.equal(names.length);
    await waitFor(() => $$(element, '.dv-layer').length === 1);
    expect(performance.now() - typed).to.be.at.least(500);
    expect($(element, '.dv-layer-name').textContent).to.equal('Treppen');
  });
});
