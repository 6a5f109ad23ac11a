import { Box3, Matrix4, Vector3 } from 'three';
import type { ModelCamera } from './WorkerProtocol.js';

/** Load options that place a model (the APS viewer's names), as they cross to the loader worker. */
export interface PlacementOptions {
  /** Subtracted from every coordinate, so the numbers that reach the GPU and the BVH stay small. */
  globalOffset?: readonly number[];
  /** The model's placement in the scene (16 numbers, column-major), applied before the offset. */
  placementTransform?: readonly number[];
  /** Place the model by the reference point its file carries (georeferenced position), where it has one. */
  applyRefPoint?: boolean;
}

/**
 * Where a model's coordinates go, in doubles, before anything is stored in 32-bit floats: a file's own
 * coordinates (`file`) are placed by the placement transform (with the file's reference point when
 * asked), giving real coordinates, and the global offset is subtracted, giving the model space that the
 * batches, the fragment boxes and the BVH use. Real = model + offset.
 *
 * The offset is the one the load asked for (the viewer's, so that models line up), else the centre of
 * the model's placed box, known once the loader has read the file's structure.
 */
export class ModelPlacement {
  /** Whether the file's reference point should place the model (the `applyRefPoint` option). */
  readonly applyRefPoint: boolean;
  private offset: Vector3 | null;
  private readonly isOffsetGiven: boolean;
  private placement: Matrix4 | null;
  private toModel: Matrix4 | null = null;

  constructor(options: PlacementOptions = {}) {
    this.offset = isVector(options.globalOffset) ? new Vector3().fromArray(options.globalOffset) : null;
    this.isOffsetGiven = this.offset !== null;
    this.placement = isMatrix(options.placementTransform) ? new Matrix4().fromArray(options.placementTransform) : null;
    this.applyRefPoint = options.applyRefPoint === true;
  }

  static fromOptions(options: Record<string, unknown>): ModelPlacement {
    return new ModelPlacement(options as PlacementOptions);
  }

  /** Puts the file's reference point transform under the placement (when `applyRefPoint` asked for it). */
  useRefPoint(refPoint: Matrix4 | null): void {
    if (!this.applyRefPoint || !refPoint || this.toModel) return;
    this.placement = this.placement ? this.placement.clone().multiply(refPoint) : refPoint.clone();
  }

  /**
   * Decides the offset (the one asked for, else the centre of the file's box once placed; zero for a
   * model with no known box) and returns the matrix from the file's coordinates to model space.
   */
  resolve(fileBounds: Box3 | null): Matrix4 {
    if (this.toModel) return this.toModel;
    if (!this.offset) {
      const placed = fileBounds && !fileBounds.isEmpty() ? fileBounds.clone() : null;
      if (placed && this.placement) placed.applyMatrix4(this.placement);
      this.offset = placed ? placed.getCenter(new Vector3()) : new Vector3();
    }
    const toModel = new Matrix4().makeTranslation(-this.offset.x, -this.offset.y, -this.offset.z);
    if (this.placement) toModel.multiply(this.placement);
    this.toModel = toModel;
    return toModel;
  }

  get isResolved(): boolean {
    return this.toModel !== null;
  }

  /**
   * For a loader that learns the model's box only after placing its geometry (IFC: it resolved with a
   * stand-in, such as its first vertex): moves the offset to the centre of that box (in model space), unless
   * the load asked for an offset. Returns the shift to subtract from what was placed (zero when none).
   */
  recentre(modelBounds: Box3): Vector3 {
    const shift = new Vector3();
    if (this.isOffsetGiven || !this.toModel || !this.offset || modelBounds.isEmpty()) return shift;
    modelBounds.getCenter(shift);
    this.offset.add(shift);
    this.toModel.premultiply(new Matrix4().makeTranslation(-shift.x, -shift.y, -shift.z));
    return shift;
  }

  /** The matrix from the file's coordinates to model space (resolve first). */
  get matrix(): Matrix4 {
    if (!this.toModel) throw new Error('ModelPlacement: resolve() before use');
    return this.toModel;
  }

  /** The real coordinates of model space's origin, as the header carries them. */
  get globalOffset(): [number, number, number] {
    const o = this.offset ?? new Vector3();
    return [o.x, o.y, o.z];
  }

  /** The placement transform applied (with the reference point), 16 numbers column-major; null for none. */
  get placementTransform(): number[] | null {
    return this.placement ? [...this.placement.elements] : null;
  }

  /** A fragment's own matrix (null: identity) carried into model space: model ← file ← fragment. */
  place(fragment: Matrix4 | null, target = new Matrix4()): Matrix4 {
    return fragment ? target.multiplyMatrices(this.matrix, fragment) : target.copy(this.matrix);
  }

  /** A camera of the file, in real coordinates (the placement applied; the offset is not: cameras are real). */
  placeCamera(camera: ModelCamera): ModelCamera {
    if (!this.placement) return camera;
    const p = this.placement;
    const point = (xyz: number[]) => new Vector3().fromArray(xyz).applyMatrix4(p).toArray();
    const up = new Vector3().fromArray(camera.up).transformDirection(p).toArray();
    return { ...camera, position: point(camera.position), target: point(camera.target), up };
  }

  /**
   * Boxes in the file's coordinates (6 doubles each, min xyz then max xyz; an inverted box is unknown and
   * stays so) as 32-bit boxes in model space.
   */
  boxesToModel(fileBoxes: ArrayLike<number>): Float32Array {
    const out = new Float32Array(fileBoxes.length);
    const m = this.matrix;
    const e = m.elements;
    const translates = e[0] === 1 && e[5] === 1 && e[10] === 1 && e[1] === 0 && e[2] === 0 && e[4] === 0 && e[6] === 0 && e[8] === 0 && e[9] === 0;
    for (let o = 0; o < fileBoxes.length; o += 6) {
      if (!(fileBoxes[o] <= fileBoxes[o + 3])) {
        for (let k = 0; k < 6; k++) out[o + k] = fileBoxes[o + k];
        continue;
      }
      if (translates) {
        for (let k = 0; k < 6; k++) out[o + k] = fileBoxes[o + k] + e[12 + (k % 3)];
        continue;
      }
      BOX.min.set(fileBoxes[o], fileBoxes[o + 1], fileBoxes[o + 2]);
      BOX.max.set(fileBoxes[o + 3], fileBoxes[o + 4], fileBoxes[o + 5]);
      BOX.applyMatrix4(m);
      BOX.min.toArray(out, o);
      BOX.max.toArray(out, o + 3);
    }
    return out;
  }
}

const BOX = new Box3();

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.length === 3 && value.every(Number.isFinite);
}

function isMatrix(value: unknown): value is number[] {
  return Array.isArray(value) && value.length === 16 && value.every(Number.isFinite);
}
