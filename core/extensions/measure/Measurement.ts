import { Vector3 } from 'three';

/** Spec 001 §3 "Measurement": the type table. */
export const MeasurementType = {
  DISTANCE: 1,
  ANGLE: 2,
  AREA: 3,
  CALIBRATION: 4,
} as const;
export type MeasurementTypeValue = (typeof MeasurementType)[keyof typeof MeasurementType];

/** What the user measures: the measure tool's modes (calibrate picks two points of a known length). */
export type MeasureMode = 'distance' | 'angle' | 'area' | 'calibrate';

export const MEASURE_MODES: readonly MeasureMode[] = ['distance', 'angle', 'area', 'calibrate'];

export const MEASUREMENT_TYPE_OF_MODE: Readonly<Record<MeasureMode, MeasurementTypeValue>> = {
  distance: MeasurementType.DISTANCE,
  angle: MeasurementType.ANGLE,
  area: MeasurementType.AREA,
  calibrate: MeasurementType.CALIBRATION,
};

/** Spec 001 §5, §9: points closer than this (model units) coincide, and make a measurement invalid. */
export const MEASURE_EPSILON = 1e-4;
/** Spec 001 §5: a segment within this (a cosine) of square to an edge, or of along a face's normal, is perpendicular. */
export const PERPENDICULAR_TOLERANCE = 0.05;

/** Messages of the validity rules (spec 001 §5). */
export const MeasurementProblem = {
  COINCIDENT: 'The points coincide.',
  ANGLE_NOT_DISTINCT: 'An angle needs 3 distinct points.',
} as const;

/** One point of a measurement, in real coordinates (model units), and what it snapped to. */
export interface MeasurePick {
  x: number;
  y: number;
  z: number;
  /** Spec 001 §3 "Snap result" geomType (0 vertex … 4 face). */
  geomType: number;
  /** The object picked (dbId), or -1. */
  dbId: number;
  /** The id of the model picked, or ''. */
  modelId: string;
}

/** Spec 001 §3: a measurement's results; lengths and areas in model units with the calibration applied. */
export interface MeasurementResults {
  distanceX?: number;
  distanceY?: number;
  distanceZ?: number;
  distanceXYZ?: number;
  /** Degrees. */
  angle?: number;
  area?: number;
}

/** Spec 001 §3 "Measurement". Plain data: it goes into the viewer state as it is. */
export interface Measurement {
  id: number;
  measurementType: MeasurementTypeValue;
  picks: MeasurePick[];
  closedArea: boolean;
  /** The model's calibration scale when it was measured (1 without calibration); results include it. */
  scale: number;
  results: MeasurementResults;
  /** All picks filled (spec 001 §4): 2 for a distance or a calibration, 3 for an angle, a closed area. */
  isComplete: boolean;
  /** The validity rule it breaks (MeasurementProblem), or null. */
  problem: string | null;
}

/** How many picks a type takes (an area any number, until closed). */
export function requiredPicks(type: MeasurementTypeValue): number {
  if (type === MeasurementType.ANGLE) return 3;
  if (type === MeasurementType.AREA) return Infinity;
  return 2;
}

export function pickVector(pick: MeasurePick): Vector3 {
  return new Vector3(pick.x, pick.y, pick.z);
}

/** Whether two picks are one point (spec 001 §5: within 1e-4). */
export function picksCoincide(a: MeasurePick, b: MeasurePick): boolean {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z) <= MEASURE_EPSILON;
}

/** The validity rule the picks break (spec 001 §5), or null. */
export function measurementProblem(type: MeasurementTypeValue, picks: readonly MeasurePick[]): string | null {
  if (type === MeasurementType.ANGLE) {
    for (let i = 0; i < picks.length; i++) for (let j = i + 1; j < picks.length; j++) if (picksCoincide(picks[i], picks[j])) return MeasurementProblem.ANGLE_NOT_DISTINCT;
    return null;
  }
  for (let i = 1; i < picks.length; i++) if (picksCoincide(picks[i - 1], picks[i])) return MeasurementProblem.COINCIDENT;
  return null;
}

/**
 * The results of picks (spec 001 §3). Lengths are scaled by `scale` (the model's calibration), areas by its
 * square. Differences are taken before anything is added up, so that points far from the origin keep
 * their precision.
 */
export function computeResults(type: MeasurementTypeValue, picks: readonly MeasurePick[], scale = 1): MeasurementResults {
  if ((type === MeasurementType.DISTANCE || type === MeasurementType.CALIBRATION) && picks.length >= 2) {
    const [a, b] = picks;
    const dx = Math.abs(b.x - a.x) * scale, dy = Math.abs(b.y - a.y) * scale, dz = Math.abs(b.z - a.z) * scale;
    return { distanceX: dx, distanceY: dy, distanceZ: dz, distanceXYZ: Math.hypot(dx, dy, dz) };
  }
  if (type === MeasurementType.ANGLE && picks.length >= 3) {
    const vertex = pickVector(picks[1]);
    const first = pickVector(picks[0]).sub(vertex);
    const last = pickVector(picks[2]).sub(vertex);
    return { angle: (first.angleTo(last) * 180) / Math.PI };
  }
  if (type === MeasurementType.AREA && picks.length >= 3) return { area: polygonArea(picks) * scale * scale };
  return {};
}

/** The area of a (planar) polygon in 3D: half the length of the sum of its edges' cross products (Newell). */
export function polygonArea(picks: readonly MeasurePick[]): number {
  const origin = picks[0];
  let nx = 0, ny = 0, nz = 0;
  for (let i = 0; i < picks.length; i++) {
    const p = picks[i], q = picks[(i + 1) % picks.length];
    const px = p.x - origin.x, py = p.y - origin.y, pz = p.z - origin.z;
    const qx = q.x - origin.x, qy = q.y - origin.y, qz = q.z - origin.z;
    nx += py * qz - pz * qy;
    ny += pz * qx - px * qz;
    nz += px * qy - py * qx;
  }
  return Math.hypot(nx, ny, nz) / 2;
}

/** A measurement from its picks: results, completeness and validity. */
export function buildMeasurement(id: number, type: MeasurementTypeValue, picks: readonly MeasurePick[], closedArea: boolean, scale = 1): Measurement {
  const problem = measurementProblem(type, picks);
  const isComplete = type === MeasurementType.AREA ? closedArea && picks.length >= 3 : picks.length === requiredPicks(type);
  return {
    id,
    measurementType: type,
    picks: picks.map((pick) => ({ ...pick })),
    closedArea: type === MeasurementType.AREA && closedArea,
    scale,
    results: problem ? {} : computeResults(type, picks, scale),
    isComplete,
    problem,
  };
}

/** A pick read back from saved state, or null when it is not one. */
export function readPick(value: unknown): MeasurePick | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const [x, y, z] = [Number(v.x), Number(v.y), Number(v.z)];
  if (![x, y, z].every(Number.isFinite)) return null;
  return { x, y, z, geomType: Number.isInteger(v.geomType) ? (v.geomType as number) : 4, dbId: Number.isInteger(v.dbId) ? (v.dbId as number) : -1, modelId: typeof v.modelId === 'string' ? v.modelId : '' };
}

/** The detail of `measure-change`: every measurement (the one in progress last), the mode, the one just completed. */
export interface MeasureChangeDetail {
  measurements: Measurement[];
  mode: MeasureMode;
  /** The measurement just completed (or refused: its `problem` says why), else null. */
  last: Measurement | null;
  /** Calibration picks wait for their true length (calibrate(length)). */
  isCalibrationPending: boolean;
}
