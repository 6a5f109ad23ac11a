import { expect } from '@esm-bundle/chai';
import { atom } from 'nanostores';
import { Extension, Viewer, type ViewerState } from '../../../core/index.js';
import { createContainer } from '../../support/helpers.js';

/** A third-party extension, written against the published API only: a button, a panel, a menu item, a setting, a state key. */
class Notes extends Extension {
  readonly $active = atom<'active' | 'inactive'>('inactive');
  note = '';

  override load(): boolean {
    this.addToolbarButton({ id: 'notes', group: 'settings', order: 35, label: 'Notes', icon: 'properties', isToggle: true, state: this.$active, onClick: () => this.viewer.ui.togglePanel('notes') });
    this.addPanel({
      id: 'notes',
      title: 'Notes',
      render: (container) => {
        container.textContent = this.note;
        return () => (container.textContent = '');
      },
    });
    this.addContextMenuItem({ id: 'notes.add', label: 'Add a note', order: 100, onSelect: () => (this.note = 'noted') });
    this.addSetting({ id: 'notes.show', tab: 'appearance', preference: 'ghosting', label: 'Show notes', order: 100 });
    return true;
  }

  override getState(state: ViewerState): void {
    (state as Record<string, unknown>).notes = this.note;
  }
}

class Broken extends Extension {
  override load(): boolean {
    this.addToolbarButton({ id: 'broken', group: 'model', order: 1, label: 'Broken', icon: 'explode', onClick: () => {} });
    return false;
  }
}

describe('extensions add to the chrome (viewer.ui)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  before(() => {
    Viewer.registerExtension('Test.Notes', Notes);
    Viewer.registerExtension('Test.Broken', Broken);
  });
  after(() => {
    Viewer.unregisterExtension('Test.Notes');
    Viewer.unregisterExtension('Test.Broken');
  });
  beforeEach(() => {
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('adds a button, a panel, a menu item, a setting and a state key, and takes them all back when it unloads', async () => {
    const ui = viewer.ui;
    const buttonsBefore = ui.$toolbarButtons.get().length;
    const notes = await viewer.loadExtension<Notes>('Test.Notes');
    expect(ui.$toolbarButtons.get().map((b) => b.id)).to.include('notes');
    expect(ui.$panels.get().map((p) => p.id)).to.include('notes');
    expect(ui.$contextMenuItems.get().map((i) => i.id)).to.include('notes.add');
    expect(ui.$settings.get().map((s) => s.id)).to.include('notes.show');

    ui.$toolbarButtons.get().find((b) => b.id === 'notes')!.onClick();
    expect(ui.isPanelOpen('notes'), 'the button opens its panel').to.equal(true);
    ui.$contextMenuItems.get().find((i) => i.id === 'notes.add')!.onSelect();
    expect((viewer.getState() as Record<string, unknown>).notes, 'its state key').to.equal('noted');
    expect(notes.note).to.equal('noted');

    expect(viewer.unloadExtension('Test.Notes')).to.equal(true);
    expect(ui.$toolbarButtons.get()).to.have.length(buttonsBefore);
    expect(ui.$panels.get().map((p) => p.id)).not.to.include('notes');
    expect(ui.isPanelOpen('notes'), 'its panel closed').to.equal(false);
    expect(ui.$contextMenuItems.get().map((i) => i.id)).not.to.include('notes.add');
    expect(ui.$settings.get().map((s) => s.id)).not.to.include('notes.show');
    expect('notes' in viewer.getState()).to.equal(false);
  });

  it('keeps buttons in their order within a group, and opens only panels that were added', () => {
    const ui = viewer.ui;
    const remove = [40, 10, 30].map((order) => ui.addToolbarButton({ id: `b${order}`, group: 'model', order, label: `B${order}`, icon: 'explode', onClick: () => {} }));
    expect(ui.$toolbarButtons.get().filter((b) => b.id.startsWith('b')).map((b) => b.id)).to.deep.equal(['b10', 'b30', 'b40']);
    remove.forEach((r) => r());
    expect(ui.openPanel('nobody-added-this')).to.equal(false);
    expect(ui.$openPanels.get()).to.deep.equal([]);
  });

  it('takes back what an extension added before its load failed', async () => {
    const before = viewer.ui.$toolbarButtons.get().length;
    let failed = false;
    await viewer.loadExtension('Test.Broken').catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(viewer.ui.$toolbarButtons.get()).to.have.length(before);
  });
});
