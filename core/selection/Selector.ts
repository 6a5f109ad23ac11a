import type { Model } from '../model/Model.js';
import type { Logger } from '../viewer/Logger.js';
import type { ModelSelection } from '../viewer/ViewerEvents.js';
import { ModelSelectionState } from './ModelSelectionState.js';

/** Spec 000 §3: how a picked node maps to what gets selected. Leaf object is the default. */
export const SelectionMode = {
  LEAF_OBJECT: 0,
  FIRST_OBJECT: 1,
  LAST_OBJECT: 2,
} as const;
export type SelectionModeValue = (typeof SelectionMode)[keyof typeof SelectionMode];

export const NODE_ZERO_MESSAGE = 'Attempting to select node 0.';
export const MULTIPLE_MODELS_MESSAGE = 'Selecting objects of several models in one call is not yet supported; only the first model is used.';

/**
 * Selection over every loaded model (spec 000 §3–§5). Each change is reported once through
 * `onChange` with the aggregate selection; setting the same set again reports nothing.
 */
export class Selector {
  private readonly states = new Map<Model, ModelSelectionState>();
  selectionMode: SelectionModeValue = SelectionMode.LEAF_OBJECT;

  constructor(
    private readonly logger: Logger,
    private readonly onChange: (selections: ModelSelection[], changedModels: Model[]) => void,
  ) {}

  addModel(model: Model): void {
    if (!this.states.has(model)) this.states.set(model, new ModelSelectionState(model));
  }

  /** Drops a model's selection (it was unloaded); reports a change if it had one. */
  removeModel(model: Model): void {
    const state = this.states.get(model);
    if (!state) return;
    this.states.delete(model);
    if (state.selectionCount > 0) this.onChange(this.getAggregateSelection(), []);
  }

  /** Replaces the selection of a model with these ids (mapped by the selection mode). */
  select(dbIds: number | readonly number[] | null | undefined, model: Model | readonly Model[] | undefined, fallback: Model | null, mode = this.selectionMode): void {
    const target = this.resolveModel(model, fallback);
    const ids = this.validIds(toIdArray(dbIds), target, mode);
    if (!target) {
      if (ids.length === 0) this.clearSelection();
      return;
    }
    const state = this.stateOf(target);
    const others = [...this.states.values()].filter((s) => s !== state && s.selectionCount > 0);
    if (state.equals(ids) && others.length === 0) return; // the same set again does nothing
    const changed = new Set<Model>([target, ...others.map((s) => s.model)]);
    for (const other of others) other.clear();
    state.clear();
    for (const id of ids) state.add(id);
    this.report([...changed]);
  }

  /** Adds the ids to a model's selection. */
  addToSelection(dbIds: readonly number[], model: Model | undefined, fallback: Model | null): void {
    const target = this.resolveModel(model, fallback);
    if (!target) return;
    const state = this.stateOf(target);
    let changed = false;
    for (const id of this.validIds([...dbIds], target, this.selectionMode)) changed = state.add(id) || changed;
    if (changed) this.report([target]);
  }

  removeFromSelection(dbIds: readonly number[], model: Model | undefined, fallback: Model | null): void {
    const target = this.resolveModel(model, fallback);
    if (!target) return;
    const state = this.stateOf(target);
    let changed = false;
    for (const id of dbIds) changed = state.remove(id) || changed;
    if (changed) this.report([target]);
  }

  /** Flips one node (spec 000 §4); node 0 logs the spec's error and changes nothing. */
  toggleSelect(dbId: number, model: Model | undefined, fallback: Model | null): void {
    const target = this.resolveModel(model, fallback);
    if (dbId === 0) {
      this.logger.error(NODE_ZERO_MESSAGE);
      return;
    }
    if (!target || !target.instanceTree.hasNode(dbId)) return;
    const state = this.stateOf(target);
    if (state.isSelected(dbId)) state.remove(dbId);
    else state.add(dbId);
    this.report([target]);
  }

  clearSelection(): void {
    const changed: Model[] = [];
    for (const state of this.states.values()) if (state.clear()) changed.push(state.model);
    if (changed.length) this.report(changed);
  }

  /** Spec 000 §4 "deselect-invisible": drops nodes that are no longer visible. */
  deselectHidden(model: Model, isHidden: (dbId: number) => boolean): void {
    const state = this.states.get(model);
    if (!state) return;
    let changed = false;
    for (const id of state.getSelection()) if (isHidden(id)) changed = state.remove(id) || changed;
    if (changed) this.report([model]);
  }

  getSelection(model?: Model | null): number[] {
    const state = model ? this.states.get(model) : [...this.states.values()].find((s) => s.selectionCount > 0);
    return state?.getSelection() ?? [];
  }

  getSelectionCount(): number {
    let count = 0;
    for (const state of this.states.values()) count += state.selectionCount;
    return count;
  }

  isSelected(dbId: number, model: Model): boolean {
    return this.states.get(model)?.isSelected(dbId) ?? false;
  }

  /** One entry per model that has a selection (spec 000 §3: the aggregate event's list). */
  getAggregateSelection(): ModelSelection[] {
    const selections: ModelSelection[] = [];
    for (const state of this.states.values()) {
      if (state.selectionCount === 0) continue;
      selections.push({ model: state.model, dbIds: state.getSelection(), fragIds: state.getSelectedFragIds() });
    }
    return selections;
  }

  private report(changedModels: Model[]): void {
    for (const model of changedModels) this.states.get(model)?.applyToFragments();
    this.onChange(this.getAggregateSelection(), changedModels);
  }

  private stateOf(model: Model): ModelSelectionState {
    this.addModel(model);
    return this.states.get(model)!;
  }

  private resolveModel(model: Model | readonly Model[] | undefined, fallback: Model | null): Model | null {
    if (Array.isArray(model)) {
      if (model.length > 1) this.logger.warn(MULTIPLE_MODELS_MESSAGE);
      return (model[0] as Model | undefined) ?? fallback;
    }
    return (model as Model | undefined) ?? fallback;
  }

  /** Drops node 0 (logging the spec's error) and ids the model does not have; applies the mode. */
  private validIds(ids: number[], model: Model | null, mode: SelectionModeValue): number[] {
    const result: number[] = [];
    for (const raw of ids) {
      const id = Number(raw);
      if (id === 0) {
        this.logger.error(NODE_ZERO_MESSAGE);
        continue;
      }
      if (!model || !model.instanceTree.hasNode(id)) continue;
      const mapped = applyMode(id, model, mode);
      if (!result.includes(mapped)) result.push(mapped);
    }
    return result;
  }
}

function toIdArray(dbIds: number | readonly number[] | null | undefined): number[] {
  if (dbIds === null || dbIds === undefined) return [];
  return Array.isArray(dbIds) ? [...dbIds] : [dbIds as number];
}

/** Leaf: the node itself. First: its ancestor just below the root. Last: the node's parent group when it is an unnamed part. */
function applyMode(dbId: number, model: Model, mode: SelectionModeValue): number {
  const tree = model.instanceTree;
  if (mode === SelectionMode.FIRST_OBJECT) {
    const chain = tree.getAncestors(dbId);
    return chain.length >= 2 ? chain[chain.length - 2] : dbId;
  }
  if (mode === SelectionMode.LAST_OBJECT) {
    const parent = tree.getNodeParentId(dbId);
    return !tree.getNodeName(dbId) && parent && parent !== tree.getRootId() ? parent : dbId;
  }
  return dbId;
}
