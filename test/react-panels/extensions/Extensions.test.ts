import { expect } from '@esm-bundle/chai';
import { Extension, Viewer, type ViewerState } from '../../../core/index.js';
import { sampleUrl } from '../../support/helpers.js';
import { $, click, createViewerElement, exists, removeViewerElements, waitFor } from '../guiHelpers.js';

/** A third party's extension, as the README shows it: published API only (a button, a panel, a state key). */
class ReviewNotes extends Extension {
  notes: string[] = [];

  override load(): boolean {
    this.addToolbarButton({ id: 'review-notes', group: 'settings', order: 35, label: 'Review notes', icon: 'properties', isToggle: true, onClick: () => this.viewer.ui.togglePanel('review-notes') });
    this.addPanel({
      id: 'review-notes',
      title: 'Review notes',
      render: (container) => {
        const list = document.createElement('ul');
        list.className = 'review-notes';
        for (const note of this.notes) list.append(Object.assign(document.createElement('li'), { textContent: note }));
        container.append(list);
      },
    });
    return true;
  }

  override getState(state: ViewerState): void {
    Object.assign(state, { reviewNotes: [...this.notes] });
  }

  override restoreState(state: ViewerState): boolean {
    this.notes = [...(((state as { reviewNotes?: string[] }).reviewNotes) ?? [])];
    return true;
  }
}

describe('features as extensions in the chrome', () => {
  before(() => Viewer.registerExtension('Acme.ReviewNotes', ReviewNotes));
  after(() => Viewer.unregisterExtension('Acme.ReviewNotes'));
  afterEach(() => removeViewerElements());

  it('draws the built-in explode feature from its extension: unloading it takes its button away, loading it brings it back', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb') });
    const viewer = element.viewer!;
    await waitFor(() => exists(element, '[data-item="explode"] button'));
    expect(viewer.getLoadedExtensions()).to.include('explode');
    await click($(element, '[data-item="explode"] button'));
    await waitFor(() => exists(element, '.dv-explode-slider'));
    expect(viewer.unloadExtension('explode')).to.equal(true);
    await waitFor(() => !exists(element, '[data-item="explode"]') && !exists(element, '.dv-explode-slider'));
    expect(viewer.toolController.getTool('explode'), 'its tool goes too').to.equal(undefined);
    expect(viewer.getExplodeScale(), 'turning it off put every object back').to.equal(0);
    await viewer.loadExtension('explode');
    await waitFor(() => exists(element, '[data-item="explode"] button'));
  });

  it('shows a third party\'s button and panel, carries its state key, and takes them away when it unloads', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb') });
    const viewer = element.viewer!;
    const notes = await viewer.loadExtension<ReviewNotes>('Acme.ReviewNotes');
    notes.notes.push('Check the bonnet clearance');
    await waitFor(() => exists(element, '[data-item="review-notes"] button'));
    await click($(element, '[data-item="review-notes"] button'));
    await waitFor(() => exists(element, '.review-notes li'));
    expect($(element, '.review-notes li').textContent).to.equal('Check the bonnet clearance');
    expect($(element, '[data-item="review-notes"] button').getAttribute('aria-label')).to.equal('Review notes');

    const state = viewer.getState();
    expect((state as { reviewNotes?: string[] }).reviewNotes).to.deep.equal(['Check the bonnet clearance']);
    notes.notes = [];
    expect(viewer.restoreState(state, undefined, true)).to.equal(true);
    expect(notes.notes).to.deep.equal(['Check the bonnet clearance']);

    viewer.unloadExtension('Acme.ReviewNotes');
    await waitFor(() => !exists(element, '[data-item="review-notes"]') && !exists(element, '.review-notes'));
  });
});
