import { clampPrecision, type DisplayUnit, readDisplayUnit } from '../../model/unitFormat.js';
import { type MeasurePick, type Measurement, MeasurementType, type MeasurementTypeValue, readPick } from './Measurement.js';

/** The measure extension's key of the viewer state (spec 001 §3: "Extensions may add their own state"). */
export interface MeasureState {
  measurements: { id: number; measurementType: MeasurementTypeValue; picks: MeasurePick[]; closedArea: boolean; scale: number }[];
  /** The unit picked, or null for the model's own. */
  units: DisplayUnit | null;
  precision: number;
  /** Calibration scale by model URL. */
  calibration: Record<string, number>;
}

const TYPES: readonly number[] = [MeasurementType.DISTANCE, MeasurementType.ANGLE, MeasurementType.AREA];

/** A saved measure state read back, leaving out what is not a measurement; null when it is not one at all. */
export function readMeasureState(value: unknown): MeasureState | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const measurements: MeasureState['measurements'] = [];
  for (const entry of Array.isArray(v.measurements) ? v.measurements : []) {
    if (!entry || typeof entry !== 'object') continue;
    const m = entry as Record<string, unknown>;
    const picks = Array.isArray(m.picks) ? m.picks.map(readPick) : [];
    if (!TYPES.includes(m.measurementType as number) || !Number.isInteger(m.id) || picks.length < 2 || picks.some((p) => p === null)) continue;
    const scale = Number(m.scale);
    measurements.push({ id: m.id as number, measurementType: m.measurementType as MeasurementTypeValue, picks: picks as MeasurePick[], closedArea: m.closedArea === true, scale: scale > 0 ? scale : 1 });
  }
  const calibration: Record<string, number> = {};
  if (v.calibration && typeof v.calibration === 'object') {
    for (const [url, scale] of Object.entries(v.calibration as Record<string, unknown>)) if (typeof scale === 'number' && scale > 0) calibration[url] = scale;
  }
  return { measurements, units: v.units === null ? null : readDisplayUnit(v.units), precision: clampPrecision(v.precision), calibration };
}

/** The measure state to save: the completed measurements (their picks; results are worked out again) and the units (a copy). */
export function saveMeasureState(measurements: readonly Measurement[], units: Omit<MeasureState, 'measurements'>): MeasureState {
  const saved: MeasureState = { measurements: measurements.map((m) => ({ id: m.id, measurementType: m.measurementType, picks: m.picks, closedArea: m.closedArea, scale: m.scale })), ...units };
  return structuredClone(saved);
}
