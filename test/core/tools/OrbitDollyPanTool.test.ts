import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import { Viewer } from '../../../core/index.js';
import { ZOOM_SPEED } from '../../../core/camera/cameraConstants.js';
import { createContainer, frames } from '../../support/helpers.js';
import { canvasPoint, dispose, mouseDrag, viewerWithModel, wait, wheel } from '../../support/navigationInput.js';

/** Height of the eye above a point, along world up. */
function heightAbove(viewer: Viewer, point: Vector3): number {
  return viewer.navigation.position.clone().sub(point).dot(viewer.navigation.worldUp);
}

/** Asserts a pan: eye and target moved together across the view, the view direction unchanged. */
function expectPanned(viewer: Viewer, before: { target: Vector3; direction: Vector3 }): void {
  const nav = viewer.navigation;
  const moved = nav.target.clone().sub(before.target);
  expect(moved.length(), 'target moved').to.be.greaterThan(0.01);
  expect(Math.abs(moved.clone().normalize().dot(before.direction)), 'moved across the view').to.be.lessThan(1e-6);
  expect(nav.getDirection().distanceTo(before.direction), 'direction kept').to.be.lessThan(1e-9);
}

function snapshot(viewer: Viewer) {
  const nav = viewer.navigation;
  return { target: nav.target.clone(), position: nav.position.clone(), direction: nav.getDirection(), distance: nav.distance };
}

