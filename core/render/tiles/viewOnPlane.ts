import { type Camera, Matrix4, Vector3, type Vector2 } from 'three';

const NEAR = new Vector3();
const FAR = new Vector3();
const INVERSE = new Matrix4();
const CORNERS = [-1, -1, 1, -1, -1, 1, 1, 1];
const POINTS = [new Vector3(), new Vector3(), new Vector3(), new Vector3()];

/**
 * The view's corners on the layer's plane (z = 0 of its local space): their bounding rectangle and the
 * local units per screen pixel along the view's x and y; null when a corner's ray misses the plane.
 */
export function viewOnPlane(camera: Camera, matrixWorld: Matrix4, size: Vector2): { minX: number; minY: number; maxX: number; maxY: number; unitsPerPixelX: number; unitsPerPixelY: number } | null {
  INVERSE.copy(matrixWorld).invert();
  for (let i = 0; i < 4; i++) {
    NEAR.set(CORNERS[i * 2], CORNERS[i * 2 + 1], -1).unproject(camera).applyMatrix4(INVERSE);
    FAR.set(CORNERS[i * 2], CORNERS[i * 2 + 1], 1).unproject(camera).applyMatrix4(INVERSE);
    const dz = NEAR.z - FAR.z;
    if (Math.abs(dz) < 1e-12) return null;
    const t = NEAR.z / dz;
    if (!(t >= 0) || !Number.isFinite(t)) return null;
    POINTS[i].copy(NEAR).lerp(FAR, t);
  }
  const [a, b, c] = POINTS;
  return {
    minX: Math.min(...POINTS.map((p) => p.x)),
    maxX: Math.max(...POINTS.map((p) => p.x)),
    minY: Math.min(...POINTS.map((p) => p.y)),
    maxY: Math.max(...POINTS.map((p) => p.y)),
    unitsPerPixelX: a.distanceTo(b) / size.x,
    unitsPerPixelY: a.distanceTo(c) / size.y,
  };
}
