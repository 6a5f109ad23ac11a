import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import type { Viewer } from '../../../core/index.js';
import { sampleUrl } from '../../support/helpers.js';
import { boxGap, dbIdNamed } from '../../core/extensions/measure/objectMeasureSupport.js';
import { $, $$, click, createViewerElement, exists, frame, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

/** The text of the panel's element, or '' when it is not there. */
function textOf(element: Element, selector: string): string {
  return exists(element, selector) ? $(element, selector).textContent ?? '' : '';
}

describe('the measure panel\'s object measures (properties.glb: three cubes)', () => {
  let element: Element;
  let viewer: Viewer;
  let cubes: number[];

  before(async () => {
    element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 720, height: 400 });
    viewer = element.viewer!;
    cubes = ['Cube 1 Node', 'Cube 2 Node'].map((name) => dbIdNamed(viewer.model!, name));
    await click(toolbarButton(element, 'measure'));
    await waitFor(() => exists(element, '[data-panel="measure"]'));
  });
  after(removeViewerElements);

  it('with two objects selected, adds their minimum distance to the list', async () => {
    viewer.clearSelection();
    await frame();
    const minimum = () => $(element, '[data-panel="measure"] .dv-measure-minimum') as HTMLButtonElement;
    expect(minimum().disabled, 'nothing selected').to.equal(true);
    expect(exists(element, '[data-panel="measure"] .dv-measure-hint')).to.equal(true);
    viewer.select(cubes, viewer.model!);
    await waitFor(() => !minimum().disabled);
    await click(minimum());
    await waitFor(() => $$(element, '[data-panel="measure"] .dv-measurement').length === 1);
    const model = viewer.model!;
    const gap = boxGap(viewer.getBoundsOf([cubes[0]], model), viewer.getBoundsOf([cubes[1]], model));
    expect(gap).to.be.greaterThan(0.5);
    expect(textOf(element, '[data-panel="measure"] .dv-measurement-value')).to.equal(`${gap.toFixed(3)} m`);
  });

  it('with one object selected, shows its box size, following the unit picked', async () => {
    viewer.select([cubes[1]], viewer.model!);
    await waitFor(() => exists(element, '[data-panel="measure"] [data-dimension="x"]'));
    const size = viewer.getBoundsOf([cubes[1]], viewer.model!).getSize(new Vector3());
    expect(textOf(element, '[data-dimension="x"]')).to.equal(`${size.x.toFixed(3)} m`);
    expect(textOf(element, '[data-dimension="z"]')).to.equal(`${size.z.toFixed(3)} m`);
    const unit = $(element, '[data-panel="measure"] .dv-measure-unit') as HTMLSelectElement;
    unit.value = 'mm';
    unit.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => textOf(element, '[data-dimension="y"]') === `${(size.y * 1000).toFixed(3)} mm`);
    viewer.select(cubes, viewer.model!);
    await waitFor(() => !exists(element, '[data-panel="measure"] [data-dimension="x"]'));
  });
});
