import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../elements/index.js';
import type { DesignViewerElement } from '../../../elements/index.js';
import type { CameraView, RewindExtension } from '../../../core/index.js';
import { REWIND_PITCH, REWIND_THUMBNAIL_SIZE } from '../../../core/extensions/rewind/ViewHistory.js';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { until } from '../../support/navigationInput.js';

function sameView(a: CameraView, b: CameraView): boolean {
  return a.position.distanceTo(b.position) < 1e-6 && a.center.distanceTo(b.center) < 1e-6 && a.up.distanceTo(b.up) < 1e-6;
}

function center(element: Element): [number, number] {
  const r = element.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}

describe('RewindStrip', () => {
  let element: DesignViewerElement;
  const views: CameraView[] = [];
  /** The rewind extension's timeline (the chrome loads the extension). */
  const timeline = () => element.viewer!.getExtension<RewindExtension>('rewind')?.timeline ?? null;

  beforeEach(async () => {
    element = document.createElement('design-viewer');
    element.style.cssText = 'display:block;width:400px;height:300px';
    element.setAttribute('language', 'en');
    const loaded = nextEvent(element, 'geometry-loaded');
    element.setAttribute('src', sampleUrl('gltf/car.glb'));
    document.body.appendChild(element);
    await loaded;
    const viewer = element.viewer!;
    // The chrome records every view the camera rests at.
    await until(() => timeline()?.isRecording === true);
    viewer.navigation.transitionDurationMs = 0;
    views.length = 0;
    for (const face of ['front', 'right', 'back', 'top']) {
      await viewer.setViewCube(face);
      const count = timeline()!.history.length;
      await until(() => timeline()!.history.length > count);
      views.push(viewer.navigation.getView());
    }
  });
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    element.remove();
  });

  const root = () => element.shadowRoot!;

  async function openStrip(): Promise<HTMLElement> {
    await sendMouse({ type: 'click', position: center(root().querySelector('.dv-rewind-button')!) });
    await until(() => root().querySelector('.dv-rewind-viewport') !== null);
    return root().querySelector<HTMLElement>('.dv-rewind-viewport')!;
  }

  it('shows a thumbnail per earlier view, the current one under the playhead', async () => {
    const viewport = await openStrip();
    const thumbnails = [...viewport.querySelectorAll<HTMLElement>('.dv-rewind-thumbnail')];
    expect(thumbnails.length).to.equal(timeline()!.history.length);
    expect(thumbnails.every((t) => t.querySelector('img')!.src.startsWith('data:image/png'))).to.equal(true);
    const last = thumbnails[thumbnails.length - 1].getBoundingClientRect();
    const playhead = root().querySelector('.dv-rewind-playhead')!.getBoundingClientRect();
    expect(last.left + last.width / 2).to.be.closeTo(playhead.left + playhead.width / 2, 1);
    expect(root().querySelector('.dv-rewind-playhead')!.classList.contains('is-snapped')).to.equal(true);
    // The strip is laid out as the core spaces the thumbnails.
    expect(viewport.querySelector('.dv-rewind-track')!.getBoundingClientRect().height).to.equal(REWIND_THUMBNAIL_SIZE);
    expect(viewport.getBoundingClientRect().height).to.equal(REWIND_THUMBNAIL_SIZE + 12);
    expect(thumbnails[1].getBoundingClientRect().left - thumbnails[0].getBoundingClientRect().left).to.be.closeTo(REWIND_PITCH, 1);
  });

  it('steps back through the views as the strip is slid, snapping to each', async () => {
    const viewer = element.viewer!;
    const viewport = await openStrip();
    const last = timeline()!.history.length - 1;
    const [x, y] = center(viewport);
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    // Half a thumbnail: between two views, unsnapped, the camera on its way from one to the other.
    for (let dx = 6; dx <= REWIND_PITCH / 2; dx += 6) await sendMouse({ type: 'move', position: [x + dx, y] });
    await until(() => !root().querySelector('.dv-rewind-playhead')!.classList.contains('is-snapped'));
    expect(sameView(viewer.navigation.getView(), views[3])).to.equal(false);
    expect(sameView(viewer.navigation.getView(), views[2])).to.equal(false);
    // One whole thumbnail: snapped to the view before.
    await sendMouse({ type: 'move', position: [x + REWIND_PITCH, y] });
    await until(() => root().querySelector('.dv-rewind-playhead')!.classList.contains('is-snapped'));
    expect(sameView(viewer.navigation.getView(), views[2])).to.equal(true);
    // Two more: two views further back.
    await sendMouse({ type: 'move', position: [x + 2 * REWIND_PITCH, y] });
    await sendMouse({ type: 'move', position: [x + 3 * REWIND_PITCH - 3, y] });
    await until(() => timeline()!.$state.get().index === last - 3);
    expect(sameView(viewer.navigation.getView(), views[0])).to.equal(true);
    await sendMouse({ type: 'up' });
    await until(() => !timeline()!.$state.get().isSliding);
    expect(timeline()!.$state.get().index).to.equal(last - 3);
    expect(sameView(viewer.navigation.getView(), views[0])).to.equal(true);
    // The views ahead stay until the camera moves on.
    expect(root().querySelectorAll('.dv-rewind-thumbnail.is-ahead').length).to.equal(3);
  });

  it('goes to a thumbnail clicked, steps with the arrow keys, and closes on Escape or a click outside', async () => {
    const viewer = element.viewer!;
    const viewport = await openStrip();
    const thumbnails = viewport.querySelectorAll<HTMLElement>('.dv-rewind-thumbnail');
    const second = thumbnails[thumbnails.length - 2];
    await sendMouse({ type: 'click', position: center(second) });
    await until(() => sameView(viewer.navigation.getView(), views[2]));
    await sendKeys({ press: 'ArrowLeft' });
    await until(() => sameView(viewer.navigation.getView(), views[1]));
    await sendKeys({ press: 'ArrowRight' });
    await until(() => sameView(viewer.navigation.getView(), views[2]));
    await sendKeys({ press: 'Escape' });
    await until(() => root().querySelector('.dv-rewind-viewport') === null);
    await openStrip();
    await sendMouse({ type: 'click', position: [200, 150] });
    await until(() => root().querySelector('.dv-rewind-viewport') === null);
  });
});
