/**
 * Ear-clipping triangulation of a simple polygon given as flat [x0, y0, x1, y1, ...]. Profiles here
 * are small (I and C sections have 8-12 corners) and non-convex, so a plain fan would be wrong and a
 * general library would be overkill. Returns index triples, counter-clockwise.
 */
export function triangulate(points: readonly number[]): number[] {
  const count = points.length / 2;
  const ccw = signedArea(points) > 0;
  // Work on a counter-clockwise ring of indices so "convex" means a positive cross product.
  const ring: number[] = [];
  for (let i = 0; i < count; i++) ring.push(ccw ? i : count - 1 - i);
  const triangles: number[] = [];
  let guard = count * count;
  while (ring.length > 3 && guard-- > 0) {
    const ear = findEar(points, ring);
    const n = ring.length;
    triangles.push(ring[(ear + n - 1) % n], ring[ear], ring[(ear + 1) % n]);
    ring.splice(ear, 1);
  }
  if (ring.length === 3) triangles.push(ring[0], ring[1], ring[2]);
  return triangles;
}

/** Twice the signed area: positive for a counter-clockwise polygon. */
export function signedArea(points: readonly number[]): number {
  let area = 0;
  const count = points.length / 2;
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count;
    area += points[i * 2] * points[j * 2 + 1] - points[j * 2] * points[i * 2 + 1];
  }
  return area;
}

function findEar(points: readonly number[], ring: readonly number[]): number {
  const n = ring.length;
  let fallback = -1;
  for (let k = 0; k < n; k++) {
    const a = ring[(k + n - 1) % n], b = ring[k], c = ring[(k + 1) % n];
    const turn = cross(points, a, b, c);
    if (turn <= 1e-12) continue;
    if (fallback < 0) fallback = k;
    let blocked = false;
    for (const other of ring) {
      if (other === a || other === b || other === c) continue;
      if (insideOrOnTriangle(points, other, a, b, c)) {
        blocked = true;
        break;
      }
    }
    if (!blocked) return k;
  }
  // Only reached with degenerate input; clipping any convex corner still terminates.
  return fallback >= 0 ? fallback : 0;
}

function cross(p: readonly number[], a: number, b: number, c: number): number {
  return (p[b * 2] - p[a * 2]) * (p[c * 2 + 1] - p[a * 2 + 1]) - (p[b * 2 + 1] - p[a * 2 + 1]) * (p[c * 2] - p[a * 2]);
}

function insideOrOnTriangle(p: readonly number[], q: number, a: number, b: number, c: number): boolean {
  return cross(p, a, b, q) >= -1e-12 && cross(p, b, c, q) >= -1e-12 && cross(p, c, a, q) >= -1e-12;
}
