/** What a batch draws. */
export type PrimitiveKind = 'triangles' | 'lines' | 'points';

/** Floats per vertex of each array a batch holds. */
export const POSITION_STRIDE = 4; // Uint16 x, y, z quantized in the fragment's box; w = fragId & 0xffff
export const NORMAL_STRIDE = 4; // Uint8 x, y, z (n * 127.5 + 127.5); w = fragId >> 16
export const UV_STRIDE = 2;
export const COLOR_STRIDE = 4; // Uint8 r, g, b sRGB-encoded (the shader decodes them), a linear

/** What a loader plans for one batch: the kind of primitive, how it is shaded, how much it will hold. */
export interface BatchPlan {
  kind: PrimitiveKind;
  transparent: boolean;
  /** Draw back faces too (formats with inconsistent winding, or materials that say so). */
  doubleSided: boolean;
  /** Index into the model's materials of the textured material this batch draws with; -1 when untextured. */
  textureMaterial: number;
  hasUvs: boolean;
  /** The batch's primitives carry vertex colours (glTF COLOR_0); absent: none, and no colour buffer. */
  hasColors?: boolean;
  /**
   * Triangles that draw a 2D drawing's heavy lines at their lineweight (bands along lines drawn as lines
   * too): drawn or left out by the `lineWeights` preference, never measured or snapped to.
   */
  lineWeights?: boolean;
  /**
   * Drawn alpha-blended in its place among the opaque batches (a sheet's image with transparency, an image
   * mask), so that what a page paints after it still covers it; absent: opaque, or blended in the
   * transparent pass when `transparent`.
   */
  blended?: boolean;
  vertexCount: number;
  indexCount: number;
}

/** A run of geometry for one batch, as the loader worker sends it (all arrays transferable). */
export interface GeometryChunk {
  batch: number;
  vertexStart: number;
  indexStart: number;
  positions: Uint16Array;
  normals: Uint8Array;
  uvs?: Float32Array;
  /** Vertex colours (COLOR_STRIDE per vertex), in batches that have them. */
  colors?: Uint8Array;
  /** Indices into the batch's vertices (absolute, not relative to the chunk). */
  indices: Uint32Array;
  /** The fragments this chunk completes, with their ranges and quantization boxes. */
  fragIds: Int32Array;
  vertexStarts: Uint32Array;
  vertexCounts: Uint32Array;
  indexStarts: Uint32Array;
  indexCounts: Uint32Array;
  boxes: Float32Array;
}

export type BatchAppendListener = (chunk: GeometryChunk) => void;

/**
 * The CPU side of one merged batch: the quantized positions and the indices of many fragments, which
 * picking reads. Chunks go on to the renderer, which uploads them to the GPU (normals, uvs and
 * colours too: only the GPU needs those, so the batch never keeps them).
 */
export class GeometryBatch {
  readonly kind: PrimitiveKind;
  readonly transparent: boolean;
  readonly doubleSided: boolean;
  readonly textureMaterial: number;
  readonly hasUvs: boolean;
  readonly hasColors: boolean;
  readonly lineWeights: boolean;
  readonly blended: boolean;
  positions: Uint16Array;
  indices: Uint32Array;
  /** Vertices and indices filled so far: always a prefix, since chunks arrive in order. */
  vertexCount = 0;
  indexCount = 0;
  private readonly listeners = new Set<BatchAppendListener>();

  constructor(plan: BatchPlan) {
    this.kind = plan.kind;
    this.transparent = plan.transparent;
    this.doubleSided = plan.doubleSided;
    this.textureMaterial = plan.textureMaterial;
    this.hasUvs = plan.hasUvs;
    this.hasColors = plan.hasColors ?? false;
    this.lineWeights = plan.lineWeights ?? false;
    this.blended = plan.blended ?? false;
    this.positions = new Uint16Array(Math.max(1, plan.vertexCount) * POSITION_STRIDE);
    this.indices = new Uint32Array(Math.max(1, plan.indexCount));
  }

  /** Triangles that are the surface of objects (what is picked by ray, measured, snapped to): not a line's band. */
  get isSurface(): boolean {
    return this.kind === 'triangles' && !this.lineWeights;
  }

  get vertexCapacity(): number {
    return this.positions.length / POSITION_STRIDE;
  }

  get indexCapacity(): number {
    return this.indices.length;
  }

  onAppend(listener: BatchAppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Copies a chunk into place, growing the arrays when the loader's plan was short. */
  append(chunk: GeometryChunk): void {
    const vertexCount = chunk.positions.length / POSITION_STRIDE;
    const indexCount = chunk.indices.length;
    this.ensureCapacity(chunk.vertexStart + vertexCount, chunk.indexStart + indexCount);
    this.positions.set(chunk.positions, chunk.vertexStart * POSITION_STRIDE);
    this.indices.set(chunk.indices, chunk.indexStart);
    this.vertexCount = Math.max(this.vertexCount, chunk.vertexStart + vertexCount);
    this.indexCount = Math.max(this.indexCount, chunk.indexStart + indexCount);
    for (const listener of this.listeners) listener(chunk);
  }

  /** Bytes held on the CPU. */
  get byteLength(): number {
    return this.positions.byteLength + this.indices.byteLength;
  }

  private ensureCapacity(vertices: number, indices: number): void {
    if (vertices <= this.vertexCapacity && indices <= this.indexCapacity) return;
    const grow = <T extends Uint16Array | Uint32Array>(array: T, needed: number, stride: number): T => {
      if (needed * stride <= array.length) return array;
      const next = new (array.constructor as new (n: number) => T)(Math.ceil(needed * 1.5) * stride);
      next.set(array);
      return next;
    };
    this.positions = grow(this.positions, vertices, POSITION_STRIDE);
    this.indices = grow(this.indices, indices, 1);
  }
}
