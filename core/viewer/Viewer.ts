import { Box3, type Ray, Vector3 } from 'three';
import { canvasRay } from '../camera/canvasRay.js';
import type { CameraView } from '../camera/CameraView.js';
import { Navigation, type TransitionOptions } from '../camera/Navigation.js';
import { HomeView } from '../camera/HomeView.js';
import { lookAtView } from '../camera/viewFraming.js';
import { RewindTimeline } from '../camera/RewindTimeline.js';
import { ViewCubeController } from '../camera/ViewCubeController.js';
import { readLanguageChoice } from '../i18n/languageChoice.js';
import { languageFromQuery } from '../i18n/languages.js';
import { Translator } from '../i18n/Translator.js';
import { LayerManager } from '../layers/LayerManager.js';
import { LoaderRegistry } from '../loaders/LoaderRegistry.js';
import { registerDefaultLoaders } from '../loaders/defaultLoaders.js';
import { LoaderWorkers } from '../loaders/LoaderWorkers.js';
import type { BubbleNode } from '../loaders/documents/BubbleNode.js';
import type { Document } from '../loaders/documents/Document.js';
import { openDocument, openDocumentNode } from '../loaders/documents/openDocumentNode.js';
import { Endpoint } from '../loaders/endpoints/Endpoint.js';
import type { Model } from '../model/Model.js';
import { modelsBounds, objectBounds } from '../model/modelBounds.js';
import type { TopologyResult } from '../model/ModelTopology.js';
import { type CutPlane, readCutPlane, toClippingPlane } from '../render/CutPlanes.js';
import type { HitResult } from '../render/Picker.js';
import { Picker } from '../render/Picker.js';
import { LIGHT_PRESETS } from '../render/lightPresets.js';
import { pixelsToPng } from '../render/pixelsToPng.js';
import { PivotSphere } from '../render/PivotSphere.js';
import { warmUpShadersSoon } from '../render/shaderWarmUp.js';
import { type FrameStats, SceneRenderer } from '../render/SceneRenderer.js';
import { Selector, type SelectionModeValue } from '../selection/Selector.js';
import { Explode } from '../tools/Explode.js';
import { registerDefaultTools } from '../tools/registerDefaultTools.js';
import { TransformGizmoTool } from '../tools/TransformGizmoTool.js';
import { ToolController } from '../tools/ToolController.js';
import { type ThemingColor, toRgba } from '../visibility/themingColor.js';
import { VisibilityController } from '../visibility/VisibilityController.js';
import { Dialogs } from './Dialogs.js';
import { ErrorCode } from './ErrorCodes.js';
import type { Extension, ExtensionClass } from './Extension.js';
import { LoadedExtensions, registerExtension, unregisterExtension } from './LoadedExtensions.js';
import { LogLevel, Logger, parseLogLevel } from './Logger.js';
import { applyAllPreferenceEffects, applyPreferenceEffect } from './preferenceEffects.js';
import { Preferences } from './Preferences.js';
import { FramePacer } from './FramePacer.js';
import { LoadedModels } from './LoadedModels.js';
import { defaultResourceRoot, type ResourceRequest, ResourceLocator, resourceRequest } from './resources.js';
import { type ScreenMode, ScreenModes } from './ScreenModes.js';
import { UsageTracker } from './UsageTracker.js';
import type { LoadModelOptions, ViewerConfig } from './ViewerConfig.js';
import { ViewerEventTarget } from './ViewerEvents.js';
import { ViewerError } from './ViewerError.js';
import { captureViewerState, restoreViewerState, type ViewerState } from './ViewerState.js';
import { createViewerStores, type ViewerStores } from './ViewerStores.js';
import { type ContainerSizeWatch, createViewerCanvas, watchContainerSize, webglStartError } from './viewerCanvas.js';

/**
 * The headless viewer: a canvas in a container, models, camera, tools, selection and visibility.
 * Usable on its own (`new Viewer(div).start()`); the `<design-viewer>` element wraps one.
 */