describe('OrbitDollyPanTool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(async () => {
    await sendKeys({ up: 'Shift' }).catch(() => {});
    viewer.prefs.reset();
    dispose({ viewer, container });
  });

  it('orbits as a turntable about world up, around the point under the cursor', async () => {
    const centre = canvasPoint(viewer);
    const hit = viewer.hitTest(...centre)!;
    expect(hit).to.not.equal(null);
    const before = snapshot(viewer);
    await mouseDrag(centre, [60, 0]);
    const nav = viewer.navigation;
    expect(nav.pivot.distanceTo(hit.intersectPoint)).to.be.lessThan(1e-9);
    expect(nav.position.distanceTo(before.position)).to.be.greaterThan(0.1);
    // A horizontal drag turns about world up through the pivot: height and distance to the pivot stay.
    const beforeHeight = before.position.clone().sub(hit.intersectPoint).dot(nav.worldUp);
    expect(heightAbove(viewer, hit.intersectPoint)).to.be.closeTo(beforeHeight, 1e-6);
    expect(nav.position.distanceTo(hit.intersectPoint)).to.be.closeTo(before.position.distanceTo(hit.intersectPoint), 1e-6);
  });

  it('keeps the set pivot when alwaysUsePivot is on', async () => {
    viewer.prefs.set('alwaysUsePivot', true);
    const pivot = viewer.navigation.target.clone().add(new Vector3(0.3, 0.1, -0.2));
    viewer.navigation.setPivotPoint(pivot);
    const distance = viewer.navigation.position.distanceTo(pivot);
    await mouseDrag(canvasPoint(viewer, 0.3, 0.4), [50, 20]);
    expect(viewer.navigation.pivot.distanceTo(pivot)).to.be.lessThan(1e-9);
    expect(viewer.navigation.position.distanceTo(pivot)).to.be.closeTo(distance, 1e-6);
  });

  it('free-orbits about the camera axes: a sideways drag of a tilted view changes the eye height', async () => {
    expect(viewer.toolController.activateTool('freeorbit')).to.equal(true);
    const centre = canvasPoint(viewer);
    const pivot = viewer.hitTest(...centre)!.intersectPoint;
    const height = heightAbove(viewer, pivot);
    await mouseDrag(centre, [80, 0]);
    expect(Math.abs(heightAbove(viewer, pivot) - height)).to.be.greaterThan(0.01);
  });

  it('pans with the secondary and the middle button', async () => {
    for (const button of ['right', 'middle'] as const) {
      const before = snapshot(viewer);
      await mouseDrag(canvasPoint(viewer), [40, 10], button);
      expectPanned(viewer, before);
    }
  });

  it('pans with Shift or Space held, and keeps the grabbed point under the pointer', async () => {
    for (const key of ['Shift', 'Space']) {
      viewer.canvas.focus();
      const start = canvasPoint(viewer);
      const grabbed = viewer.hitTest(...start)!.intersectPoint.clone();
      const before = snapshot(viewer);
      await sendKeys({ down: key });
      await mouseDrag(start, [40, -20]);
      await sendKeys({ up: key });
      expectPanned(viewer, before);
      // The grabbed point is now under the pointer's new position.
      const projected = grabbed.clone().project(viewer.navigation.getThreeCamera());
      const rect = viewer.canvas.getBoundingClientRect();
      expect(rect.left + ((projected.x + 1) / 2) * rect.width).to.be.closeTo(start[0] + 40, 1.5);
      expect(rect.top + ((1 - projected.y) / 2) * rect.height).to.be.closeTo(start[1] - 20, 1.5);
    }
  });

  it('orbits with Alt held in pan mode, and pans without it', async () => {
    viewer.toolController.activateTool('pan');
    let before = snapshot(viewer);
    await mouseDrag(canvasPoint(viewer), [40, 0]);
    expectPanned(viewer, before);
    before = snapshot(viewer);
    viewer.canvas.focus();
    await sendKeys({ down: 'Alt' });
    await mouseDrag(canvasPoint(viewer), [40, 0]);
    await sendKeys({ up: 'Alt' });
    expect(viewer.navigation.getDirection().angleTo(before.direction)).to.be.greaterThan(0.05);
  });

  it('dollies with Ctrl held and in dolly mode: pushing up moves in along the view', async () => {
    viewer.canvas.focus();
    await sendKeys({ down: 'Control' });
    let before = snapshot(viewer);
    await mouseDrag(canvasPoint(viewer), [0, -40]);
    await sendKeys({ up: 'Control' });
    expect(viewer.navigation.distance).to.be.lessThan(before.distance);
    expect(viewer.navigation.getDirection().distanceTo(before.direction)).to.be.lessThan(1e-9);

    viewer.toolController.activateTool('dolly');
    before = snapshot(viewer);
    await mouseDrag(canvasPoint(viewer), [0, 40]);
    // Pulling down moves out.
    expect(viewer.navigation.position.distanceTo(viewer.navigation.target)).to.be.greaterThan(before.distance);
  });

  it('dollypan pans sideways and dollies up and down', async () => {
    viewer.toolController.activateTool('dollypan');
    let before = snapshot(viewer);
    await mouseDrag(canvasPoint(viewer), [50, 0]);
    expectPanned(viewer, before);
    before = snapshot(viewer);
    await mouseDrag(canvasPoint(viewer), [0, -50]);
    const moved = viewer.navigation.position.clone().sub(before.position);
    expect(moved.clone().normalize().dot(before.direction)).to.be.greaterThan(0.5);
  });

  it('swaps the primary and secondary buttons when left-handed', async () => {
    viewer.prefs.set('leftHandedMouseSetup', true);
    let before = snapshot(viewer);
    await mouseDrag(canvasPoint(viewer), [40, 0], 'left');
    expectPanned(viewer, before);
    before = snapshot(viewer);
    await mouseDrag(canvasPoint(viewer), [40, 0], 'right');
    expect(viewer.navigation.getDirection().angleTo(before.direction)).to.be.greaterThan(0.05);
  });

  it('zooms with the wheel towards the point under the cursor, by ZOOM_SPEED per wheel delta / 40', async () => {
    const at = canvasPoint(viewer, 0.55, 0.5);
    const focus = viewer.hitTest(...at)!.intersectPoint.clone();
    const before = viewer.navigation.position.distanceTo(focus);
    await wheel(at, -120);
    await frames(1);
    // deltaY -120 → delta -3 → ZOOM_SPEED^(-3 · 6): about 23% closer.
    expect(viewer.navigation.position.distanceTo(focus) / before).to.be.closeTo(Math.pow(ZOOM_SPEED, -18), 1e-6);
    viewer.prefs.set('reverseMouseZoomDir', true);
    const reversed = viewer.navigation.position.distanceTo(focus);
    await wheel(at, -120);
    await frames(1);
    expect(viewer.navigation.position.distanceTo(focus) / reversed).to.be.closeTo(Math.pow(ZOOM_SPEED, 18), 1e-6);
  });

  it('zooms towards the pivot when zoomTowardsPivot is on', async () => {
    viewer.prefs.set('zoomTowardsPivot', true);
    const pivot = viewer.navigation.target.clone().add(new Vector3(0.4, 0, 0));
    viewer.navigation.setPivotPoint(pivot);
    const before = viewer.navigation.position.distanceTo(pivot);
    await wheel(canvasPoint(viewer, 0.2, 0.8), -120);
    await frames(1);
    expect(viewer.navigation.position.distanceTo(pivot) / before).to.be.closeTo(Math.pow(ZOOM_SPEED, -18), 1e-6);
    expect(viewer.pivotSphere.isVisible).to.equal(true);
  });

  it('moves the camera with the arrow keys and Page Up / Page Down', async () => {
    viewer.canvas.focus();
    const nav = viewer.navigation;
    const hold = async (key: string) => {
      const before = snapshot(viewer);
      const right = new Vector3().crossVectors(before.direction, nav.up).normalize();
      const up = nav.up.clone();
      await sendKeys({ down: key });
      await wait(150);
      await sendKeys({ up: key });
      return { before, moved: nav.position.clone().sub(before.position), right, up };
    };
    let r = await hold('ArrowRight');
    expect(r.moved.dot(r.right)).to.be.greaterThan(0);
    expect(nav.getDirection().distanceTo(r.before.direction)).to.be.lessThan(1e-9);
    r = await hold('ArrowLeft');
    expect(r.moved.dot(r.right)).to.be.lessThan(0);
    r = await hold('PageUp');
    expect(r.moved.dot(r.up)).to.be.greaterThan(0);
    r = await hold('PageDown');
    expect(r.moved.dot(r.up)).to.be.lessThan(0);
    r = await hold('ArrowUp');
    expect(nav.distance).to.be.lessThan(r.before.distance);
    r = await hold('ArrowDown');
    expect(nav.distance).to.be.greaterThan(r.before.distance);
  });

  it('lets a mouse press override a held arrow key, and ignores keys during a drag', async () => {
    viewer.canvas.focus();
    await sendKeys({ down: 'ArrowRight' });
    await wait(60);
    const centre = canvasPoint(viewer);
    await sendMouse({ type: 'move', position: centre });
    await sendMouse({ type: 'down', button: 'right' });
    expect(viewer.toolController.getInteractionSource()).to.equal('mouse');
    const held = viewer.navigation.position.clone();
    await wait(120);
    // The key is still down, but the stronger mouse interaction cancelled its move.
    expect(viewer.navigation.position.distanceTo(held)).to.equal(0);
    await sendKeys({ up: 'ArrowRight' });
    await sendKeys({ down: 'ArrowUp' });
    await wait(120);
    expect(viewer.navigation.position.distanceTo(held)).to.equal(0);
    await sendKeys({ up: 'ArrowUp' });
    await sendMouse({ type: 'up', button: 'right' });
  });

  it("shows the orbit tool's cursor on a new viewer's canvas at once, before any input or model", () => {
    const bare = createContainer(200, 150);
    const started = new Viewer(bare, { language: 'en' });
    started.start();
    try {
      expect(started.canvas.style.cursor).to.contain('cursors/orbit.png');
    } finally {
      started.finish();
      bare.remove();
    }
  });

  it('shows a cursor image per mode and announces mode changes', async () => {
    const modes: string[] = [];
    viewer.addEventListener('navigation-mode-change', (e) => modes.push(e.detail.mode));
    expect(getComputedStyle(viewer.canvas).cursor).to.contain('cursors/orbit.png');
    viewer.canvas.focus();
    await sendKeys({ down: 'Shift' });
    expect(getComputedStyle(viewer.canvas).cursor).to.contain('cursors/pan.png');
    await sendKeys({ up: 'Shift' });
    viewer.toolController.activateTool('dolly');
    expect(getComputedStyle(viewer.canvas).cursor).to.contain('cursors/dolly.png');
    expect(modes).to.deep.equal(['pan', 'orbit', 'dolly']);
    // The cursor image is served from res/.
    const url = /url\("([^"]+)"\)/.exec(getComputedStyle(viewer.canvas).cursor)![1];
    const response = await fetch(url);
    expect(response.headers.get('content-type')).to.contain('image/png');
  });
});
