import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { DEFAULT_FOV, GESTURE_RECOGNIZERS, type Viewer } from '../../../core/index.js';
import { canvasPoint, dispose, touchDrag, touchFrames, touchPinch, touchRotate, touchTap, until, viewerWithModel, wait } from '../../support/navigationInput.js';

describe('Touch gestures (hammerjs, real touch input)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let tools: string[];
  beforeEach(async () => {
    ({ viewer, container } = await viewerWithModel());
    tools = [];
    viewer.addEventListener('tool-change', (e) => tools.push(`${e.detail.toolName}:${e.detail.active}`));
  });
  afterEach(() => dispose({ viewer, container }));

  it('orbits about world up with a one-finger drag', async () => {
    const nav = viewer.navigation;
    const centre = canvasPoint(viewer);
    const pivot = viewer.hitTest(...centre)!.intersectPoint;
    const before = nav.position.clone();
    const height = before.clone().sub(pivot).dot(nav.worldUp);
    await touchDrag([centre], [80, 0]);
    expect(nav.position.distanceTo(before)).to.be.greaterThan(0.1);
    expect(nav.pivot.distanceTo(pivot)).to.be.lessThan(1e-9);
    expect(nav.position.clone().sub(pivot).dot(nav.worldUp)).to.be.closeTo(height, 1e-6);
  });

  it('dollies with a pinch: spreading moves in, closing moves out', async () => {
    const nav = viewer.navigation;
    const centre = canvasPoint(viewer);
    const focus = viewer.hitTest(...centre)!.intersectPoint.clone();
    let before = nav.position.distanceTo(focus);
    const direction = nav.getDirection();
    await touchPinch(centre, 30, 90);
    expect(nav.position.distanceTo(focus)).to.be.lessThan(before * 0.7);
    expect(nav.getDirection().distanceTo(direction)).to.be.lessThan(1e-9);
    before = nav.position.distanceTo(focus);
    await touchPinch(centre, 90, 40);
    expect(nav.position.distanceTo(focus)).to.be.greaterThan(before * 1.5);
  });

  it('pans with a two-finger drag', async () => {
    const nav = viewer.navigation;
    const target = nav.target.clone();
    const direction = nav.getDirection();
    const [x, y] = canvasPoint(viewer);
    await touchDrag([[x - 40, y], [x + 40, y]], [70, 30]);
    const moved = nav.target.clone().sub(target);
    expect(moved.length()).to.be.greaterThan(0.05);
    expect(Math.abs(moved.normalize().dot(direction))).to.be.lessThan(1e-6);
    expect(nav.getDirection().distanceTo(direction)).to.be.lessThan(1e-9);
  });

  it('pans without dollying when the fingers report their moves one at a time', async () => {
    // A real screen reports each finger's move as it comes: between the two, the spread differs by more
    // than the pinch threshold, and a pinch starts beside the pan. It must come back to no dolly at all.
    const nav = viewer.navigation;
    const target = nav.target.clone();
    const direction = nav.getDirection();
    const [x, y] = canvasPoint(viewer);
    const frames: [number, number][][] = [[[x - 40, y], [x + 40, y]]];
    for (let step = 1; step <= 10; step++) {
      const [left, right] = frames[frames.length - 1];
      frames.push([[left[0] + 7, left[1] + 3], right], [[left[0] + 7, left[1] + 3], [right[0] + 7, right[1] + 3]]);
    }
    expect(Math.abs(80 / 73 - 1)).to.be.greaterThan(GESTURE_RECOGNIZERS.pinch.threshold);
    await touchFrames(frames);
    const moved = nav.target.clone().sub(target);
    expect(moved.length()).to.be.greaterThan(0.05);
    expect(Math.abs(moved.normalize().dot(direction))).to.be.lessThan(1e-6);
    expect(nav.getDirection().distanceTo(direction)).to.be.lessThan(1e-9);
  });

  it('switches to the field of view with a three-finger drag and restores the previous tool', async () => {
    viewer.toolController.activateTool('pan');
    tools.length = 0;
    const [x, y] = canvasPoint(viewer, 0.5, 0.6);
    const position = viewer.navigation.position.clone();
    await touchDrag([[x - 40, y], [x, y - 10], [x + 40, y]], [0, -60]);
    expect(tools).to.deep.equal(['fov:true', 'fov:false']);
    expect(viewer.toolController.getActiveToolName()).to.equal('pan');
    // Up narrows the view; the camera itself stays.
    expect(viewer.navigation.fov).to.be.lessThan(DEFAULT_FOV - 3);
    expect(viewer.navigation.position.distanceTo(position)).to.equal(0);
    expect(GESTURE_RECOGNIZERS.threeFingerDrag.threshold).to.equal(15);
  });

  it('switches to the roll tool with a two-finger rotate and restores the previous tool', async () => {
    const nav = viewer.navigation;
    const up = nav.up.clone();
    await touchRotate(canvasPoint(viewer), 60, 40);
    expect(tools).to.deep.equal(['worldup:true', 'worldup:false']);
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
    // Past the 7° recogniser threshold and the 7° snap release, the world turned clockwise.
    const turned = new Vector3().crossVectors(up, nav.up).dot(nav.getDirection());
    expect(turned, 'the camera turned the other way about the view').to.be.lessThan(0);
    expect((up.angleTo(nav.up) * 180) / Math.PI).to.be.within(15, 40);
    expect(GESTURE_RECOGNIZERS.rotate.threshold).to.equal(7);
  });

  it('selects with a tap, focuses with a double tap and fits everything with a two-finger double tap', async () => {
    const centre = canvasPoint(viewer, 0.5, 0.5);
    const hit = viewer.hitTest(...centre)!;
    await touchTap([centre]);
    // A single tap waits for the double-tap interval to pass.
    await until(() => viewer.getSelection().length > 0);
    expect(viewer.getSelection()).to.deep.equal([hit.dbId]);
    await touchTap([centre], 2);
    await until(() => viewer.navigation.isTransitionActive());
    const focused = viewer.navigation.getTransitionTarget()!;
    const box = viewer.getBoundsOf([hit.dbId], viewer.model);
    expect(focused.center.distanceTo(box.getCenter(new Vector3()))).to.be.lessThan(1e-6);
    viewer.navigation.finishTransition();
    await wait(200);
    const [x, y] = centre;
    await touchTap([[x - 30, y], [x + 30, y]], 2);
    await until(() => viewer.navigation.isTransitionActive());
    expect(viewer.navigation.getTransitionTarget()!.center.distanceTo(viewer.getVisibleBounds().getCenter(new Vector3()))).to.be.lessThan(1e-6);
  });

  it('runs the picked field-of-view, roll and zoom-window tools with one finger', async () => {
    const nav = viewer.navigation;
    const [x, y] = canvasPoint(viewer);
    viewer.toolController.activateTool('fov');
    const position = nav.position.clone();
    await touchDrag([[x, y + 40]], [0, -60]);
    expect(nav.fov).to.be.lessThan(DEFAULT_FOV - 3);
    expect(nav.position.distanceTo(position)).to.equal(0);
    viewer.toolController.deactivateTool('fov');
    viewer.toolController.activateTool('worldup');
    const up = nav.up.clone();
    await touchDrag([[x + 120, y]], [-20, 90]);
    expect(nav.up.angleTo(up)).to.be.greaterThan(0.2);
    expect(nav.position.distanceTo(position)).to.equal(0);
    viewer.toolController.deactivateTool('worldup');
    viewer.toolController.activateTool('zoomwindow');
    await touchDrag([[x - 40, y - 30]], [80, 60]);
    expect(nav.isTransitionActive()).to.equal(true);
  });

  it('keeps hot gestures from switching to a locked tool', async () => {
    viewer.navigation.setIsLocked(true);
    viewer.navigation.setLockSettings({ orbit: true, pan: true, zoom: true, roll: true, gotoview: true, walk: true });
    const [x, y] = canvasPoint(viewer, 0.5, 0.6);
    await touchDrag([[x - 40, y], [x, y - 10], [x + 40, y]], [0, -60]);
    expect(tools).to.deep.equal([]);
    expect(viewer.navigation.fov).to.equal(DEFAULT_FOV);
  });
});