export class Viewer extends ViewerEventTarget {
  readonly container: HTMLElement;
  readonly config: ViewerConfig;
  readonly logger = new Logger();
  readonly stores: ViewerStores = createViewerStores();
  readonly navigation = new Navigation();
  readonly toolController: ToolController;
  readonly loaders = new LoaderRegistry();
  /** Where documents come from (environment, API flavour, root) and the access token (spec 001 §3, §7). */
  readonly endpoint: Endpoint;
  readonly prefs: Preferences;
  /** The resource root (res/): the host's `config.resourceRoot`, else beside the script. */
  readonly resourceRoot: string;
  /** Where each file of res/ is (see ResourceLocator): use it rather than the root. */
  readonly resources: ResourceLocator;
  readonly isMobile: boolean;
  /** This viewer's own i18next instance (spec 001 §3, §5, §7). */
  readonly translator: Translator;
  /** Alert, confirm, prompt, log toasts and heads-up messages, queued (spec 001 §2 "Dialogs"); the chrome shows them. */
  readonly dialogs: Dialogs;
  /** The canvas, created by start(). */
  canvas!: HTMLCanvasElement;
  /** The pivot sphere (spec 000 §2): tools show it while they navigate, under their own name. */
  readonly pivotSphere = new PivotSphere();
  /** Spec 000 §7: usage events counted by name, reported to `config.onUsage` every 60 s. */
  readonly usage: UsageTracker;
  /** The orientation cube's behaviour (views, arrows, roll, projection, menu actions); the chrome draws it. */
  readonly viewCube: ViewCubeController;
  /** The rewind timeline: the history of earlier views and sliding back through them. */
  readonly rewind: RewindTimeline;
  /** The transform gizmo: `show(mode)`, `hide()`; moves, rotates and scales the selection. */
  readonly transformGizmo: TransformGizmoTool;

  private sceneRenderer: SceneRenderer | null = null;
  private readonly picker = new Picker();
  private readonly workers = new LoaderWorkers();
  private readonly selector: Selector;
  private readonly visibility: VisibilityController;
  /** Spec 000 §4 "Layers": `getLayers()`, `setVisible(layer, visible)`, `toggle(layer)`, `showAll()`, `setLayerState(name)`. */
  readonly layers: LayerManager;
  private readonly homeView: HomeView;
  private readonly explodeState = new Explode();
  private readonly extensions = new LoadedExtensions(this);
  private cutPlanes: CutPlane[] = [];
  private readonly pacer = new FramePacer(this);
  private readonly models: LoadedModels;
  private readonly screenModes: ScreenModes;
  private containerSize: ContainerSizeWatch | null = null;
  private started = false;
  private finished = false;
  private languageAnnounced = false;

  constructor(container: HTMLElement, config: ViewerConfig = {}) {
    super();
    this.container = container;
    this.config = config;
    this.resources = new ResourceLocator(config.resourceRoot ?? defaultResourceRoot(), config.resourceRoot !== undefined);
    this.resourceRoot = this.resources.root;
    this.isMobile = config.isMobile ?? /Android|iPhone|iPad|iPod|Mobile/i.test(globalThis.navigator?.userAgent ?? '');
    if (config.logLevel !== undefined) this.logger.setLevel(parseLogLevel(config.logLevel));
    this.prefs = new Preferences(this.logger, this.stores.$preferences, this.isMobile);
    this.endpoint = new Endpoint(this.logger, { ...config, useCredentials: config.useCredentials ?? config.withCredentials });
    this.translator = new Translator(this.resources, this.logger);
    this.dialogs = new Dialogs((name, value) => this.prefs.set(name, value));
    this.toolController = new ToolController(this.logger, (toolName, active) => {
      this.stores.$activeTool.set(this.toolController.getActiveToolName());
      this.emit('tool-change', { toolName, active });
    });
    this.selector = new Selector(this.logger, (selections) => {
      this.stores.$selection.set(selections);
      this.markStateChanged();
      this.emit('selection-change', { selections });
    });
    this.visibility = new VisibilityController(this, this.selector);
    this.homeView = new HomeView(this.navigation);
    this.layers = new LayerManager({ logger: this.logger, visibility: this.visibility, $layers: this.stores.$layers, emit: (name, detail) => this.emit(name, detail) });
    const parts = { picker: this.picker, selector: this.selector, visibility: this.visibility, homeView: this.homeView, workers: this.workers, layers: this.layers, explode: this.explodeState };
    this.models = new LoadedModels(this, parts);
    this.navigation.onChange = () => this.onCameraChange();
    this.navigation.onRequestFrame = () => this.invalidate();
    this.pivotSphere.onRequestFrame = () => this.invalidate();
    this.usage = new UsageTracker(config.onUsage, this.logger);
    this.viewCube = new ViewCubeController(this);
    if (config.viewCube) this.viewCube.setOptions(config.viewCube);
    this.rewind = new RewindTimeline(this);
    this.transformGizmo = new TransformGizmoTool(this);
    this.screenModes = new ScreenModes(
      { logger: this.logger, onModeChange: (mode) => this.onScreenModeChange(mode) },
      () => this.config.screenModeElement ?? this.container,
      Boolean(config.isNativeApplication),
    );
    registerDefaultLoaders(this.loaders);
    this.prefs.onChange((name, value) => this.applyPreference(name, value));
    if (config.startOnInitialize) this.start();
  }

