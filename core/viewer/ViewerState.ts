import { MathUtils, Vector3 } from 'three';
import type { CameraView } from '../camera/CameraView.js';
import { roundCameraValue } from '../camera/cameraConstants.js';
import type { Model } from '../model/Model.js';
import { readCutPlane } from '../render/CutPlanes.js';
import { LIGHT_PRESETS, lightPresetAt } from '../render/lightPresets.js';
import type { SceneRenderer } from '../render/SceneRenderer.js';
import type { Logger } from './Logger.js';
import type { LayerManager } from '../layers/LayerManager.js';
import type { CameraPort, LoggerPort, PreferencesPort } from './ports.js';

/** Spec 001 §9: numbers of two states within this are equal. */
export const STATE_COMPARISON_TOLERANCE = 1e-9;

/** Spec 001 §8 "Logs and warnings". */
export const NO_STATE_MESSAGE = 'restoreState has no viewer state to restore from';
export const NO_MODEL_MESSAGE = 'restoreState has no viewer or model to restore';
export const ORTHO_SCALE_MESSAGE = 'Ortho scale does not match eye-target distance';

type Vector = [number, number, number];

/** What saving and restoring the viewer state needs of the viewer. */
export type ViewerStatePort = CameraPort &
  LoggerPort &
  PreferencesPort & {
    readonly isStarted: boolean;
    readonly model: Model | null;
    readonly renderContext: Pick<SceneRenderer, 'getAmbientOcclusion' | 'setAmbientOcclusion' | 'getToneMapping' | 'setToneMapping' | 'lighting'> | null;
    readonly layers: Pick<LayerManager, 'getLayers' | 'showAll' | 'setVisible'>;
    getSelection(): number[];
    select(dbIds: readonly number[], model?: Model): void;
    clearSelection(): void;
    getHiddenNodes(model?: Model | null): number[];
    getIsolatedNodes(model?: Model | null): number[];
    isolate(dbIds?: readonly number[] | null, model?: Model | null): void;
    hide(dbIds: readonly number[], model?: Model | null): void;
    showAll(): void;
    explode(scale: number): void;
    getExplodeScale(): number;
    setCutPlanes(planes: readonly unknown[]): void;
    getCutPlanes(): number[][];
    setLightPreset(index: number): boolean;
  };

/** Spec 001 §3 "Viewer state": the object set's first entry. */
export interface ObjectSetState {
  /** The selected node ids. */
  id: number[];
  isolated: number[];
  hidden: number[];
  explodeScale: number;
  idType: 'lmv';
  /** 2D only: whether every layer is shown. */
  allLayers?: boolean;
  /**
   * 2D only, beside the spec's `allLayers` when not every layer is shown: the names of those hidden, so that
   * restoring puts the same layers off (a state without it leaves the layers as they are).
   */
  hiddenLayers?: string[];
}

export interface ViewportState {
  name: string;
  eye: Vector;
  target: Vector;
  up: Vector;
  worldUpVector: Vector;
  pivotPoint: Vector;
  distanceToOrbit: number;
  aspectRatio: number;
  projection: 'perspective' | 'orthographic';
  isOrthographic: boolean;
  /** Perspective only, degrees. */
  fieldOfView?: number;
  /** Orthographic only: the height of the view in world units. */
  orthographicHeight?: number;
}

export interface RenderOptionsState {
  /** The light preset's name. */
  environment: string;
  ambientOcclusion: { enabled: boolean; radius: number; intensity: number };
  toneMap: { method: number; exposure: number; lightMultiplier: number };
  appearance: {
    ghostHidden: boolean;
    ambientShadow: boolean;
    antiAliasing: boolean;
    progressiveDisplay: boolean;
    swapBlackAndWhite: boolean;
    displayLines: boolean;
    displayPoints: boolean;
  };
}

/** The viewer state JSON (spec 001 §3); extensions may add keys of their own. */
export interface ViewerState {
  seedURN?: string;
  objectSet?: ObjectSetState[];
  viewport?: ViewportState;
  renderOptions?: RenderOptionsState;
  /** 3D only: [a, b, c, d] planes. */
  cutplanes?: number[][];
  [extensionKey: string]: unknown;
}

/** What contributes keys of its own to the state (a loaded extension). */
export interface StateContributor {
  getState?(state: ViewerState): void;
  restoreState?(state: ViewerState, immediate: boolean): boolean | void;
}

/** The viewer's state now, through its public API; `filter` keeps only the keys it names (see applyStateFilter). */
export function captureViewerState(viewer: ViewerStatePort, filter: unknown, contributors: readonly StateContributor[]): ViewerState {
  const model = viewer.model;
  const state: ViewerState = {
    seedURN: model?.url ?? '',
    objectSet: [objectSetOf(viewer, model)],
    viewport: viewportOf(viewer),
    renderOptions: renderOptionsOf(viewer, model),
  };
  if (!model?.is2d()) state.cutplanes = viewer.getCutPlanes();
  for (const contributor of contributors) contributor.getState?.(state);
  applyStateFilter(state, filter, viewer.logger);
  return state;
}

