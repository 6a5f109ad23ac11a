import { QUANTIZATION_STEPS, quantizationStep } from '../model/quantization.js';
import { COLOR_STRIDE, NORMAL_STRIDE, POSITION_STRIDE, UV_STRIDE, type BatchPlan, type GeometryChunk } from '../model/GeometryBatch.js';

/** A fragment's geometry in world space, as a parser hands it to the packer. */
export interface FragmentGeometry {
  fragId: number;
  batch: number;
  /** xyz per vertex, world space. */
  positions: Float32Array;
  /** xyz per vertex, unit length, world space; null for lines and points (or to use a default). */
  normals: Float32Array | null;
  uvs: Float32Array | null;
  /** Vertex colours, linear r, g, b, a (0–1) per vertex (glTF COLOR_0); null or absent: white. */
  colors?: Float32Array | null;
  /** Triangle, line-pair or point indices into this fragment's vertices; null: 0..n-1. */
  indices: Uint32Array | Uint16Array | null;
}

/** Vertices in the first chunk of each batch: small, so the first frame comes early. */
const FIRST_CHUNK_VERTICES = 16_384;
/** Chunks double up to this size. */
const MAX_CHUNK_VERTICES = 262_144;
/** The first chunks go out after this long at the latest, however little they hold: the first frame waits for them. */
const FIRST_FLUSH_MS = 12;

class PendingChunk {
  positions: Uint16Array;
  normals: Uint8Array;
  uvs: Float32Array | null;
  colors: Uint8Array | null;
  indices: Uint32Array;
  vertexCount = 0;
  indexCount = 0;
  fragIds: number[] = [];
  vertexStarts: number[] = [];
  vertexCounts: number[] = [];
  indexStarts: number[] = [];
  indexCounts: number[] = [];
  boxes: number[] = [];

  constructor(
    readonly vertexStart: number,
    readonly indexStart: number,
    vertexCapacity: number,
    indexCapacity: number,
    hasUvs: boolean,
    hasColors: boolean,
  ) {
    this.positions = new Uint16Array(vertexCapacity * POSITION_STRIDE);
    this.normals = new Uint8Array(vertexCapacity * NORMAL_STRIDE);
    this.uvs = hasUvs ? new Float32Array(vertexCapacity * UV_STRIDE) : null;
    this.colors = hasColors ? new Uint8Array(vertexCapacity * COLOR_STRIDE) : null;
    this.indices = new Uint32Array(indexCapacity);
  }

  reserve(vertices: number, indices: number): void {
    const needV = this.vertexCount + vertices;
    if (needV * POSITION_STRIDE > this.positions.length) {
      const capacity = Math.max(needV, (this.positions.length / POSITION_STRIDE) * 2);
      this.positions = grow(this.positions, capacity * POSITION_STRIDE);
      this.normals = grow(this.normals, capacity * NORMAL_STRIDE);
      if (this.uvs) this.uvs = grow(this.uvs, capacity * UV_STRIDE);
      if (this.colors) this.colors = grow(this.colors, capacity * COLOR_STRIDE);
    }
    const needI = this.indexCount + indices;
    if (needI > this.indices.length) this.indices = grow(this.indices, Math.max(needI, this.indices.length * 2));
  }

  toChunk(batch: number): GeometryChunk {
    const chunk: GeometryChunk = {
      batch,
      vertexStart: this.vertexStart,
      indexStart: this.indexStart,
      positions: this.positions.slice(0, this.vertexCount * POSITION_STRIDE),
      normals: this.normals.slice(0, this.vertexCount * NORMAL_STRIDE),
      indices: this.indices.slice(0, this.indexCount),
      fragIds: Int32Array.from(this.fragIds),
      vertexStarts: Uint32Array.from(this.vertexStarts),
      vertexCounts: Uint32Array.from(this.vertexCounts),
      indexStarts: Uint32Array.from(this.indexStarts),
      indexCounts: Uint32Array.from(this.indexCounts),
      boxes: Float32Array.from(this.boxes),
    };
    if (this.uvs) chunk.uvs = this.uvs.slice(0, this.vertexCount * UV_STRIDE);
    if (this.colors) chunk.colors = this.colors.slice(0, this.vertexCount * COLOR_STRIDE);
    return chunk;
  }
}

