import { Box3, Matrix4, Vector3 } from 'three';

type Metadata = Record<string, Record<string, unknown> | undefined>;

/**
 * The reference point transform an SVF's metadata carries (the georeferenced position of the model, used
 * with the `applyRefPoint` load option): `refPointTransform` (12 numbers, a 3×4 affine matrix column by
 * column, or 16 column-major) at the top of the metadata or among its custom values; else the translation
 * `georeference.refPointLMV`, turned by `custom values.angleToTrueNorth` (degrees) about the world up vector.
 * Null when it has none.
 */
export function svfRefPoint(metadata: Metadata): Matrix4 | null {
  const custom = metadata['custom values'] ?? {};
  const matrix = asMatrix(custom.refPointTransform) ?? asMatrix(metadata.refPointTransform);
  if (matrix) return matrix;
  const point = metadata.georeference?.refPointLMV;
  if (!isNumbers(point, 3)) return null;
  const angle = Number(custom.angleToTrueNorth);
  const up = metadata['world up vector']?.XYZ;
  const axis = isNumbers(up, 3) ? new Vector3().fromArray(up).normalize() : new Vector3(0, 0, 1);
  const turn = Number.isFinite(angle) && angle !== 0 ? new Matrix4().makeRotationAxis(axis, (angle * Math.PI) / 180) : new Matrix4();
  return new Matrix4().makeTranslation(point[0], point[1], point[2]).multiply(turn);
}

/**
 * The SVF's box in its own coordinates, in doubles: the metadata's world bounding box where it has one,
 * else the union of the fragment boxes (inverted ones are unknown).
 */
export function svfFileBounds(metadata: Metadata, fragmentBoxes: Float64Array): Box3 {
  const box = metadata['world bounding box'] as { minXYZ?: unknown; maxXYZ?: unknown } | undefined;
  if (isNumbers(box?.minXYZ, 3) && isNumbers(box?.maxXYZ, 3) && box.minXYZ[0] <= box.maxXYZ[0]) {
    return new Box3(new Vector3().fromArray(box.minXYZ), new Vector3().fromArray(box.maxXYZ));
  }
  const bounds = new Box3();
  const min = new Vector3();
  const max = new Vector3();
  for (let o = 0; o < fragmentBoxes.length; o += 6) {
    if (!(fragmentBoxes[o] <= fragmentBoxes[o + 3])) continue;
    bounds.expandByPoint(min.fromArray(fragmentBoxes, o));
    bounds.expandByPoint(max.fromArray(fragmentBoxes, o + 3));
  }
  return bounds;
}

function asMatrix(value: unknown): Matrix4 | null {
  if (isNumbers(value, 16)) return new Matrix4().fromArray(value);
  if (!isNumbers(value, 12)) return null;
  const m = new Matrix4();
  const e = m.elements;
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 3; row++) e[column * 4 + row] = value[column * 3 + row];
  }
  return m;
}

function isNumbers(value: unknown, length: number): value is number[] {
  return Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'number' && Number.isFinite(v));
}
