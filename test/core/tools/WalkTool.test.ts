import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import { type Viewer } from '../../../core/index.js';
import { WALK_DOLLY_SPEED, WALK_LOOK_SPEED, WALK_MIN_DOLLY_MAGNITUDE, WALK_MIN_SPEED, type WalkTool } from '../../../core/tools/WalkTool.js';
import { canvasPoint, dispose, mouseDrag, viewerWithModel, wait, wheel } from '../../support/navigationInput.js';

describe('WalkTool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let tool: WalkTool;
  beforeEach(async () => {
    ({ viewer, container } = await viewerWithModel());
    tool = viewer.toolController.getTool('walk') as WalkTool;
    viewer.toolController.activateTool('walk');
    viewer.canvas.focus();
  });
  afterEach(() => {
    viewer.prefs.reset();
    dispose({ viewer, container });
  });

  /** Holds a key for a while; returns the eye's movement and the camera frame before it. */
  async function hold(key: string) {
    const nav = viewer.navigation;
    const before = { position: nav.position.clone(), direction: nav.getDirection() };
    const right = new Vector3().crossVectors(before.direction, nav.worldUp).normalize();
    await sendKeys({ down: key });
    await wait(120);
    await sendKeys({ up: key });
    return { moved: nav.position.clone().sub(before.position), direction: before.direction, right };
  }

  it('walks along the view with W/S and the up/down arrows, without turning', async () => {
    for (const [key, sign] of [['w', 1], ['ArrowUp', 1], ['s', -1], ['ArrowDown', -1]] as const) {
      const { moved, direction } = await hold(key);
      expect(moved.length(), key).to.be.greaterThan(0);
      expect(moved.clone().normalize().dot(direction) * sign, key).to.be.closeTo(1, 1e-9);
      expect(viewer.navigation.getDirection().distanceTo(direction)).to.be.lessThan(1e-12);
    }
  });

  it('steps sideways with A/D and the left/right arrows, and rises with Q, Page Up, sinks with E, Page Down', async () => {
    for (const [key, sign] of [['d', 1], ['ArrowRight', 1], ['a', -1], ['ArrowLeft', -1]] as const) {
      const { moved, right } = await hold(key);
      expect(moved.clone().normalize().dot(right) * sign, key).to.be.closeTo(1, 1e-9);
    }
    for (const [key, sign] of [['q', 1], ['PageUp', 1], ['e', -1], ['PageDown', -1]] as const) {
      const { moved } = await hold(key);
      expect(moved.clone().normalize().dot(viewer.navigation.worldUp) * sign, key).to.be.closeTo(1, 1e-9);
    }
  });

  it('steps a share of the scene radius, at least 0.01; = and - change the speeds by 10%, 0 resets them', async () => {
    expect([tool.dollySpeed, tool.lookSpeed]).to.deep.equal([WALK_DOLLY_SPEED, WALK_LOOK_SPEED]);
    const radius = viewer.navigation.getSceneRadius();
    expect(tool.getStepLength()).to.be.closeTo(Math.max(0.01, 0.025 * radius), 1e-12);
    await sendKeys({ press: '=' });
    expect(tool.dollySpeed).to.be.closeTo(WALK_DOLLY_SPEED * 1.1, 1e-12);
    expect(tool.lookSpeed).to.be.closeTo(WALK_LOOK_SPEED * 1.1, 1e-12);
    await sendKeys({ press: '-' });
    await sendKeys({ press: '-' });
    expect(tool.dollySpeed).to.be.closeTo(WALK_DOLLY_SPEED * 1.1 * 0.9 * 0.9, 1e-12);
    await sendKeys({ press: '0' });
    expect([tool.dollySpeed, tool.lookSpeed]).to.deep.equal([WALK_DOLLY_SPEED, WALK_LOOK_SPEED]);
    for (let i = 0; i < 200; i++) tool.adjustSpeed(-1);
    expect(tool.dollySpeed).to.equal(WALK_MIN_SPEED);
    expect(tool.getStepLength()).to.equal(WALK_MIN_DOLLY_MAGNITUDE);
  });

  it('looks around with a drag, and the reverse-look options flip it', async () => {
    const nav = viewer.navigation;
    let before = { position: nav.position.clone(), direction: nav.getDirection() };
    await mouseDrag(canvasPoint(viewer), [60, 0]);
    // The eye stays put; the view turns right about world up.
    expect(nav.position.distanceTo(before.position)).to.equal(0);
    const right = new Vector3().crossVectors(before.direction, nav.worldUp).normalize();
    expect(nav.getDirection().sub(before.direction).dot(right)).to.be.greaterThan(0.05);
    before = { position: nav.position.clone(), direction: nav.getDirection() };
    await mouseDrag(canvasPoint(viewer), [0, -60]);
    expect(nav.getDirection().dot(nav.worldUp)).to.be.greaterThan(before.direction.dot(nav.worldUp));
    viewer.prefs.set('reverseHorizontalLookDirection', true);
    viewer.prefs.set('reverseVerticalLookDirection', true);
    before = { position: nav.position.clone(), direction: nav.getDirection() };
    await mouseDrag(canvasPoint(viewer), [60, -60]);
    const turned = nav.getDirection().sub(before.direction);
    expect(turned.dot(new Vector3().crossVectors(before.direction, nav.worldUp).normalize())).to.be.lessThan(0);
    expect(turned.dot(nav.worldUp)).to.be.lessThan(0);
  });

  it('steps forward with the wheel', async () => {
    const { position } = viewer.navigation;
    const before = position.clone();
    const direction = viewer.navigation.getDirection();
    await wheel(canvasPoint(viewer), -100);
    await wait(20);
    const moved = viewer.navigation.position.clone().sub(before);
    // Scrolling up: 2.5 steps forward.
    expect(moved.length()).to.be.closeTo(2.5 * tool.getStepLength(), 1e-9);
    expect(moved.normalize().dot(direction)).to.be.closeTo(1, 1e-9);
  });

  it('makes an orthographic view perspective', () => {
    viewer.toolController.deactivateTool('walk');
    viewer.toOrthographic();
    viewer.toolController.activateTool('walk');
    expect(viewer.navigation.isPerspective).to.equal(true);
  });
});
