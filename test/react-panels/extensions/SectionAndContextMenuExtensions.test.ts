import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { capture, changedPixels, nextEvent, sampleUrl } from '../../support/helpers.js';
import { $, click, contextMenuLabels, createViewerElement, exists, frame, press, removeViewerElements, rightClickAt, toolbarButton, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

/** The middle of the canvas, on the car, in page pixels. */
function onModel(element: Element): [number, number] {
  const rect = element.viewer!.canvas.getBoundingClientRect();
  const point: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
  expect(element.viewer!.hitTest(...point)).to.not.equal(null);
  return point;
}

describe('section and the context menu as extensions in the chrome', () => {
  afterEach(removeViewerElements);

  it('section: unloading it takes its button, its controls and its tool away; loaded again, a click turns it on and cuts', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780, height: 400 });
    const viewer = element.viewer!;
    await waitFor(() => exists(element, '[data-item="section"] button'));
    expect(viewer.getLoadedExtensions()).to.include('section');
    await click(toolbarButton(element, 'section'));
    await waitFor(() => exists(element, '[data-panel="section"]'));
    expect(viewer.getCutPlanes()).to.have.length(1);

    expect(viewer.unloadExtension('section')).to.equal(true);
    await waitFor(() => !exists(element, '[data-item="section"]') && !exists(element, '[data-panel="section"]'));
    expect(viewer.toolController.getToolNames(), 'its tool goes too').to.not.include('section');
    expect(viewer.getCutPlanes(), 'turning it off gave back the planes there were before').to.deep.equal([]);

    await viewer.goHome(true);
    const whole = capture(viewer);
    await viewer.loadExtension('section');
    await waitFor(() => exists(element, '[data-item="section"] button'));
    expect(toolbarButton(element, 'section').getAttribute('aria-pressed')).to.equal('false');
    await click(toolbarButton(element, 'section'));
    await waitFor(() => exists(element, '[data-panel="section"]'));
    expect(toolbarButton(element, 'section').getAttribute('aria-pressed')).to.equal('true');
    expect(viewer.toolController.isToolActive('section')).to.equal(true);
    expect(viewer.getCutPlanes()).to.have.length(1);
    expect(changedPixels(whole, capture(viewer)).length, 'the top half of the car is cut away').to.be.greaterThan(200);
  });

  it('context menu: draws exactly viewer.ui\'s items; unloaded, a right click opens nothing and navigation goes on; loaded again, the menu is back', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const viewer = element.viewer!;
    expect(viewer.getLoadedExtensions()).to.include('contextmenu');
    const point = onModel(element);

    // A host's item stands where its order puts it, among the spec's own.
    const removeNote = viewer.ui.addContextMenuItem({ id: 'note', label: 'Add a note', order: 15, onSelect: () => undefined });
    await rightClickAt(point);
    await waitFor(() => exists(element, '.dv-context-menu'));
    expect(contextMenuLabels(element)).to.deep.equal(['Isolate', 'Add a note', 'Hide Selected', 'Show All Objects', 'Focus', 'Clear Selection']);
    await press('Escape');
    removeNote();
    viewer.clearSelection();

    expect(viewer.unloadExtension('contextmenu')).to.equal(true);
    expect(viewer.toolController.getToolNames()).to.not.include('contextmenu');
    const specIds = ['isolate', 'hide-selected', 'show-selected', 'show-all-layers', 'show-all-objects', 'focus', 'clear-selection'];
    expect(viewer.ui.$contextMenuItems.get().filter((item) => specIds.includes(item.id)), 'its items go with it').to.deep.equal([]);
    await rightClickAt(point);
    await frame(2);
    expect(exists(element, '.dv-context-menu')).to.equal(false);
    expect(viewer.getSelection(), 'nothing selects what was right-clicked').to.deep.equal([]);
    // The right button still pans.
    const target = viewer.navigation.target.clone();
    await sendMouse({ type: 'move', position: point });
    await sendMouse({ type: 'down', button: 'right' });
    await sendMouse({ type: 'move', position: [point[0] + 30, point[1] + 10] });
    await sendMouse({ type: 'up', button: 'right' });
    await frame(2);
    expect(viewer.navigation.target.distanceTo(target)).to.be.greaterThan(0);
    expect(exists(element, '.dv-context-menu')).to.equal(false);

    await viewer.loadExtension('contextmenu');
    const moved = onModel(element);
    await rightClickAt(moved);
    await waitFor(() => exists(element, '.dv-context-menu'));
    expect(contextMenuLabels(element)).to.deep.equal(['Isolate', 'Hide Selected', 'Show All Objects', 'Focus', 'Clear Selection']);
    const dbId = viewer.hitTest(...moved)!.dbId;
    const isolated = nextEvent(viewer, 'isolate-change');
    await click($(element, '.dv-context-menu-item[data-item="Isolate"]'));
    expect((await isolated).dbIds).to.deep.equal([dbId]);
    expect(exists(element, '.dv-context-menu')).to.equal(false);
  });
});
