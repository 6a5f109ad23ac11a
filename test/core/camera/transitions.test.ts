import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import { type CameraView, type Viewer } from '../../../core/index.js';
import { easeClamped, ViewTransition } from '../../../core/camera/ViewTransition.js';
import { PIVOT_FADE_MS } from '../../../core/render/PivotSphere.js';
import { MOVE_DELAY_MS } from '../../../core/tools/ToolController.js';
import { frames } from '../../support/helpers.js';
import { canvasPoint, dispose, mouseDrag, until, viewerWithModel, wait, wheel } from '../../support/navigationInput.js';

function expectSameView(a: CameraView, b: CameraView, tolerance = 1e-9): void {
  expect(a.position.distanceTo(b.position)).to.be.lessThan(tolerance);
  expect(a.center.distanceTo(b.center)).to.be.lessThan(tolerance);
  expect(a.up.distanceTo(b.up)).to.be.lessThan(tolerance);
}

describe('View transitions', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(() => dispose({ viewer, container }));

  it('eases: slow at both ends, clamped to 0–1', () => {
    expect([easeClamped(-1), easeClamped(0), easeClamped(0.5), easeClamped(1), easeClamped(2)]).to.deep.equal([0, 0, 0.5, 1, 1]);
    const samples = Array.from({ length: 21 }, (_, i) => easeClamped(i / 20));
    const steps = samples.slice(1).map((v, i) => v - samples[i]);
    expect(steps.every((s) => s >= 0)).to.equal(true);
    expect(steps[0]).to.be.lessThan(steps[10] / 10);
    expect(steps[19]).to.be.lessThan(steps[10] / 10);
  });

  it('swings the eye about a look-at point that travels straight, the distance changing geometrically', () => {
    const from = viewer.navigation.getView();
    const to = { ...viewer.navigation.getView(), position: from.center.clone().add(new Vector3(0, 0, 40)), center: from.center.clone().add(new Vector3(1, 0, 0)) };
    const transition = new ViewTransition(from, to, 1000);
    const half = transition.viewAt(0.5);
    expect(half.center.distanceTo(from.center.clone().lerp(to.center, 0.5))).to.be.lessThan(1e-9);
    const d0 = from.position.distanceTo(from.center);
    const d1 = to.position.distanceTo(to.center);
    expect(half.position.distanceTo(half.center)).to.be.closeTo(Math.sqrt(d0 * d1), 1e-9);
    expect(transition.step(0).done).to.equal(false);
    expect(transition.step(1000).done).to.equal(true);
    expectSameView(transition.step(1000).view, to);
  });

  it('animates fitToView to the exact fit, reporting the camera on the way', async () => {
    const nav = viewer.navigation;
    nav.setView(new Vector3(30, 20, 30), new Vector3(2, 0, 0));
    const target = nav.computeFitView(viewer.getVisibleBounds());
    const positions: Vector3[] = [];
    viewer.addEventListener('camera-change', () => positions.push(nav.position.clone()));
    const arrived = viewer.fitToView();
    expect(nav.isTransitionActive()).to.equal(true);
    expectSameView(nav.getTransitionTarget()!, target);
    expect(await arrived).to.equal(true);
    expect(nav.isTransitionActive()).to.equal(false);
    expectSameView(nav.getView(), target);
    // Several frames on the way, each closer to the end than the one before.
    expect(positions.length).to.be.greaterThan(2);
    const left = positions.map((p) => p.distanceTo(target.position));
    for (let i = 1; i < left.length; i++) expect(left[i]).to.be.at.most(left[i - 1] + 1e-9);
  });

  it('jumps at once when immediate, or when the duration is 0', async () => {
    const nav = viewer.navigation;
    nav.setView(new Vector3(30, 20, 30), new Vector3(2, 0, 0));
    const fitPromise = viewer.fitToView(null, null, true);
    expect(nav.isTransitionActive()).to.equal(false);
    expectSameView(nav.getView(), nav.computeFitView(viewer.getVisibleBounds()));
    expect(await fitPromise).to.equal(true);
    nav.transitionDurationMs = 0;
    const away = new Vector3(5, 5, 5);
    await viewer.setView(away, new Vector3());
    expect(nav.position.distanceTo(away)).to.equal(0);
  });

  it('replaces a running transition with a new one', async () => {
    const first = viewer.setView(new Vector3(20, 5, 0), new Vector3());
    const second = viewer.goHome();
    expect(await first).to.equal(false);
    expect(await second).to.equal(true);
  });

  it('blocks pointer, wheel and key input while it runs, and shows the pivot', async () => {
    const nav = viewer.navigation;
    const view = nav.getView();
    // A transition that stays where it is: any input that got through would show in the camera.
    const done = nav.transitionTo(view, { durationMs: 4000 });
    const reported: Vector3[] = [];
    viewer.addEventListener('camera-change', () => reported.push(nav.position.clone()));
    await frames(2);
    expect(viewer.pivotSphere.isVisible).to.equal(true);
    await mouseDrag(canvasPoint(viewer), [80, 30]);
    await mouseDrag(canvasPoint(viewer), [50, 0], 'right');
    await wheel(canvasPoint(viewer), -300);
    expect(viewer.toolController.getInteractionSource()).to.equal(null);
    expect(nav.isTransitionActive()).to.equal(true);
    expect(reported.every((p) => p.distanceTo(view.position) < 1e-9)).to.equal(true);
    expect(viewer.getSelection()).to.deep.equal([]);
    nav.finishTransition();
    expect(await done).to.equal(true);
    expectSameView(nav.getView(), view);
    // Afterwards the pivot fades out over 500 ms.
    await frames(2);
    const opacity = viewer.pivotSphere.opacity;
    expect(opacity).to.be.greaterThan(0);
    await wait(PIVOT_FADE_MS + 100);
    await frames(2);
    expect(viewer.pivotSphere.isVisible).to.equal(false);
  });

  it('ignores moves for 150 ms after the camera jumps to a new view', async () => {
    const nav = viewer.navigation;
    const centre = canvasPoint(viewer);
    await sendMouse({ type: 'move', position: centre });
    await sendMouse({ type: 'down', button: 'left' });
    // The camera jumps home just as the next move arrives (a listener on the way to the canvas).
    let jumpedBeforeMove = -1;
    container.addEventListener(
      'pointermove',
      () => {
        void viewer.goHome(true);
        jumpedBeforeMove = performance.now() - nav.lastViewJumpTime;
      },
      { capture: true, once: true },
    );
    await sendMouse({ type: 'move', position: [centre[0] + 40, centre[1]] });
    const home = viewer.getHomeView()!;
    expect(jumpedBeforeMove).to.be.within(0, MOVE_DELAY_MS);
    expectSameView(nav.getView(), home);
    await until(() => performance.now() - nav.lastViewJumpTime > MOVE_DELAY_MS);
    await sendMouse({ type: 'move', position: [centre[0] + 80, centre[1]] });
    await sendMouse({ type: 'up', button: 'left' });
    // Only the 40 px after the delay turned the view (the dropped move is lost, not added later).
    expect(nav.position.distanceTo(home.position)).to.be.greaterThan(0.05);
    const turned = nav.getDirection().angleTo(home.center.clone().sub(home.position).normalize());
    expect(turned).to.be.lessThan((80 / 400) * 5 * 0.75);
  });
});
