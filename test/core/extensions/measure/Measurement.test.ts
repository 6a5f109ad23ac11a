import { expect } from '@esm-bundle/chai';
import { buildMeasurement, type MeasurePick, MeasurementProblem, MeasurementType, polygonArea } from '../../../../core/extensions/measure/Measurement.js';

const at = (x: number, y: number, z: number): MeasurePick => ({ x, y, z, geomType: 0, dbId: 1, modelId: 'm' });

describe('measurement model (spec 001 §3, §5)', () => {
  it('gives a distance its X, Y and Z components once both picks are filled', () => {
    const half = buildMeasurement(1, MeasurementType.DISTANCE, [at(1, 2, 3)], false);
    expect(half.isComplete).to.equal(false);
    expect(half.results).to.deep.equal({});
    const m = buildMeasurement(1, MeasurementType.DISTANCE, [at(1, 2, 3), at(4, -2, 3)], false);
    expect(m.isComplete).to.equal(true);
    expect(m.results).to.deep.equal({ distanceX: 3, distanceY: 4, distanceZ: 0, distanceXYZ: 5 });
  });

  it('keeps precision far from the origin', () => {
    const far = 7.5e8;
    const m = buildMeasurement(1, MeasurementType.DISTANCE, [at(far, far, 0), at(far + 0.5, far, 0)], false);
    expect(m.results.distanceXYZ).to.equal(0.5);
    const area = polygonArea([at(far, far, 3), at(far + 2, far, 3), at(far + 2, far + 3, 3), at(far, far + 3, 3)]);
    expect(area).to.equal(6);
  });

  it('is invalid when points coincide within 1e-4', () => {
    const m = buildMeasurement(1, MeasurementType.DISTANCE, [at(1, 1, 1), at(1, 1, 1 + 5e-5)], false);
    expect(m.problem).to.equal(MeasurementProblem.COINCIDENT);
    expect(m.results).to.deep.equal({});
    expect(buildMeasurement(1, MeasurementType.DISTANCE, [at(1, 1, 1), at(1, 1, 1 + 2e-4)], false).problem).to.equal(null);
  });

  it('measures an angle at its middle pick, from 3 distinct picks only', () => {
    const m = buildMeasurement(2, MeasurementType.ANGLE, [at(1, 0, 0), at(0, 0, 0), at(1, 1, 0)], false);
    expect(m.isComplete).to.equal(true);
    expect(m.results.angle).to.be.closeTo(45, 1e-12);
    const same = buildMeasurement(2, MeasurementType.ANGLE, [at(1, 0, 0), at(0, 0, 0), at(1, 0, 0)], false);
    expect(same.problem).to.equal(MeasurementProblem.ANGLE_NOT_DISTINCT);
  });

  it('measures an area once closed, scaled by the square of the calibration', () => {
    const picks = [at(0, 0, 0), at(2, 0, 0), at(2, 0, 3)];
    expect(buildMeasurement(3, MeasurementType.AREA, picks, false).isComplete).to.equal(false);
    const closed = buildMeasurement(3, MeasurementType.AREA, picks, true, 2);
    expect(closed.isComplete).to.equal(true);
    expect(closed.results.area).to.equal(3 * 4);
    expect(buildMeasurement(1, MeasurementType.DISTANCE, [at(0, 0, 0), at(0, 0, 3)], false, 2).results.distanceXYZ).to.equal(6);
  });
});
