import { Box3, Raycaster, type Ray, Vector2, Vector3 } from 'three';
import type { CameraView } from '../camera/CameraView.js';
import { Navigation, type TransitionOptions } from '../camera/Navigation.js';
import { HomeView } from '../camera/HomeView.js';
import { lookAtView } from '../camera/viewFraming.js';
import { RewindTimeline } from '../camera/RewindTimeline.js';
import { ViewCubeController, type ViewCubeOptions } from '../camera/ViewCubeController.js';
import { languageFromQuery } from '../i18n/languages.js';
import { Translator } from '../i18n/Translator.js';
import { LoaderRegistry, fileNameOf, type ModelLoadRequest } from '../loaders/LoaderRegistry.js';
import { registerDefaultLoaders } from '../loaders/defaultLoaders.js';
import { LoaderWorkers } from '../loaders/LoaderWorkers.js';
import type { BubbleNode } from '../loaders/documents/BubbleNode.js';
import type { Document } from '../loaders/documents/Document.js';
import { openDocument, openDocumentNode } from '../loaders/documents/openDocumentNode.js';
import { Endpoint, type EndpointOptions } from '../loaders/endpoints/Endpoint.js';
import type { Model } from '../model/Model.js';
import { topologyLimitMB, type TopologyResult, type TopologySource } from '../model/ModelTopology.js';
import { FrameBudget, REST_DELAY_MS } from '../render/FrameBudget.js';
import type { HitResult } from '../render/Picker.js';
import { Picker } from '../render/Picker.js';
import { PivotSphere } from '../render/PivotSphere.js';
import { warmUpShaders } from '../render/shaderWarmUp.js';
import { type FrameMode, type FrameStats, SceneRenderer } from '../render/SceneRenderer.js';
import { Selector, type SelectionModeValue } from '../selection/Selector.js';
import { registerNavigationTools } from '../tools/registerNavigationTools.js';
import { SelectTool } from '../tools/SelectTool.js';
import { TransformGizmoTool } from '../tools/TransformGizmoTool.js';
import { ToolController } from '../tools/ToolController.js';
import { VisibilityController } from '../visibility/VisibilityController.js';
import { Dialogs } from './Dialogs.js';
import { ErrorCode } from './ErrorCodes.js';
import { Logger, parseLogLevel } from './Logger.js';
import { Preferences } from './Preferences.js';
import { RenderLoop } from './RenderLoop.js';
import { defaultResourceRoot, ensureTrailingSlash, type ResourceRequest, resourceRequest } from './resources.js';
import { type ScreenMode, ScreenModes } from './ScreenModes.js';
import { type UsageCallback, UsageTracker } from './UsageTracker.js';
import { ProgressState, ViewerEventTarget } from './ViewerEvents.js';
import { ViewerError } from './ViewerError.js';
import { createViewerStores, type ViewerStores } from './ViewerStores.js';

/** Spec 001 §3 "Viewer config" and the initializer options (env, api, endpoint, tokens), plus where res/ is and how model files are fetched. */
export interface ViewerConfig extends EndpointOptions {
  /** URL of res/ (locales, textures, cursors, wasm). Default: beside the script. */
  resourceRoot?: string;
  extensions?: string[];
  /** Start as soon as constructed (default true when used through the element). */
  startOnInitialize?: boolean;
  canvasConfig?: Record<string, unknown>;
  experimental?: Record<string, unknown>;
  /** Antialiasing; off by default on mobile (spec 001 §9). */
  antialias?: boolean;
  logLevel?: number | string;
  /** UI language (spec 001 §3); default: the page's setLng parameter, else the browser's language. */
  language?: string;
  /** Treat the device as mobile (budgets, defaults); detected when not given. */
  isMobile?: boolean;
  /** Headers sent with model requests (e.g. Authorization). */
  headers?: Record<string, string>;
  /** Send cookies with model requests to other origins. */
  withCredentials?: boolean;
  /** Spec 000 §7: receives the usage counts (events by name) every 60 s and when the viewer finishes. */
  onUsage?: UsageCallback;
  /** Spec 000 §2: the viewer runs inside a native application delegate (the host owns the window): no full browser mode. */
  isNativeApplication?: boolean;
  /** The element that fills the window or the screen in the full browser and full screen modes (default: the container). */
  screenModeElement?: HTMLElement;
  /** The orientation cube's options: home button, axis triad, animation speed. */
  viewCube?: Partial<ViewCubeOptions>;
}

