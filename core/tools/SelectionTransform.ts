import { Matrix4 } from 'three';
import type { Model } from '../model/Model.js';
import type { SelectionPort, StatePort } from '../viewer/ports.js';

/** What SelectionTransform needs of the viewer. */
export type SelectionTransformPort = Pick<SelectionPort, 'getAggregateSelection'> & StatePort;

interface Target {
  model: Model;
  fragIds: number[];
  /** Each fragment's transform when the change started. */
  start: Matrix4[];
}

/**
 * One change to the selected objects' placement (a gizmo drag): remembers each selected fragment's
 * transform when it starts, and applies a change on top of those (`delta × start`) through the per-fragment
 * transforms, so the batches stay as they are and picking follows.
 */
export class SelectionTransform {
  private readonly targets: Target[];

  constructor(private readonly viewer: SelectionTransformPort) {
    this.targets = viewer.getAggregateSelection().map(({ model, fragIds }) => ({
      model,
      fragIds: [...fragIds],
      start: fragIds.map((fragId) => model.fragments.getTransform(fragId)),
    }));
  }

  /**
   * Places every fragment at `delta` (in real coordinates) applied to where it was when the change started,
   * and redraws. Fragment transforms work in model space: the delta is carried there by the model's offset.
   */
  apply(delta: Matrix4): void {
    const matrix = new Matrix4();
    const inModel = new Matrix4();
    const shift = new Matrix4();
    for (const target of this.targets) {
      const o = target.model.globalOffset;
      inModel.makeTranslation(-o.x, -o.y, -o.z).multiply(delta).multiply(shift.makeTranslation(o.x, o.y, o.z));
      target.fragIds.forEach((fragId, i) => target.model.fragments.setTransform(fragId, matrix.multiplyMatrices(inModel, target.start[i])));
    }
    this.viewer.markStateChanged();
  }
}
