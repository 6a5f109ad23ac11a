/** Spec 001 §3: camera defaults. */
export const DEFAULT_FOV = 45;
export const DEFAULT_NEAR = 0.1;
export const DEFAULT_FAR = 100000;

/** Spec 001 §5, §9: field of view is clamped to this range, in degrees. */
export const MIN_FOV = 6.88;
export const MAX_FOV = 100;

/** Spec 001 §9: fit to view leaves this share of the view empty on each side. */
export const FIT_MARGIN = 0.05;

/** Spec 001 §9: zoom limits relative to the size of what is loaded, and the minimum dolly distance. */
export const ZOOM_OUT_LIMIT_FACTOR = 2;
export const ZOOM_IN_LIMIT_FACTOR = 200;
export const MIN_DOLLY_DISTANCE = 1e-5;

/** Spec 000 §5: an up-vector change counts when the squared distance exceeds this. */
export const UP_VECTOR_CHANGE_EPSILON_SQ = 1e-4;

/** Spec 000 §9: zoom speed per wheel step. */
export const ZOOM_SPEED = 1.015;

/** Spec 000 §9: the wheel's delta is divided by this (1 in Firefox). */
export const WHEEL_DELTA_DIVISOR = 40;

/** Spec 001 §9: focal length is derived from the field of view with this scale (mm). */
export const FOCAL_LENGTH_SCALE = 12;

/** Spec 000 §5: camera values are reported rounded to this many decimals. */
export const CAMERA_DECIMALS = 3;

export function roundCameraValue(value: number): number {
  const factor = 10 ** CAMERA_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function clampFov(degrees: number): number {
  if (!Number.isFinite(degrees)) return DEFAULT_FOV;
  return Math.min(MAX_FOV, Math.max(MIN_FOV, degrees));
}

/** Spec 001 §9: focal length in mm for a vertical field of view, with the spec's 12 mm scale. */
export function focalLengthOf(fovDegrees: number): number {
  return FOCAL_LENGTH_SCALE / Math.tan((fovDegrees * Math.PI) / 360);
}

export function fovOfFocalLength(focalLength: number): number {
  return (2 * Math.atan(FOCAL_LENGTH_SCALE / focalLength) * 180) / Math.PI;
}
