/**
 * Scratch geometry for one primitive: positions, normals and triangle indices in growing typed arrays.
 * One builder is reused for every element, so generating millions of triangles never creates
 * per-vertex JS objects or number arrays; the GLB writer copies the finished primitive out.
 */
export class GeometryBuilder {
  positions = new Float32Array(3 * 1024);
  normals = new Float32Array(3 * 1024);
  indices = new Uint32Array(3 * 1024);
  vertexCount = 0;
  indexCount = 0;

  reset(): void {
    this.vertexCount = 0;
    this.indexCount = 0;
  }

  get triangleCount(): number {
    return this.indexCount / 3;
  }

  /** Appends a vertex and returns its index. */
  vertex(x: number, y: number, z: number, nx: number, ny: number, nz: number): number {
    const index = this.vertexCount++;
    if (this.vertexCount * 3 > this.positions.length) this.growVertices();
    const at = index * 3;
    this.positions[at] = x;
    this.positions[at + 1] = y;
    this.positions[at + 2] = z;
    this.normals[at] = nx;
    this.normals[at + 1] = ny;
    this.normals[at + 2] = nz;
    return index;
  }

  triangle(a: number, b: number, c: number): void {
    if (this.indexCount + 3 > this.indices.length) this.indices = grow(this.indices, new Uint32Array(this.indices.length * 2));
    this.indices[this.indexCount++] = a;
    this.indices[this.indexCount++] = b;
    this.indices[this.indexCount++] = c;
  }

  /**
   * Two triangles over the quad a-b-c-d (given in either rotational order), wound counter-clockwise
   * when seen from the side `(nx, ny, nz)` points to, as glTF's front faces must be. Builders can list
   * corners in whatever order is natural and still get outward-facing triangles.
   */
  orientedQuad(a: number, b: number, c: number, d: number, nx: number, ny: number, nz: number): void {
    if (this.facing(a, b, c, nx, ny, nz) >= 0) {
      this.triangle(a, b, c);
      this.triangle(a, c, d);
    } else {
      this.triangle(a, c, b);
      this.triangle(a, d, c);
    }
  }

  /** Sign of the geometric normal of triangle a-b-c against a direction: > 0 when it faces it. */
  facing(a: number, b: number, c: number, nx: number, ny: number, nz: number): number {
    const p = this.positions;
    const ax = p[a * 3], ay = p[a * 3 + 1], az = p[a * 3 + 2];
    const ux = p[b * 3] - ax, uy = p[b * 3 + 1] - ay, uz = p[b * 3 + 2] - az;
    const vx = p[c * 3] - ax, vy = p[c * 3 + 1] - ay, vz = p[c * 3 + 2] - az;
    return (uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz;
  }

  private growVertices(): void {
    this.positions = grow(this.positions, new Float32Array(this.positions.length * 2));
    this.normals = grow(this.normals, new Float32Array(this.normals.length * 2));
  }
}

function grow<T extends Float32Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
