import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { type Model, Viewer } from '../../../../core/index.js';
import type { MeasureExtension } from '../../../../core/extensions/measure/MeasureExtension.js';
import { MeasurementType } from '../../../../core/extensions/measure/Measurement.js';
import { objectTriangles } from '../../../../core/extensions/measure/objectGeometry.js';
import { BUILDING, buildingIfc, FAR_SITE_METRES, POST, realBox } from '../../../support/farBuilding.js';
import { createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';
import { closeRelative } from './measureSupport.js';
import { boxesGlbUrl, boxGap, bruteForceDistance, dbIdNamed } from './objectMeasureSupport.js';

/**
 * Two boxes 0.3 apart along X and 0.4 along Y, overlapping in Z: their gap is 0.5 (file units, metres).
 * The viewer keeps positions as 16-bit steps of each object's box (its longest side / 65535): the sides
 * are fifths of the longest, which that grid holds exactly, so exact values stay exact to 1e-6.
 */
const BOX_A = { name: 'A', min: [0, 0, 0], max: [1, 0.6, 0.8] };
const BOX_B = { name: 'B', min: [1.3, 1, 0.1], max: [2.05, 1.75, 0.55] };
const GAP = Math.hypot(BOX_B.min[0] - BOX_A.max[0], BOX_B.min[1] - BOX_A.max[1]);

describe('object measures: the minimum distance between two objects, and an object\'s dimensions', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let measureExt: MeasureExtension;

  beforeEach(async () => {
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    measureExt = await viewer.loadExtension<MeasureExtension>('measure');
    await viewer.loadExtension('explode');
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  async function loadBoxes(): Promise<{ model: Model; a: number; b: number }> {
    const url = await boxesGlbUrl([BOX_A, BOX_B]);
    const model = await viewer.loadModel(url, { fileExtension: 'glb' });
    URL.revokeObjectURL(url);
    return { model, a: dbIdNamed(model, 'A'), b: dbIdNamed(model, 'B') };
  }

  it('measures the gap between two generated boxes, with its X, Y and Z, also exploded', async () => {
    const { model, a, b } = await loadBoxes();
    viewer.select([a], model);
    expect(measureExt.measureSelection(), 'one object selected').to.equal(null);
    viewer.select([a, b], model);
    const changed = nextEvent(viewer, 'measure-change', 5000);
    const m = measureExt.measureSelection()!;
    expect((await changed).last?.id).to.equal(m.id);
    expect(m.measurementType).to.equal(MeasurementType.DISTANCE);
    expect(m.isComplete).to.equal(true);
    expect(closeRelative(m.results.distanceXYZ, GAP), `${m.results.distanceXYZ}`).to.equal(true);
    expect(measureExt.getMeasurements().map((x) => x.id)).to.deep.equal([m.id]);
    expect(m.picks.map((p) => p.dbId)).to.deep.equal([a, b]);
    for (const scale of [0, 0.8]) {
      viewer.explode(scale);
      const boxA = viewer.getBoundsOf([a], model), boxB = viewer.getBoundsOf([b], model);
      const expected = boxGap(boxA, boxB);
      if (scale > 0) expect(expected, 'explode moves the boxes apart').to.be.greaterThan(GAP * 1.05);
      const d = measureExt.measureSelection()!;
      expect(closeRelative(d.results.distanceXYZ, expected), `explode ${scale}: ${d.results.distanceXYZ} vs ${expected}`).to.equal(true);
      // Each component is the gap along its axis (the boxes overlap along one axis: 0 there).
      for (const [key, axis] of [['distanceX', 0], ['distanceY', 1], ['distanceZ', 2]] as const) {
        const along = Math.max(0, boxB.min.getComponent(axis) - boxA.max.getComponent(axis), boxA.min.getComponent(axis) - boxB.max.getComponent(axis));
        expect(Math.abs(d.results[key]! - along), `${key} at explode ${scale}`).to.be.lessThan(1e-6 * GAP);
      }
      // The points lie on the boxes.
      expect(boxA.distanceToPoint(new Vector3(d.picks[0].x, d.picks[0].y, d.picks[0].z))).to.be.lessThan(1e-6);
      expect(boxB.distanceToPoint(new Vector3(d.picks[1].x, d.picks[1].y, d.picks[1].z))).to.be.lessThan(1e-6);
    }
  });

  it('measures between objects 7.5e8 mm from the origin exactly, in real coordinates', async () => {
    const url = URL.createObjectURL(new Blob([buildingIfc(BUILDING, FAR_SITE_METRES)]));
    const model = await viewer.loadModel(url, { fileExtension: 'ifc' });
    URL.revokeObjectURL(url);
    expect(model.getUnitString()).to.equal('mm');
    const beam = BUILDING.find((b) => b.name === 'Beam')!;
    viewer.select([dbIdNamed(model, POST.name), dbIdNamed(model, beam.name)], model);
    const m = measureExt.measureSelection()!;
    const expected = boxGap(realBox(POST, FAR_SITE_METRES, 1000), realBox(beam, FAR_SITE_METRES, 1000));
    expect(closeRelative(m.results.distanceXYZ, expected), `${m.results.distanceXYZ} vs ${expected} mm`).to.equal(true);
    expect(m.picks[0].x, 'real coordinates').to.be.greaterThan(7e8);
    expect(realBox(POST, FAR_SITE_METRES, 1000).distanceToPoint(new Vector3(m.picks[0].x, m.picks[0].y, m.picks[0].z))).to.be.lessThan(1e-3);
  });

  it('finds the closest points of two real objects (car.glb) as a brute-force search does', async () => {
    const model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    const objects = ['Front Lights', 'Grille'].map((name) => ({ model, dbId: dbIdNamed(model, name) }));
    const triangles = objects.map((o) => objectTriangles(o, new Vector3()).positions);
    expect(triangles[0].length / 9).to.be.greaterThan(100);
    const expected = bruteForceDistance(triangles[0], triangles[1]);
    expect(expected).to.be.greaterThan(0);
    viewer.select(objects.map((o) => o.dbId), model);
    const m = measureExt.measureSelection()!;
    expect(m.problem).to.equal(null);
    expect(closeRelative(m.results.distanceXYZ, expected, 1e-5), `${m.results.distanceXYZ} vs ${expected}`).to.equal(true);
    // Each point lies on its own object's surface.
    m.picks.forEach((pick, i) => {
      const onSurface = bruteForceDistance([pick.x, pick.y, pick.z, pick.x, pick.y, pick.z, pick.x, pick.y, pick.z], triangles[i]);
      expect(onSurface, `pick ${i} on ${objects[i].dbId}`).to.be.lessThan(1e-5 * expected);
    });
  });

  it('gives a glTF box\'s own size, in the display unit', async () => {
    const { model, a } = await loadBoxes();
    viewer.select([a], model);
    const dimensions = (await measureExt.getSelectedDimensions())!;
    const size = viewer.getBoundsOf([a], model).getSize(new Vector3());
    expect(closeRelative(dimensions.size.x, size.x) && closeRelative(dimensions.size.y, size.y) && closeRelative(dimensions.size.z, size.z), JSON.stringify(dimensions.size)).to.equal(true);
    // The file's sides, whichever way up the model was turned.
    const sides = [dimensions.size.x, dimensions.size.y, dimensions.size.z].sort();
    const fileSides = BOX_A.max.map((max, axis) => max - BOX_A.min[axis]).sort();
    sides.forEach((side, i) => expect(closeRelative(side, fileSides[i])).to.equal(true));
    expect(dimensions.quantities).to.deep.equal([]);
    measureExt.setUnits('mm');
    measureExt.setPrecision(1);
    const text = measureExt.formatDimensions(dimensions);
    expect(text.x).to.equal(`${(size.x * 1000).toFixed(1)} mm`);
    viewer.select([a, dbIdNamed(model, 'B')], model);
    expect(await measureExt.getSelectedDimensions(), 'two objects selected').to.equal(null);
  });

  it('gives an IFC wall\'s length, area and volume as the property database has them (AC20-FZK-Haus.ifc)', async function () {
    this.timeout(120000);
    const model = await viewer.loadModel(sampleUrl('ifc/AC20-FZK-Haus.ifc'));
    const ids = [...new Set(Array.from(model.fragments.dbIds))];
    const all = await model.getBulkProperties(ids);
    const wall = all.find((r) => r.properties.some((p) => p.displayName === 'NetSideArea' && typeof p.displayValue === 'number'))!;
    expect(wall, 'a wall with base quantities').to.not.equal(undefined);
    const expected = (name: string) => wall.properties.find((p) => p.displayName === name && typeof p.displayValue === 'number')!;
    viewer.select([wall.dbId], model);
    const dimensions = (await measureExt.getSelectedDimensions())!;
    for (const name of ['Length', 'NetSideArea', 'GrossVolume']) {
      const q = dimensions.quantities.find((x) => x.name === name);
      expect(q, name).to.not.equal(undefined);
      expect(q!.value).to.equal(expected(name).displayValue);
      expect(q!.units).to.equal(expected(name).units || null);
    }
    expect(dimensions.quantities.find((q) => q.name === 'NetSideArea')!.kind).to.equal('area');
    expect(dimensions.quantities.find((q) => q.name === 'GrossVolume')!.kind).to.equal('volume');
    // The wall's length runs along its box's longer horizontal side, within a wall's width (corners overlap).
    const length = convertToModelUnit(expected('Length').displayValue as number, expected('Length').units, model);
    const width = convertToModelUnit(expected('Width').displayValue as number, expected('Width').units, model);
    const horizontal = Math.max(dimensions.size.x, dimensions.size.y);
    expect(Math.abs(horizontal - length), `box ${horizontal} vs Length ${length}`).to.be.at.most(width * 1.01);
    measureExt.setUnits('m');
    measureExt.setPrecision(3);
    const text = measureExt.formatDimensions(dimensions);
    const area = text.quantities.find((q) => q.name === 'NetSideArea')!.text;
    expect(area).to.match(/ m²$/);
    const areaUnit = expected('NetSideArea').units!.replace(/(²|\^?2)$/, '');
    expect(Number.parseFloat(area)).to.be.closeTo((expected('NetSideArea').displayValue as number) * METRES_PER[areaUnit] ** 2, 0.0005);
  });
});

const METRES_PER: Record<string, number> = { m: 1, cm: 0.01, mm: 0.001, ft: 0.3048, in: 0.0254 };

/** A value in a length unit ("m", "mm") in the model's unit. */
function convertToModelUnit(value: number, units: string | null, model: Model): number {
  return (value * METRES_PER[units ?? 'm']) / METRES_PER[model.getUnitString() || 'm'];
}