/**
 * Brings the viewer to a state (spec 001 §5 "Restore state"): only its keys that the filter keeps, the
 * camera animated unless `immediate`. With no state, or no model loaded, nothing changes: a warning, false.
 */
export function restoreViewerState(viewer: ViewerStatePort, input: unknown, filter: unknown, immediate: boolean, contributors: readonly StateContributor[]): boolean {
  if (typeof input === 'string') {
    // A state saved as JSON text; text that is not JSON is no state.
    try {
      input = JSON.parse(input);
    } catch {
      input = null;
    }
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    viewer.logger.warn(NO_STATE_MESSAGE);
    return false;
  }
  const model = viewer.model;
  if (!model || !viewer.isStarted) {
    viewer.logger.warn(NO_MODEL_MESSAGE);
    return false;
  }
  let state: ViewerState;
  try {
    // A copy as JSON: the filter removes keys from it, and what JSON cannot carry is no state.
    state = JSON.parse(JSON.stringify(input)) as ViewerState;
  } catch {
    viewer.logger.warn(NO_STATE_MESSAGE);
    return false;
  }
  applyStateFilter(state, filter, viewer.logger);
  const objectSet = Array.isArray(state.objectSet) ? (state.objectSet[0] as Partial<ObjectSetState> | undefined) : undefined;
  if (objectSet && typeof objectSet === 'object') restoreObjectSet(viewer, model, objectSet);
  if (Array.isArray(state.cutplanes) && !model.is2d()) {
    viewer.setCutPlanes(state.cutplanes.filter((plane) => readCutPlane(plane) !== null));
  }
  if (state.renderOptions && typeof state.renderOptions === 'object') restoreRenderOptions(viewer, state.renderOptions);
  if (state.viewport && typeof state.viewport === 'object') restoreViewport(viewer, state.viewport, immediate);
  let restored = true;
  for (const contributor of contributors) if (contributor.restoreState?.(state, immediate) === false) restored = false;
  return restored;
}

/**
 * Keeps the keys of a state that a filter names (spec 001 §5): a key the filter lacks, or marks false, is
 * removed; true keeps it whole; an object filters the value below it (each entry of a list). Another filter
 * value keeps the key, with a warning. No filter (or true) keeps everything.
 */
export function applyStateFilter(state: Record<string, unknown>, filter: unknown, logger: Pick<Logger, 'warn'>): void {
  if (filter === undefined || filter === null || filter === true) return;
  if (typeof filter !== 'object' || Array.isArray(filter)) {
    logger.warn(`State filter is not an object: ${JSON.stringify(filter)}`);
    return;
  }
  const rules = filter as Record<string, unknown>;
  for (const key of Object.keys(state)) {
    const rule = rules[key];
    if (rule === undefined || rule === false) delete state[key];
    else if (rule === true) continue;
    else if (rule && typeof rule === 'object') {
      const value = state[key];
      if (Array.isArray(value)) value.forEach((entry) => entry && typeof entry === 'object' && applyStateFilter(entry, rule, logger));
      else if (value && typeof value === 'object') applyStateFilter(value as Record<string, unknown>, rule, logger);
    } else logger.warn(`State filter value for "${key}" is not an object or a boolean: ${JSON.stringify(rule)}`);
  }
}

/** Whether two states (or parts of them) are equal, numbers within STATE_COMPARISON_TOLERANCE (spec 001 §9). */
export function areStatesEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= STATE_COMPARISON_TOLERANCE || a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => areStatesEqual(value, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => areStatesEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return a === b;
}

// ── Capture ─────────────────────────────────────────────────────────────────────────────────────

function objectSetOf(viewer: ViewerStatePort, model: Model | null): ObjectSetState {
  const entry: ObjectSetState = {
    id: viewer.getSelection(),
    isolated: model ? viewer.getIsolatedNodes(model) : [],
    hidden: model ? viewer.getHiddenNodes(model) : [],
    explodeScale: viewer.getExplodeScale(),
    idType: 'lmv',
  };
  if (model?.is2d()) {
    const layers = viewer.layers.getLayers();
    entry.allLayers = layers.every((layer) => layer.visible);
    if (!entry.allLayers) entry.hiddenLayers = layers.filter((layer) => !layer.visible).map((layer) => layer.name);
  }
  return entry;
}

