import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { type CameraView, type RewindExtension, type Viewer } from '../../../../core/index.js';
import { REWIND_SNAP_HOLD_PX, REWIND_SNAP_PX, type RewindTimeline, VIEW_SETTLE_MS } from '../../../../core/extensions/rewind/RewindTimeline.js';
import { REWIND_HISTORY_MAX, REWIND_PITCH, REWIND_THUMBNAIL_GAP, REWIND_THUMBNAIL_SIZE } from '../../../../core/extensions/rewind/ViewHistory.js';
import { dispose, until, viewerWithModel, wait } from '../../../support/navigationInput.js';

function sameView(a: CameraView, b: CameraView): boolean {
  return a.position.distanceTo(b.position) < 1e-6 && a.center.distanceTo(b.center) < 1e-6 && a.up.distanceTo(b.up) < 1e-6;
}

/** Three recorded views: the car from the front, from the right and from the top. */
async function threeViews(viewer: Viewer, rewind: RewindTimeline): Promise<CameraView[]> {
  rewind.clear();
  const views: CameraView[] = [];
  for (const face of ['front', 'right', 'top']) {
    await viewer.setViewCube(face, { immediate: true });
    rewind.record();
    views.push(viewer.navigation.getView());
  }
  return views;
}

describe('RewindTimeline', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let rewind: RewindTimeline;
  beforeEach(async () => {
    ({ viewer, container } = await viewerWithModel());
    // The timeline is the rewind extension's: a headless viewer loads it to keep a history.
    rewind = (await viewer.loadExtension<RewindExtension>('rewind')).timeline!;
  });
  afterEach(() => dispose({ viewer, container }));

  it('uses the spec constants', () => {
    expect([REWIND_HISTORY_MAX, REWIND_THUMBNAIL_SIZE, REWIND_THUMBNAIL_GAP, REWIND_SNAP_PX, REWIND_SNAP_HOLD_PX]).to.deep.equal([25, 56, 12, 4, 16]);
  });

  it('records each view the camera rests at, with a thumbnail, only while recording', async () => {
    await viewer.setViewCube('left', { immediate: true });
    await wait(VIEW_SETTLE_MS * 2);
    expect(rewind.history.length).to.equal(0);
    rewind.setRecording(true);
    expect(rewind.history.length).to.equal(1);
    await viewer.setViewCube('back', { immediate: true });
    await until(() => rewind.history.length === 2);
    const element = rewind.history.at(1)!;
    expect(sameView(element.view, viewer.navigation.getView())).to.equal(true);
    expect(element.bounds).to.deep.equal({ x: REWIND_PITCH, y: 0, width: 56, height: 56 });
    // A real picture: a PNG 56 px square that is not one flat colour.
    const image = new Image();
    image.src = element.thumbnail;
    await image.decode();
    expect([image.naturalWidth, image.naturalHeight]).to.deep.equal([56, 56]);
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 56;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, 56, 56).data;
    const colours = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4) colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    expect(colours.size).to.be.greaterThan(20);
    // Resting at the same view again adds nothing.
    viewer.navigation.setView(viewer.navigation.position.clone(), viewer.navigation.target.clone());
    await wait(VIEW_SETTLE_MS * 2);
    expect(rewind.history.length).to.equal(2);
    rewind.setRecording(false);
    await viewer.setViewCube('top', { immediate: true });
    await wait(VIEW_SETTLE_MS * 2);
    expect(rewind.history.length).to.equal(2);
  });

  it('belongs to the rewind extension: unloaded, it records no more views', async () => {
    rewind.setRecording(true);
    expect(rewind.history.length).to.equal(1);
    expect(viewer.unloadExtension('rewind')).to.equal(true);
    expect(viewer.getExtension('rewind')).to.equal(null);
    expect(rewind.isRecording).to.equal(false);
    await viewer.setViewCube('back', { immediate: true });
    await wait(VIEW_SETTLE_MS * 2);
    expect(rewind.history.length).to.equal(1);
  });

  it('keeps at most 25 views, dropping the oldest', async () => {
    const nav = viewer.navigation;
    const target = nav.target.clone();
    const positions: Vector3[] = [];
    for (let i = 0; i < 30; i++) {
      const angle = (i / 30) * Math.PI;
      const position = target.clone().add(new Vector3(Math.cos(angle) * 10, 3, Math.sin(angle) * 10));
      nav.setView(position, target);
      positions.push(nav.position.clone());
      expect(rewind.record()).to.equal(true);
    }
    expect(rewind.history.length).to.equal(REWIND_HISTORY_MAX);
    expect(rewind.history.at(0)!.view.position.distanceTo(positions[5])).to.be.lessThan(1e-9);
    expect(rewind.history.at(24)!.view.position.distanceTo(positions[29])).to.be.lessThan(1e-9);
    expect(rewind.history.elements.map((e) => e.bounds.x)).to.deep.equal(Array.from({ length: 25 }, (_, i) => i * REWIND_PITCH));
  });

  it('snaps within 4 px of a thumbnail and stays snapped within 16 px', async () => {
    const [, right, top] = await threeViews(viewer, rewind);
    expect(rewind.beginSlide()).to.equal(true);
    const state = () => rewind.$state.get();
    expect([state().offset, state().index, state().isSnapped]).to.deep.equal([2 * REWIND_PITCH, 2, true]);

    rewind.slideTo(2 * REWIND_PITCH - REWIND_SNAP_HOLD_PX);
    expect(state().isSnapped).to.equal(true);
    expect(sameView(viewer.navigation.getView(), top)).to.equal(true);

    rewind.slideTo(2 * REWIND_PITCH - REWIND_SNAP_HOLD_PX - 1);
    expect(state().isSnapped).to.equal(false);
    expect(sameView(viewer.navigation.getView(), top)).to.equal(false);

    rewind.slideTo(REWIND_PITCH + REWIND_SNAP_PX + 1);
    expect(state().isSnapped).to.equal(false);
    rewind.slideTo(REWIND_PITCH + REWIND_SNAP_PX);
    expect([state().isSnapped, state().index]).to.deep.equal([true, 1]);
    expect(sameView(viewer.navigation.getView(), right)).to.equal(true);
    rewind.slideTo(REWIND_PITCH - REWIND_SNAP_HOLD_PX);
    expect(state().isSnapped).to.equal(true);
    expect(sameView(viewer.navigation.getView(), right)).to.equal(true);
    rewind.slideTo(REWIND_PITCH - REWIND_SNAP_HOLD_PX - 1);
    expect(state().isSnapped).to.equal(false);
  });

  it('turns the camera from one view to the next between their thumbnails, weighting both', async () => {
    const [front, right] = await threeViews(viewer, rewind);
    rewind.beginSlide();
    rewind.slideTo(REWIND_PITCH * 0.5);
    const eye = viewer.navigation.position.clone().sub(viewer.navigation.target).normalize();
    const fromFront = eye.angleTo(front.position.clone().sub(front.center).normalize());
    const fromRight = eye.angleTo(right.position.clone().sub(right.center).normalize());
    // Halfway along the arc from the front to the right: 45° from each, level.
    expect(fromFront).to.be.closeTo(Math.PI / 4, 1e-6);
    expect(fromRight).to.be.closeTo(Math.PI / 4, 1e-6);
    expect(eye.y).to.be.closeTo(0, 1e-6);
    rewind.slideTo(REWIND_PITCH * 1.25);
    expect(rewind.$state.get().elements.map((e) => e.weight)).to.deep.equal([0, 0.75, 0.25]);
  });

  it('settles on the nearest view when let go, and drops the views ahead once the camera moves on', async () => {
    viewer.navigation.transitionDurationMs = 0;
    const [front, right] = await threeViews(viewer, rewind);
    rewind.beginSlide();
    rewind.slideTo(REWIND_PITCH * 0.4);
    expect(await rewind.endSlide()).to.equal(true);
    expect(rewind.$state.get().index).to.equal(0);
    expect(sameView(viewer.navigation.getView(), front)).to.equal(true);
    await rewind.goTo(1);
    expect(sameView(viewer.navigation.getView(), right)).to.equal(true);
    await viewer.setViewCube('bottom', { immediate: true });
    expect(rewind.record()).to.equal(true);
    expect(rewind.history.length).to.equal(3);
    expect(sameView(rewind.history.at(1)!.view, right)).to.equal(true);
    expect(sameView(rewind.history.at(2)!.view, viewer.navigation.getView())).to.equal(true);
  });
});
