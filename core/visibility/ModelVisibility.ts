import { FragmentFlag } from '../model/FragmentList.js';
import type { Model } from '../model/Model.js';

/**
 * Which nodes of a model are hidden, and what was last isolated. Hiding a node hides its subtree;
 * showing a node shows its subtree and the chain of its ancestors. Isolating hides everything, then
 * shows the isolated nodes. Fragments follow their node. Apart from that, a node on a layer that is
 * turned off is hidden too (layers do not touch what hide, show and isolate record).
 */
export class ModelVisibility {
  private readonly hidden: Uint8Array;
  private readonly layerOff: Uint8Array;
  private isolated: number[] = [];

  constructor(readonly model: Model) {
    this.hidden = new Uint8Array(model.instanceTree.nodeCount);
    this.layerOff = new Uint8Array(model.instanceTree.nodeCount);
  }

  /** Hidden by hide or isolate, or on a layer that is off. */
  isNodeHidden(dbId: number): boolean {
    return this.hidden[dbId] === 1 || this.layerOff[dbId] === 1;
  }

  /** Marks the nodes on a layer as off (or on again). */
  setLayerOff(dbIds: readonly number[], off: boolean): void {
    for (const dbId of dbIds) if (dbId > 0 && dbId < this.layerOff.length) this.layerOff[dbId] = off ? 1 : 0;
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

  /** Mirrors node visibility into the fragments' HIDDEN and LAYER_OFF flags. */
  applyToFragments(): void {
    const { dbIds, flags, count } = this.model.fragments;
    const hiddenBits = FragmentFlag.HIDDEN | FragmentFlag.LAYER_OFF;
    for (let f = 0; f < count; f++) {
      const dbId = dbIds[f];
      flags[f] &= ~hiddenBits;
      if (this.layerOff[dbId]) flags[f] |= hiddenBits;
      else if (this.hidden[dbId]) flags[f] |= FragmentFlag.HIDDEN;
    }
  }
}
