import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { MathUtils, Vector3 } from 'three';
import type { Viewer } from '../../../core/index.js';
import type { OrbitDollyPanTool } from '../../../core/tools/OrbitDollyPanTool.js';
import { FUSION_ORBIT_HANDLE_RADIUS_PX, FUSION_ORBIT_RING_SIZE } from '../../../core/tools/FusionOrbit.js';
import { capture, changedPixels, frames } from '../../support/helpers.js';
import { dispose, mouseDrag, mousePath, rollFrom, viewerWithModel } from '../../support/navigationInput.js';

describe('FusionOrbit (Fusion style free orbit)', () => {
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

  /** The ring on the 400×300 canvas: centre and radius in canvas pixels. */
  function ring(): { x: number; y: number; radius: number } {
    const { width, height } = viewer.canvas.getBoundingClientRect();
    return { x: width / 2, y: height / 2, radius: (FUSION_ORBIT_RING_SIZE * Math.min(width, height)) / 2 };
  }

  /** A page point at an angle (degrees clockwise from 3 o'clock) and distance from the ring's centre. */
  function aroundCentre(degrees: number, distance: number): [number, number] {
    const rect = viewer.canvas.getBoundingClientRect();
    const { x, y } = ring();
    const a = MathUtils.degToRad(degrees);
    return [Math.round(rect.left + x + distance * Math.cos(a)), Math.round(rect.top + y + distance * Math.sin(a))];
  }

  /** The camera's screen axes now. */
  function axes(): { direction: Vector3; up: Vector3; right: Vector3; position: Vector3 } {
    const nav = viewer.navigation;
    const direction = nav.getDirection();
    const up = nav.up.clone().normalize();
    return { direction, up, right: new Vector3().crossVectors(direction, up).normalize(), position: nav.position.clone() };
  }

  /** Changed pixels within a radius of a canvas point, leaving out those on the ring's circle. */
  function changedNear(before: ReturnType<typeof capture>, x: number, y: number, radius: number): number {
    const after = capture(viewer);
    const centre = ring();
    return changedPixels(before, after, 24).filter((i) => {
      // capturePixels rows run bottom up.
      const px = i % after.width;
      const py = after.height - 1 - Math.floor(i / after.width);
      return Math.hypot(px - x, py - y) <= radius && Math.abs(Math.hypot(px - centre.x, py - centre.y) - centre.radius) > 4;
    }).length;
  }

  it('draws its ring about the view centre while free orbit is the tool and Fusion style orbit is on', async () => {
    expect(viewer.prefs.get('fusionOrbit')).to.equal(true);
    const before = capture(viewer);
    viewer.toolController.activateTool('freeorbit');
    await frames(2);
    const after = capture(viewer);
    const radii = changedPixels(before, after, 24)
      .map((i) => Math.hypot((i % after.width) - after.width / 2, Math.floor(i / after.width) - after.height / 2))
      .sort((a, b) => a - b);
    expect(radii.length).to.be.greaterThan(500);
    // 0.7 of the smaller side across: a radius of 105 px on this 400×300 canvas.
    expect(radii[Math.floor(radii.length / 2)]).to.be.closeTo(ring().radius, 6);

    // Its handles (constrained orbit, on by default) sit at 3, 6, 9 and 12 o'clock; without, none.
    const { x, y, radius } = ring();
    expect(changedNear(before, x + radius, y, FUSION_ORBIT_HANDLE_RADIUS_PX)).to.be.greaterThan(60);
    viewer.prefs.set('fusionOrbitConstrained', false);
    await frames(2);
    expect(changedNear(before, x + radius, y, FUSION_ORBIT_HANDLE_RADIUS_PX)).to.equal(0);

    // Off with the preference, and off with the tool: orbit (the default tool) has no ring.
    viewer.prefs.set('fusionOrbit', false);
    await frames(2);
    expect(changedPixels(before, capture(viewer), 24)).to.have.length(0);
    viewer.prefs.set('fusionOrbit', true);
    await frames(2);
    expect(changedPixels(before, capture(viewer), 24).length).to.be.greaterThan(500);
    viewer.toolController.deactivateTool('freeorbit');
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
    await frames(2);
    expect(changedPixels(before, capture(viewer), 24)).to.have.length(0);
  });

  it('orbits freely from inside the ring and rolls about the line of sight from outside it', async () => {
    viewer.toolController.activateTool('freeorbit');
    const tool = viewer.toolController.getTool('freeorbit') as OrbitDollyPanTool;
    const outside = ring().radius + 30;

    // Inside: a 60 px drag sideways turns the view 60/400 × 5 rad about the camera's up.
    let start = axes();
    await mouseDrag(aroundCentre(0, 0), [60, 0]);
    expect(MathUtils.radToDeg(start.direction.angleTo(axes().direction))).to.be.closeTo(MathUtils.radToDeg((60 / 400) * 5), 1);

    // Outside: going 40° clockwise round the centre turns the model 40° clockwise; the eye stays put.
    await sendMouse({ type: 'move', position: aroundCentre(0, outside) });
    expect(viewer.canvas.style.cursor, 'the roll cursor outside the ring').to.include('worldup');
    await sendMouse({ type: 'move', position: aroundCentre(180, 20) });
    expect(viewer.canvas.style.cursor, 'the free orbit cursor inside').to.include('freeorbit');
    start = axes();
    await mousePath([0, 10, 20, 30, 40].map((degrees) => aroundCentre(degrees, outside)));
    const rolled = axes();
    expect(rolled.direction.angleTo(start.direction)).to.be.below(1e-6);
    expect(rolled.position.distanceTo(start.position)).to.be.below(1e-6 * viewer.navigation.distance);
    expect(rollFrom(viewer, start.up)).to.be.closeTo(40, 1.5);
    expect(tool.getMode()).to.equal('freeorbit');

    // With Fusion style orbit off, the same drag outside is a plain free orbit: the view turns.
    viewer.prefs.set('fusionOrbit', false);
    start = axes();
    await mousePath([0, 10, 20, 30, 40].map((degrees) => aroundCentre(degrees, outside)));
    expect(MathUtils.radToDeg(start.direction.angleTo(axes().direction))).to.be.greaterThan(5);
  });

  it('locks the orbit to one screen axis from a handle: left and right turn about the vertical, top and bottom about the horizontal', async () => {
    viewer.toolController.activateTool('freeorbit');
    const { radius } = ring();

    // From the right handle, a diagonal drag only turns about the camera's up: the up stays.
    let start = axes();
    await mouseDrag(aroundCentre(0, radius), [30, 30]);
    let now = axes();
    expect(MathUtils.radToDeg(start.direction.angleTo(now.direction))).to.be.closeTo(MathUtils.radToDeg((30 / 400) * 5), 1);
    expect(now.up.angleTo(start.up)).to.be.below(1e-6);

    // From the top handle, only about the screen's horizontal: the right axis stays.
    start = axes();
    await mouseDrag(aroundCentre(270, radius), [30, 30]);
    now = axes();
    expect(MathUtils.radToDeg(start.direction.angleTo(now.direction))).to.be.closeTo(MathUtils.radToDeg((30 / 400) * 5), 1);
    expect(now.right.angleTo(start.right)).to.be.below(1e-6);

    // Without the constraint the same press on the ring orbits freely: up and right both turn.
    viewer.prefs.set('fusionOrbitConstrained', false);
    start = axes();
    await mouseDrag(aroundCentre(0, radius), [30, 30]);
    now = axes();
    expect(MathUtils.radToDeg(now.up.angleTo(start.up))).to.be.greaterThan(5);
    expect(MathUtils.radToDeg(now.right.angleTo(start.right))).to.be.greaterThan(5);
  });
});
