import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import type { DesignViewerElement } from '../../../elements/index.js';
import type { RewindExtension, Viewer } from '../../../core/index.js';
import { sampleUrl } from '../../support/helpers.js';
import { $, $$, click, createViewerElement, exists, frame, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

const eyeOf = (viewer: Viewer) => viewer.navigation.position.clone().sub(viewer.navigation.target).normalize();

/** The centre of the biggest visible hot spot of the cube for a target, checked to be what a click there hits. */
function cubeZone(element: DesignViewerElement, target: string): HTMLElement {
  const root = element.shadowRoot!;
  const visible = $$(element, `.dv-viewcube-zone[data-target="${target}"]`).filter((zone) => {
    const rect = zone.getBoundingClientRect();
    return root.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2) === zone;
  });
  const area = (zone: HTMLElement) => zone.getBoundingClientRect().width * zone.getBoundingClientRect().height;
  const biggest = visible.sort((a, b) => area(b) - area(a))[0];
  if (!biggest) throw new Error(`No visible hot spot for ${target}`);
  return biggest;
}

describe('the view cube, rewind and screen modes as extensions', () => {
  afterEach(removeViewerElements);

  it('takes the view cube away when its extension unloads, and brings it back working when it loads', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb') });
    const viewer = element.viewer!;
    viewer.navigation.transitionDurationMs = 0;
    await waitFor(() => exists(element, '.dv-viewcube'));
    expect(viewer.getLoadedExtensions()).to.include('viewcube');

    expect(viewer.unloadExtension('viewcube')).to.equal(true);
    await waitFor(() => !exists(element, '.dv-viewcube-layer'));
    // What the cube does is the viewer's API: it still turns the view without the widget.
    await viewer.setViewCube('top', { immediate: true });
    expect(eyeOf(viewer).distanceTo(new Vector3(0, 1, 0))).to.be.lessThan(1e-6);

    await viewer.loadExtension('viewcube');
    await waitFor(() => exists(element, '.dv-viewcube'));
    // From near the front (the car's front is +Z), a click on the cube's front face turns the view to it.
    const target = viewer.navigation.target.clone();
    viewer.navigation.setView(target.clone().add(new Vector3(0.25, 0.2, 1).setLength(viewer.navigation.distance)), target);
    viewer.navigation.setCameraUpVector(new Vector3(0, 1, 0));
    await waitFor(() => viewer.viewCube.$state.get().face !== 'front');
    await frame();
    await click(cubeZone(element, 'front'));
    await waitFor(() => viewer.viewCube.$state.get().face === 'front' && !viewer.navigation.isTransitionActive());
    expect(eyeOf(viewer).distanceTo(new Vector3(0, 0, 1))).to.be.lessThan(1e-6);
  });

  it('takes the rewind strip and its history away when its extension unloads, and brings them back working when it loads', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb') });
    const viewer = element.viewer!;
    viewer.navigation.transitionDurationMs = 0;
    const timeline = () => viewer.getExtension<RewindExtension>('rewind')?.timeline ?? null;
    await waitFor(() => timeline()?.isRecording === true && exists(element, '.dv-rewind-button'));

    expect(viewer.unloadExtension('rewind')).to.equal(true);
    await waitFor(() => !exists(element, '.dv-rewind-layer'));
    expect(timeline()).to.equal(null);

    await viewer.loadExtension('rewind');
    // The strip records again once it is back: the view now, then the next one the camera rests at.
    await waitFor(() => exists(element, '.dv-rewind-button') && timeline()?.history.length === 1);
    const first = viewer.navigation.getView();
    await viewer.setViewCube('right');
    await waitFor(() => timeline()!.history.length === 2);
    await click($(element, '.dv-rewind-button'));
    await waitFor(() => exists(element, '.dv-rewind-thumbnail[data-index="0"]'));
    await click($(element, '.dv-rewind-thumbnail[data-index="0"]'));
    await waitFor(() => viewer.navigation.getView().position.distanceTo(first.position) < 1e-6);
    expect(timeline()!.$state.get().index).to.equal(0);
  });

  it('takes the screen modes button away when its extension unloads, and brings it back, naming and moving to the next mode', async () => {
    const element = await createViewerElement({ width: 400 });
    const viewer = element.viewer!;
    await waitFor(() => exists(element, '.dv-toolbar [data-item="fullscreen"]'));
    // Last of the settings group (order 60).
    const settingsItems = $$(element, '.dv-toolbar [role="group"][aria-label="Settings tools"] [data-item]').map((item) => item.dataset.item);
    expect(settingsItems.pop()).to.equal('fullscreen');

    expect(viewer.unloadExtension('fullscreen')).to.equal(true);
    await waitFor(() => !exists(element, '[data-item="fullscreen"]'));
    // The screen modes are the viewer's API: they work without the button.
    expect(viewer.setScreenMode('full-browser')).to.equal(true);
    expect(viewer.setScreenMode('normal')).to.equal(true);

    await viewer.loadExtension('fullscreen');
    await waitFor(() => exists(element, '.dv-toolbar [data-item="fullscreen"]'));
    const button = () => toolbarButton(element, 'fullscreen');
    expect(button().getAttribute('aria-label')).to.equal('Full browser');
    expect(button().hasAttribute('aria-pressed'), 'an action, not a toggle').to.equal(false);
    const normalIcon = button().querySelector('svg')!.innerHTML;

    await click(button());
    expect(viewer.getScreenMode()).to.equal('full-browser');
    await waitFor(() => button().getAttribute('aria-label') === 'Full screen');
    expect(button().classList.contains('is-active')).to.equal(true);
    expect(button().querySelector('svg')!.innerHTML, 'the exit icon').to.not.equal(normalIcon);
    viewer.setScreenMode('normal');
    await waitFor(() => button().getAttribute('aria-label') === 'Full browser' && button().classList.contains('is-inactive'));
  });

  it('names full screen as the next mode inside a native application, where full browser is not offered', async () => {
    const element = await createViewerElement({ width: 400, config: { isNativeApplication: true } });
    const viewer = element.viewer!;
    await waitFor(() => exists(element, '.dv-toolbar [data-item="fullscreen"]'));
    expect(toolbarButton(element, 'fullscreen').getAttribute('aria-label')).to.equal('Full screen');
    await click(toolbarButton(element, 'fullscreen'));
    expect(viewer.getScreenMode()).to.equal('full-screen');
    await waitFor(() => toolbarButton(element, 'fullscreen').getAttribute('aria-label') === 'Exit full screen');
    viewer.escapeScreenMode();
    await waitFor(() => toolbarButton(element, 'fullscreen').getAttribute('aria-label') === 'Full screen');
  });
});