  // ── Lifecycle ────────────────────────────────────────────────────────────────────────────────

  get isStarted(): boolean {
    return this.started && !this.finished;
  }

  /**
   * Creates the canvas and the WebGL context, registers the default tools and starts rendering.
   * Returns false (and raises `error` with code 8 or 10) when WebGL is unavailable.
   */
  start(): boolean {
    if (this.started) return !this.finished;
    this.started = true;
    this.workers.prewarm(); // it boots on its own thread while the WebGL context starts
    this.canvas = createViewerCanvas(this.container);
    try {
      const antialias = this.config.antialias ?? Boolean(this.prefs.get('antialiasing'));
      this.sceneRenderer = new SceneRenderer(this.canvas, { antialias, checkShaderErrors: this.logger.level >= LogLevel.DEBUG });
    } catch (reason) {
      this.reportError(webglStartError(reason));
      this.canvas.remove();
      this.workers.dispose();
      this.finished = true;
      return false;
    }
    this.sceneRenderer.overlay.add(this.pivotSphere.object);
    if (this.cutPlanes.length) this.sceneRenderer.setClippingPlanes(this.cutPlanes.map(toClippingPlane));
    applyAllPreferenceEffects(this, this.pacer.budget);
    warmUpShadersSoon(() => this.sceneRenderer, this.navigation.getThreeCamera(), (reason) => this.logger.debug('Shader warm-up failed', reason));
    registerDefaultTools(this);
    this.toolController.attach(this.canvas, this.canvas);
    this.containerSize = watchContainerSize(this.container, () => this.resize());
    this.resize();
    // The host's language first, then the page's setLng, the user's last pick in the settings, the browser's.
    void this.setLanguage(this.config.language ?? languageFromQuery() ?? readLanguageChoice() ?? globalThis.navigator?.language ?? 'en');
    this.emit('viewer-ready', { viewer: this });
    for (const id of this.config.extensions ?? []) {
      this.loadExtension(id).catch(() => {
        // Logged with the spec's message by loadExtension; the viewer goes on without it.
      });
    }
    this.invalidate();
    return true;
  }

  /** Switches the UI language (normalised: zh-CN → zh-HANS, de-AT → de, unknown → en). */
  async setLanguage(code: string): Promise<string> {
    const language = await this.translator.setLanguage(code);
    if (this.stores.$language.get() !== language || !this.languageAnnounced) {
      this.languageAnnounced = true;
      this.stores.$language.set(language);
      this.emit('language-change', { language });
    }
    return language;
  }

  /** The current UI language. */
  getLanguage(): string {
    return this.stores.$language.get();
  }

  /** Tears the viewer down: models unloaded, workers stopped, GPU resources and the context released. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.extensions.dispose();
    this.pacer.stop();
    this.containerSize?.disconnect();
    this.dialogs.dispose();
    this.toolController.detach();
    this.screenModes.dispose();
    this.rewind.dispose();
    this.transformGizmo.dispose();
    this.usage.dispose();
    this.models.dispose();
    this.workers.dispose();
    this.endpoint.dispose();
    this.sceneRenderer?.dispose();
    this.sceneRenderer = null;
    this.pivotSphere.dispose();
    this.canvas?.remove();
  }

  // ── Models ───────────────────────────────────────────────────────────────────────────────────

  /** The first loaded model, or null. */
  get model(): Model | null {
    return this.models.list[0] ?? null;
  }

  getVisibleModels(): Model[] {
    return [...this.models.list];
  }

  /** Spec 000 §5, §8, §9: the model's topology, when it has one within the size limit (see LoadedModels). */
  loadTopology(model: Model): Promise<TopologyResult> {
    return this.models.loadTopology(model);
  }

  /**
   * Loads a model by the loader registered for its extension and adds it to the scene. An unknown
   * extension rejects with code 13 and leaves what was loaded before untouched.
   */
  loadModel(url: string, options: LoadModelOptions = {}): Promise<Model> {
    return this.models.load(url, options);
  }

