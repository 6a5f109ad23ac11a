import { expect } from '@esm-bundle/chai';
import type { Viewer } from '../../../core/index.js';
import { canvasPoint, dispose, touchDrag, viewerWithModel } from '../../support/navigationInput.js';

describe('Touch gestures', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(() => dispose({ viewer, container }));

  it('orbits with a one-finger drag', async () => {
    const before = viewer.navigation.position.clone();
    const gestures: string[] = [];
    const original = viewer.toolController.dispatchGesture.bind(viewer.toolController);
    viewer.toolController.dispatchGesture = (g) => (gestures.push(g.type), original(g));
    await touchDrag([canvasPoint(viewer)], [80, 0]);
    console.log(gestures.join(','));
    expect(viewer.navigation.position.distanceTo(before)).to.be.greaterThan(0.1);
  });
});
