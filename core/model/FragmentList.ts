import { Box3, Matrix4 } from 'three';

/** Per-fragment state bits, kept in `FragmentList.flags` and mirrored into the renderer's state texture. */
export const FragmentFlag = {
  HIDDEN: 1,
  SELECTED: 2,
  THEMED: 4,
  /** Geometry of this fragment has arrived and is drawn. */
  LOADED: 8,
  /** On a layer that is turned off: not drawn, not even as a ghost (always set with HIDDEN). */
  LAYER_OFF: 16,
} as const;

/** What a loader knows of the fragments before their geometry arrives. */
export interface FragmentListData {
  dbIds: Int32Array;
  materialIds: Int32Array;
  batchIds: Uint16Array;
  /** 6 floats per fragment (min xyz, max xyz) in model space, untransformed; refined when geometry arrives. */
  boxes: Float32Array;
}

/**
 * The fragments of a model: one slot per fragId, struct-of-arrays so that 100k objects cost a few MB.
 * A fragment is one piece of geometry with one material, owned by one object (dbId).
 */
export class FragmentList {
  readonly count: number;
  readonly dbIds: Int32Array;
  readonly materialIds: Int32Array;
  readonly batchIds: Uint16Array;
  /** Vertex and index ranges of each fragment inside its batch, set when its geometry arrives. */
  readonly vertexStarts: Uint32Array;
  readonly vertexCounts: Uint32Array;
  readonly indexStarts: Uint32Array;
  readonly indexCounts: Uint32Array;
  readonly boxes: Float32Array;
  readonly flags: Uint8Array;
  /** 12 floats per fragment (a 3x4 affine matrix, column-major without the last row); null until used. */
  private transformData: Float32Array | null = null;
  private transformVersionValue = 0;

  constructor(data: FragmentListData) {
    this.count = data.dbIds.length;
    this.dbIds = data.dbIds;
    this.materialIds = data.materialIds;
    this.batchIds = data.batchIds;
    this.boxes = data.boxes;
    this.vertexStarts = new Uint32Array(this.count);
    this.vertexCounts = new Uint32Array(this.count);
    this.indexStarts = new Uint32Array(this.count);
    this.indexCounts = new Uint32Array(this.count);
    this.flags = new Uint8Array(this.count);
  }

  getDbId(fragId: number): number {
    return this.dbIds[fragId];
  }

  isLoaded(fragId: number): boolean {
    return (this.flags[fragId] & FragmentFlag.LOADED) !== 0;
  }

  isVisible(fragId: number): boolean {
    return (this.flags[fragId] & FragmentFlag.HIDDEN) === 0;
  }

  /** The transforms, or null while every fragment is untransformed. */
  get transforms(): Float32Array | null {
    return this.transformData;
  }

  /** Bumped whenever a transform changes, so the renderer and the picker know to refresh. */
  get transformVersion(): number {
    return this.transformVersionValue;
  }

  /** Sets a fragment's transform (explode, gizmo); null resets it to identity. */
  setTransform(fragId: number, matrix: Matrix4 | null): void {
    if (!matrix && !this.transformData) return;
    const data = this.ensureTransforms();
    const e = (matrix ?? IDENTITY).elements;
    const o = fragId * 12;
    for (let column = 0; column < 4; column++) {
      data[o + column * 3] = e[column * 4];
      data[o + column * 3 + 1] = e[column * 4 + 1];
      data[o + column * 3 + 2] = e[column * 4 + 2];
    }
    this.transformVersionValue++;
  }

  getTransform(fragId: number, target = new Matrix4()): Matrix4 {
    if (!this.transformData) return target.identity();
    const d = this.transformData;
    const o = fragId * 12;
    return target.set(
      d[o], d[o + 3], d[o + 6], d[o + 9],
      d[o + 1], d[o + 4], d[o + 7], d[o + 10],
      d[o + 2], d[o + 5], d[o + 8], d[o + 11],
      0, 0, 0, 1,
    );
  }

  /**
   * Moves fragments by world-space displacements (3 floats per fragment), on top of their transforms
   * (explode): only the translation changes, so a gizmo's rotation stays as it was.
   */
  translateAll(displacements: Float32Array, sign: 1 | -1 = 1): void {
    const data = this.ensureTransforms();
    for (let fragId = 0, o = 9, d = 0; fragId < this.count; fragId++, o += 12, d += 3) {
      data[o] += sign * displacements[d];
      data[o + 1] += sign * displacements[d + 1];
      data[o + 2] += sign * displacements[d + 2];
    }
    this.transformVersionValue++;
  }

  /**
   * Drops the transform storage when every transform is the identity up to `tolerance` in its translation
   * (what is left of moves that were undone), so that drawing and picking take their untransformed path.
   */
  clearTransformsIfIdentity(tolerance: number): boolean {
    const data = this.transformData;
    if (!data) return true;
    for (let o = 0; o < data.length; o += 12) {
      if (data[o] !== 1 || data[o + 4] !== 1 || data[o + 8] !== 1) return false;
      if (data[o + 1] !== 0 || data[o + 2] !== 0 || data[o + 3] !== 0 || data[o + 5] !== 0 || data[o + 6] !== 0 || data[o + 7] !== 0) return false;
      if (Math.abs(data[o + 9]) > tolerance || Math.abs(data[o + 10]) > tolerance || Math.abs(data[o + 11]) > tolerance) return false;
    }
    this.clearTransforms();
    return true;
  }

  /** Resets every transform to identity and drops the transform storage. */
  clearTransforms(): void {
    if (!this.transformData) return;
    this.transformData = null;
    this.transformVersionValue++;
  }

  /** The fragment's box as loaded, before its transform. */
  getOriginalBox(fragId: number, target = new Box3()): Box3 {
    const b = this.boxes;
    const o = fragId * 6;
    return target.set(
      SCRATCH_MIN.set(b[o], b[o + 1], b[o + 2]),
      SCRATCH_MAX.set(b[o + 3], b[o + 4], b[o + 5]),
    );
  }

  /** The fragment's box with its transform applied, in model space (real coordinates less the model's global offset). */
  getWorldBox(fragId: number, target = new Box3()): Box3 {
    this.getOriginalBox(fragId, target);
    if (this.transformData) target.applyMatrix4(this.getTransform(fragId, SCRATCH_MATRIX));
    return target;
  }

  private ensureTransforms(): Float32Array {
    if (!this.transformData) {
      const data = new Float32Array(this.count * 12);
      for (let i = 0; i < this.count; i++) {
        data[i * 12] = 1;
        data[i * 12 + 4] = 1;
        data[i * 12 + 8] = 1;
      }
      this.transformData = data;
    }
    return this.transformData;
  }
}

const IDENTITY = new Matrix4();
const SCRATCH_MATRIX = new Matrix4();
const SCRATCH_MIN = new Box3().min;
const SCRATCH_MAX = new Box3().max;
