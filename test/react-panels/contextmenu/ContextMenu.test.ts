import { expect } from '@esm-bundle/chai';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { $, click, contextMenuLabels, createViewerElement, exists, focused, frame, press, removeViewerElements, rightClickAt, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

/** A point on the model and one on empty background, in page pixels. */
function points(element: Element): { onModel: [number, number]; empty: [number, number] } {
  const rect = element.viewer!.canvas.getBoundingClientRect();
  const onModel: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
  const empty: [number, number] = [Math.round(rect.left + 12), Math.round(rect.top + 12)];
  expect(element.viewer!.hitTest(...onModel)).to.not.equal(null);
  expect(element.viewer!.hitTest(...empty)).to.equal(null);
  return { onModel, empty };
}

describe('Context menu', () => {
  afterEach(removeViewerElements);

  it('opens on a right click without movement, with the items the selection allows, in the spec order', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const viewer = element.viewer!;
    const { onModel, empty } = points(element);

    await rightClickAt(empty);
    expect(contextMenuLabels(element)).to.deep.equal(['Show All Objects']);
    await press('Escape');
    expect(exists(element, '.dv-context-menu')).to.equal(false);

    // On an object: it becomes the selection, and the menu acts on it.
    await rightClickAt(onModel);
    const hit = viewer.hitTest(...onModel)!;
    expect(viewer.getSelection()).to.deep.equal([hit.dbId]);
    expect(contextMenuLabels(element)).to.deep.equal(['Isolate', 'Hide Selected', 'Show All Objects', 'Focus', 'Clear Selection']);
    const menu = $(element, '.dv-context-menu').getBoundingClientRect();
    expect(menu.left).to.be.closeTo(onModel[0], 1);
    expect(menu.top).to.be.closeTo(onModel[1], 1);
    expect((focused(element) as HTMLElement).textContent).to.equal('Isolate');
    await press('Escape');

    // Two objects selected: no Focus (single selection only).
    const other = viewer.model!.getInstanceTree();
    const ids: number[] = [];
    other.enumNodeChildren(other.getRootId(), (id) => void ids.push(id));
    viewer.select(ids.slice(0, 2));
    await rightClickAt(empty);
    expect(contextMenuLabels(element)).to.deep.equal(['Isolate', 'Hide Selected', 'Show All Objects', 'Clear Selection']);
    await click($(element, '.dv-context-menu-item[data-item="Clear Selection"]'));
    expect(viewer.getSelection()).to.deep.equal([]);
    expect(exists(element, '.dv-context-menu')).to.equal(false);
  });

  it('does not open after a right drag (that pans)', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const { onModel } = points(element);
    const target = element.viewer!.navigation.target.clone();
    await sendMouse({ type: 'move', position: onModel });
    await sendMouse({ type: 'down', button: 'right' });
    await sendMouse({ type: 'move', position: [onModel[0] + 30, onModel[1] + 10] });
    await sendMouse({ type: 'up', button: 'right' });
    await frame(2);
    expect(exists(element, '.dv-context-menu')).to.equal(false);
    expect(element.viewer!.navigation.target.distanceTo(target)).to.be.greaterThan(0);
  });

  it('isolates, hides, shows the selected hidden objects, shows all and focuses', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const viewer = element.viewer!;
    const { onModel, empty } = points(element);
    const dbId = viewer.hitTest(...onModel)!.dbId;

    await rightClickAt(onModel);
    const isolated = nextEvent(viewer, 'isolate-change');
    await click($(element, '.dv-context-menu-item[data-item="Isolate"]'));
    expect((await isolated).dbIds).to.deep.equal([dbId]);

    await rightClickAt(empty);
    const shown = nextEvent(viewer, 'show-change');
    await click($(element, '.dv-context-menu-item[data-item="Show All Objects"]'));
    await shown;
    expect(viewer.getIsolatedNodes()).to.deep.equal([]);

    await rightClickAt(onModel);
    await click($(element, '.dv-context-menu-item[data-item="Hide Selected"]'));
    expect(viewer.isNodeVisible(dbId)).to.equal(false);
    // Hiding drops the object from the selection; selected again (as from the model browser) while
    // hidden, the menu offers Show Selected.
    viewer.select([dbId]);
    await rightClickAt(empty);
    expect(contextMenuLabels(element)).to.include('Show Selected');
    await click($(element, '.dv-context-menu-item[data-item="Show Selected"]'));
    expect(viewer.isNodeVisible(dbId)).to.equal(true);

    // Focus frames the single selected object: the camera moves. Keyboard: arrows and Enter.
    await rightClickAt(onModel);
    const camera = nextEvent(viewer, 'camera-change');
    await press('End');
    await press('ArrowUp');
    expect((focused(element) as HTMLElement).textContent).to.equal('Focus');
    await press('Enter');
    await camera;
    expect(exists(element, '.dv-context-menu')).to.equal(false);
  });

  it('stays inside the viewer and closes on a click outside', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const host = element.getBoundingClientRect();
    await rightClickAt([Math.round(host.right - 5), Math.round(host.top + 200)]);
    await waitFor(() => exists(element, '.dv-context-menu'));
    const menu = $(element, '.dv-context-menu').getBoundingClientRect();
    expect(menu.right).to.be.at.most(host.right);
    expect(menu.bottom).to.be.at.most(host.bottom);
    await click(element.viewer!.canvas);
    expect(exists(element, '.dv-context-menu')).to.equal(false);
  });

  it('opens on a long press of a finger', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const { onModel } = points(element);
    await executeServerCommand('touch-press', { x: onModel[0], y: onModel[1], durationMs: 800 });
    await waitFor(() => exists(element, '.dv-context-menu'));
    expect(contextMenuLabels(element)).to.include('Isolate');
    expect(element.viewer!.getSelection()).to.deep.equal([element.viewer!.hitTest(...onModel)!.dbId]);
  });

  it('stays shut for a finger that drags slowly: a drag, not a press, though still near where it went down at the press time', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    // The gesture starts on a viewer at rest: on software GL the first complete frames (their effects' programs
    // built, the occlusion drawn) keep the GPU process, and the touches it relays, busy for a few hundred ms.
    await element.viewer!.waitForCompleteFrame();
    await waitFor(() => !element.viewer!.renderContext!.gpu.isBusy() && element.viewer!.renderContext!.navigationPrepared);
    const { onModel } = points(element);
    const position = element.viewer!.navigation.position.clone();
    // Past the drag threshold (10 px) at once, then 1 px a frame for some 800 ms: still within the press
    // threshold (50 px) at the press time.
    const frames = [[onModel], ...Array.from({ length: 21 }, (_, i) => [[onModel[0] + 12 + i, onModel[1]]])];
    await executeServerCommand('touch-sequence', { frames, delayMs: 40 });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(element.viewer!.navigation.position.distanceTo(position)).to.be.greaterThan(0);
    expect(exists(element, '.dv-context-menu')).to.equal(false);
  });
});
