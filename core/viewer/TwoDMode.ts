import { sheetBounds, sheetView } from '../camera/HomeView.js';
import type { Model } from '../model/Model.js';
import type { Tool } from '../tools/Tool.js';
import { applyViewModeEffects, type PreferenceEffectsPort } from './preferenceEffects.js';
import type { ViewerStores } from './ViewerStores.js';

/** What 2D mode needs of the viewer. */
export type TwoDModePort = PreferenceEffectsPort & { readonly stores: Pick<ViewerStores, '$models' | '$is2d' | '$activeTool'> };

/** Spec 001 §4: the tools a sheet has no use for ("walk tools are unloaded"). */
const WALK_TOOLS = ['walk'];
/** Spec 001 §4: "For 2D: default tool is pan". */
const DEFAULT_2D_TOOL = 'pan';
/** Tools that turn the view: on a sheet they do nothing, and say so once. */
const ROTATING_TOOLS = new Set(['orbit', 'freeorbit', 'worldup']);

/** What 2D mode changed, to put back on leaving it. */
interface Saved {
  isPerspective: boolean;
  defaultTool: string;
  walkTools: Tool[];
}

/**
 * 2D mode (spec 001 §4 "Switching to a 2D model sets 2D mode, another light preset and constraints;
 * unloading restores the previous mode"): while every model loaded is a 2D sheet, the camera is
 * orthographic and looks straight down at it (−Z, +Y up), orbits and looking around do nothing, the
 * default tool is pan (the wheel zooms at the cursor), the walk tools are unregistered, the view cube is
 * hidden (`$is2d`), the 2D light preset and background apply and the 3D-only settings warn. A 3D model
 * loaded beside it, or the sheet unloaded, restores what was there.
 */
export class TwoDMode {
  private saved: Saved | null = null;
  private rotationWarned = false;
  private wasEmpty = true;
  private perspectiveWhenEmpty = true;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly viewer: TwoDModePort) {
    this.unsubscribe = [
      viewer.stores.$models.subscribe((models) => this.follow(models)),
      viewer.stores.$activeTool.subscribe((tool) => this.warnOnRotation(tool)),
    ];
  }

  dispose(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  private warnOnRotation(tool: string): void {
    if (!this.saved || this.rotationWarned || !ROTATING_TOOLS.has(tool)) return;
    this.rotationWarned = true;
    this.viewer.logger.warn(`${tool}: a 2D sheet is seen from above only; the view does not turn.`);
  }

  private follow(models: readonly Model[]): void {
    const only2d = models.length > 0 && models.every((model) => model.is2d());
    // A sheet loaded first finds the camera turned to it already (its home view): what was there is the
    // projection the viewer had when it was last empty.
    const before = this.wasEmpty ? this.perspectiveWhenEmpty : this.viewer.navigation.isPerspective;
    if (only2d && !this.saved) this.enter(models, before);
    else if (!only2d && this.saved) this.leave(this.saved);
    this.wasEmpty = models.length === 0;
    if (this.wasEmpty) this.perspectiveWhenEmpty = this.viewer.navigation.isPerspective;
  }

  private enter(models: readonly Model[], isPerspective: boolean): void {
    const { navigation, toolController } = this.viewer;
    const walkTools = WALK_TOOLS.map((name) => toolController.getTool(name)).filter((tool): tool is Tool => Boolean(tool));
    this.saved = { isPerspective, defaultTool: toolController.getDefaultToolName(), walkTools };
    navigation.cancelTransition();
    navigation.is2d = true;
    // The home view frames a sheet from above already when the sheet is the first model; else frame it now.
    if (!isLookingDown(navigation.getDirection()) || navigation.isPerspective) {
      const view = sheetView(navigation, sheetBounds(models, navigation.sceneBounds));
      if (view) navigation.setViewFromRecord(view);
      else navigation.toOrthographic();
    }
    for (const tool of walkTools) toolController.deregisterTool(tool);
    toolController.setDefaultTool(DEFAULT_2D_TOOL);
    this.viewer.stores.$is2d.set(true);
    applyViewModeEffects(this.viewer);
  }

  private leave(saved: Saved): void {
    const { navigation, toolController } = this.viewer;
    this.saved = null;
    navigation.is2d = false;
    if (saved.isPerspective) navigation.toPerspective();
    for (const tool of saved.walkTools) if (!toolController.getTool(tool.names[0])) toolController.registerTool(tool);
    if (toolController.getDefaultToolName() === DEFAULT_2D_TOOL) toolController.setDefaultTool(saved.defaultTool);
    this.viewer.stores.$is2d.set(false);
    applyViewModeEffects(this.viewer);
  }
}

function isLookingDown(direction: { x: number; y: number; z: number }): boolean {
  return direction.z < -0.999999;
}
