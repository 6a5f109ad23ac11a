import type { Model } from '../../model/Model.js';
import { getUnitScale, parsePositiveUnitText } from '../../model/units.js';
import { clampPrecision, type DisplayUnit, formatAngle, formatArea, formatLength, readDisplayUnit } from '../../model/unitFormat.js';
import { dimensionsText, type DimensionsText } from './dimensionsText.js';
import { buildMeasurement, type MeasurePick, type Measurement, MeasurementType } from './Measurement.js';
import type { MeasureState } from './measureState.js';
import type { ObjectDimensions } from './objectMeasures.js';

/** The formatted results of a measurement, in the extension's units and precision. */
export interface FormattedResults {
  distanceX?: string;
  distanceY?: string;
  distanceZ?: string;
  distanceXYZ?: string;
  angle?: string;
  area?: string;
}

/**
 * What the measure extension shows results in (spec 001 §3 units, §5 unit text, §9 precision): the unit
 * the user picked (or the model's own), the precision, and each model's calibration (true length over
 * measured length, by model URL). Part of the measure state.
 */
export class MeasureUnits {
  /** The unit the user picked, or null while results show in the model's own. */
  picked: DisplayUnit | null = null;
  precision = clampPrecision(undefined);
  private calibration = new Map<string, number>();

  /** `modelUnit`: the display unit of the viewer's model, if any. */
  constructor(private readonly modelUnit: () => string | undefined) {}

  /** Picks a unit ('mm', 'cm', 'm', 'in', 'ft', 'ft-in'), or the model's own (null); false for another. */
  pick(unit: string | null): boolean {
    const read = unit === null ? null : readDisplayUnit(unit);
    if (unit !== null && !read) return false;
    this.picked = read;
    return true;
  }

  /** The unit results show in: the one picked, else the model's. */
  shown(): DisplayUnit {
    return this.picked ?? readDisplayUnit(this.modelUnit()) ?? 'm';
  }

  setPrecision(precision: number): void {
    this.precision = clampPrecision(precision);
  }

  /** The calibration scale of a model (1 when it has none). */
  scaleOf(model: Model | null): number {
    return this.calibration.get(model?.url ?? '') ?? 1;
  }

  /**
   * Calibrates a model from two picks and their true length (a number in the shown unit, or unit text);
   * false when the length is not a positive length or the picks coincide.
   */
  calibrate(model: Model | null, picks: MeasurePick[], length: number | string): boolean {
    const modelUnit = model?.getUnitString() || 'm';
    const shown = this.shown() === 'ft-in' ? 'in' : this.shown();
    const trueLength = typeof length === 'number' ? (length > 0 ? (length * getUnitScale(shown)) / getUnitScale(modelUnit) : NaN) : parsePositiveUnitText(length, shown, modelUnit);
    const measured = buildMeasurement(0, MeasurementType.DISTANCE, picks, false).results.distanceXYZ ?? 0;
    if (!(trueLength > 0) || !(measured > 0)) return false;
    this.calibration.set(model?.url ?? '', trueLength / measured);
    return true;
  }

  /** A measurement's results as text, from the unit of the model it was made on. */
  format(measurement: Measurement, modelUnit: string): FormattedResults {
    const unit = this.shown();
    const r = measurement.results;
    const out: FormattedResults = {};
    for (const key of ['distanceX', 'distanceY', 'distanceZ', 'distanceXYZ'] as const) if (r[key] !== undefined) out[key] = formatLength(r[key], modelUnit, unit, this.precision);
    if (r.angle !== undefined) out.angle = formatAngle(r.angle, this.precision);
    if (r.area !== undefined) out.area = formatArea(r.area, modelUnit, unit, this.precision);
    return out;
  }

  /** An object's dimensions as text (the box with its model's calibration). */
  formatDimensions(dimensions: ObjectDimensions): DimensionsText {
    return dimensionsText(dimensions, this.scaleOf(dimensions.model), this.shown(), this.precision);
  }

  save(): Omit<MeasureState, 'measurements'> {
    return { units: this.picked, precision: this.precision, calibration: Object.fromEntries(this.calibration) };
  }

  restore(saved: Omit<MeasureState, 'measurements'>): void {
    this.picked = saved.units;
    this.precision = saved.precision;
    this.calibration = new Map(Object.entries(saved.calibration));
  }
}