  /**
   * Opens an item of a document (spec 001 §4): a 3D viewable or view loads its model file (once: an item
   * already shown only gets its view); the document's credentials and property database go with it.
   */
  loadDocumentNode(doc: Document, node: BubbleNode, options: LoadModelOptions = {}): Promise<Model> {
    return openDocumentNode(this, doc, node, options);
  }

  /** Loads a document by urn or URL and opens a viewable: by guid, else the default one (see API.md `viewable`). */
  async loadDocument(urlOrUrn: string, viewableGuid?: string | null, options: LoadModelOptions = {}): Promise<Model> {
    return (await openDocument(this, urlOrUrn, viewableGuid, options)).model;
  }

  /** Removes a model: its geometry, selection, worker and GPU resources. */
  unloadModel(model: Model): boolean {
    return this.models.unload(model);
  }

  // ── Rendering ────────────────────────────────────────────────────────────────────────────────

  /** Asks for a frame. */
  invalidate(): void {
    this.pacer.invalidate();
  }

  /** Asks for a frame because what is drawn changed (geometry arrived): the picture shown is incomplete until it is drawn. */
  invalidatePicture(): void {
    this.pacer.invalidatePicture();
  }

  /** Draws one complete frame synchronously (screenshots, tests, benchmarks). */
  renderNow(): FrameStats {
    return this.pacer.renderNow();
  }

  /** Statistics of the last frame drawn: draw calls, triangles, share drawn. */
  getFrameStats(): FrameStats {
    return { ...this.pacer.lastStats };
  }

  /**
   * Resolves once the canvas shows the complete picture: no model is loading, and the last frame drew
   * everything there is (`final-frame-rendered-change` says when a frame is final; `geometry-loaded` only
   * that a model's data has arrived). Resolves at once when that is so already, and when the viewer finishes.
   */
  async waitForCompleteFrame(): Promise<void> {
    while (this.sceneRenderer && !(this.pacer.isComplete && !this.models.isLoading)) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }

  /** A PNG of the complete picture at the given size (default: the canvas size), once no model is loading. */
  async getScreenShot(width?: number, height?: number): Promise<Blob> {
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer is not started.');
    await this.waitForCompleteFrame();
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer has been finished.');
    const w = Math.max(1, Math.round(width ?? this.canvas.clientWidth));
    const h = Math.max(1, Math.round(height ?? this.canvas.clientHeight));
    return pixelsToPng(this.capturePixels(w, h));
  }

  /** The pixels of a complete frame at the given size, top row first (RGBA). */
  capturePixels(width: number, height: number): { width: number; height: number; data: Uint8Array } {
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer is not started.');
    return this.pacer.capture(width, height);
  }

  // ── Rendering settings: each one a preference (spec 001 §3), saved and shown in the settings ─────

  /** The environment lighting, an index into LIGHT_PRESETS; false (with a warning) for another value. */
  setLightPreset(index: number): boolean {
    if (!Number.isInteger(index) || index < 0 || index >= LIGHT_PRESETS.length) {
      this.logger.warn(`Unknown light preset: ${index} (0 to ${LIGHT_PRESETS.length - 1}).`);
      return false;
    }
    return this.prefs.set('lightPreset', index);
  }

  /** The background gradient, top then bottom colour as 0–255 RGB; no argument: the light preset's own. */
  setBackgroundColor(...rgbTopThenBottom: number[]): boolean {
    return this.prefs.set('backgroundColorPreset', rgbTopThenBottom.length ? rgbTopThenBottom : null);
  }

  setProgressiveRendering(enabled: boolean): boolean {
    return this.prefs.set('progressiveRendering', Boolean(enabled));
  }

  /** Ambient occlusion (preference `ambientShadows`) and antialiasing. */
  setQualityLevel(ambientOcclusion: boolean, antiAliasing: boolean): void {
    this.prefs.set('ambientShadows', Boolean(ambientOcclusion));
    this.prefs.set('antialiasing', Boolean(antiAliasing));
  }

  setGroundShadow(enabled: boolean): boolean {
    return this.prefs.set('groundShadow', Boolean(enabled));
  }

  setGroundReflection(enabled: boolean): boolean {
    return this.prefs.set('groundReflection', Boolean(enabled));
  }

  setDisplayEdges(enabled: boolean): boolean {
    return this.prefs.set('edgeRendering', Boolean(enabled));
  }

  setSwapBlackAndWhite(enabled: boolean): boolean {
    return this.prefs.set('swapBlackAndWhite', Boolean(enabled));
  }

  /** Engine internals for extensions and the view cube: the renderer and its overlay scene. */
  get renderContext(): SceneRenderer | null {
    return this.sceneRenderer;
  }