export interface LoadModelOptions {
  /** The format, when the URL does not end in a known extension. */
  fileExtension?: string;
  /** Name of the model's root in the model browser (spec 001 §2). */
  modelNameOverride?: string;
  /** The file's name, when the URL does not carry it (a blob: URL of a local file). */
  fileName?: string;
  /** Files a model refers to, by name → URL (the .bin and images of a local .gltf). */
  resources?: Record<string, string>;
  /** Move the camera to the model's home view once it is known (default: for the first model). */
  applyHomeView?: boolean;
  headers?: Record<string, string>;
  /** Send cookies with the model's requests (default: the config's withCredentials). */
  withCredentials?: boolean;
  /** Spec 000 §3: the model's topology file and its size in MB (a document's topology node names them). */
  topology?: TopologySource;
  /** Passed to the format's parser. */
  [option: string]: unknown;
}

/** RGBA, 0–1, alpha the strength of the colour (a THREE.Vector4 fits: x, y, z, w). */
export type ThemingColor = { x: number; y: number; z: number; w?: number } | { r: number; g: number; b: number; a?: number } | readonly number[] | number;

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
  readonly resourceRoot: string;
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
  private readonly homeView: HomeView;
  private readonly renderLoop = new RenderLoop((time) => this.frame(time));
  private readonly frameBudget = new FrameBudget();
  private readonly modelList: Model[] = [];
  private readonly screenModes: ScreenModes;
  private resizeObserver: ResizeObserver | null = null;
  private started = false;
  private finished = false;
  private cameraMoved = false;
  private lastMoveTime = -Infinity;
  /** Frames in a row that moved the camera: navigation, as opposed to a single jump. */
  private movesInARow = 0;
  private finalFrame = true;
  private modelIdCounter = 0;
  private languageAnnounced = false;
  private lastStats: FrameStats = { drawCalls: 0, triangles: 0, fraction: 1, final: true };

  constructor(container: HTMLElement, config: ViewerConfig = {}) {
    super();
    this.container = container;
    this.config = config;
    this.resourceRoot = ensureTrailingSlash(config.resourceRoot ?? defaultResourceRoot());
    this.isMobile = config.isMobile ?? /Android|iPhone|iPad|iPod|Mobile/i.test(globalThis.navigator?.userAgent ?? '');
    if (config.logLevel !== undefined) this.logger.setLevel(parseLogLevel(config.logLevel));
    this.prefs = new Preferences(this.logger, this.stores.$preferences, this.isMobile);
    this.endpoint = new Endpoint(this.logger, { ...config, useCredentials: config.useCredentials ?? config.withCredentials });
    this.translator = new Translator(this.resourceRoot, this.logger);
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
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'design-viewer-canvas';
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('aria-label', 'Model view');
    Object.assign(this.canvas.style, { display: 'block', width: '100%', height: '100%', outline: 'none', touchAction: 'none' });
    this.container.appendChild(this.canvas);
    try {
      const antialias = this.config.antialias ?? Boolean(this.prefs.get('antialiasing'));
      this.sceneRenderer = new SceneRenderer(this.canvas, { antialias });
    } catch (reason) {
      const code = typeof WebGL2RenderingContext === 'undefined' ? ErrorCode.BROWSER_WEBGL_NOT_SUPPORTED : ErrorCode.BROWSER_WEBGL_DISABLED;
      this.reportError(new ViewerError(code, `WebGL could not start: ${(reason as Error)?.message ?? reason}`));
      this.canvas.remove();
      this.finished = true;
      return false;
    }
    this.sceneRenderer.overlay.add(this.pivotSphere.object);
    this.applyAllPreferences();
    this.workers.prewarm();
    // Compile the batch shaders while the first model downloads, so its first frame does not wait.
    setTimeout(() => {
      if (this.sceneRenderer) void warmUpShaders(this.sceneRenderer, this.navigation.getThreeCamera()).catch((reason) => this.logger.debug('Shader warm-up failed', reason));
    });
    this.registerDefaultTools();
    this.toolController.attach(this.canvas, this.canvas);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.container);
    this.resize();
    void this.setLanguage(this.config.language ?? languageFromQuery() ?? globalThis.navigator?.language ?? 'en');
    this.emit('viewer-ready', { viewer: this });
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
    this.renderLoop.stop();
    this.resizeObserver?.disconnect();
    this.dialogs.dispose();
    this.toolController.detach();
    this.screenModes.dispose();
    this.rewind.dispose();
    this.transformGizmo.dispose();
    this.usage.dispose();
    for (const model of [...this.modelList]) this.unloadModel(model);
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
    return this.modelList[0] ?? null;
  }

  getVisibleModels(): Model[] {
    return [...this.modelList];
  }

  /**
   * Spec 000 §5, §8, §9: the model's topology, loaded only when it has a topology path and its size is
   * within the limit (20 MB on mobile, 100 MB otherwise); otherwise "no-topology" or "topology-too-big"
   * with limitMB and topologyMB, as values.
   */
  loadTopology(model: Model): Promise<TopologyResult> {
    return model.getTopology(topologyLimitMB(this.isMobile), {
      headers: this.config.headers,
      credentials: this.config.withCredentials ? 'include' : 'same-origin',
    });
  }

  /**
   * Loads a model by the loader registered for its extension and adds it to the scene. An unknown
   * extension rejects with code 13 and leaves what was loaded before untouched.
   */
  async loadModel(url: string, options: LoadModelOptions = {}): Promise<Model> {
    const extension = (options.fileExtension ?? LoaderRegistry.extensionOf(url)).toLowerCase();
    const loader = this.loaders.getLoader(extension);
    if (!loader) throw this.reportError(new ViewerError(ErrorCode.UNSUPPORTED_FILE_EXTENSION, 'File extension not supported'));
    if (this.finished) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer has been finished.');
    const absoluteUrl = new URL(url, document.baseURI).href;
    const request: ModelLoadRequest = {
      url: absoluteUrl,
      fileName: options.fileName ?? fileNameOf(absoluteUrl),
      id: this.nextModelId(absoluteUrl),
      nameOverride: options.modelNameOverride,
      resourceRoot: this.resourceRoot,
      headers: { ...this.config.headers, ...options.headers },
      withCredentials: Boolean(options.withCredentials ?? this.config.withCredentials),
      options: { ...options },
      workers: this.workers,
    };
    const applyHome = options.applyHomeView ?? this.modelList.length === 0;
    this.setProgress(ProgressState.LOADING, 0, true);
    let added: Model | null = null;
    try {
      const model = await loader.load(request, {
        modelCreated: (created) => {
          added = created;
          this.addModel(created, applyHome);
        },
        chunkArrived: () => this.invalidate(),
        texturesArrived: (created, material) => {
          this.sceneRenderer?.getModelRenderer(created)?.applyTextures(material);
          this.sceneRenderer?.invalidateAccumulation();
          this.invalidate();
        },
        progress: (percent) => this.setProgress(ProgressState.LOADING, percent, true),
        warn: (message) => this.logger.warn(message),
        debug: (message) => this.logger.debug(message),
      });
      if (this.finished || model.isDisposed) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'Loading was cancelled.');
      this.onGeometryLoaded(model, applyHome);
      return model;
    } catch (reason) {
      const error = ViewerError.from(reason);
      if (added && !(added as Model).isDisposed) this.unloadModel(added);
      this.setProgress(ProgressState.LOADING, 100, this.modelList.some((m) => !m.isGeometryLoaded));
      if (!this.finished && error.message !== 'Loading was cancelled.') this.reportError(error);
      throw error;
    }
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
    const index = this.modelList.indexOf(model);
    if (index < 0) return false;
    this.modelList.splice(index, 1);
    this.sceneRenderer?.removeModel(model);
    this.sceneRenderer?.invalidateAccumulation();
    this.picker.forget(model);
    this.selector.removeModel(model);
    this.visibility.removeModel(model);
    model.dispose();
    this.updateSceneBounds();
    this.stores.$models.set([...this.modelList]);
    this.emit('model-removed', { model });
    this.invalidate();
    return true;
  }

  // ── Rendering ────────────────────────────────────────────────────────────────────────────────

  /** Asks for a frame. */
  invalidate(): void {
    if (this.sceneRenderer) this.renderLoop.invalidate();
  }

  /** Draws one complete frame synchronously (screenshots, tests, benchmarks). */
  renderNow(): FrameStats {
    if (!this.sceneRenderer) return this.lastStats;
    this.lastStats = this.sceneRenderer.renderFrame(this.navigation.getThreeCamera(), { kind: 'complete' });
    this.setFinalFrame(true);
    return this.lastStats;
  }

  /** Statistics of the last frame drawn: draw calls, triangles, share drawn. */
  getFrameStats(): FrameStats {
    return { ...this.lastStats };
  }

  /** A PNG of the view at the given size (default: the canvas size). */
  async getScreenShot(width?: number, height?: number): Promise<Blob> {
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer is not started.');
    const w = Math.max(1, Math.round(width ?? this.canvas.clientWidth));
    const h = Math.max(1, Math.round(height ?? this.canvas.clientHeight));
    const pixels = this.capturePixels(w, h);
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(pixels.data.buffer as ArrayBuffer), w, h), 0, 0);
    return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Screenshot failed'))), 'image/png'));
  }

  /** The pixels of a complete frame at the given size, top row first (RGBA). */
  capturePixels(width: number, height: number): { width: number; height: number; data: Uint8Array } {
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer is not started.');
    const aspect = this.navigation.aspect;
    this.navigation.aspect = width / height;
    try {
      return this.sceneRenderer.capture(this.navigation.getThreeCamera(), width, height);
    } finally {
      this.navigation.aspect = aspect;
    }
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
    return resourceRequest(this.resourceRoot, path, this.endpoint.useCredentials);
  }

  /** The world box of some objects (their subtrees, transforms applied). */
  getBoundsOf(dbIds: readonly number[], model: Model | null): Box3 {
    const box = new Box3();
    if (!model) return box;
    const fragBox = new Box3();
    for (const dbId of dbIds) {
      model.instanceTree.enumNodeFragments(dbId, (fragId) => {
        if (model.fragments.isLoaded(fragId) || model.fragments.boxes[fragId * 6] <= model.fragments.boxes[fragId * 6 + 3]) {
          box.union(model.fragments.getWorldBox(fragId, fragBox));
        }
      }, true);
    }
    return box;
  }

  /** The world box of every visible fragment of every model. */
  getVisibleBounds(): Box3 {
    const box = new Box3();
    const fragBox = new Box3();
    for (const model of this.modelList) {
      const f = model.fragments;
      let any = false;
      for (let i = 0; i < f.count; i++) {
        if (!f.isVisible(i) || f.boxes[i * 6] > f.boxes[i * 6 + 3]) continue;
        box.union(f.getWorldBox(i, fragBox));
        any = true;
      }
      if (!any && !model.bounds.isEmpty()) box.union(model.bounds);
    }
    return box;
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
    if (!this.canvas || this.modelList.length === 0) return null;
    return this.picker.pick(this.rayFromCanvas(x, y), this.modelList);
  }

  /** Picks along any world-space ray. */
  rayCast(ray: Ray): HitResult | null {
    return this.picker.pick(ray, this.modelList);
  }

  rayFromCanvas(x: number, y: number): Ray {
    const width = Math.max(1, this.canvas.clientWidth);
    const height = Math.max(1, this.canvas.clientHeight);
    const raycaster = new Raycaster();
    raycaster.setFromCamera(new Vector2((x / width) * 2 - 1, -(y / height) * 2 + 1), this.navigation.getThreeCamera());
    return raycaster.ray;
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
    this.visibility.showAll(this.modelList);
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
    if (!target || !modelRenderer) return;
    const fragIds: number[] = [];
    target.instanceTree.enumNodeFragments(dbId, (fragId) => void fragIds.push(fragId), recursive);
    modelRenderer.textures.setThemingColor(fragIds, toRgba(color));
    this.markStateChanged();
  }

  clearThemingColors(model?: Model | null): void {
    const models = model ? [model] : this.modelList;
    for (const m of models) this.sceneRenderer?.getModelRenderer(m)?.textures.clearThemingColors();
    this.markStateChanged();
  }

  /** Per-fragment flags changed (visibility, selection, theming, transforms): redraw. */
  markStateChanged(): void {
    for (const model of this.modelList) this.sceneRenderer?.getModelRenderer(model)?.markStateDirty();
    this.sceneRenderer?.invalidateAccumulation();
    this.stores.$hidden.set(this.modelList.reduce((n, m) => n + this.visibility.getHiddenNodes(m).length, 0));
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

  private registerDefaultTools(): void {
    registerNavigationTools(this);
    this.toolController.registerTool(new SelectTool(this));
    this.toolController.registerTool(this.transformGizmo);
    this.toolController.activateTool('select');
    this.toolController.setDefaultTool('orbit');
  }

  private addModel(model: Model, applyHome: boolean): void {
    this.modelList.push(model);
    this.sceneRenderer?.addModel(model);
    this.sceneRenderer?.invalidateAccumulation();
    this.selector.addModel(model);
    this.visibility.addModel(model);
    this.updateSceneBounds();
    if (this.modelList.length === 1) {
      this.navigation.setWorldUpVector(new Vector3(...model.getUpVector()));
    }
    if (applyHome) this.homeView.initFromModel(model, this.navigation.sceneBounds);
    this.stores.$models.set([...this.modelList]);
    this.emit('model-added', { model });
    this.emit('object-tree-created', { model });
    this.emit('progress', { state: ProgressState.ROOT_LOADED, percent: 0, model });
    this.invalidate();
  }

  private onGeometryLoaded(model: Model, applyHome: boolean): void {
    const boundsWereEmpty = model.bounds.isEmpty();
    this.updateSceneBounds();
    if (applyHome && boundsWereEmpty) this.homeView.initFromModel(model, this.navigation.sceneBounds);
    this.setProgress(ProgressState.LOADING, 100, this.modelList.some((m) => !m.isGeometryLoaded));
    this.emit('geometry-loaded', { model });
    this.invalidate();
  }

  private updateSceneBounds(): void {
    const bounds = this.navigation.sceneBounds.makeEmpty();
    const fragBox = new Box3();
    for (const model of this.modelList) {
      const f = model.fragments;
      for (let i = 0; i < f.count; i++) {
        if (f.boxes[i * 6] <= f.boxes[i * 6 + 3]) bounds.union(f.getWorldBox(i, fragBox));
      }
      if (!model.bounds.isEmpty()) bounds.union(model.bounds);
    }
  }

  private setProgress(state: (typeof ProgressState)[keyof typeof ProgressState], percent: number, isLoading: boolean): void {
    const rounded = Math.max(0, Math.min(100, percent));
    this.stores.$progress.set({ state, percent: rounded, isLoading });
    this.emit('progress', { state, percent: rounded });
  }

  private onCameraChange(): void {
    this.cameraMoved = true;
    const snapshot = this.navigation.getSnapshot();
    this.stores.$camera.set(snapshot);
    this.emit('camera-change', { camera: snapshot });
    this.invalidate();
  }

  private frame(time: number): boolean {
    const renderer = this.sceneRenderer;
    if (!renderer) return false;
    const transitioning = this.navigation.update(time);
    // Spec 000 §4: the pivot shows while a transition runs.
    if (transitioning) this.pivotSphere.show('transition');
    else this.pivotSphere.hide('transition', time);
    const toolsAnimating = this.toolController.update(time);
    const pivotFading = this.pivotSphere.update(time, this.navigation);
    const animating = transitioning || toolsAnimating || pivotFading;
    // Never queue a frame behind one the GPU has not finished: the page would stall on it.
    if (renderer.gpu.isBusy()) return true;
    this.frameBudget.observe(renderer.gpu.lastFrameMs);
    // A fading pivot is no reason to draw a partial frame.
    const moving = this.cameraMoved || transitioning || toolsAnimating;
    this.cameraMoved = false;
    if (moving) {
      this.lastMoveTime = time;
      this.movesInARow++;
    }
    const progressive = Boolean(this.prefs.get('progressiveRendering'));
    let mode: FrameMode;
    if (moving) {
      renderer.invalidateAccumulation();
      mode = progressive ? { kind: 'moving', ...this.frameBudget.nextMovingFrame(renderer.loadedPrimitives) } : { kind: 'complete' };
    } else if (progressive && this.movesInARow > 1 && time - this.lastMoveTime < REST_DELAY_MS) {
      // Navigation just paused: refining now would compete with its next move. The moving frame stays up.
      return true;
    } else {
      this.movesInARow = 0;
      mode = progressive ? { kind: 'refine', budget: this.frameBudget.nextRefineSlice() } : { kind: 'complete' };
    }
    this.lastStats = renderer.renderFrame(this.navigation.getThreeCamera(), mode);
    renderer.gpu.submitted();
    this.frameBudget.track(this.lastStats.triangles, mode.kind === 'moving' ? mode.scale : 1);
    this.setFinalFrame(this.lastStats.final);
    if (mode.kind === 'moving' && !this.lastStats.final) {
      this.emit('progress', { state: ProgressState.RENDERING, percent: Math.round(mode.fraction * 100) });
    }
    // Go on while something animates or the picture is incomplete and the last frame added to it;
    // a frame that had nothing to add waits for the next chunk, change or move.
    return animating || (!this.lastStats.final && (moving || this.lastStats.triangles > 0));
  }

  private setFinalFrame(finalFrame: boolean): void {
    if (finalFrame === this.finalFrame) return;
    this.finalFrame = finalFrame;
    this.stores.$finalFrame.set(finalFrame);
    this.emit('final-frame-rendered-change', { finalFrame });
  }

  private onScreenModeChange(mode: ScreenMode): void {
    this.stores.$screenMode.set(mode);
    this.resize();
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

  private applyAllPreferences(): void {
    for (const name of this.prefs.names()) this.applyPreference(name, this.prefs.get(name));
  }

  private applyPreference(name: string, value: unknown): void {
    switch (name) {
      case 'ghosting':
        this.sceneRenderer?.setGhosting(Boolean(value));
        this.sceneRenderer?.invalidateAccumulation();
        this.invalidate();
        break;
      case 'antialiasing':
        this.sceneRenderer?.setAntialias(Boolean(value));
        this.invalidate();
        break;
      case 'orbitPastWorldPoles':
        this.navigation.options.orbitPastWorldPoles = Boolean(value);
        break;
      case 'zoomTowardsPivot':
        this.navigation.options.zoomTowardsPivot = Boolean(value);
        break;
      case 'leftHandedMouseSetup':
        this.toolController.leftHanded = Boolean(value);
        break;
      case 'optimizeNavigation':
        this.frameBudget.configure({ optimizeNavigation: Boolean(value), isMobile: this.isMobile });
        break;
    }
    this.emit('preference-change', { name, value });
  }

  private nextModelId(url: string): string {
    this.modelIdCounter++;
    return this.modelList.some((m) => m.url === url) ? `${url}#${this.modelIdCounter}` : url;
  }
}

function toRgba(color: ThemingColor): number[] {
  if (typeof color === 'number') return [((color >> 16) & 255) / 255, ((color >> 8) & 255) / 255, (color & 255) / 255, 1];
  if (Array.isArray(color)) return [color[0] ?? 0, color[1] ?? 0, color[2] ?? 0, color[3] ?? 1];
  if ('x' in (color as object)) {
    const c = color as { x: number; y: number; z: number; w?: number };
    return [c.x, c.y, c.z, c.w ?? 1];
  }
  const c = color as { r: number; g: number; b: number; a?: number };
  return [c.r, c.g, c.b, c.a ?? 1];
}
