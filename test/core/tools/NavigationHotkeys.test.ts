import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import type { CameraView, Viewer } from '../../../core/index.js';
import { dispose, viewerWithModel } from '../../support/navigationInput.js';

function expectView(actual: CameraView | null, expected: CameraView): void {
  expect(actual).to.not.equal(null);
  expect(actual!.position.distanceTo(expected.position)).to.be.lessThan(1e-9);
  expect(actual!.center.distanceTo(expected.center)).to.be.lessThan(1e-9);
}

describe('Navigation hotkeys', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => {
    ({ viewer, container } = await viewerWithModel());
    viewer.navigation.setView(new Vector3(9, 2, -6), new Vector3(1, 0, 0));
    viewer.canvas.focus();
  });
  afterEach(async () => {
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Control' });
    dispose({ viewer, container });
  });

  it('fits to view with F, animated', async () => {
    await sendKeys({ press: 'f' });
    expectView(viewer.navigation.getTransitionTarget(), viewer.navigation.computeFitView(viewer.getVisibleBounds()));
  });

  it('goes home with H and with Home', async () => {
    const home = viewer.getHomeView()!;
    for (const key of ['h', 'Home']) {
      viewer.navigation.cancelTransition();
      await sendKeys({ press: key });
      expectView(viewer.navigation.getTransitionTarget(), home);
    }
  });

  it('does not go to views while locked against it', async () => {
    viewer.navigation.setIsLocked(true);
    await sendKeys({ press: 'f' });
    await sendKeys({ press: 'h' });
    expect(viewer.navigation.isTransitionActive()).to.equal(false);
  });

  it('leaves a temporary tool with Escape', async () => {
    await sendKeys({ down: 'Control' });
    await sendKeys({ down: 'Shift' });
    expect(viewer.toolController.getActiveToolName()).to.equal('fov');
    await sendKeys({ press: 'Escape' });
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Control' });
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
  });
});
