import type { Model } from '../model/Model.js';
import type { Selector } from '../selection/Selector.js';
import type { EventsPort, StatePort } from '../viewer/ports.js';
import { ModelVisibility } from './ModelVisibility.js';

/** What Visibility needs of the viewer. */
export type VisibilityPort = Pick<EventsPort, 'emit'> & StatePort;

/**
 * hide, show, isolate and showAll over the loaded models: updates node and fragment state, drops
 * hidden objects from the selection (spec 000 §4 "deselect-invisible") and raises the events.
 */
export class VisibilityController {
  private readonly states = new Map<Model, ModelVisibility>();

  constructor(
    private readonly viewer: VisibilityPort,
    private readonly selector: Selector,
  ) {}

  addModel(model: Model): void {
    this.states.set(model, new ModelVisibility(model));
  }

  removeModel(model: Model): void {
    this.states.delete(model);
  }

  hide(dbIds: number | readonly number[], model: Model | null): void {
    const state = model && this.states.get(model);
    if (!state) return;
    const changed = state.hide(toIds(dbIds));
    if (!changed.length) return;
    this.apply(state);
    this.viewer.emit('hide-change', { model: state.model, dbIds: changed });
  }

  show(dbIds: number | readonly number[], model: Model | null): void {
    const state = model && this.states.get(model);
    if (!state) return;
    const changed = state.show(toIds(dbIds));
    if (!changed.length) return;
    this.apply(state);
    this.viewer.emit('show-change', { model: state.model, dbIds: changed });
  }

  isolate(dbIds: number | readonly number[] | null | undefined, model: Model | null): void {
    const state = model && this.states.get(model);
    if (!state) return;
    const isolated = state.isolate(toIds(dbIds ?? []));
    this.apply(state);
    this.viewer.emit('isolate-change', { model: state.model, dbIds: isolated });
  }

  showAll(models: readonly Model[]): void {
    for (const model of models) {
      const state = this.states.get(model);
      if (!state) continue;
      const hadIsolation = state.getIsolatedNodes().length > 0;
      const shown = state.showAll();
      if (!shown.length && !hadIsolation) continue;
      this.apply(state);
      if (hadIsolation) this.viewer.emit('isolate-change', { model, dbIds: [] });
      if (shown.length) this.viewer.emit('show-change', { model, dbIds: shown });
    }
  }

  /** Marks objects of a layer as off (or on again); applyLayers then shows the result. */
  markLayerNodes(model: Model, dbIds: readonly number[], off: boolean): void {
    this.states.get(model)?.setLayerOff(dbIds, off);
  }

  /** Applies layer marks to the fragments and the selection (the layer manager raises its own event). */
  applyLayers(model: Model): void {
    const state = this.states.get(model);
    if (state) this.apply(state);
  }

  getHiddenNodes(model: Model | null): number[] {
    return (model && this.states.get(model)?.getHiddenNodes()) || [];
  }

  getIsolatedNodes(model: Model | null): number[] {
    return (model && this.states.get(model)?.getIsolatedNodes()) || [];
  }

  isNodeVisible(dbId: number, model: Model | null): boolean {
    const state = model && this.states.get(model);
    return !!state && !state.isNodeHidden(dbId);
  }

  private apply(state: ModelVisibility): void {
    state.applyToFragments();
    this.selector.deselectHidden(state.model, (dbId) => state.isNodeHidden(dbId));
    this.viewer.markStateChanged();
  }
}

function toIds(dbIds: number | readonly number[]): number[] {
  return (Array.isArray(dbIds) ? [...dbIds] : [dbIds as number]).map(Number).filter((id) => Number.isInteger(id) && id > 0);
}