/** The camera in real coordinates, its values rounded to 3 decimals (spec 000 §5). */
function viewportOf(viewer: ViewerStatePort): ViewportState {
  const camera = viewer.navigation.getCamera();
  const round = roundCameraValue;
  const vector = (v: Vector3): Vector => [round(v.x), round(v.y), round(v.z)];
  const viewport: ViewportState = {
    name: '',
    eye: vector(camera.position),
    target: vector(camera.target),
    up: vector(camera.up),
    worldUpVector: vector(camera.worldUp),
    pivotPoint: vector(camera.pivot),
    distanceToOrbit: round(camera.position.distanceTo(camera.pivot)),
    aspectRatio: round(camera.aspect),
    projection: camera.isPerspective ? 'perspective' : 'orthographic',
    isOrthographic: !camera.isPerspective,
  };
  if (camera.isPerspective) viewport.fieldOfView = round(camera.fov);
  else viewport.orthographicHeight = round(camera.orthoScale);
  return viewport;
}

function renderOptionsOf(viewer: ViewerStatePort, model: Model | null): RenderOptionsState {
  const pref = (name: string) => Boolean(viewer.prefs.get(name));
  const preset = lightPresetAt(viewer.prefs.get('lightPreset'));
  const ambientShadows = pref('ambientShadows');
  return {
    environment: preset.name,
    ambientOcclusion: { enabled: ambientShadows, ...ambientOcclusionOf(viewer, model) },
    // Spec 001 §9: the exposure is kept as log base 2 (EV: the bias the curve applies).
    toneMap: { ...toneMapOf(viewer), lightMultiplier: viewer.renderContext?.lighting.getLightIntensity() ?? preset.headlightIntensity },
    appearance: {
      ghostHidden: pref('ghosting'),
      ambientShadow: ambientShadows,
      antiAliasing: pref('antialiasing'),
      progressiveDisplay: pref('progressiveRendering'),
      swapBlackAndWhite: pref('swapBlackAndWhite'),
      displayLines: pref('lineRendering'),
      displayPoints: pref('pointRendering'),
    },
  };
}

function toneMapOf(viewer: ViewerStatePort): { method: number; exposure: number } {
  const toneMapping = viewer.renderContext?.getToneMapping() ?? { method: 0, exposureBias: 0 };
  return { method: toneMapping.method, exposure: toneMapping.exposureBias };
}

/** The radius and intensity the frame's ambient occlusion has (the model's defaults before the viewer has drawn). */
function ambientOcclusionOf(viewer: ViewerStatePort, model: Model | null): { radius: number; intensity: number } {
  const drawn = viewer.renderContext?.getAmbientOcclusion();
  return drawn ? { radius: drawn.radius, intensity: drawn.intensity } : ambientOcclusionDefaults(model);
}

/**
 * Spec 001 §9: the ambient occlusion radius of a building model is 4 / unit scale when the unit scale is
 * over 0.3, else 0.25 / unit scale, intensity 1; of another model min(10, 5% of its box's diagonal), 0.4.
 */
export function ambientOcclusionDefaults(model: Model | null): { radius: number; intensity: number } {
  if (!model) return { radius: 10, intensity: 0.4 };
  if (/\.(ifc|rvt|nwd|nwc)$/i.test(model.fileName)) {
    const unitScale = model.getUnitScale() || 1;
    return { radius: unitScale > 0.3 ? 4 / unitScale : 0.25 / unitScale, intensity: 1 };
  }
  const diagonal = model.getBoundingBox().getSize(new Vector3()).length();
  return { radius: Math.min(10, 0.05 * (Number.isFinite(diagonal) ? diagonal : 0)), intensity: 0.4 };
}

// ── Restore ─────────────────────────────────────────────────────────────────────────────────────

/** Node ids of a state list, as integers (spec 001 §5); entries that are not numbers are left out. */
function readIds(value: unknown): number[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((id) => Math.trunc(Number(id))).filter((id) => Number.isFinite(id));
}

/** A vector of at least 3 finite numbers (spec 001 §5), else null. */
function readVector(value: unknown): Vector3 | null {
  if (!Array.isArray(value) || value.length < 3) return null;
  const [x, y, z] = value.slice(0, 3).map(Number);
  return [x, y, z].every(Number.isFinite) ? new Vector3(x, y, z) : null;
}

function restoreObjectSet(viewer: ViewerStatePort, model: Model, entry: Partial<ObjectSetState>): void {
  const isolated = readIds(entry.isolated);
  const hidden = readIds(entry.hidden);
  if (isolated || hidden) {
    if (isolated?.length) viewer.isolate(isolated, model);
    else {
      viewer.showAll();
      if (hidden?.length) viewer.hide(hidden, model);
    }
  }
  if ('explodeScale' in entry && entry.explodeScale !== undefined) viewer.explode(Number(entry.explodeScale));
  const selection = readIds(entry.id);
  if (selection) {
    if (selection.length) viewer.select(selection, model);
    else viewer.clearSelection();
  }
  if (model.is2d()) restoreLayers(viewer, entry);
}