function grow<T extends Uint16Array | Uint8Array | Float32Array | Uint32Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}

/**
 * Packs fragments into the batches' chunks: positions quantized to 16 bits inside each fragment's own
 * box (so precision follows the object's size; see quantization.ts), normals to 8 bits, and the fragId split across the two
 * spare components. Chunks go out as they fill; the first ones are small so that drawing starts early.
 */
export class GeometryPacker {
  private readonly pending: (PendingChunk | null)[];
  private readonly vertexCursor: number[];
  private readonly indexCursor: number[];
  private readonly chunkSize: number[];
  private packedVertices = 0;
  private readonly totalVertices: number;
  /** When the first fragment was added (0 before), and whether a chunk has gone out. */
  private firstAddedAt = 0;
  private sentAny = false;

  constructor(
    private readonly plans: BatchPlan[],
    private readonly emit: (chunk: GeometryChunk) => void,
  ) {
    this.pending = plans.map(() => null);
    this.vertexCursor = plans.map(() => 0);
    this.indexCursor = plans.map(() => 0);
    this.chunkSize = plans.map(() => FIRST_CHUNK_VERTICES);
    this.totalVertices = plans.reduce((sum, p) => sum + p.vertexCount, 0);
  }

  /** Whether a chunk has gone out. */
  get hasSent(): boolean {
    return this.sentAny;
  }

  /** Share of the planned vertices packed so far, 0–100. */
  get percent(): number {
    return this.totalVertices ? Math.min(100, (100 * this.packedVertices) / this.totalVertices) : 100;
  }

  add(fragment: FragmentGeometry): void {
    const plan = this.plans[fragment.batch];
    const vertexCount = fragment.positions.length / 3;
    const indexCount = fragment.indices ? fragment.indices.length : vertexCount;
    if (vertexCount === 0 || indexCount === 0) return;

    let chunk = this.pending[fragment.batch];
    if (!chunk) {
      chunk = new PendingChunk(
        this.vertexCursor[fragment.batch],
        this.indexCursor[fragment.batch],
        Math.max(this.chunkSize[fragment.batch], vertexCount),
        Math.max(this.chunkSize[fragment.batch] * (plan.kind === 'triangles' ? 2 : 1), indexCount),
        plan.hasUvs,
        plan.hasColors ?? false,
      );
      this.pending[fragment.batch] = chunk;
    }
    chunk.reserve(vertexCount, indexCount);

    const box = boundsOf(fragment.positions);
    const vertexBase = chunk.vertexStart + chunk.vertexCount;
    writeQuantizedPositions(chunk.positions, chunk.vertexCount, fragment.positions, box, fragment.fragId);
    writeNormals(chunk.normals, chunk.vertexCount, fragment.normals, vertexCount, fragment.fragId);
    if (chunk.uvs) {
      if (fragment.uvs) chunk.uvs.set(fragment.uvs.subarray(0, vertexCount * 2), chunk.vertexCount * UV_STRIDE);
    }
    if (chunk.colors) writeColors(chunk.colors, chunk.vertexCount, fragment.colors ?? null, vertexCount);
    const indexBase = chunk.indexStart + chunk.indexCount;
    if (fragment.indices) {
      for (let i = 0; i < indexCount; i++) chunk.indices[chunk.indexCount + i] = vertexBase + fragment.indices[i];
    } else {
      for (let i = 0; i < indexCount; i++) chunk.indices[chunk.indexCount + i] = vertexBase + i;
    }

    chunk.fragIds.push(fragment.fragId);
    chunk.vertexStarts.push(vertexBase);
    chunk.vertexCounts.push(vertexCount);
    chunk.indexStarts.push(indexBase);
    chunk.indexCounts.push(indexCount);
    chunk.boxes.push(...box);
    chunk.vertexCount += vertexCount;
    chunk.indexCount += indexCount;
    this.packedVertices += vertexCount;

    if (chunk.vertexCount >= this.chunkSize[fragment.batch]) this.flush(fragment.batch);
    else if (!this.sentAny) {
      const now = performance.now();
      this.firstAddedAt ||= now;
      if (now - this.firstAddedAt >= FIRST_FLUSH_MS) this.flush();
    }
  }

