import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { DEFAULT_FOV, MAX_FOV, MIN_FOV, type Viewer } from '../../../core/index.js';
import { FOV_WHEEL_MIN_STEP, FOV_WHEEL_WINDOW_MS } from '../../../core/tools/FovTool.js';
import { nextEvent } from '../../support/helpers.js';
import { canvasPoint, dispose, mouseDrag, viewerWithModel, wait, wheel } from '../../support/navigationInput.js';

describe('FovTool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(async () => {
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Control' });
    dispose({ viewer, container });
  });

  it('narrows the view when dragged up and widens it when dragged down, within 6.88–100°', async () => {
    viewer.toolController.activateTool('fov');
    const position = viewer.navigation.position.clone();
    await mouseDrag(canvasPoint(viewer), [0, -60]);
    // 60 px of a 300 px view: a fifth of the 50° a full view height spans.
    expect(viewer.navigation.fov).to.be.closeTo(DEFAULT_FOV - 10, 1e-6);
    expect(viewer.navigation.position.distanceTo(position)).to.equal(0);
    await mouseDrag(canvasPoint(viewer, 0.5, 0.1), [0, 500]);
    expect(viewer.navigation.fov).to.equal(MAX_FOV);
    await mouseDrag(canvasPoint(viewer, 0.5, 0.9), [0, -700], 'left', 10);
    expect(viewer.navigation.fov).to.equal(MIN_FOV);
    expect([MIN_FOV, MAX_FOV]).to.deep.equal([6.88, 100]);
  });

  it('gathers wheel input over 100 ms and changes by at least 3° per step', async () => {
    viewer.toolController.activateTool('fov');
    const at = canvasPoint(viewer);
    // One notch (deltaY 100 → 2.5) is less than the minimum step: it widens by 3°, once the window closes.
    let changed = nextEvent(viewer, 'camera-change');
    await wheel(at, 100);
    expect(viewer.navigation.fov, 'nothing before the window closes').to.equal(DEFAULT_FOV);
    await changed;
    expect(viewer.navigation.fov).to.be.closeTo(DEFAULT_FOV + FOV_WHEEL_MIN_STEP, 1e-9);

    // Four quick notches up (-2.5 each): each window's notches apply as one step of at least 3°.
    const notches: number[] = [];
    const steps: { time: number; fov: number }[] = [];
    viewer.canvas.addEventListener('wheel', () => notches.push(performance.now()));
    viewer.addEventListener('camera-change', (e) => steps.push({ time: performance.now(), fov: e.detail.camera.fov }));
    changed = nextEvent(viewer, 'camera-change');
    await wheel(at, -100, 4);
    await changed;
    await wait(FOV_WHEEL_WINDOW_MS + 50);
    expect(notches).to.have.length(4);
    // Which notches each step gathered, from when they arrived.
    let fov = DEFAULT_FOV + FOV_WHEEL_MIN_STEP;
    let next = 0;
    for (const step of steps) {
      const gathered = notches.filter((time, i) => i >= next && time <= step.time);
      expect(gathered.length).to.be.greaterThan(0);
      expect(step.time - gathered[0]).to.be.at.least(FOV_WHEEL_WINDOW_MS - 1);
      next += gathered.length;
      fov -= Math.max(FOV_WHEEL_MIN_STEP, gathered.length * 2.5);
      expect(step.fov).to.be.closeTo(fov, 1e-3);
    }
    expect(next).to.equal(4);
    expect(steps.length, 'fewer steps than notches: they were gathered').to.be.lessThan(4);
  });

  it('does nothing to an orthographic view', async () => {
    viewer.toOrthographic();
    viewer.toolController.activateTool('fov');
    await mouseDrag(canvasPoint(viewer), [0, -60]);
    expect(viewer.navigation.fov).to.equal(DEFAULT_FOV);
  });

  it('runs while Ctrl+Shift is held, then gives the previous tool back', async () => {
    viewer.toolController.activateTool('pan');
    const tools: string[] = [];
    viewer.addEventListener('tool-change', (e) => tools.push(`${e.detail.toolName}:${e.detail.active}`));
    viewer.canvas.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ down: 'Shift' });
    expect(viewer.toolController.getActiveToolName()).to.equal('fov');
    await mouseDrag(canvasPoint(viewer), [0, -30]);
    expect(viewer.navigation.fov).to.be.closeTo(DEFAULT_FOV - 5, 1e-6);
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Control' });
    expect(viewer.toolController.getActiveToolName()).to.equal('pan');
    expect(tools).to.deep.equal(['fov:true', 'fov:false']);
  });

  it('ignores Ctrl+Shift while navigation is locked', async () => {
    viewer.navigation.setIsLocked(true);
    viewer.navigation.setLockSettings({ fov: true });
    viewer.canvas.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ down: 'Shift' });
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
  });
});
