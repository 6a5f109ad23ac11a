import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/index.js';
import type { DesignViewerElement } from '../../elements/index.js';
import { nextEvent, sampleUrl } from '../support/helpers.js';
import { canvasPoint, touchDrag, touchRotate, until } from '../support/navigationInput.js';

describe('<design-viewer> navigation through its shadow root', () => {
  let element: DesignViewerElement;
  beforeEach(async () => {
    element = document.createElement('design-viewer');
    element.style.cssText = 'display:block;width:360px;height:270px';
    element.setAttribute('language', 'en');
    const loaded = nextEvent(element, 'geometry-loaded');
    element.setAttribute('src', sampleUrl('gltf/car.glb'));
    document.body.appendChild(element);
    await loaded;
    await element.viewer!.toolController.whenGesturesReady();
  });
  afterEach(() => element.remove());

  it('orbits with one finger and rolls with a two-finger rotate, then gives orbit back', async () => {
    const viewer = element.viewer!;
    const modes: string[] = [];
    element.addEventListener('navigation-mode-change', (e) => modes.push(e.detail.mode));
    const before = viewer.navigation.position.clone();
    await touchDrag([canvasPoint(viewer)], [70, 0]);
    expect(viewer.navigation.position.distanceTo(before)).to.be.greaterThan(0.1);
    const up = viewer.navigation.up.clone();
    await touchRotate(canvasPoint(viewer), 60, 35);
    expect(viewer.navigation.up.angleTo(up)).to.be.greaterThan(0.1);
    expect(modes).to.deep.equal(['worldup', 'orbit']);
  });

  it('takes hotkeys once its canvas has focus', async () => {
    const viewer = element.viewer!;
    viewer.navigation.orbit(1, 0.3);
    viewer.canvas.focus();
    expect(element.shadowRoot!.activeElement).to.equal(viewer.canvas);
    await sendKeys({ press: 'h' });
    expect(viewer.navigation.isTransitionActive()).to.equal(true);
    await until(() => !viewer.navigation.isTransitionActive());
    expect(viewer.navigation.position.distanceTo(viewer.getHomeView()!.position)).to.be.lessThan(1e-9);
  });
});
