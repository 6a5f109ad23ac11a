import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import { type Model, Viewer } from '../../../../core/index.js';
import type { MeasureExtension } from '../../../../core/extensions/measure/MeasureExtension.js';
import { SnapGeometry } from '../../../../core/extensions/measure/Snapper.js';
import { MOVE_DELAY_MS } from '../../../../core/tools/ToolController.js';
import { BUILDING, buildingIfc, FAR_SITE_METRES, POST } from '../../../support/farBuilding.js';
import { createContainer, frames, sampleUrl, until } from '../../../support/helpers.js';
import { canvasPoint } from '../../../support/navigationInput.js';
import { closeRelative, corner, cylinderGltfUrl, hoverSnap, measure, pagePointOf } from './measureSupport.js';

describe('snapping on real and generated models', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let measureExt: MeasureExtension;

  beforeEach(async () => {
    container = createContainer(320, 240);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    measureExt = await viewer.loadExtension<MeasureExtension>('measure');
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  /** Looks at a point from a direction, then waits out the move delay and starts measuring distances. */
  async function lookAt(target: Vector3, from: Vector3): Promise<void> {
    await viewer.setView(target.clone().add(from), target, { immediate: true });
    await until(() => performance.now() - viewer.navigation.lastViewJumpTime > MOVE_DELAY_MS, 5000, 'the move delay');
    // A click away from what the test clicks first, so that its first click is no double click.
    await sendMouse({ type: 'click', position: canvasPoint(viewer, 0.02, 0.02) });
    measureExt.setMode('distance');
    await frames(2);
  }

  it('measures a post 7.5e8 mm from the origin exactly, in the model unit, also exploded', async () => {
    const url = URL.createObjectURL(new Blob([buildingIfc(BUILDING, FAR_SITE_METRES)]));
    const model = await viewer.loadModel(url, { fileExtension: 'ifc' });
    expect(model.getUnitString()).to.equal('mm');
    const post = Array.from(model.fragments.dbIds).find((dbId) => model.getInstanceTree().getNodeName(dbId) === POST.name)!;
    const side = POST.size[2] * 1000;
    for (const scale of [0, 0.6]) {
      viewer.explode(scale);
      const box = viewer.getBoundsOf([post], model);
      expect(box.min.x).to.be.greaterThan(7e8);
      const size = box.getSize(new Vector3());
      await lookAt(box.getCenter(new Vector3()), new Vector3(0.9, -1.3, 0.8).multiplyScalar(size.x * 3));
      const top = corner(box, 1, 0, 1), bottom = corner(box, 1, 0, 0);
      const m = await measure(viewer, [top, bottom], [2, 2]);
      expect(m!.picks.map((p) => p.geomType), `explode ${scale}`).to.deep.equal([SnapGeometry.VERTEX, SnapGeometry.VERTEX]);
      expect(closeRelative(m!.results.distanceXYZ, side), `${m!.results.distanceXYZ} mm at explode ${scale}`).to.equal(true);
      expect(closeRelative(m!.results.distanceZ, side)).to.equal(true);
      // Real coordinates, to 3 decimals of the model unit.
      expect(Math.abs(m!.picks[0].x - top.x) + Math.abs(m!.picks[0].y - top.y) + Math.abs(m!.picks[0].z - top.z)).to.be.lessThan(1e-3);
      expect(measureExt.formatResults(m!).distanceXYZ).to.equal(`${side.toFixed(3)} mm`);
    }
    URL.revokeObjectURL(url);
  });

  it("snaps a circle's centre on an edge of 8 or more vertices on a circle, and no rim vertex", async () => {
    const radius = 1, height = 1;
    const url = cylinderGltfUrl(radius, height, 24);
    await viewer.loadModel(url, { fileExtension: 'gltf' });
    const box = viewer.getVisibleBounds();
    const centre = box.getCenter(new Vector3());
    const topCentre = new Vector3(centre.x, box.max.y, centre.z);
    await lookAt(centre, new Vector3(1.5, 3.2, 4.5));
    // A point of the rim half way between two of its vertices, nearest the camera.
    const rim = new Vector3(Math.cos(Math.PI / 24 + Math.PI / 12 * 1), 0, Math.sin(Math.PI / 24 + Math.PI / 12 * 1)).multiplyScalar(radius).add(topCentre);
    const snap = await hoverSnap(viewer, pagePointOf(viewer, rim));
    expect(snap?.geomType).to.equal(SnapGeometry.CIRCLE_CENTER);
    const step = 2 / 65535; // the fragment's quantization step (its box's largest side over 65535)
    expect(snap!.intersectPoint.distanceTo(topCentre)).to.be.lessThan(2 * step);
    expect(snap!.circularArcRadius).to.be.closeTo(radius, 2 * step);
    // A rim vertex is no corner: it gives the centre too.
    const vertex = new Vector3(Math.cos(Math.PI / 6), 0, Math.sin(Math.PI / 6)).multiplyScalar(radius).add(topCentre);
    expect((await hoverSnap(viewer, pagePointOf(viewer, vertex)))?.geomType).to.equal(SnapGeometry.CIRCLE_CENTER);
    // The middle of the cap is a face.
    expect((await hoverSnap(viewer, pagePointOf(viewer, topCentre.clone().add(new Vector3(0.2, 0, 0.2)))))?.geomType).to.equal(SnapGeometry.FACE);
  });

  it('derives edges only for fragments near the pointer (AC20-FZK-Haus.ifc)', async () => {
    const model = await viewer.loadModel(sampleUrl('ifc/AC20-FZK-Haus.ifc'));
    await viewer.fitToView(null, null, true);
    await lookAt(viewer.getVisibleBounds().getCenter(new Vector3()), viewer.navigation.getCamera().position.clone().sub(viewer.getVisibleBounds().getCenter(new Vector3())));
    const snapper = (measureExt.getTool() as unknown as { snapper: { edges: { countFor(m: Model): number } } }).snapper;
    expect(snapper.edges.countFor(model)).to.equal(0);
    const snap = await hoverSnap(viewer, canvasPoint(viewer, 0.5, 0.5));
    expect(snap, 'the house is under the pointer').to.not.equal(null);
    const derived = snapper.edges.countFor(model);
    expect(derived).to.be.greaterThan(0);
    // Those whose boxes the pointer's ray passes within the detect radius of, in front of the surface hit.
    expect(derived, `${derived} of ${model.fragments.count} fragments`).to.be.lessThan(model.fragments.count);
  });
});