  // ── Camera ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Frames the given objects (or everything visible) with the spec's 5% margin, animated unless
   * `immediate`. Resolves true once there (false when locked, empty, or interrupted).
   */
  fitToView(dbIds?: readonly number[] | null, model?: Model | null, immediate = false): Promise<boolean> {
    if (!this.navigation.isActionEnabled('gotoview')) return Promise.resolve(false);
    const box = dbIds && dbIds.length ? this.getBoundsOf(dbIds, model ?? this.model) : this.getVisibleBounds();
    if (box.isEmpty()) return Promise.resolve(false);
    return this.navigation.transitionTo(this.navigation.computeFitView(box), { immediate });
  }

  /** Moves to the home view, animated unless `immediate`; resolves true once there. */
  goHome(immediate = false): Promise<boolean> {
    if (!this.navigation.isActionEnabled('gotoview')) return Promise.resolve(false);
    return this.homeView.goHome({ immediate });
  }

  /** Moves the camera to look at `target` from `position`, animated unless `options.immediate`. */
  setView(position: Vector3, target: Vector3, options: TransitionOptions = {}): Promise<boolean> {
    if (!this.navigation.isActionEnabled('gotoview')) return Promise.resolve(false);
    return this.navigation.transitionTo(lookAtView(this.navigation.getView(), position, target), options);
  }

  setHomeView(view?: CameraView): void {
    this.homeView.setHomeView(view ?? this.navigation.getView());
  }

  resetHomeView(): void {
    this.homeView.reset();
  }

  getHomeView(): CameraView | null {
    return this.homeView.get();
  }

  setFOV(degrees: number): void {
    if (this.navigation.isActionEnabled('fov')) this.navigation.setFov(degrees);
  }

  toOrthographic(): void {
    this.navigation.toOrthographic();
  }

  toPerspective(): void {
    this.navigation.toPerspective();
  }

  /**
   * Turns the view to a face, edge or corner of the orientation cube ('front', 'top front right', in any
   * order), with a spherical interpolation; resolves true on arrival (false for an unknown name or a lock).
   */
  setViewCube(face: string, options: { immediate?: boolean } = {}): Promise<boolean> {
    return this.viewCube.setViewCube(face, options);
  }

  // ── Screen modes (spec 000 §2) ───────────────────────────────────────────────────────────────

  /** Switches to normal, full-browser or full-screen; false (with a warning) when not supported here. */
  setScreenMode(mode: ScreenMode | string): boolean {
    return this.screenModes.setScreenMode(mode);
  }

  /** The next mode of the cycle normal → full browser → full screen → normal (skipping unsupported ones). */
  nextScreenMode(): ScreenMode {
    return this.screenModes.nextScreenMode();
  }

  /** Back to normal (what Escape does); false when already normal. */
  escapeScreenMode(): boolean {
    return this.screenModes.escapeScreenMode();
  }

  getScreenMode(): ScreenMode {
    return this.screenModes.mode;
  }

  isScreenModeSupported(mode: string): boolean {
    return this.screenModes.isModeSupported(mode);
  }

  /**
   * The one way to fetch a file of `res/` (spec 000 §7): its URL under the resource root, with credentials
   * only when the endpoint is configured for them and the URL is same-host or relative.
   */
  getResource(path: string): ResourceRequest {
    return resourceRequest(this.resources, path, this.endpoint.useCredentials);
  }

  /**
   * The global offset: the real coordinates of the origin of the space the models are stored and drawn in
   * (the first model's box centre, or its load's `globalOffset` option); later models take it, so they line
   * up. (0, 0, 0) before any model. Every coordinate the viewer takes and reports is real (offset included).
   */
  getGlobalOffset(): Vector3 {
    return this.models.getGlobalOffset() ?? new Vector3();
  }

  /** The box of some objects (their subtrees, transforms applied), in real coordinates. */
  getBoundsOf(dbIds: readonly number[], model: Model | null): Box3 {
    return model ? objectBounds(model, dbIds) : new Box3();
  }

  /** The box of every visible fragment of every model, in real coordinates. */
  getVisibleBounds(): Box3 {
    return modelsBounds(this.models.list, true);
  }

  // ── Picking ──────────────────────────────────────────────────────────────────────────────────

  /** The object under a point of the page (client coordinates), or null (spec 001 §3 "Hit-test result"). */
  hitTest(clientX: number, clientY: number): HitResult | null {
    if (!this.canvas) return null;
    const rect = this.canvas.getBoundingClientRect();
    return this.hitTestCanvas(clientX - rect.left, clientY - rect.top);
  }

