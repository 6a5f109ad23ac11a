import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import { type Model, Viewer } from '../../../../core/index.js';
import type { MeasureExtension } from '../../../../core/extensions/measure/MeasureExtension.js';
import { SnapGeometry } from '../../../../core/extensions/measure/Snapper.js';
import { MOVE_DELAY_MS } from '../../../../core/tools/ToolController.js';
import { createContainer, frames, sampleUrl, until } from '../../../support/helpers.js';
import { canvasPoint } from '../../../support/navigationInput.js';
import { closeRelative, corner, measure } from './measureSupport.js';

/** Feet to metres, exactly (the international foot). */
const METRES_PER_FOOT = 0.3048;

describe('measuring the SVF sample, a model in feet (bim-sample)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let model: Model;
  let measureExt: MeasureExtension;

  before(async () => {
    container = createContainer(320, 240);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    measureExt = await viewer.loadExtension<MeasureExtension>('measure');
    model = await viewer.loadModel(sampleUrl('svf/bim-sample/0.svf'));
    await new Promise<void>((resolve) => (model.isGeometryLoaded ? resolve() : viewer.addEventListener('geometry-loaded', () => resolve())));
  });
  after(() => {
    viewer.finish();
    container.remove();
  });

  it('measures an edge of a box-shaped object in feet, and shows it in metres and millimetres converted exactly', async () => {
    expect(model.getUnitString()).to.equal('ft');
    // A box of the lift shaft's converter: 12 triangles, its world box's corners are its own corners.
    const tree = model.getInstanceTree();
    const fragId = Array.from({ length: model.fragments.count }, (_, i) => i).find((i) => tree.getNodeName(model.fragments.dbIds[i]) === 'Shaft0.Components.Converter')!;
    expect(model.fragments.indexCounts[fragId] / 3, 'a box').to.equal(12);
    const dbId = model.fragments.dbIds[fragId];
    viewer.isolate([dbId], model);
    const box = viewer.getBoundsOf([dbId], model);
    const size = box.getSize(new Vector3());
    const centre = box.getCenter(new Vector3());
    await viewer.setView(centre.clone().add(new Vector3(1.2, 0.9, 1.5).multiplyScalar(size.length() * 1.6)), centre, { immediate: true });
    await until(() => performance.now() - viewer.navigation.lastViewJumpTime > MOVE_DELAY_MS, 5000, 'the move delay');
    await sendMouse({ type: 'click', position: canvasPoint(viewer, 0.02, 0.02) });
    measureExt.setMode('distance');
    measureExt.setUnits(null);
    measureExt.setPrecision(3);
    await frames(2);

    // Along the box's longest side: its positions are stored in steps of that side / 65535, so both ends are exact.
    expect(size.z).to.be.greaterThan(Math.max(size.x, size.y));
    const m = await measure(viewer, [corner(box, 1, 1, 1), corner(box, 1, 1, 0)], [2, 2]);
    expect(m?.isComplete).to.equal(true);
    expect(m!.picks.map((p) => p.geomType)).to.deep.equal([SnapGeometry.VERTEX, SnapGeometry.VERTEX]);
    // In the model's unit, feet: the box's depth.
    expect(closeRelative(m!.results.distanceXYZ, size.z), `${m!.results.distanceXYZ} ft vs ${size.z}`).to.equal(true);
    expect(closeRelative(m!.results.distanceZ, size.z)).to.equal(true);
    expect(measureExt.getUnits()).to.equal('ft');
    expect(measureExt.formatResults(m!).distanceXYZ).to.equal(`${size.z.toFixed(3)} ft`);
    expect(measureExt.setUnits('m')).to.equal(true);
    expect(measureExt.formatResults(m!).distanceXYZ).to.equal(`${(size.z * METRES_PER_FOOT).toFixed(3)} m`);
    expect(measureExt.setUnits('mm')).to.equal(true);
    expect(measureExt.formatResults(m!).distanceZ).to.equal(`${(size.z * METRES_PER_FOOT * 1000).toFixed(3)} mm`);
    measureExt.setUnits(null);
    viewer.showAll();
  });
});
