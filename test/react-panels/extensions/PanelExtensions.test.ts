import { expect } from '@esm-bundle/chai';
import { Extension, Viewer } from '../../../core/index.js';
import { sampleUrl } from '../../support/helpers.js';
import { $, $$, click, createViewerElement, exists, frame, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

/** The built-in panel features, each with the panel its button opens (the spec's lazy ids, 001 §7). */
const PANEL_FEATURES = [
  { id: 'modelstructure', button: 'browser', panel: 'browser' },
  { id: 'properties', button: 'properties', panel: 'properties' },
  { id: 'settings', button: 'settings', panel: 'settings' },
] as const;

/** A third party's switch on the Appearance tab, for a preference it adds itself. */
class NotesSetting extends Extension {
  override load(): boolean {
    this.viewer.prefs.add('acme.showNotes', true);
    this.addSetting({ id: 'acme.showNotes', tab: 'appearance', preference: 'acme.showNotes', label: 'Show review notes', order: 100 });
    return true;
  }
}

describe('the panels as extensions: model browser, layers, properties and settings', () => {
  before(() => Viewer.registerExtension('Acme.NotesSetting', NotesSetting));
  after(() => Viewer.unregisterExtension('Acme.NotesSetting'));
  afterEach(removeViewerElements);

  it('takes each panel and its button away when its extension unloads, and brings both back when it loads', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 560 });
    const viewer = element.viewer!;
    for (const { id, button, panel } of PANEL_FEATURES) {
      expect(viewer.getLoadedExtensions(), id).to.include(id);
      await click(toolbarButton(element, button));
      await waitFor(() => exists(element, `[data-panel="${panel}"]`));
      expect(toolbarButton(element, button).getAttribute('aria-pressed')).to.equal('true');

      expect(viewer.unloadExtension(id)).to.equal(true);
      await waitFor(() => !exists(element, `[data-item="${button}"]`) && !exists(element, `[data-panel="${panel}"]`));
      expect(viewer.ui.isPanelOpen(panel), `${panel} is closed`).to.equal(false);
      expect(viewer.ui.openPanel(panel), `nothing can open ${panel} now`).to.equal(false);

      await viewer.loadExtension(id);
      await waitFor(() => exists(element, `[data-item="${button}"] button`));
      expect(toolbarButton(element, button).getAttribute('aria-pressed')).to.equal('false');
      await click(toolbarButton(element, button));
      await waitFor(() => exists(element, `[data-panel="${panel}"]`));
      viewer.ui.closePanel(panel);
    }
  });

  it('offers the layers button disabled for a model without layers, and takes it away with its extension', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 560 });
    const viewer = element.viewer!;
    expect(toolbarButton(element, 'layers').getAttribute('aria-disabled')).to.equal('true');
    expect(viewer.ui.openPanel('layers'), 'the panel is registered').to.equal(true);
    await frame(3);
    expect(exists(element, '[data-panel="layers"]'), 'but not shown without layers').to.equal(false);
    viewer.unloadExtension('layers');
    await waitFor(() => !exists(element, '[data-item="layers"]'));
    expect(viewer.ui.isPanelOpen('layers')).to.equal(false);
  });

  it('opens the properties panel on select with openPropertiesOnSelect only while the properties extension is loaded', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 560 });
    const viewer = element.viewer!;
    viewer.prefs.set('openPropertiesOnSelect', true);
    const dbId = 2;
    viewer.select(dbId);
    await waitFor(() => exists(element, '[data-panel="properties"]'));

    viewer.clearSelection();
    viewer.unloadExtension('properties');
    await waitFor(() => !exists(element, '[data-panel="properties"]'));
    viewer.select(dbId);
    await frame(3);
    expect(viewer.ui.isPanelOpen('properties')).to.equal(false);
    expect(exists(element, '[data-panel="properties"]')).to.equal(false);
  });

  it('lists a switch another extension adds to a settings tab, which sets its preference, until that extension unloads', async () => {
    const element = await createViewerElement({ width: 780, height: 560 });
    const viewer = element.viewer!;
    await viewer.loadExtension('Acme.NotesSetting');
    await click(toolbarButton(element, 'settings'));
    await click($(element, '[data-tab="appearance"]'));
    await waitFor(() => exists(element, '[data-preference="acme.showNotes"]'));
    const toggle = () => $(element, '[data-preference="acme.showNotes"] [role="switch"]');
    expect($(element, '[data-preference="acme.showNotes"]').textContent).to.include('Show review notes');
    expect(toggle().getAttribute('aria-checked')).to.equal('true');
    await click(toggle());
    expect(viewer.prefs.get('acme.showNotes')).to.equal(false);
    await waitFor(() => toggle().getAttribute('aria-checked') === 'false');

    viewer.unloadExtension('Acme.NotesSetting');
    await waitFor(() => !exists(element, '[data-preference="acme.showNotes"]'));
  });

  it('offers the view cube\'s and the properties\' switches on the Navigation tab only while their extensions are loaded', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 560 });
    const viewer = element.viewer!;
    await click(toolbarButton(element, 'settings'));
    await click($(element, '[data-tab="navigation"]'));
    const switches = () => $$(element, '[data-page="navigation"] [data-preference]').map((line) => line.dataset.preference);
    await waitFor(() => switches().includes('viewCube'));
    expect(switches()[0]).to.equal('viewCube');
    expect(switches().at(-1)).to.equal('openPropertiesOnSelect');
    expect($(element, '[data-preference="viewCube"]').textContent).to.include('Show ViewCube');

    viewer.unloadExtension('viewcube');
    viewer.unloadExtension('properties');
    await waitFor(() => !switches().includes('viewCube') && !switches().includes('openPropertiesOnSelect'));
    expect(switches()).to.include('orbitPastWorldPoles');
  });
});
