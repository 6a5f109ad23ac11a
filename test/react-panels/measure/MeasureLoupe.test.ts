import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { type Box3, Vector3 } from 'three';
import type { MeasureExtension, Viewer } from '../../../core/index.js';
import { SnapGeometry } from '../../../core/index.js';
import { MOVE_DELAY_MS } from '../../../core/tools/ToolController.js';
import { canvasPixels, nextEvent, sampleUrl, until } from '../../support/helpers.js';
import { LOUPE_SIZE_PX, LOUPE_ZOOM } from '../../../react-panels/measure/MeasureLoupe.js';
import { corner, hoverSnap, pagePointOf } from '../../core/extensions/measure/measureSupport.js';
import { $, createViewerElement, exists, frame, removeViewerElements, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

describe('the measure loupe and touch picks (BoxTextured.glb, real touch)', () => {
  let element: Element;
  let viewer: Viewer;
  let box: Box3;
  let size: number;
  const ext = () => viewer.getExtension<MeasureExtension>('measure')!;

  /** A page point `by` px from a corner of the box's front face toward the face's middle: on the box, off the corner. */
  function insideFrom(cornerPoint: Vector3, by: number): [number, number] {
    const [cx, cy] = pagePointOf(viewer, cornerPoint);
    const [mx, my] = pagePointOf(viewer, corner(box, 1, 1, 1).lerp(corner(box, 0, 0, 1), 0.5));
    const length = Math.hypot(mx - cx, my - cy);
    return [Math.round(cx + ((mx - cx) * by) / length), Math.round(cy + ((my - cy) * by) / length)];
  }

  before(async () => {
    element = await createViewerElement({ src: sampleUrl('gltf/BoxTextured.glb'), width: 720, height: 400 });
    viewer = element.viewer!;
    box = viewer.getVisibleBounds();
    size = box.max.y - box.min.y;
    await viewer.setView(new Vector3(1.6, 1.2, 2.1), new Vector3(0, 0, 0), { immediate: true });
    await until(() => performance.now() - viewer.navigation.lastViewJumpTime > MOVE_DELAY_MS, 5000, 'the move delay');
    expect(ext().setMode('distance')).to.equal(true);
    ext().clear();
    await frame();
  });
  after(removeViewerElements);

  it('shows a loupe above a resting finger with the canvas magnified and the vertex it would pick (50 px), which lifting it picks; a tap picks too', async () => {
    const a = corner(box, 1, 1, 1);
    const finger = insideFrom(a, 25);
    // A mouse 25 px off the corner is beyond its 10 px radius: no vertex.
    expect((await hoverSnap(viewer, finger))?.geomType).to.not.equal(SnapGeometry.VERTEX);
    ext().getTool()!.$hover.set(null);
    await frame();

    const picked = nextEvent(viewer, 'measure-change', 10000);
    // One finger held still for most of a second (longer than a long press), then lifted: the lift picks.
    let loupePicture: { picture: ImageData; touch: { x: number; y: number } } | undefined;
    const held = executeServerCommand('touch-press', { x: finger[0], y: finger[1], durationMs: 900 });
    try {
      await waitFor(() => exists(element, '.dv-measure-loupe'), 5000);
      const loupe = $(element, '.dv-measure-loupe');
      const rect = loupe.getBoundingClientRect();
      expect(rect.bottom, 'above the finger').to.be.lessThan(finger[1]);
      expect(Math.abs(rect.left + rect.width / 2 - finger[0]), 'centred over it').to.be.lessThan(1);
      expect(loupe.querySelector('.dv-snap-indicator')?.getAttribute('data-snap')).to.equal('vertex');
      const hover = ext().getTool()!.$hover.get();
      expect(hover?.geomType).to.equal(SnapGeometry.VERTEX);
      expect(hover!.intersectPoint.distanceTo(a)).to.be.lessThan(1e-6);
      // The indicator sits where the corner is drawn, magnified twice from where the finger rests.
      const indicator = loupe.querySelector('.dv-snap-indicator')!.getBoundingClientRect();
      const touch = ext().getTool()!.$touch.get()!;
      const canvas = viewer.canvas.getBoundingClientRect();
      const v = a.clone().project(viewer.navigation.getThreeCamera());
      const [ax, ay] = [((v.x + 1) / 2) * canvas.width, ((1 - v.y) / 2) * canvas.height];
      const expected = [rect.left + rect.width / 2 + (ax - touch.x) * 2, rect.top + rect.height / 2 + (ay - touch.y) * 2];
      expect(Math.hypot(indicator.left + indicator.width / 2 - expected[0], indicator.top + indicator.height / 2 - expected[1])).to.be.lessThan(2);
      // Its picture is the canvas round the finger, twice as large: points d px from the finger in the
      // canvas show 2d px from the loupe's middle (the box's texture round the finger).
      const picture = loupe.querySelector('canvas')!.getContext('2d')!.getImageData(0, 0, LOUPE_SIZE_PX, LOUPE_SIZE_PX);
      loupePicture = { picture, touch: { ...touch } };
    } finally {
      await held;
    }
    await waitFor(() => !exists(element, '.dv-measure-loupe'), 5000);
    const change = await picked;
    expect(exists(element, '.dv-context-menu'), 'the hold opened no context menu').to.equal(false);
    {
      const { picture, touch } = loupePicture!;
      // Read after the finger lifted (reading the canvas blocks the page: a held finger would become a long press).
      const shown = canvasPixels(viewer);
      let differing = 0;
      const colours = new Set<string>();
      for (const [dx, dy] of [[0, 0], [-12, 6], [10, -8], [-20, -10], [18, 14], [6, 22]]) {
        const at = [Math.round(touch.x + dx), Math.round(touch.y + dy)];
        const o = ((shown.height - 1 - at[1]) * shown.width + at[0]) * 4;
        const p = (Math.round(LOUPE_SIZE_PX / 2 + (at[1] - touch.y) * LOUPE_ZOOM) * LOUPE_SIZE_PX + Math.round(LOUPE_SIZE_PX / 2 + (at[0] - touch.x) * LOUPE_ZOOM)) * 4;
        const inLoupe = picture.data.slice(p, p + 4);
        expect(inLoupe[3], 'drawn').to.equal(255);
        if ([0, 1, 2].some((c) => Math.abs(inLoupe[c] - shown.data[o + c]) > 24)) differing++;
        colours.add(Array.from(shown.data.slice(o, o + 3), (v) => v >> 4).join());
      }
      expect(colours.size, 'the points show different things').to.be.greaterThan(1);
      expect(differing, 'points unlike the canvas').to.be.at.most(1);
    }
    const pick = change.measurements.at(-1)!.picks[0];
    expect(pick.geomType).to.equal(SnapGeometry.VERTEX);
    expect(new Vector3(pick.x, pick.y, pick.z).distanceTo(a)).to.be.lessThan(1e-6);

    // A tap 25 px off another corner completes the distance along the edge.
    const b = corner(box, 1, 0, 1);
    const completed = nextEvent(viewer, 'measure-change', 10000);
    await executeServerCommand('touch-tap', { points: [insideFrom(b, 25)] });
    const m = (await completed).last;
    expect(m?.isComplete).to.equal(true);
    expect(m!.picks.map((p) => p.geomType)).to.deep.equal([SnapGeometry.VERTEX, SnapGeometry.VERTEX]);
    expect(Math.abs(m!.results.distanceXYZ! - size) / size).to.be.lessThan(1e-6);
  });

  it('drops the loupe when the finger drags (the view turns, nothing is picked)', async () => {
    ext().clear();
    const eye = viewer.navigation.getCamera().position.clone();
    const finger = insideFrom(corner(box, 1, 1, 1), 25);
    // Still for a moment (the loupe shows), then away by 8 px steps (a drag: it goes).
    const frames = Array.from({ length: 24 }, (_, i) => [[finger[0] + (i > 12 ? (i - 12) * 8 : 0), finger[1]]]);
    const dragged = executeServerCommand('touch-sequence', { frames, delayMs: 16 });
    await waitFor(() => exists(element, '.dv-measure-loupe'), 5000);
    await dragged;
    await waitFor(() => !exists(element, '.dv-measure-loupe'), 5000);
    await waitFor(() => viewer.navigation.getCamera().position.distanceTo(eye) > 1e-3, 5000);
    expect(ext().getMeasurements()).to.have.length(0);
  });
});
