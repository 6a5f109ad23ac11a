import { Navigation } from '../camera/Navigation.js';
import { HomeView } from '../camera/HomeView.js';
import { ViewCubeController } from '../camera/ViewCubeController.js';
import { readLanguageChoice } from '../i18n/languageChoice.js';
import { languageFromQuery } from '../i18n/languages.js';
import { Translator } from '../i18n/Translator.js';
import { LayerManager } from '../layers/LayerManager.js';
import { LoaderRegistry } from '../loaders/LoaderRegistry.js';
import { registerDefaultLoaders } from '../loaders/defaultLoaders.js';
import { LoaderWorkers } from '../loaders/LoaderWorkers.js';
import { Endpoint } from '../loaders/endpoints/Endpoint.js';
import { type CutPlane, toClippingPlane } from '../render/CutPlanes.js';
import { Picker } from '../render/Picker.js';
import { PivotSphere } from '../render/PivotSphere.js';
import { warmUpShadersSoon } from '../render/shaderWarmUp.js';
import { SceneRenderer } from '../render/SceneRenderer.js';
import { Selector } from '../selection/Selector.js';
import { Explode } from '../tools/Explode.js';
import { registerDefaultTools } from '../tools/registerDefaultTools.js';
import { TransformGizmoTool } from '../tools/TransformGizmoTool.js';
import { ToolController } from '../tools/ToolController.js';
import { VisibilityController } from '../visibility/VisibilityController.js';
import { Dialogs } from './Dialogs.js';
import { LoadedExtensions } from './LoadedExtensions.js';
import { LogLevel, Logger, parseLogLevel } from './Logger.js';
import { applyAllPreferenceEffects, applyPreferenceEffect } from './preferenceEffects.js';
import { Preferences } from './Preferences.js';
import { FramePacer } from './FramePacer.js';
import { LoadedModels } from './LoadedModels.js';
import { defaultResourceRoot, ResourceLocator } from './resources.js';
import { type ScreenMode, ScreenModes } from './ScreenModes.js';
import { TwoDMode } from './TwoDMode.js';
import { UsageTracker } from './UsageTracker.js';
import { PresetEnvironments } from './PresetEnvironments.js';
import type { ViewerConfig } from './ViewerConfig.js';
import { ViewerStateApi } from './ViewerStateApi.js';
import { ViewerUi } from './ViewerUi.js';
import { ViewerError } from './ViewerError.js';
import { createViewerStores, type ViewerStores } from './ViewerStores.js';
import { type ContainerSizeWatch, createViewerCanvas, watchContainerSize, webglStartError } from './viewerCanvas.js';

/**
 * The headless viewer: a canvas in a container, models, camera, tools, selection and visibility.
 * Usable on its own (`new Viewer(div).start()`); the `<design-viewer>` element wraps one.
 */
export class Viewer extends ViewerStateApi {
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
  /** The quality the preferences' defaults were chosen for (config `quality`, resolved on "auto"). */
  readonly quality: 'full' | 'performance';
  /** This viewer's own i18next instance (spec 001 §3, §5, §7). */
  readonly translator: Translator;
  /** Alert, confirm, prompt, log toasts and heads-up messages, queued (spec 001 §2 "Dialogs"); the chrome shows them. */
  readonly dialogs: Dialogs;
  /** What extensions add to the chrome (toolbar buttons, panels, context-menu items, settings), and the open panels. */
  readonly ui = new ViewerUi();
  /** The canvas, created by start(). */
  canvas!: HTMLCanvasElement;
  /** The pivot sphere (spec 000 §2): tools show it while they navigate, under their own name. */
  readonly pivotSphere = new PivotSphere();
  /** Spec 000 §7: usage events counted by name, reported to `config.onUsage` every 60 s. */
  readonly usage: UsageTracker;
  /** The orientation cube's behaviour (views, arrows, roll, projection, menu actions); the chrome draws it. */
  readonly viewCube: ViewCubeController;
  /** The transform gizmo: `show(mode)`, `hide()`; moves, rotates and scales the selection. */
  readonly transformGizmo: TransformGizmoTool;

  protected sceneRenderer: SceneRenderer | null = null;
  protected readonly picker = new Picker();
  private readonly workers = new LoaderWorkers();
  protected readonly selector: Selector;
  protected readonly visibility: VisibilityController;
  /** Spec 000 §4 "Layers": `getLayers()`, `setVisible(layer, visible)`, `toggle(layer)`, `showAll()`, `setLayerState(name)`. */
  readonly layers: LayerManager;
  protected readonly homeView: HomeView;
  protected readonly explodeState = new Explode();
  protected readonly extensions = new LoadedExtensions(this);
  protected cutPlanes: CutPlane[] = [];
  protected readonly pacer = new FramePacer(this);
  /** The light presets' environment maps, fetched from res/environments/ as they are chosen. */
  readonly environments = new PresetEnvironments(this);
  protected readonly models: LoadedModels;
  protected readonly screenModes: ScreenModes;
  /** 2D mode (spec 001 §4): while only 2D sheets are loaded. */
  protected readonly twoDMode: TwoDMode;
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
    this.quality = resolveQuality(config.quality, this.isMobile);
    this.prefs = new Preferences(this.logger, this.stores.$preferences, { isMobile: this.isMobile, performance: this.quality === 'performance' });
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
    this.transformGizmo = new TransformGizmoTool(this);
    this.screenModes = new ScreenModes(
      { logger: this.logger, onModeChange: (mode) => this.onScreenModeChange(mode) },
      () => this.config.screenModeElement ?? this.container,
      Boolean(config.isNativeApplication),
    );
    registerDefaultLoaders(this.loaders);
    this.twoDMode = new TwoDMode(this);
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
    const limitMib = this.config.memoryLimit ?? (this.isMobile ? DEFAULT_MEMORY_LIMIT_MIB.mobile : DEFAULT_MEMORY_LIMIT_MIB.desktop);
    this.sceneRenderer.setMemoryLimit(limitMib * 1024 * 1024);
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
      this.loadExtension(id, this.config.extensionOptions?.[id]).catch(() => {
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
    this.twoDMode.dispose();
    this.pacer.stop();
    this.containerSize?.disconnect();
    this.dialogs.dispose();
    this.toolController.detach();
    this.screenModes.dispose();
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

/** Bytes of geometry, by default, above which the models are drawn with limited memory (config `memoryLimit`, in MiB). */
export const DEFAULT_MEMORY_LIMIT_MIB = { desktop: 1024, mobile: 256 } as const;

/** Config `quality`: "auto" is "performance" on a weak device (mobile, or 2 GB of memory or less), else "full". */
function resolveQuality(quality: ViewerConfig['quality'], isMobile: boolean): 'full' | 'performance' {
  if (quality === 'full' || quality === 'performance') return quality;
  const memory = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
  return isMobile || (memory !== undefined && memory <= 2) ? 'performance' : 'full';
}
