import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import type { LockSettings, NavigationAction, Viewer } from '../../../core/index.js';
import { canvasPoint, dispose, mouseDrag, viewerWithModel, wait, wheel } from '../../support/navigationInput.js';

const ACTIONS: NavigationAction[] = ['orbit', 'pan', 'zoom', 'roll', 'fov', 'gotoview', 'walk'];

/** Each action, done with real input. */
const PERFORM: Record<NavigationAction, (viewer: Viewer) => Promise<void>> = {
  orbit: (viewer) => mouseDrag(canvasPoint(viewer), [50, 0]),
  pan: (viewer) => mouseDrag(canvasPoint(viewer), [40, 0], 'right'),
  zoom: async (viewer) => {
    await wheel(canvasPoint(viewer), -120);
    await wait(20);
  },
  roll: async (viewer) => {
    viewer.toolController.activateTool('worldup');
    await mouseDrag(canvasPoint(viewer, 0.9, 0.5), [-20, 100], 'left', 6);
    viewer.toolController.deactivateTool('worldup');
  },
  fov: async (viewer) => {
    viewer.toolController.activateTool('fov');
    await mouseDrag(canvasPoint(viewer), [0, -40]);
    viewer.toolController.deactivateTool('fov');
  },
  gotoview: async (viewer) => {
    viewer.canvas.focus();
    await sendKeys({ press: 'f' });
    viewer.navigation.finishTransition();
  },
  walk: async (viewer) => {
    viewer.toolController.activateTool('walk');
    viewer.canvas.focus();
    await sendKeys({ press: 'w' });
    viewer.toolController.deactivateTool('walk');
  },
};

describe('Navigation locks', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  before(async () => ({ viewer, container } = await viewerWithModel()));
  after(() => dispose({ viewer, container }));

  /** Runs an action from a fixed starting view (off the fit, so that fit to view moves). */
  async function changes(action: NavigationAction): Promise<boolean> {
    const nav = viewer.navigation;
    nav.setViewFromRecord({ ...nav.getView(), fov: 45, isOrtho: false });
    nav.setWorldUpVector(new Vector3(0, 1, 0));
    nav.setView(new Vector3(6, 3, 7), new Vector3(0.5, 0.3, 0));
    await wait(200); // past the move delay after a view change
    const before = nav.getView();
    await PERFORM[action](viewer);
    const after = nav.getView();
    return (
      after.position.distanceTo(before.position) > 1e-9 ||
      after.center.distanceTo(before.center) > 1e-9 ||
      after.up.distanceTo(before.up) > 1e-9 ||
      after.fov !== before.fov
    );
  }

  it('allows every action while unlocked, and none while locked with the default settings', async () => {
    const nav = viewer.navigation;
    expect(nav.getLockSettings()).to.deep.equal({ orbit: false, pan: false, zoom: false, roll: false, fov: false, gotoview: false, walk: false });
    for (const action of ACTIONS) expect(await changes(action), `${action} unlocked`).to.equal(true);
    nav.setIsLocked(true);
    for (const action of ACTIONS) expect(await changes(action), `${action} locked`).to.equal(false);
    nav.setIsLocked(false);
  });

  for (const blocked of ACTIONS) {
    it(`blocks exactly ${blocked} when the lock allows everything else`, async () => {
      const nav = viewer.navigation;
      const settings = Object.fromEntries(ACTIONS.map((a) => [a, a !== blocked])) as unknown as LockSettings;
      nav.setIsLocked(true);
      nav.setLockSettings(settings);
      try {
        for (const action of ACTIONS) expect(await changes(action), action).to.equal(action !== blocked);
      } finally {
        nav.setIsLocked(false);
      }
    });
  }
});
