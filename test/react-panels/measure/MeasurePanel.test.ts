import { expect } from '@esm-bundle/chai';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { type Box3, Vector3 } from 'three';
import type { MeasureExtension, Viewer } from '../../../core/index.js';
import { MOVE_DELAY_MS } from '../../../core/tools/ToolController.js';
import { sampleUrl, until } from '../../support/helpers.js';
import { mouseDrag } from '../../support/navigationInput.js';
import { corner, measure, pagePointOf } from '../../core/extensions/measure/measureSupport.js';
import { $, $$, click, createViewerElement, exists, frame, press, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

/** The page point at the centre of an element of the chrome. */
function centre(target: Element | HTMLElement): [number, number] {
  const r = target.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function labelOf(element: Element, id: number): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`.dv-measure-label[data-measurement="${id}"]`);
}

/** Picks a value in one of the panel's selects, as the user's choice does (a change event). */
async function choose(element: Element, selector: string, value: string): Promise<void> {
  const select = $(element, selector) as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await frame();
}

describe('the measure panel and the measurements in the canvas (BoxTextured.glb, real mouse)', () => {
  let element: Element;
  let viewer: Viewer;
  let box: Box3;
  let size: number;
  const ext = () => viewer.getExtension<MeasureExtension>('measure')!;

  /** A view with the box left of the middle, clear of the panel (right) and the toolbar (bottom). */
  async function standardView(): Promise<void> {
    const eye = new Vector3(2.3, 1.7, 2.9), target = new Vector3(0, 0, 0);
    const right = target.clone().sub(eye).cross(new Vector3(0, 1, 0)).normalize().multiplyScalar(1.3);
    await viewer.setView(eye.add(right), target.add(right), { immediate: true });
    await until(() => performance.now() - viewer.navigation.lastViewJumpTime > MOVE_DELAY_MS, 5000, 'the move delay');
    await frame();
  }

  /** Turns the tool on with the toolbar button (the panel opens), in a mode, with nothing measured. */
  async function startMeasuring(mode: 'distance' | 'angle' | 'area' | 'calibrate' = 'distance'): Promise<void> {
    if (!viewer.toolController.isToolActive('measure')) await click(toolbarButton(element, 'measure'));
    await waitFor(() => exists(element, '[data-panel="measure"]'));
    ext().clear();
    ext().setUnits(null);
    ext().setPrecision(3);
    await standardView();
    await click($(element, `[data-panel="measure"] [data-mode="${mode}"]`));
  }

  before(async () => {
    element = await createViewerElement({ src: sampleUrl('gltf/BoxTextured.glb'), width: 720, height: 400 });
    viewer = element.viewer!;
    box = viewer.getVisibleBounds();
    size = box.max.y - box.min.y;
  });
  after(removeViewerElements);

  it('has its button in the model group from 700 px on, hidden below', async () => {
    await waitFor(() => exists(element, '.dv-toolbar [data-item="measure"] button'));
    expect(toolbarButton(element, 'measure').getAttribute('aria-pressed')).to.equal('false');
    element.style.width = '690px';
    await waitFor(() => !exists(element, '.dv-toolbar [data-item="measure"]'));
    element.style.width = '720px';
    await waitFor(() => exists(element, '.dv-toolbar [data-item="measure"] button'));
  });

  it('turns the tool on and opens the panel; two clicks make a distance labelled at its middle, and the label follows the camera (pan and orbit)', async () => {
    await click(toolbarButton(element, 'measure'));
    await waitFor(() => exists(element, '[data-panel="measure"]'));
    expect(viewer.toolController.isToolActive('measure')).to.equal(true);
    expect(toolbarButton(element, 'measure').getAttribute('aria-pressed')).to.equal('true');
    await startMeasuring('distance');
    const a = corner(box, 1, 1, 1), b = corner(box, 1, 0, 1);
    const m = await measure(viewer, [a, b], [3, -3]);
    expect(m?.isComplete).to.equal(true);
    await waitFor(() => labelOf(element, m!.id) !== null);
    const label = labelOf(element, m!.id)!;
    expect(label.textContent).to.equal(`${size.toFixed(3)} m`);
    const middle = a.clone().add(b).multiplyScalar(0.5);
    const [mx, my] = pagePointOf(viewer, middle);
    expect(Math.hypot(centre(label)[0] - mx, centre(label)[1] - my), 'at the projected middle').to.be.lessThan(2);
    const row = $(element, `.dv-measure-list [data-measurement="${m!.id}"]`);
    expect(row.querySelector('.dv-measurement-value')!.textContent).to.equal(`${size.toFixed(3)} m`);
    expect(row.querySelector('.dv-measurement-components')!.textContent).to.equal(`X 0.000 m  Y ${size.toFixed(3)} m  Z 0.000 m`);

    // Navigation goes on while measuring, and the label follows the edge's middle: a real pan (right drag)…
    const before = centre(label);
    await mouseDrag([Math.round(mx) + 60, Math.round(my) + 60], [-60, -30], 'right');
    await waitFor(() => Math.hypot(centre(labelOf(element, m!.id)!)[0] - before[0], centre(labelOf(element, m!.id)!)[1] - before[1]) > 5);
    await frame();
    const [nx, ny] = pagePointOf(viewer, middle);
    const moved = centre(labelOf(element, m!.id)!);
    expect(Math.hypot(moved[0] - nx, moved[1] - ny), 'at the new projected middle').to.be.lessThan(2);
    // …and an orbit (a left drag; it turns about the last pick, so the middle moves little).
    const eye = viewer.navigation.getCamera().position.clone();
    await mouseDrag([Math.round(nx) - 100, Math.round(ny) + 80], [120, 0]);
    await waitFor(() => viewer.navigation.getCamera().position.distanceTo(eye) > 0.5);
    await frame(2);
    const [ox, oy] = pagePointOf(viewer, middle);
    const orbited = centre(labelOf(element, m!.id)!);
    expect(Math.hypot(orbited[0] - ox, orbited[1] - oy), 'at the projected middle after the orbit').to.be.lessThan(2);
  });

  it('shows the unit and precision picked in the labels and the list', async () => {
    await startMeasuring('distance');
    const m = await measure(viewer, [corner(box, 1, 1, 1), corner(box, 1, 0, 1)], [3, -3]);
    await waitFor(() => labelOf(element, m!.id) !== null);
    await choose(element, '.dv-measure-unit', 'mm');
    await waitFor(() => labelOf(element, m!.id)!.textContent === `${(size * 1000).toFixed(3)} mm`);
    await choose(element, '.dv-measure-precision', '1');
    await waitFor(() => labelOf(element, m!.id)!.textContent === `${(size * 1000).toFixed(1)} mm`);
    expect($(element, `.dv-measure-list [data-measurement="${m!.id}"] .dv-measurement-value`).textContent).to.equal(`${(size * 1000).toFixed(1)} mm`);
    await choose(element, '.dv-measure-unit', 'model');
    await waitFor(() => labelOf(element, m!.id)!.textContent === `${size.toFixed(1)} m`);
  });

  it('selects a measurement from the list, copies them all as text, deletes one, then all', async () => {
    await startMeasuring('distance');
    const a = corner(box, 1, 1, 1), b = corner(box, 1, 0, 1), c = corner(box, 0, 0, 1);
    const distance = await measure(viewer, [a, b], [3, -3]);
    await click($(element, '[data-panel="measure"] [data-mode="angle"]'));
    const angle = await measure(viewer, [a, b, c], [3, -3]);
    await waitFor(() => labelOf(element, angle!.id) !== null);
    expect(labelOf(element, angle!.id)!.textContent).to.equal('90.000°');

    await click($(element, `.dv-measure-list [data-measurement="${distance!.id}"] .dv-measurement-select`));
    await waitFor(() => labelOf(element, distance!.id)!.classList.contains('is-selected'));
    expect(labelOf(element, angle!.id)!.classList.contains('is-selected')).to.equal(false);
    expect($(element, `.dv-measurement-drawing[data-measurement="${distance!.id}"]`).classList.contains('is-selected')).to.equal(true);

    await executeServerCommand('grant-clipboard');
    await click($(element, '.dv-measure-copy'));
    await waitFor(() => exists(element, '.dv-measure-status'));
    const text = await navigator.clipboard.readText();
    expect(text).to.equal(`Distance ${distance!.id}: ${size.toFixed(3)} m (X 0.000 m  Y ${size.toFixed(3)} m  Z 0.000 m)\nAngle ${angle!.id}: 90.000°`);

    await click($(element, `.dv-measure-list [data-measurement="${distance!.id}"] .dv-measurement-delete`));
    await waitFor(() => labelOf(element, distance!.id) === null);
    expect(ext().getMeasurements().map((m) => m.id)).to.deep.equal([angle!.id]);
    expect(labelOf(element, angle!.id)).to.not.equal(null);
    await click($(element, '.dv-measure-delete-all'));
    await waitFor(() => !exists(element, '.dv-measure-label'));
    expect(ext().getMeasurements()).to.deep.equal([]);
    expect($(element, '.dv-measure-empty').textContent).to.equal('No measurements yet');
  });

  it('calibrates from two picks and a typed true length; text that is no length says so', async () => {
    await startMeasuring('calibrate');
    await measure(viewer, [corner(box, 1, 1, 1), corner(box, 1, 0, 1)], [3, -3]);
    await waitFor(() => exists(element, '.dv-measure-true-length'));
    const input = $(element, '.dv-measure-true-length') as HTMLInputElement;
    await click(input);
    await sendKeys({ type: 'abc' });
    await press('Enter');
    await waitFor(() => exists(element, '.dv-measure-calibration [role="alert"]'));
    expect($(element, '.dv-measure-calibration [role="alert"]').textContent).to.equal('Not a valid length');
    expect(ext().getCalibration()).to.equal(1);
    input.select();
    await sendKeys({ type: '2.5 m' });
    await press('Enter');
    await waitFor(() => !exists(element, '.dv-measure-true-length'));
    expect(ext().getCalibration()).to.be.closeTo(2.5 / size, 1e-9);

    await click($(element, '[data-panel="measure"] [data-mode="distance"]'));
    const m = await measure(viewer, [corner(box, 1, 1, 1), corner(box, 1, 0, 1)], [3, -3]);
    await waitFor(() => labelOf(element, m!.id) !== null);
    expect(labelOf(element, m!.id)!.textContent).to.equal('2.500 m');
    // A fresh extension for the tests after this one: no calibration.
    viewer.unloadExtension('measure');
    await viewer.loadExtension('measure');
  });

  it('Escape drops the pick in progress, then leaves the tool and closes the panel; the measurements stay drawn', async () => {
    await startMeasuring('distance');
    const kept = await measure(viewer, [corner(box, 1, 1, 1), corner(box, 1, 0, 1)], [3, -3]);
    await measure(viewer, [corner(box, 0, 0, 1)], [3, -3]);
    await waitFor(() => exists(element, '.dv-measurement-drawing.is-in-progress'));
    await press('Escape');
    await waitFor(() => !exists(element, '.dv-measurement-drawing.is-in-progress'));
    expect(viewer.toolController.isToolActive('measure')).to.equal(true);
    expect(exists(element, '[data-panel="measure"]')).to.equal(true);
    await press('Escape');
    await waitFor(() => !exists(element, '[data-panel="measure"]'));
    expect(viewer.toolController.isToolActive('measure')).to.equal(false);
    expect(labelOf(element, kept!.id), 'what was measured stays').to.not.equal(null);

    // Closing the panel leaves the tool too.
    await click(toolbarButton(element, 'measure'));
    await waitFor(() => exists(element, '[data-panel="measure"]'));
    await click($(element, '[data-panel="measure"] .dv-panel-close'));
    await waitFor(() => !viewer.toolController.isToolActive('measure'));
    expect(toolbarButton(element, 'measure').getAttribute('aria-pressed')).to.equal('false');
  });

  it('shows the snap indicator where the pointer would pick', async () => {
    await startMeasuring('distance');
    const [x, y] = pagePointOf(viewer, corner(box, 1, 1, 1));
    await sendMouse({ type: 'move', position: [x + 3, y - 2] });
    await sendMouse({ type: 'move', position: [x + 2, y - 3] });
    await waitFor(() => exists(element, '.dv-snap-indicator[data-snap="vertex"]'));
    const square = centre($(element, '.dv-snap-indicator'));
    expect(Math.hypot(square[0] - x, square[1] - y)).to.be.lessThan(2);
  });

  it('goes with its extension: button, panel and labels; loaded again, they come back', async () => {
    await startMeasuring('distance');
    const m = await measure(viewer, [corner(box, 1, 1, 1), corner(box, 1, 0, 1)], [3, -3]);
    await waitFor(() => labelOf(element, m!.id) !== null);
    expect(viewer.unloadExtension('measure')).to.equal(true);
    await waitFor(() => !exists(element, '[data-item="measure"]') && !exists(element, '[data-panel="measure"]') && !exists(element, '.dv-measure-layer'));
    expect($$(element, '.dv-measure-label')).to.have.length(0);
    await viewer.loadExtension('measure');
    await waitFor(() => exists(element, '.dv-toolbar [data-item="measure"] button'));
    await click(toolbarButton(element, 'measure'));
    await waitFor(() => exists(element, '[data-panel="measure"]'));
    expect(viewer.toolController.isToolActive('measure')).to.equal(true);
  });
});
