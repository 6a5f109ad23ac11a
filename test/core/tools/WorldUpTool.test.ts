import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { MathUtils } from 'three';
import { type Viewer } from '../../../core/index.js';
import { ROLL_AXES } from '../../../core/render/RollRing.js';
import { ROLL_RELEASE_DEGREES, ROLL_RING_DEFAULT_SIZE, ROLL_SNAP_DEGREES, type WorldUpTool } from '../../../core/tools/WorldUpTool.js';
import { capture, changedPixels, frames } from '../../support/helpers.js';
import { dispose, rollFrom, viewerWithModel } from '../../support/navigationInput.js';

describe('WorldUpTool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let tool: WorldUpTool;
  beforeEach(async () => {
    ({ viewer, container } = await viewerWithModel());
    tool = viewer.toolController.getTool('worldup') as WorldUpTool;
  });
  afterEach(async () => {
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Alt' });
    dispose({ viewer, container });
  });

  /** A page point on a circle about the canvas centre, at an angle clockwise from 3 o'clock; and its real angle. */
  function ringPoint(degrees: number, radius = 180): { position: [number, number]; degrees: number } {
    const rect = viewer.canvas.getBoundingClientRect();
    const cx = rect.width / 2;
    const cy = rect.height / 2;
    const x = Math.round(cx + radius * Math.cos(MathUtils.degToRad(degrees)));
    const y = Math.round(cy + radius * Math.sin(MathUtils.degToRad(degrees)));
    return { position: [rect.left + x, rect.top + y], degrees: MathUtils.radToDeg(Math.atan2(y - cy, x - cx)) };
  }

  it('snaps within 5° of an axis-aligned up and lets go beyond 7°', async () => {
    viewer.toolController.activateTool('worldup');
    const nav = viewer.navigation;
    const startUp = nav.up.clone();
    const worldUpOnScreen = () => {
      const camera = nav.getThreeCamera();
      const a = nav.target.clone().project(camera);
      const b = nav.target.clone().addScaledVector(nav.worldUp, nav.distance * 0.1).project(camera);
      // NDC x spans the width, y the height: scale x by the aspect for a true screen angle.
      return MathUtils.radToDeg(Math.atan2(-(b.y - a.y), (b.x - a.x) * nav.aspect));
    };
    const screenUpBefore = worldUpOnScreen();
    const start = ringPoint(0);
    await sendMouse({ type: 'move', position: start.position });
    await sendMouse({ type: 'down', button: 'left' });
    const moveTo = async (degrees: number) => {
      const point = ringPoint(degrees);
      await sendMouse({ type: 'move', position: point.position });
      return point.degrees - start.degrees;
    };
    // The camera starts upright: its up is the projected world Y, an axis-aligned up.
    let turned = await moveTo(4);
    expect(turned).to.be.below(ROLL_SNAP_DEGREES);
    expect(rollFrom(viewer, startUp), 'snapped at 4°').to.be.closeTo(0, 1e-6);
    expect(tool.snappedAxis).to.equal(ROLL_AXES.findIndex((a) => a.label === 'Y'));
    turned = await moveTo(6.4);
    expect(turned).to.be.within(ROLL_SNAP_DEGREES, ROLL_RELEASE_DEGREES);
    expect(rollFrom(viewer, startUp), 'still snapped at 6.4°').to.be.closeTo(0, 1e-6);
    turned = await moveTo(8.5);
    expect(turned).to.be.above(ROLL_RELEASE_DEGREES);
    expect(rollFrom(viewer, startUp), 'released past 7°').to.be.closeTo(turned, 0.05);
    expect(tool.snappedAxis).to.equal(-1);
    // Turning the ring clockwise turned the world clockwise on screen.
    expect(worldUpOnScreen() - screenUpBefore).to.be.closeTo(turned, 0.5);
    turned = await moveTo(6);
    expect(rollFrom(viewer, startUp), 'not snapped again at 6°').to.be.closeTo(turned, 0.05);
    turned = await moveTo(4.3);
    expect(turned).to.be.below(ROLL_SNAP_DEGREES);
    expect(rollFrom(viewer, startUp), 'snapped again within 5°').to.be.closeTo(0, 1e-6);
    await moveTo(20);
    await sendMouse({ type: 'up', button: 'left' });
  });

  it('turns the world up with the camera on release, or makes the snapped axis the world up', async () => {
    viewer.toolController.activateTool('worldup');
    const nav = viewer.navigation;
    const worldUp = nav.worldUp.clone();
    const from = ringPoint(0);
    const to = ringPoint(30);
    await sendMouse({ type: 'move', position: from.position });
    await sendMouse({ type: 'down', button: 'left' });
    await sendMouse({ type: 'move', position: ringPoint(15).position });
    await sendMouse({ type: 'move', position: to.position });
    await sendMouse({ type: 'up', button: 'left' });
    const turned = to.degrees - from.degrees;
    const direction = nav.getDirection();
    // The world up turned about the view direction with the camera: its part along the view is kept,
    // its part across the view is the camera's up, turned by the angle dragged.
    expect(nav.worldUp.dot(direction)).to.be.closeTo(worldUp.dot(direction), 1e-9);
    const across = nav.worldUp.clone().addScaledVector(direction, -nav.worldUp.dot(direction)).normalize();
    expect(across.distanceTo(nav.up)).to.be.lessThan(1e-9);
    const acrossBefore = worldUp.clone().addScaledVector(direction, -worldUp.dot(direction)).normalize();
    expect(MathUtils.radToDeg(across.angleTo(acrossBefore))).to.be.closeTo(turned, 0.1);
    // Roll back near the original up: it snaps, and the world up is the Y axis exactly again.
    await sendMouse({ type: 'move', position: to.position });
    await sendMouse({ type: 'down', button: 'left' });
    await sendMouse({ type: 'move', position: ringPoint(15).position });
    await sendMouse({ type: 'move', position: ringPoint(2).position });
    await sendMouse({ type: 'up', button: 'left' });
    expect(nav.worldUp.toArray()).to.deep.equal([0, 1, 0]);
  });

  it('draws its heads-up ring at 0.65 of the viewport, clamped to 0.35–0.8', async () => {
    const before = capture(viewer);
    viewer.toolController.activateTool('worldup');
    await frames(2);
    const measure = () => {
      const after = capture(viewer);
      const changed = changedPixels(before, after, 24);
      const { width, height } = after;
      const radii = changed.map((i) => Math.hypot((i % width) - width / 2, Math.floor(i / width) - height / 2)).sort((a, b) => a - b);
      return { count: changed.length, median: radii[Math.floor(radii.length / 2)] };
    };
    expect(tool.ringSize).to.equal(ROLL_RING_DEFAULT_SIZE);
    let ring = measure();
    // The ring's band lies about 0.65 × half the smaller side (150 px) from the centre.
    expect(ring.count).to.be.greaterThan(2000);
    expect(ring.median).to.be.closeTo(0.65 * 150, 12);
    tool.ringSize = 0.1;
    expect(tool.ringSize).to.equal(0.35);
    await frames(2);
    ring = measure();
    expect(ring.median).to.be.closeTo(0.35 * 150, 10);
    tool.ringSize = 3;
    expect(tool.ringSize).to.equal(0.8);
    viewer.toolController.deactivateTool('worldup');
    await frames(2);
    expect(changedPixels(before, capture(viewer), 24)).to.have.length(0);
  });

  it('runs while Alt+Shift is held, unless navigation is locked', async () => {
    viewer.canvas.focus();
    await sendKeys({ down: 'Alt' });
    await sendKeys({ down: 'Shift' });
    expect(viewer.toolController.getActiveToolName()).to.equal('worldup');
    expect(tool.ringObject.parent).to.not.equal(null);
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Alt' });
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
    expect(tool.ringObject.parent).to.equal(null);
    viewer.navigation.setIsLocked(true);
    await sendKeys({ down: 'Alt' });
    await sendKeys({ down: 'Shift' });
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
  });
});
