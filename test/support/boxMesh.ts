/** A box's triangles, centred on the origin, for generated test models (see svfWriter.ts). */
export interface BoxMesh {
  positions: Float32Array;
  indices: Uint32Array | Uint16Array;
  normals?: Float32Array;
}

/** Outward normal of each face, and the two axes its corners run along (counter-clockwise seen from outside). */
const FACES: [number[], number[], number[]][] = [
  [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
  [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
  [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
  [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
  [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
];

/**
 * A width × depth × height box (x, y, z) centred on the origin. With normals: 24 vertices (flat faces) and
 * 16-bit indices; without: 8 shared corners and 32-bit indices.
 */
export function boxMesh(width: number, depth: number, height: number, withNormals = true): BoxMesh {
  const half = [width / 2, depth / 2, height / 2];
  if (!withNormals) {
    const positions = new Float32Array(24);
    for (let i = 0; i < 8; i++) for (let axis = 0; axis < 3; axis++) positions[i * 3 + axis] = (i >> axis) & 1 ? half[axis] : -half[axis];
    const corner = (p: number[]) => p.reduce((index, v, axis) => index | ((v > 0 ? 1 : 0) << axis), 0);
    const indices: number[] = [];
    for (const [n, u, v] of FACES) {
      const at = (su: number, sv: number) => corner(n.map((c, axis) => c + su * u[axis] + sv * v[axis]));
      indices.push(at(-1, -1), at(1, -1), at(1, 1), at(-1, -1), at(1, 1), at(-1, 1));
    }
    return { positions, indices: Uint32Array.from(indices) };
  }
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const [n, u, v] of FACES) {
    const base = positions.length / 3;
    for (const [su, sv] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      for (let axis = 0; axis < 3; axis++) positions.push((n[axis] + su * u[axis] + sv * v[axis]) * half[axis]);
      normals.push(...n);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions: Float32Array.from(positions), indices: Uint16Array.from(indices), normals: Float32Array.from(normals) };
}
