import { expect } from '@esm-bundle/chai';
import '../../../elements/index.js';
import type { DesignViewerElement } from '../../../elements/index.js';
import { focalLengthOf } from '../../../core/index.js';
import { nextEvent } from '../../support/helpers.js';
import { until } from '../../support/navigationInput.js';

async function createElement(language = 'en'): Promise<DesignViewerElement> {
  const element = document.createElement('design-viewer');
  element.style.cssText = 'display:block;width:320px;height:240px';
  element.setAttribute('language', language);
  const ready = nextEvent(element, 'viewer-ready');
  document.body.appendChild(element);
  await ready;
  await until(() => element.viewer!.getLanguage() === language);
  return element;
}

const overlayOf = (element: DesignViewerElement) => element.shadowRoot!.querySelector<HTMLElement>('.dv-focal-length');

describe('FocalLengthOverlay', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('design-viewer')) element.remove();
  });

  it('shows the focal length in mm while the field-of-view tool is active', async () => {
    const element = await createElement();
    const viewer = element.viewer!;
    expect(overlayOf(element)).to.equal(null);
    viewer.toolController.activateTool('fov');
    await until(() => overlayOf(element) !== null);
    expect(overlayOf(element)!.querySelector('.dv-focal-length-value')!.textContent).to.equal(String(Math.round(focalLengthOf(45))));
    expect(overlayOf(element)!.textContent).to.contain('Focal length').and.contain('mm');
    viewer.setFOV(20);
    await until(() => overlayOf(element)!.querySelector('.dv-focal-length-value')!.textContent === String(Math.round(focalLengthOf(20))));
    // 12 mm scale: 20° of vertical field of view is a 68 mm lens.
    expect(Math.round(focalLengthOf(20))).to.equal(68);
    viewer.toolController.deactivateTool('fov');
    await until(() => overlayOf(element) === null);
  });

  it('says so when the view is orthographic, in the viewer language', async () => {
    const element = await createElement('de');
    const viewer = element.viewer!;
    viewer.toOrthographic();
    viewer.toolController.activateTool('fov');
    await until(() => overlayOf(element) !== null);
    expect(overlayOf(element)!.textContent).to.equal('Orthogonale Ansicht: keine Brennweite');
  });
});
