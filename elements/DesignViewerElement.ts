import { css, html, LitElement, type PropertyValues } from 'lit';
import {
  type AccessTokenProvider,
  type ErrorDetail,
  isDocumentSource,
  type LoadModelOptions,
  Logger,
  type Model,
  NO_MODEL_MESSAGE,
  normalizeLanguage,
  parseLogLevel,
  Viewer,
  type ViewerConfig,
  type ViewerEventMap,
  type ViewerEventName,
  type ViewerState,
} from '../core/index.js';
import type { MountedChrome } from '../react-panels/index.js';
import { bridgeViewerEvents } from './eventBridge.js';

/** The ids of the `extensions` attribute (space-separated). */
function extensionIds(value: string | null | undefined): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean);
}

/** A token provider: calls back with the token and its lifetime in seconds. */
export type { AccessTokenProvider };

/**
 * Opens, navigates, inspects and reviews 3D and 2D design and building models.
 *
 * Every core event is re-dispatched here under its name, bubbling and composed. Load errors are raised after
 * the page's current task, so a listener added by a script after the tag hears the first `src`'s;
 * `lastError` keeps the last one.
 *
 * @summary The design-viewer element: a model viewer in one tag.
 * @tag design-viewer
 *
 * @fires viewer-ready - The viewer has started: `{ viewer }` (the core `Viewer`, also `element.viewer`).
 * @fires progress - Loading or rendering progress: `{ state: 0 | 1 | 2, percent }` (ROOT_LOADED, LOADING, RENDERING).
 * @fires model-added - A model was added: `{ model }`.
 * @fires model-removed - A model was removed: `{ model }`.
 * @fires object-tree-created - A model's object tree is known: `{ model }`.
 * @fires geometry-loaded - All geometry of a model has arrived: `{ model }`.
 * @fires error - A failure with the spec's code (1–13): `{ code, message, httpStatus? }`.
 * @fires selection-change - The selection changed: `{ selections: [{ model, dbIds, fragIds }] }`.
 * @fires isolate-change - Objects were isolated: `{ model, dbIds }`.
 * @fires hide-change - Objects were hidden: `{ model, dbIds }`.
 * @fires show-change - Objects were shown: `{ model, dbIds }`.
 * @fires camera-change - The camera moved: `{ camera }` (values rounded to 3 decimals).
 * @fires tool-change - A tool was activated or deactivated: `{ toolName, active }`.
 * @fires navigation-mode-change - The navigation mode changed: `{ mode }`.
 * @fires explode-change - The explode scale changed: `{ scale }`.
 * @fires cutplanes-change - The cut planes changed: `{ planes }`.
 * @fires layer-visibility-change - Layers (of 2D drawings, or of 3D files that have them) were shown or hidden: `{ layers }`.
 * @fires screen-mode-change - The screen mode changed: `{ mode }`.
 * @fires preference-change - A preference changed: `{ name, value }`.
 * @fires language-change - The UI language changed: `{ language }`.
 * @fires extension-loaded - An extension was loaded: `{ extensionId }`.
 * @fires extension-unloaded - An extension was unloaded: `{ extensionId }`.
 * @fires final-frame-rendered-change - A complete frame was (or is no longer) on screen: `{ finalFrame }`.
 * @fires control-change - Live review: who holds the camera: `{ userId, inControl }`.
 * @fires chat-message - Live review: a chat message arrived: `{ from, msg }`.
 * @fires measure-change - Measurements changed (a pick, a completed or invalid measurement, units, precision, calibration, clear, restore): `{ measurements, mode, last, isCalibrationPending }`.
 * @fires gizmo-drag-start - The transform gizmo's drag started: `{ mode, axis, model, dbIds, matrix }`.
 * @fires gizmo-drag-move - The transform gizmo moved, turned or scaled the selection: `{ mode, axis, model, dbIds, matrix }`.
 * @fires gizmo-drag-end - The transform gizmo's drag ended: `{ mode, axis, model, dbIds, matrix }`.
 *
 * @csspart viewport - The area holding the canvas.
 * @csspart chrome - The layer holding the toolbar, panels and dialogs.
 *
 * @cssprop --dv-accent - Accent colour of the chrome.
 * @cssprop --dv-font - Font of the chrome.
 */
