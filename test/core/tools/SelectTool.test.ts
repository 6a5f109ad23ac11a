import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import type { Viewer } from '../../../core/index.js';
import { nextEvent } from '../../support/helpers.js';
import { canvasPoint, dispose, mouseDrag, viewerWithModel } from '../../support/navigationInput.js';

/**
 * A real click: press and release without moving. Two clicks within 2 px and 500 ms make a double click
 * (which focuses), so the tests click a second time somewhere else.
 */
async function clickAt(point: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: point });
  await sendMouse({ type: 'down', button: 'left' });
  await sendMouse({ type: 'up', button: 'left' });
}

describe('SelectTool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => {
    localStorage.clear();
    ({ viewer, container } = await viewerWithModel());
  });
  afterEach(() => {
    dispose({ viewer, container });
    localStorage.clear();
  });

  it('with "Set pivot with left mouse button" on, makes the point clicked on an object the pivot, and still selects it', async () => {
    // Where the pivot is kept (always orbit about the pivot), a click is the way to set it.
    viewer.prefs.set('alwaysUsePivot', true);
    const nav = viewer.navigation;
    const point = canvasPoint(viewer, 0.42, 0.55);
    const hit = viewer.hitTest(...point)!;
    expect(hit, 'the click lands on the car').to.not.equal(null);
    const pivotBefore = nav.pivot.clone();
    expect(pivotBefore.distanceTo(hit.intersectPoint)).to.be.greaterThan(0.01);

    // Off (the default): a click selects and leaves the pivot where it was.
    let selected = nextEvent(viewer, 'selection-change');
    await clickAt(canvasPoint(viewer, 0.5, 0.55));
    await selected;
    expect(nav.pivot.distanceTo(pivotBefore)).to.be.lessThan(1e-9);

    viewer.clearSelection();
    viewer.prefs.set('clickToSetCOI', true);
    selected = nextEvent(viewer, 'selection-change');
    await clickAt(point);
    expect((await selected).selections[0].dbIds).to.deep.equal([hit.dbId]);
    expect(nav.pivot.distanceTo(hit.intersectPoint)).to.be.lessThan(1e-9);
    // The camera itself stays: only the centre of interest moved.
    expect(nav.getDirection().angleTo(hit.intersectPoint.clone().sub(nav.position))).to.be.greaterThan(0.01);

    // A click on nothing leaves the pivot alone.
    await clickAt(canvasPoint(viewer, 0.02, 0.04));
    expect(viewer.hitTest(...canvasPoint(viewer, 0.02, 0.04))).to.equal(null);
    expect(nav.pivot.distanceTo(hit.intersectPoint)).to.be.lessThan(1e-9);
  });

  it('sets the pivot with a click while another tool (pan) is picked', async () => {
    viewer.toolController.activateTool('pan');
    const nav = viewer.navigation;
    const point = canvasPoint(viewer, 0.42, 0.55);
    const hit = viewer.hitTest(...point)!;
    const pivotBefore = nav.pivot.clone();
    expect(viewer.hitTest(...canvasPoint(viewer, 0.5, 0.55)), 'on the car').to.not.equal(null);
    await clickAt(canvasPoint(viewer, 0.5, 0.55));
    expect(nav.pivot.distanceTo(pivotBefore), 'off: the pivot stays').to.be.lessThan(1e-9);
    viewer.prefs.set('clickToSetCOI', true);
    await clickAt(point);
    expect(nav.pivot.distanceTo(hit.intersectPoint)).to.be.lessThan(1e-9);
  });

  it('orbits about the clicked pivot afterwards when the pivot is always used', async () => {
    viewer.prefs.set('clickToSetCOI', true);
    viewer.prefs.set('alwaysUsePivot', true);
    const nav = viewer.navigation;
    const point = canvasPoint(viewer, 0.42, 0.55);
    const pivot = viewer.hitTest(...point)!.intersectPoint.clone();
    await clickAt(point);
    expect(nav.pivot.distanceTo(pivot)).to.be.lessThan(1e-9);
    // A drag elsewhere turns about the clicked point: the eye keeps its distance to it.
    const distance = nav.position.distanceTo(pivot);
    const positionBefore = nav.position.clone();
    await mouseDrag(canvasPoint(viewer, 0.7, 0.3), [60, 10]);
    expect(nav.position.distanceTo(positionBefore)).to.be.greaterThan(0.1);
    expect(nav.position.distanceTo(pivot)).to.be.closeTo(distance, 1e-6);
  });
});
