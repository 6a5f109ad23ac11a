import type { Model } from '../model/Model.js';
import { type CutPlane, readCutPlane, toClippingPlane } from '../render/CutPlanes.js';
import { type SelectionModeValue, Selector } from '../selection/Selector.js';
import { Explode } from '../tools/Explode.js';
import { VisibilityController } from '../visibility/VisibilityController.js';
import { type ThemingColor, toRgba } from '../visibility/themingColor.js';
import type { ViewerStores } from './ViewerStores.js';
import { ViewerViewApi } from './ViewerViewApi.js';

/** The Viewer's API, part: objects: selection, visibility, theming, explode and cut planes. A base of `Viewer` (Viewer.ts), which owns the parts it uses. */
export abstract class ViewerObjectsApi extends ViewerViewApi {
  abstract readonly stores: ViewerStores;
  protected abstract cutPlanes: CutPlane[];
  protected abstract readonly explodeState: Explode;
  protected abstract readonly selector: Selector;
  protected abstract readonly visibility: VisibilityController;
  // ── Selection (spec 000 §3–§5) ───────────────────────────────────────────────────────────────

  select(dbIds: number | readonly number[] | null | undefined, model?: Model | readonly Model[], mode?: SelectionModeValue): void {
    this.selector.select(dbIds, model, this.model, mode);
  }

  toggleSelect(dbId: number, model?: Model): void {
    this.selector.toggleSelect(dbId, model, this.model);
  }

  clearSelection(): void {
    this.selector.clearSelection();
  }

  /** dbIds selected in the first model that has a selection. */
  getSelection(): number[] {
    return this.selector.getSelection();
  }

  getSelectionCount(): number {
    return this.selector.getSelectionCount();
  }

  getAggregateSelection() {
    return this.selector.getAggregateSelection();
  }

  setSelectionMode(mode: SelectionModeValue): void {
    this.selector.selectionMode = mode;
  }

  setSelectionColor(color: number): void {
    this.sceneRenderer?.setSelectionColor(color);
    this.sceneRenderer?.invalidateAccumulation();
    this.invalidate();
  }

  // ── Visibility ───────────────────────────────────────────────────────────────────────────────

  isolate(dbIds?: number | readonly number[] | null, model?: Model | null): void {
    this.visibility.isolate(dbIds, model ?? this.model);
  }

  hide(dbIds: number | readonly number[], model?: Model | null): void {
    this.visibility.hide(dbIds, model ?? this.model);
  }

  show(dbIds: number | readonly number[], model?: Model | null): void {
    this.visibility.show(dbIds, model ?? this.model);
  }

  showAll(): void {
    this.visibility.showAll(this.models.list);
  }

  getHiddenNodes(model?: Model | null): number[] {
    return this.visibility.getHiddenNodes(model ?? this.model);
  }

  getIsolatedNodes(model?: Model | null): number[] {
    return this.visibility.getIsolatedNodes(model ?? this.model);
  }

  isNodeVisible(dbId: number, model?: Model | null): boolean {
    return this.visibility.isNodeVisible(dbId, model ?? this.model);
  }

  /** Ghosting draws hidden objects as translucent shapes (preference `ghosting`). */
  setGhosting(enabled: boolean): void {
    this.prefs.set('ghosting', Boolean(enabled));
  }

  /** Tints an object and its subtree; the colour's alpha is the strength of the tint. */
  setThemingColor(dbId: number, color: ThemingColor, model?: Model | null, recursive = true): void {
    const target = model ?? this.model;
    const modelRenderer = target ? this.sceneRenderer?.getModelRenderer(target) : undefined;
    if (!modelRenderer) return;
    modelRenderer.setThemingColor(dbId, toRgba(color), recursive);
    this.markStateChanged();
  }

  clearThemingColors(model?: Model | null): void {
    const models = model ? [model] : this.models.list;
    for (const m of models) this.sceneRenderer?.getModelRenderer(m)?.textures.clearThemingColors();
    this.markStateChanged();
  }

  // ── Model tools: explode and cut planes ─────────────────────────────────────────────────────

  /**
   * Explodes the models (spec 001 §4, §5): 0 puts every object back, 1 parts them fully; the value is
   * clamped to 0..1. Raises `explode-change` when the scale changes.
   */
  explode(scale: number): void {
    if (!this.explodeState.setScale(Number(scale), this.models.list)) return;
    // Only transforms changed: the frame uploads them by their version; flags and colours stay.
    this.sceneRenderer?.invalidateAccumulation();
    this.invalidate();
    this.stores.$explodeScale.set(this.explodeState.scale);
    this.emit('explode-change', { scale: this.explodeState.scale });
  }

  getExplodeScale(): number {
    return this.explodeState.scale;
  }

  /**
   * Sections the models with cut planes, each [a, b, c, d] in world space (or a three.js Vector4): what lies
   * where a·x + b·y + c·z + d > 0 is cut away, from the picture and from picking. An empty list removes them;
   * a plane that is not four finite numbers is left out with a warning. Raises `cutplanes-change`.
   */
  setCutPlanes(planes: readonly unknown[] | null | undefined): void {
    if (planes !== null && planes !== undefined && !Array.isArray(planes)) {
      this.logger.warn('Cut planes need a list of planes, each an array of at least 4 numbers; the planes are unchanged.');
      return;
    }
    const read: CutPlane[] = [];
    for (const value of planes ?? []) {
      const plane = readCutPlane(value);
      if (plane) read.push(plane);
      else this.logger.warn('Cut planes need arrays of at least 4 numbers; one was left out.');
    }
    this.cutPlanes = read;
    const clipping = read.map(toClippingPlane);
    this.picker.setClippingPlanes(clipping);
    this.sceneRenderer?.setClippingPlanes(clipping);
    this.invalidate();
    this.emit('cutplanes-change', { planes: this.getCutPlanes() });
  }

  /** The cut planes, as [a, b, c, d] lists (copies). */
  getCutPlanes(): CutPlane[] {
    return this.cutPlanes.map((plane) => [...plane] as CutPlane);
  }


  /** Per-fragment flags changed (visibility, selection, theming, transforms): redraw. */
  markStateChanged(): void {
    for (const model of this.models.list) this.sceneRenderer?.getModelRenderer(model)?.markStateDirty();
    this.sceneRenderer?.invalidateAccumulation();
    this.stores.$hidden.set(this.models.list.reduce((n, m) => n + this.visibility.getHiddenNodes(m).length, 0));
    this.invalidate();
  }
}
