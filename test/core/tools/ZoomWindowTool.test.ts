import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { type Viewer } from '../../../core/index.js';
import { ZOOM_WINDOW_CROSS_MAX_PX, type ZoomWindowTool } from '../../../core/tools/ZoomWindowTool.js';
import { canvasPoint, dispose, viewerWithModel } from '../../support/navigationInput.js';

describe('ZoomWindowTool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => {
    ({ viewer, container } = await viewerWithModel());
    viewer.toolController.activateTool('zoomwindow');
  });
  afterEach(() => dispose({ viewer, container }));

  it('draws the window while dragging and zooms, animated, so that it fills the view', async () => {
    const nav = viewer.navigation;
    const from = canvasPoint(viewer, 0.45, 0.4);
    const to = canvasPoint(viewer, 0.65, 0.6);
    const centre: [number, number] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
    const focus = viewer.hitTest(...centre)!.intersectPoint.clone();
    const depth = focus.clone().sub(nav.position).dot(nav.getDirection());
    const direction = nav.getDirection();
    await sendMouse({ type: 'move', position: from });
    await sendMouse({ type: 'down', button: 'left' });
    await sendMouse({ type: 'move', position: canvasPoint(viewer, 0.55, 0.5) });
    await sendMouse({ type: 'move', position: to });
    const box = container.querySelector<HTMLElement>('.design-viewer-zoom-window')!;
    expect(box).to.not.equal(null);
    expect(box.getBoundingClientRect().width).to.be.closeTo(to[0] - from[0], 1);
    const cross = box.firstElementChild as HTMLElement;
    expect(cross.getBoundingClientRect().width).to.be.at.most(ZOOM_WINDOW_CROSS_MAX_PX);
    await sendMouse({ type: 'up', button: 'left' });
    expect(container.querySelector('.design-viewer-zoom-window')).to.equal(null);
    expect(nav.isTransitionActive()).to.equal(true);
    const target = nav.getTransitionTarget()!;
    nav.finishTransition();
    // Centred on what was at the window's centre, same direction, closer by the window's share of the view.
    expect(nav.target.distanceTo(focus)).to.be.lessThan(1e-9);
    expect(nav.getDirection().distanceTo(direction)).to.be.lessThan(1e-9);
    const share = Math.max((to[0] - from[0]) / 400, (to[1] - from[1]) / 300);
    expect(nav.distance).to.be.closeTo(depth * share, 1e-6);
    expect(target.center.distanceTo(focus)).to.be.lessThan(1e-9);
  });

  it('treats a click as no window, and obeys the zoom lock', async () => {
    const position = viewer.navigation.position.clone();
    await sendMouse({ type: 'move', position: canvasPoint(viewer) });
    await sendMouse({ type: 'down', button: 'left' });
    await sendMouse({ type: 'up', button: 'left' });
    expect(viewer.navigation.isTransitionActive()).to.equal(false);
    viewer.navigation.setIsLocked(true);
    viewer.navigation.setLockSettings({ orbit: true, pan: true, roll: true, fov: true, gotoview: true, walk: true });
    const tool = viewer.toolController.getTool('zoomwindow') as ZoomWindowTool;
    expect(await tool.zoomTo(200, 150, 50, 50)).to.equal(false);
    expect(viewer.navigation.position.distanceTo(position)).to.equal(0);
  });
});
