import type { Model } from '../model/Model.js';

export type GizmoMode = 'translate' | 'rotate' | 'scale';

/** Detail of `gizmo-drag-start`, `gizmo-drag-move` and `gizmo-drag-end`. */
export interface GizmoDragDetail {
  mode: GizmoMode;
  /** The handle dragged: X, Y, Z, XY, YZ, XZ, XYZ, E or XYZE. */
  axis: string;
  /** The first model with selected objects, and those objects. */
  model: Model | null;
  dbIds: number[];
  /** The transform this drag applied so far (a column-major 4x4 matrix, 16 numbers). */
  matrix: number[];
}
