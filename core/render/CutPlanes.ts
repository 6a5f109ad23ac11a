import { Plane, Ray, Vector3 } from 'three';

/**
 * A cut plane as the spec's viewer state holds it (spec 001 §3 "Viewer state" `cutplanes`): [a, b, c, d],
 * world space. Geometry where a·x + b·y + c·z + d > 0 is cut away: the normal (a, b, c) points at the part
 * removed.
 */
export type CutPlane = [number, number, number, number];

/**
 * Reads a plane given as four numbers (an array) or as {x, y, z, w} (a three.js Vector4); null when it is
 * not one: fewer than four finite numbers, or a zero normal (spec 001 §5: "Cut planes need arrays of at
 * least 4 numbers").
 */
export function readCutPlane(value: unknown): CutPlane | null {
  let numbers: unknown[];
  if (Array.isArray(value)) numbers = value.slice(0, 4);
  else if (value && typeof value === 'object' && 'w' in value) {
    const v = value as { x?: unknown; y?: unknown; z?: unknown; w?: unknown };
    numbers = [v.x, v.y, v.z, v.w];
  } else return null;
  if (numbers.length < 4) return null;
  const plane = numbers.map(Number) as CutPlane;
  if (!plane.every(Number.isFinite)) return null;
  if (plane[0] === 0 && plane[1] === 0 && plane[2] === 0) return null;
  return plane;
}

/** The three.js clipping plane of a cut plane: three.js keeps the side where the distance is positive. */
export function toClippingPlane([a, b, c, d]: CutPlane): Plane {
  return new Plane(new Vector3(-a, -b, -c), -d).normalize();
}

/**
 * The stretch of a ray (distances from its origin, the direction normalised) that the clipping planes leave
 * visible: every plane keeps one half-space, so what is left is one span, or none.
 */
export function visibleSpan(ray: Ray, planes: readonly Plane[]): { near: number; far: number } | null {
  let near = 0;
  let far = Infinity;
  for (const plane of planes) {
    const start = plane.distanceToPoint(ray.origin);
    const rate = plane.normal.dot(ray.direction);
    if (rate === 0) {
      if (start < 0) return null;
      continue;
    }
    const crossing = -start / rate;
    if (rate > 0) near = Math.max(near, crossing);
    else far = Math.min(far, crossing);
  }
  return near <= far ? { near, far } : null;
}
