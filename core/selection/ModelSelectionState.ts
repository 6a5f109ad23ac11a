import { FragmentFlag } from '../model/FragmentList.js';
import type { Model } from '../model/Model.js';

/** Spec 000 §5: the error a negative per-node selection count throws. */
export const NEGATIVE_SELECTION_MESSAGE = 'Selection State machine broken. Negatively selected object!';

/**
 * Selection of one model (spec 000 §3 "Selection state per model"): the selected dbIds in the order
 * they were picked, and per node a count of selected nodes among itself and its ancestors, so that
 * selecting a parent counts (and highlights) its children.
 */
export class ModelSelectionState {
  private readonly selected: number[] = [];
  private readonly selectedSet = new Set<number>();
  private readonly counts: Int32Array;

  constructor(readonly model: Model) {
    this.counts = new Int32Array(model.instanceTree.nodeCount);
  }

  get selectionCount(): number {
    return this.selected.length;
  }

  getSelection(): number[] {
    return [...this.selected];
  }

  isSelected(dbId: number): boolean {
    return this.selectedSet.has(dbId);
  }

  /** Whether a node is selected itself or through an ancestor. */
  isHighlighted(dbId: number): boolean {
    return (this.counts[dbId] ?? 0) > 0;
  }

  /** The fragments of every selected node and their descendants. */
  getSelectedFragIds(): number[] {
    const fragIds: number[] = [];
    const seen = new Set<number>();
    for (const dbId of this.selected) {
      this.model.instanceTree.enumNodeFragments(
        dbId,
        (fragId) => {
          if (!seen.has(fragId)) {
            seen.add(fragId);
            fragIds.push(fragId);
          }
        },
        true,
      );
    }
    return fragIds;
  }

  add(dbId: number): boolean {
    if (this.selectedSet.has(dbId)) return false;
    this.selected.push(dbId);
    this.selectedSet.add(dbId);
    this.adjust(dbId, 1);
    return true;
  }

  remove(dbId: number): boolean {
    if (!this.selectedSet.has(dbId)) return false;
    this.selected.splice(this.selected.indexOf(dbId), 1);
    this.selectedSet.delete(dbId);
    this.adjust(dbId, -1);
    return true;
  }

  clear(): boolean {
    if (this.selected.length === 0) return false;
    for (const dbId of [...this.selected]) this.remove(dbId);
    return true;
  }

  /** Whether the selection is exactly this set of ids (order ignored). */
  equals(dbIds: readonly number[]): boolean {
    if (dbIds.length !== this.selected.length) return false;
    return dbIds.every((id) => this.selectedSet.has(id));
  }

  /** Mirrors the highlight into the fragments' SELECTED flags. */
  applyToFragments(): void {
    const { dbIds, flags, count } = this.model.fragments;
    for (let f = 0; f < count; f++) {
      if (this.counts[dbIds[f]] > 0) flags[f] |= FragmentFlag.SELECTED;
      else flags[f] &= ~FragmentFlag.SELECTED;
    }
  }

  private adjust(dbId: number, delta: number): void {
    this.model.instanceTree.walk(dbId, (id) => {
      const next = this.counts[id] + delta;
      if (next < 0) throw new Error(NEGATIVE_SELECTION_MESSAGE);
      this.counts[id] = next;
    });
  }
}