/** `allLayers` shows every layer; else the names in `hiddenLayers` (those the drawing has) are put off, the rest on. */
function restoreLayers(viewer: ViewerStatePort, entry: Partial<ObjectSetState>): void {
  if (entry.allLayers === true) {
    viewer.layers.showAll();
    return;
  }
  if (!Array.isArray(entry.hiddenLayers)) return;
  const hidden = new Set(entry.hiddenLayers.filter((name): name is string => typeof name === 'string'));
  const names = viewer.layers.getLayers().map((layer) => layer.name);
  viewer.layers.showAll();
  const off = names.filter((name) => hidden.has(name));
  if (off.length) viewer.layers.setVisible(off, false);
}

/** A finite number, else undefined (what a state's numbers are read with). */
function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function restoreRenderOptions(viewer: ViewerStatePort, options: Partial<RenderOptionsState>): void {
  if (typeof options.environment === 'string') {
    const index = LIGHT_PRESETS.findIndex((preset) => preset.name.toLowerCase() === options.environment!.toLowerCase());
    if (index >= 0) viewer.setLightPreset(index);
    else viewer.logger.warn(`Unknown light preset: ${options.environment}`);
  }
  const set = (name: string, value: unknown) => {
    if (typeof value === 'boolean') viewer.prefs.set(name, value);
  };
  set('ambientShadows', options.ambientOcclusion?.enabled);
  const occlusion = options.ambientOcclusion;
  if (occlusion && typeof occlusion === 'object') {
    viewer.renderContext?.setAmbientOcclusion({ radius: finite(occlusion.radius), intensity: finite(occlusion.intensity) });
  }
  const toneMap = options.toneMap;
  if (toneMap && typeof toneMap === 'object') {
    viewer.renderContext?.setToneMapping({ method: finite(toneMap.method), exposureBias: finite(toneMap.exposure) });
    const multiplier = finite(toneMap.lightMultiplier);
    // The preset's own intensity is no choice of the user's: the next preset brings its own.
    const presetIntensity = lightPresetAt(viewer.prefs.get('lightPreset')).headlightIntensity;
    if (multiplier !== undefined) viewer.renderContext?.lighting.setLightIntensity(multiplier === presetIntensity ? null : multiplier);
  }
  const appearance = options.appearance;
  if (appearance && typeof appearance === 'object') {
    set('ghosting', appearance.ghostHidden);
    set('ambientShadows', appearance.ambientShadow);
    set('antialiasing', appearance.antiAliasing);
    set('progressiveRendering', appearance.progressiveDisplay);
    set('swapBlackAndWhite', appearance.swapBlackAndWhite);
    set('lineRendering', appearance.displayLines);
    set('pointRendering', appearance.displayPoints);
  }
}

function restoreViewport(viewer: ViewerStatePort, viewport: Partial<ViewportState>, immediate: boolean): void {
  const navigation = viewer.navigation;
  const now = navigation.getView();
  const eye = readVector(viewport.eye) ?? now.position;
  const target = readVector(viewport.target) ?? now.center;
  let isOrtho = now.isOrtho;
  if (viewport.projection === 'orthographic' || viewport.projection === 'perspective') isOrtho = viewport.projection === 'orthographic';
  else if (typeof viewport.isOrthographic === 'boolean') isOrtho = viewport.isOrthographic;
  const fieldOfView = Number(viewport.fieldOfView);
  const fov = viewport.fieldOfView !== undefined && Number.isFinite(fieldOfView) ? fieldOfView : now.fov;
  const view: CameraView = {
    position: eye,
    center: target,
    up: readVector(viewport.up) ?? now.up,
    worldUp: readVector(viewport.worldUpVector) ?? now.worldUp,
    pivot: readVector(viewport.pivotPoint) ?? target.clone(),
    fov,
    isOrtho,
    orthoScale: now.orthoScale,
  };
  const height = Number(viewport.orthographicHeight);
  const framed = 2 * eye.distanceTo(target) * Math.tan(MathUtils.degToRad(fov) / 2);
  if (viewport.orthographicHeight !== undefined && Number.isFinite(height) && height > 0) {
    // The viewer frames an orthographic view as high as a perspective one shows at the target (within what
    // the state's rounding to 3 decimals allows).
    if (isOrtho && Math.abs(height - framed) > Math.max(1e-3 * Math.max(height, framed), 5e-3)) viewer.logger.warn(ORTHO_SCALE_MESSAGE);
    view.orthoScale = height;
  } else if (isOrtho) view.orthoScale = framed;
  void navigation.transitionTo(view, { immediate });
}
