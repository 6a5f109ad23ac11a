import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import type { Viewer } from '../../../core/index.js';
import { frames, until } from '../../support/helpers.js';
import { canvasPoint, dispose, viewerWithModel } from '../../support/navigationInput.js';

describe('Preparing the first move', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(() => dispose({ viewer, container }));

  it('once a model is on screen and the page idle, the first drag compiles no program', async function () {
    this.timeout(20000);
    const renderer = viewer.renderContext!;
    await until(() => renderer.navigationPrepared, 5000, 'the idle preparation');
    const programs = renderer.renderer.info.programs!.length;
    const start = canvasPoint(viewer, 0.45, 0.5);
    await sendMouse({ type: 'move', position: start });
    await sendMouse({ type: 'down', button: 'left' });
    await sendMouse({ type: 'move', position: [start[0] + 30, start[1]] });
    await frames(3);
    // The drag moved the camera and the pivot shows: both were ready before it.
    expect(viewer.pivotSphere.opacity).to.equal(1);
    expect(renderer.renderer.info.programs!.length).to.equal(programs);
    await sendMouse({ type: 'up', button: 'left' });
  });
});
