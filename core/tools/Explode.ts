import { Vector3 } from 'three';
import { type ExplodeLayout, explodeLayout, explodeOffsets } from '../model/explodeOffsets.js';
import type { Model } from '../model/Model.js';

/** Spec 001 §5: the explode value is clamped to 0..1. */
export const EXPLODE_MIN = 0;
export const EXPLODE_MAX = 1;

const SIZE = new Vector3();

/**
 * The explode of the loaded models (spec 001 §4 "Tool modality"): one scale for the viewer, applied to each
 * model as displacements of its fragments on top of their transforms, so the batches stay as they are and
 * picking follows.
 */
export class Explode {
  private scaleValue = 0;
  /** The displacements each model carries now. */
  private readonly applied = new Map<Model, Float32Array>();
  /** Each complete model's layout, worked out at its first explode (a slider asks again every step). */
  private readonly layouts = new Map<Model, ExplodeLayout>();

  get scale(): number {
    return this.scaleValue;
  }

  /** Sets the scale (clamped to 0..1) for the models; false when it did not change. */
  setScale(scale: number, models: readonly Model[]): boolean {
    const clamped = Math.min(EXPLODE_MAX, Math.max(EXPLODE_MIN, Number.isFinite(scale) ? scale : 0));
    if (clamped === this.scaleValue) return false;
    this.scaleValue = clamped;
    for (const model of models) this.applyTo(model);
    return true;
  }

  /** Brings a model to the current scale (a model added, or its geometry complete: its boxes are known). */
  applyTo(model: Model): void {
    const before = this.applied.get(model);
    if (!before && this.scaleValue === 0) return;
    const fragments = model.fragments;
    if (before) fragments.translateAll(before, -1);
    this.applied.delete(model);
    if (this.scaleValue > 0) {
      const offsets = explodeOffsets(model, this.scaleValue, this.layoutOf(model));
      fragments.translateAll(offsets);
      this.applied.set(model, offsets);
    } else {
      // Back at 0: let the model take its untransformed path again if nothing else moved it.
      fragments.clearTransformsIfIdentity(Math.max(model.bounds.getSize(SIZE).length(), 1) * 1e-6);
    }
  }

  /** Forgets a model (unloaded). */
  forget(model: Model): void {
    this.applied.delete(model);
    this.layouts.delete(model);
  }

  /** A model still loading has boxes yet to come: its layout is worked out afresh each time. */
  private layoutOf(model: Model): ExplodeLayout {
    if (!model.isGeometryLoaded) return explodeLayout(model);
    let layout = this.layouts.get(model);
    if (!layout) {
      layout = explodeLayout(model);
      this.layouts.set(model, layout);
    }
    return layout;
  }
}