export class DesignViewerElement extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      width: 100%;
      height: 100%;
      min-height: 150px;
      overflow: hidden;
      contain: content;
    }
    :host([hidden]) {
      display: none;
    }
    .viewport,
    .chrome {
      position: absolute;
      inset: 0;
    }
    /* Only until the canvas is in: then the compositor draws the opaque canvas with nothing under it. A
       background under it made the compositor build one more program at the viewer's first frame, and on
       software GL that frame's swap waited 50–110 ms for it, while the model started loading. */
    .viewport:empty {
      background: #dfe3e8;
    }
    .chrome {
      pointer-events: none;
    }
    .chrome > * {
      pointer-events: auto;
    }
  `;

  static override properties = {
    src: { type: String, reflect: true },
    viewable: { type: String, reflect: true },
    language: { type: String, reflect: true },
    logLevel: { type: String, attribute: 'log-level', reflect: true },
    headless: { type: Boolean, reflect: true },
    extensions: { type: String, reflect: true },
    screenMode: { type: String, attribute: 'screen-mode', reflect: true },
    theme: { type: String, reflect: true },
    env: { type: String, reflect: true },
    api: { type: String, reflect: true },
    realtimeServer: { type: String, attribute: 'realtime-server', reflect: true },
    accessToken: { attribute: false },
    getAccessToken: { attribute: false },
    config: { attribute: false },
  };

  /** URL of a model file or of a document manifest (bubble); loads on set and replaces the loaded model(s). */
  declare src: string | undefined;
  /** Guid of the viewable to open from a document; default: useAsDefault, else the first 3D, else the first 2D. */
  declare viewable: string | undefined;
  /** UI language, normalised as the spec says (zh-CN → zh-HANS, de-AT → de, unknown → en). */
  declare language: string | undefined;
  /** Log level: none, error, warning, info, log, debug (or 0–5); default error. */
  declare logLevel: string | undefined;
  /** Canvas only: no toolbar or panels. */
  declare headless: boolean;
  /** Space-separated extension ids to load after start. */
  declare extensions: string | undefined;
  /** Screen mode: normal, full-browser or full-screen. */
  declare screenMode: string | undefined;
  /** Light or dark UI. */
  declare theme: string | undefined;
  /** Endpoint environment for documents served by a derivative service. */
  declare env: string | undefined;
  /** API flavour for documents served by a derivative service. */
  declare api: string | undefined;
  /** Reserved for live review, not yet active: URL(s), space-separated, of its server. Stored; nothing connects to it yet. */
  declare realtimeServer: string | undefined;
  /** Bearer token sent with model and document requests. */
  declare accessToken: string | undefined;
  /** Token provider, called again before the token expires. */
  declare getAccessToken: AccessTokenProvider | undefined;
  /** Viewer config: extensions, startOnInitialize, canvasConfig, experimental flags, resourceRoot. */
  declare config: ViewerConfig | undefined;

  private core: Viewer | null = null;
  private chrome: MountedChrome | null = null;
  private chromeLoading = false;
  private disposeTimer = 0;
  /** The load in progress (from `src` or load()): a newer one cancels it. */
  private loading: AbortController | null = null;
  /** Each `src` change and load() call takes the next number, so that they apply in the order they were made. */
  private changeCount = 0;
  private srcChangedAt = 0;
  private loadCalledAt = 0;
  private setUpApplied = false;

  constructor() {
    super();
    this.headless = false;
  }

  /** The core Viewer, available once `viewer-ready` fired. */
  get viewer(): Viewer | null {
    return this.core;
  }

  /**
   * The last error the viewer raised (`{ code, message, httpStatus? }`), for a listener that comes after
   * it; null when there was none, or once a model loaded without one since.
   */
  get lastError(): ErrorDetail | null {
    return this.core?.stores.$lastError.get() ?? null;
  }

  /**
   * Loads a model (or document) and replaces what was loaded; resolves with the model. `src` changes and
   * load() calls apply in the order they were made: a newer one cancels this load (it rejects as
   * cancelled, and raises no error).
   */
  async load(url: string, options: LoadModelOptions = {}): Promise<Model> {
    const viewer = this.requireViewer();
    this.loadCalledAt = ++this.changeCount;
    const signal = this.startLoad(options.signal);
    for (const model of viewer.getVisibleModels()) viewer.unloadModel(model);
    // A manifest, bubble.json, bundle folder or urn is a document: open its chosen viewable.
    const model = isDocumentSource(url)
      ? await viewer.loadDocument(url, this.viewable, { ...options, signal })
      : await viewer.loadModel(url, { ...options, signal });
    // A newer load that began as this one ended (after its last message) replaces it all the same.
    if (signal.aborted) viewer.unloadModel(model);
    return model;
  }

  /** Unloads a model, or every model (and cancels the load in progress). */
  unload(model?: Model): void {
    const viewer = this.core;
    if (!viewer) return;
    if (!model) this.cancelLoad();
    for (const m of model ? [model] : viewer.getVisibleModels()) viewer.unloadModel(m);
  }

  /**
   * Records the order of `src` changes, as they are made: lit applies them a microtask later (updated),
   * by which time a load() called after the change must not be undone by it.
   */
  override requestUpdate(...args: Parameters<LitElement['requestUpdate']>): void {
    if (args[0] === 'src') this.srcChangedAt = ++this.changeCount;
    super.requestUpdate(...args);
  }

  /** The viewer state JSON (spec 001 §3): selection, visibility, explode, camera, render options, cut planes. */
  getState(filter?: unknown): ViewerState {
    return this.requireViewer().getState(filter);
  }

  /** Restores a state from getState (the keys `filter` keeps), the camera animated unless `immediate`. */
  restoreState(state: unknown, filter?: unknown, immediate = false): boolean {
    if (!this.core) {
      // Spec 001 §5: with no viewer, restoring does nothing but warn.
      new Logger().warn(NO_MODEL_MESSAGE);
      return false;
    }
    return this.core.restoreState(state, filter, immediate);
  }

  /** A PNG of the view (default: the element's size). */
  screenshot(width?: number, height?: number, callback?: (url: string, png: Blob) => void, options?: { openInNewWindow?: boolean }): Promise<Blob> {
    return this.requireViewer().getScreenShot(width, height, callback, options);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    clearTimeout(this.disposeTimer);
    if (this.hasUpdated && !this.core) {
      this.setUp();
      this.setUpApplied = this.core !== null;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Deferred a task, so moving the element in the page does not tear down the WebGL context.
    clearTimeout(this.disposeTimer);
    this.disposeTimer = window.setTimeout(() => {
      if (!this.isConnected) this.tearDown();
    });
  }

  protected override render() {
    return html`<div class="viewport" part="viewport"></div>
      <div class="chrome" part="chrome"></div>`;
  }

  protected override firstUpdated(): void {
    this.setUp();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const viewer = this.core;
    // The first update is setUp's: it already applied every property.
    if (!viewer || !this.setUpApplied) {
      this.setUpApplied = viewer !== null;
      return;
    }
    if (changed.has('language') && this.language) void viewer.setLanguage(this.language);
    if (changed.has('logLevel')) viewer.logger.setLevel(parseLogLevel(this.logLevel));
    if (changed.has('headless')) this.syncChrome();
    if (changed.has('screenMode') && this.screenMode && this.screenMode !== viewer.getScreenMode()) {
      // A mode this browser or host does not support leaves the attribute on the mode that is in effect.
      if (!viewer.setScreenMode(this.screenMode)) this.screenMode = viewer.getScreenMode();
    }
    if (changed.has('env') && this.env) viewer.endpoint.setEnvironment(this.env);
    if (changed.has('api') && this.api) viewer.endpoint.setApi(this.api);
    if (changed.has('realtimeServer')) viewer.endpoint.setRealtimeServers(this.realtimeServer);
    if (changed.has('accessToken') && !this.getAccessToken) viewer.endpoint.accessToken.setToken(this.accessToken);
    if (changed.has('getAccessToken')) {
      if (this.getAccessToken) viewer.endpoint.accessToken.setProvider(this.getAccessToken);
      else viewer.endpoint.accessToken.setToken(this.accessToken);
    }
    if (changed.has('extensions')) this.syncExtensions(extensionIds(changed.get('extensions') as string | undefined));
    // A load() called after the last `src` change has replaced what that change would load.
    if (changed.has('src')) {
      if (this.srcChangedAt > this.loadCalledAt) this.loadSrc();
    } else if (changed.has('viewable') && this.src && isDocumentSource(this.src)) void this.openViewable().catch(() => {});
  }

  /** Loads the extensions the attribute names now, and unloads those it named before and no longer does. */
  private syncExtensions(before: string[]): void {
    const viewer = this.core;
    if (!viewer) return;
    const now = extensionIds(this.extensions);
    for (const id of before) if (!now.includes(id)) viewer.unloadExtension(id);
    for (const id of now) {
      viewer.loadExtension(id).catch(() => {
        // The viewer logged "Extension not found" or "Extension failed to load"; it goes on without it.
      });
    }
  }

  private setUp(): void {
    const viewport = this.renderRoot.querySelector<HTMLElement>('.viewport');
    if (!viewport || this.core) return;
    const viewer = new Viewer(viewport, {
      ...this.config,
      language: this.language ? normalizeLanguage(this.language) : this.config?.language,
      logLevel: this.logLevel ?? this.config?.logLevel,
      env: this.env ?? this.config?.env,
      api: this.api ?? this.config?.api,
      accessToken: this.accessToken ?? this.config?.accessToken,
      getAccessToken: this.getAccessToken ?? this.config?.getAccessToken,
      // The whole element (canvas and chrome) fills the window or the screen in those modes.
      screenModeElement: this.config?.screenModeElement ?? this,
      extensions: [...new Set([...(this.config?.extensions ?? []), ...extensionIds(this.extensions)])],
      startOnInitialize: false,
    });
    this.core = viewer;
    if (this.realtimeServer) viewer.endpoint.setRealtimeServers(this.realtimeServer);
    bridgeViewerEvents(viewer, this);
    // The screen-mode attribute reflects the viewer's mode, whoever changed it.
    viewer.addEventListener('screen-mode-change', (event) => {
      if (this.screenMode !== event.detail.mode) this.screenMode = event.detail.mode;
    });
    if (!viewer.start()) return;
    if (this.screenMode && this.screenMode !== 'normal') viewer.setScreenMode(this.screenMode);
    this.syncChrome();
    this.loadSrc();
  }

  private tearDown(): void {
    this.setUpApplied = false;
    this.cancelLoad();
    this.chrome?.unmount();
    this.chrome = null;
    this.core?.finish();
    this.core = null;
  }

  /**
   * Mounts or unmounts the chrome. React and the panels load on demand: a headless viewer never loads
   * them, and a full one starts drawing before they are there.
   */
  private syncChrome(): void {
    const viewer = this.core;
    const container = this.renderRoot.querySelector<HTMLElement>('.chrome');
    if (!viewer || !container) return;
    if (this.headless) {
      this.chrome?.unmount();
      this.chrome = null;
      return;
    }
    if (this.chrome || this.chromeLoading) return;
    this.chromeLoading = true;
    void import('../react-panels/index.js')
      .then(({ mountViewerChrome }) => {
        this.chromeLoading = false;
        // The element may have gone headless, or been torn down, while the panels loaded.
        if (this.core !== viewer || this.headless || this.chrome) return;
        this.chrome = mountViewerChrome(container, this.renderRoot as ShadowRoot, viewer);
      })
      .catch((reason) => {
        this.chromeLoading = false;
        viewer.logger.error('The viewer panels could not be loaded', reason);
      });
  }


  private loadSrc(): void {
    if (!this.core) return;
    if (!this.src) {
      this.unload();
      return;
    }
    // Failures reach the host as `error` events; the promise is only for callers of load().
    this.load(this.src).catch(() => {});
  }

  /** Another viewable of the loaded document: an item already shown only moves the camera (spec 001 §4). */
  private async openViewable(): Promise<void> {
    const viewer = this.requireViewer();
    const signal = this.startLoad();
    const previous = viewer.getVisibleModels();
    const model = await viewer.loadDocument(this.src!, this.viewable, { applyHomeView: true, signal });
    if (signal.aborted) return;
    for (const other of previous) if (other !== model) viewer.unloadModel(other);
  }

  /** Cancels the load in progress and starts following a new one; its signal aborts when a newer one starts. */
  private startLoad(given?: AbortSignal): AbortSignal {
    this.cancelLoad();
    const controller = new AbortController();
    this.loading = controller;
    // The caller's own signal cancels it too.
    if (given?.aborted) controller.abort();
    else given?.addEventListener('abort', () => controller.abort(), { once: true });
    return controller.signal;
  }

  private cancelLoad(): void {
    this.loading?.abort();
    this.loading = null;
  }


  private requireViewer(): Viewer {
    if (!this.core) throw new Error('design-viewer: the viewer is not ready yet; wait for viewer-ready.');
    return this.core;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'design-viewer': DesignViewerElement;
  }
  /**
   * The element's events, typed with their details, except those the DOM already names (`error`, `progress`:
   * DesignViewerElementEventMap in hostTypes.ts types those on the element itself).
   */
  interface HTMLElementEventMap extends Omit<{ [K in ViewerEventName]: CustomEvent<ViewerEventMap[K]> }, keyof GlobalEventHandlersEventMap> {}
}