  /** Sends the pending chunk of a batch (or of all batches). */
  flush(batch?: number): void {
    const batches = batch === undefined ? this.plans.map((_, i) => i) : [batch];
    for (const b of batches) {
      const chunk = this.pending[b];
      if (!chunk || chunk.vertexCount === 0) continue;
      this.pending[b] = null;
      this.vertexCursor[b] = chunk.vertexStart + chunk.vertexCount;
      this.indexCursor[b] = chunk.indexStart + chunk.indexCount;
      this.chunkSize[b] = Math.min(MAX_CHUNK_VERTICES, this.chunkSize[b] * 2);
      this.sentAny = true;
      this.emit(chunk.toChunk(b));
    }
  }
}

function boundsOf(positions: Float32Array): number[] {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i], y = positions[i + 1], z = positions[i + 2];
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (z < minZ) minZ = z;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
    if (z > maxZ) maxZ = z;
  }
  return [minX, minY, minZ, maxX, maxY, maxZ];
}

function writeQuantizedPositions(target: Uint16Array, vertexOffset: number, positions: Float32Array, box: number[], fragId: number): void {
  const inverse = 1 / quantizationStep(box);
  const low = fragId & 0xffff;
  let o = vertexOffset * POSITION_STRIDE;
  for (let i = 0; i < positions.length; i += 3) {
    target[o] = Math.min(QUANTIZATION_STEPS, Math.round((positions[i] - box[0]) * inverse));
    target[o + 1] = Math.min(QUANTIZATION_STEPS, Math.round((positions[i + 1] - box[1]) * inverse));
    target[o + 2] = Math.min(QUANTIZATION_STEPS, Math.round((positions[i + 2] - box[2]) * inverse));
    target[o + 3] = low;
    o += POSITION_STRIDE;
  }
}

function writeNormals(target: Uint8Array, vertexOffset: number, normals: Float32Array | null, vertexCount: number, fragId: number): void {
  const high = (fragId >>> 16) & 0xff;
  let o = vertexOffset * NORMAL_STRIDE;
  for (let v = 0; v < vertexCount; v++) {
    if (normals) {
      target[o] = Math.round(normals[v * 3] * 127.5 + 127.5);
      target[o + 1] = Math.round(normals[v * 3 + 1] * 127.5 + 127.5);
      target[o + 2] = Math.round(normals[v * 3 + 2] * 127.5 + 127.5);
    } else {
      target[o] = 128;
      target[o + 1] = 128;
      target[o + 2] = 255;
    }
    target[o + 3] = high;
    o += NORMAL_STRIDE;
  }
}

/**
 * Vertex colours as bytes: r, g, b encoded to sRGB (8 bits keep dark shades apart that way; the shader
 * decodes them back to linear), alpha as it is. A fragment without colours in a batch with them is white.
 */
function writeColors(target: Uint8Array, vertexOffset: number, colors: Float32Array | null, vertexCount: number): void {
  const o = vertexOffset * COLOR_STRIDE;
  if (!colors) {
    target.fill(255, o, o + vertexCount * COLOR_STRIDE);
    return;
  }
  for (let i = 0; i < vertexCount * COLOR_STRIDE; i += COLOR_STRIDE) {
    target[o + i] = SRGB_BYTE[linearIndex(colors[i])];
    target[o + i + 1] = SRGB_BYTE[linearIndex(colors[i + 1])];
    target[o + i + 2] = SRGB_BYTE[linearIndex(colors[i + 2])];
    target[o + i + 3] = Math.round(clamp01(colors[i + 3]) * 255);
  }
}

/** Steps of the linear-to-sRGB table: a fifth of a byte at most near black, where sRGB is steepest. */
const LINEAR_STEPS = 16_384;
const SRGB_BYTE = Uint8Array.from({ length: LINEAR_STEPS + 1 }, (_, i) => Math.round(linearToSrgb(i / LINEAR_STEPS) * 255));

function linearIndex(value: number): number {
  return Math.round(clamp01(value) * LINEAR_STEPS);
}

function clamp01(value: number): number {
  return value > 0 ? (value < 1 ? value : 1) : 0;
}

function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
}
