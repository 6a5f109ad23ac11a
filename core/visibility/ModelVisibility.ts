import { FragmentFlag } from '../model/FragmentList.js';
import type { Model } from '../model/Model.js';

/**
 * Which nodes of a model are hidden, and what was last isolated. Hiding a node hides its subtree;
 * showing a node shows its subtree and the chain of its ancestors. Isolating hides everything, then
 * shows the isolated nodes. Fragments follow their node.
 */
export class ModelVisibility {
  private readonly hidden: Uint8Array;
  private isolated: number[] = [];

  constructor(readonly model: Model) {
    this.hidden = new Uint8Array(model.instanceTree.nodeCount);
  }

  isNodeHidden(dbId: number): boolean {
    return this.hidden[dbId] === 1;
  }

  hasHidden(): boolean {
    return this.hidden.includes(1);
  }

  hide(dbIds: readonly number[]): number[] {
    const tree = this.model.instanceTree;
    const changed: number[] = [];
    for (const dbId of dbIds) {
      if (!tree.hasNode(dbId)) continue;
      tree.walk(dbId, (id) => {
        this.hidden[id] = 1;
      });
      changed.push(dbId);
    }
    return changed;
  }

  show(dbIds: readonly number[]): number[] {
    const tree = this.model.instanceTree;
    const changed: number[] = [];
    for (const dbId of dbIds) {
      if (!tree.hasNode(dbId)) continue;
      tree.walk(dbId, (id) => {
        this.hidden[id] = 0;
      });
      for (const ancestor of tree.getAncestors(dbId)) this.hidden[ancestor] = 0;
      changed.push(dbId);
    }
    return changed;
  }

  /** Shows only these nodes (and the chains leading to them); an empty list shows everything. */
  isolate(dbIds: readonly number[]): number[] {
    const valid = dbIds.filter((id) => this.model.instanceTree.hasNode(id));
    if (valid.length === 0) {
      this.showAll();
      return [];
    }
    this.hidden.fill(1);
    this.hidden[0] = 0;
    this.show(valid);
    this.isolated = [...valid];
    return valid;
  }

  /** Shows every node; returns the nodes that were hidden at the top of their subtrees. */
  showAll(): number[] {
    const previouslyHidden = this.getHiddenNodes();
    this.hidden.fill(0);
    this.isolated = [];
    return previouslyHidden;
  }

  getIsolatedNodes(): number[] {
    return [...this.isolated];
  }

  /** The hidden nodes whose parent is visible: the tops of the hidden subtrees. */
  getHiddenNodes(): number[] {
    const tree = this.model.instanceTree;
    const result: number[] = [];
    for (let id = 1; id < this.hidden.length; id++) {
      if (this.hidden[id] && tree.hasNode(id) && !this.hidden[tree.getNodeParentId(id)]) result.push(id);
    }
    return result;
  }

  /** Mirrors node visibility into the fragments' HIDDEN flags. */
  applyToFragments(): void {
    const { dbIds, flags, count } = this.model.fragments;
    for (let f = 0; f < count; f++) {
      if (this.hidden[dbIds[f]]) flags[f] |= FragmentFlag.HIDDEN;
      else flags[f] &= ~FragmentFlag.HIDDEN;
    }
  }
}