  /** Like hitTest, with coordinates relative to the canvas (CSS pixels). */
  hitTestCanvas(x: number, y: number): HitResult | null {
    if (!this.canvas || this.models.list.length === 0) return null;
    return this.picker.pick(this.rayFromCanvas(x, y), this.models.list);
  }

  /** Picks along any world-space ray. */
  rayCast(ray: Ray): HitResult | null {
    return this.picker.pick(ray, this.models.list);
  }

  rayFromCanvas(x: number, y: number): Ray {
    return canvasRay(this.navigation.getThreeCamera(), x, y, this.canvas.clientWidth, this.canvas.clientHeight);
  }

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

  // ── State (spec 001 §3 "Viewer state", §5 "Restore state") ─────────────────────────────────

  /** The viewer state JSON: selection, visibility, explode, camera, render options, cut planes, extensions' keys. */
  getState(filter?: unknown): ViewerState {
    return captureViewerState(this, filter, this.extensions.list());
  }

  /**
   * Brings the viewer to a state from getState (the keys `filter` keeps); the camera moves animated unless
   * `immediate`. False, with a warning, when there is no state or no model to restore it to.
   */
  restoreState(state: unknown, filter?: unknown, immediate = false): boolean {
    return restoreViewerState(this, state, filter, immediate, this.extensions.list());
  }

  // ── Extensions ───────────────────────────────────────────────────────────────────────────────

  /** Registers an extension class under an id, for every viewer; false if the id is taken. */
  static registerExtension(id: string, extension: ExtensionClass): boolean {
    return registerExtension(id, extension);
  }

  static unregisterExtension(id: string): boolean {
    return unregisterExtension(id);
  }

  /** Loads a registered extension into this viewer (once); rejects with "Extension not found" or "Extension failed to load". */
  loadExtension(id: string, options?: Record<string, unknown>): Promise<Extension> {
    return this.extensions.load(id, options);
  }

  unloadExtension(id: string): boolean {
    return this.extensions.unload(id);
  }

  getExtension(id: string): Extension | null {
    return this.extensions.get(id);
  }

  /** Ids of the loaded extensions, in the order they loaded. */
  getLoadedExtensions(): string[] {
    return this.extensions.ids();
  }

  /** Turns on a mode of a loaded extension; false (logging "Extension is not loaded or doesn't exist") for another id. */
  activateExtension(id: string, mode?: string): boolean {
    return this.extensions.activate(id, mode);
  }

  deactivateExtension(id: string): boolean {
    return this.extensions.deactivate(id);
  }

  /** Per-fragment flags changed (visibility, selection, theming, transforms): redraw. */
  markStateChanged(): void {
    for (const model of this.models.list) this.sceneRenderer?.getModelRenderer(model)?.markStateDirty();
    this.sceneRenderer?.invalidateAccumulation();
    this.stores.$hidden.set(this.models.list.reduce((n, m) => n + this.visibility.getHiddenNodes(m).length, 0));
    this.invalidate();
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────────

  /** Raises `error` (and records it in the store); returns the error for throwing. */
  reportError(error: ViewerError): ViewerError {
    this.logger.error(error.message);
    this.stores.$lastError.set(error.toDetail());
    this.emit('error', error.toDetail());
    return error;
  }

  private onCameraChange(): void {
    const snapshot = this.navigation.getSnapshot();
    this.stores.$camera.set(snapshot);
    this.emit('camera-change', { camera: snapshot });
    this.pacer.markCameraMoved();
  }

  private onScreenModeChange(mode: ScreenMode): void {
    this.stores.$screenMode.set(mode);
    this.resize();
    this.containerSize?.resync();
    this.emit('screen-mode-change', { mode });
  }

  /** Fits the canvas to the container (called on container resizes and screen mode changes). */
  resize(): void {
    if (!this.sceneRenderer) return;
    const width = this.container.clientWidth || this.canvas.clientWidth || 300;
    const height = this.container.clientHeight || this.canvas.clientHeight || 150;
    this.sceneRenderer.setSize(width, height, Math.min(globalThis.devicePixelRatio || 1, 2));
    this.navigation.setAspect(width, height);
    this.invalidate();
  }

  private applyPreference(name: string, value: unknown): void {
    applyPreferenceEffect(this, this.pacer.budget, name, value);
    this.emit('preference-change', { name, value });
  }
}
