import { Matrix4, Vector3 } from 'three';
import type { HomeView } from '../camera/HomeView.js';
import type { LayerManager } from '../layers/LayerManager.js';
import { anySignal, LOAD_CANCELLED_MESSAGE, loadCancelledError } from '../loaders/loadCancellation.js';
import { LoaderRegistry, fileNameOf, type ModelLoadRequest } from '../loaders/LoaderRegistry.js';
import type { LoaderWorkers } from '../loaders/LoaderWorkers.js';
import type { Model } from '../model/Model.js';
import { modelsBounds } from '../model/modelBounds.js';
import { topologyLimitMB, type TopologyResult } from '../model/ModelTopology.js';
import type { Picker } from '../render/Picker.js';
import { loadTextFont, TEXT_FONT_PATH } from '../render/text/FontAtlas.js';
import type { Selector } from '../selection/Selector.js';
import type { Explode } from '../tools/Explode.js';
import type { VisibilityController } from '../visibility/VisibilityController.js';
import { ErrorCode } from './ErrorCodes.js';
import type { CameraPort, EnvironmentsPort, EventsPort, LoggerPort, PreferencesPort, RedrawPort, ResourcesPort, ScenePort } from './ports.js';
import { applyProducerSettings } from './producerSettings.js';
import type { Endpoint } from '../loaders/endpoints/Endpoint.js';
import type { ViewerConfig } from './ViewerConfig.js';
import type { ViewerStores } from './ViewerStores.js';
import type { LoadModelOptions } from './ViewerConfig.js';
import { ProgressState } from './ViewerEvents.js';
import { ambientOcclusionDefaults } from './ViewerState.js';
import { ViewerError } from './ViewerError.js';
import { raiseLoadError } from './raiseLoadError.js';

/** What loading models needs of the viewer, beside its parts. */
export type ModelsHostPort = CameraPort &
  LoggerPort &
  PreferencesPort &
  EnvironmentsPort &
  RedrawPort &
  ScenePort &
  Pick<EventsPort, 'emit'> &
  Pick<ResourcesPort, 'resources' | 'getResource'> & {
    readonly config: ViewerConfig;
    readonly endpoint: Endpoint;
    readonly loaders: LoaderRegistry;
    readonly resourceRoot: string;
    readonly isMobile: boolean;
    readonly stores: Pick<ViewerStores, '$lastError' | '$models' | '$progress'>;
    invalidatePicture(): void;
    reportError(error: ViewerError): ViewerError;
  };

/** The viewer's parts that keep per-model state: a model joins and leaves all of them together. */
export interface ModelParts {
  readonly picker: Picker;
  readonly selector: Selector;
  readonly visibility: VisibilityController;
  readonly homeView: HomeView;
  readonly workers: LoaderWorkers;
  readonly layers: LayerManager;
  readonly explode: Explode;
}

const CANCELLED = LOAD_CANCELLED_MESSAGE;

/**
 * The models in the scene, in load order: loading one by the loader of its extension (spec 001 §4
 * progress states and events), adding it to the renderer, selection and visibility as soon as its
 * structure is known, the scene bounds and home view, and unloading.
 */
export class LoadedModels {
  readonly list: Model[] = [];
  private idCounter = 0;
  private disposed = false;
  /** Aborts every load still running when the viewer finishes. */
  private readonly disposal = new AbortController();
  /** See getGlobalOffset. */
  private globalOffset: Vector3 | null = null;
  /** While the load that decides the global offset has not reached its header: loads that start meanwhile wait. */
  private deciding: Promise<void> | null = null;

  constructor(private readonly viewer: ModelsHostPort, private readonly parts: ModelParts) {}

  /**
   * Loads a model by the loader registered for its extension (none: the loader worker tells the format by
   * the file's first bytes). An unknown extension rejects with code 13 and leaves what was loaded before
   * untouched; a failed load removes what it had added. Errors are raised after the page's current task
   * (see raiseLoadError), and not at all for a load cancelled by `options.signal`. A load that ends
   * without an error closes the last one (`$lastError` goes back to null).
   */
  async load(url: string, options: LoadModelOptions): Promise<Model> {
    this.loadsRunning++;
    try {
      return await this.loadModel(url, options);
    } finally {
      this.loadsRunning--;
    }
  }

  /** Whether a load is running (from the call, before the model exists, to its geometry or its failure). */
  get isLoading(): boolean {
    return this.loadsRunning > 0;
  }

  private loadsRunning = 0;

  private async loadModel(url: string, options: LoadModelOptions): Promise<Model> {
    const viewer = this.viewer;
    const signal = anySignal([options.signal, this.disposal.signal]);
    if (signal.aborted) throw loadCancelledError();
    const extension = (options.fileExtension ?? LoaderRegistry.extensionOf(url)).toLowerCase();
    const loader = viewer.loaders.getLoader(extension);
    if (!loader) throw await raiseLoadError(viewer, viewer.loaders.unsupportedExtensionError(extension, options.fileName ?? fileNameOf(url)), signal);
    if (this.disposed) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer has been finished.');
    const given = placementOptions(options);
    // A model that takes the viewer's offset waits until the first model has decided it (at its header).
    while (!given.globalOffset && !this.globalOffset && this.deciding) await this.deciding;
    const absoluteUrl = new URL(url, document.baseURI).href;
    const token = await viewer.endpoint.fileAuthorization();
    const request: ModelLoadRequest = {
      url: absoluteUrl,
      fileName: options.fileName ?? fileNameOf(absoluteUrl),
      id: this.nextModelId(absoluteUrl),
      nameOverride: options.modelNameOverride,
      resourceRoot: viewer.resourceRoot,
      resourceUrls: viewer.resources.urlsUnder('wasm/'),
      headers: { ...viewer.config.headers, ...token, ...options.headers },
      withCredentials: Boolean(options.withCredentials ?? viewer.config.withCredentials),
      options: { ...options, ...given, globalOffset: given.globalOffset ?? this.globalOffset?.toArray() },
      workers: this.parts.workers,
      signal,
    };
    const applyHome = options.applyHomeView ?? this.list.length === 0;
    if (loader.drawsText) this.prefetchTextFont();
    this.setProgress(ProgressState.LOADING, 0, true);
    let added: Model | null = null;
    let raisedError = false;
    const decided = this.globalOffset || this.deciding ? null : this.decideOffset();
    try {
      const model = await loader.load(request, {
        modelCreated: (created) => {
          added = created;
          this.globalOffset ??= created.globalOffset.clone();
          decided?.();
          this.add(created, applyHome);
        },
        chunkArrived: () => viewer.invalidatePicture(),
        texturesArrived: (created, material) => {
          viewer.renderContext?.getModelRenderer(created)?.applyTextures(material);
          viewer.renderContext?.invalidateAccumulation();
          viewer.invalidatePicture();
        },
        progress: (percent) => this.setProgress(ProgressState.LOADING, percent, true),
        warn: (message) => viewer.logger.warn(message),
        debug: (message) => viewer.logger.debug(message),
        error: (error) => {
          raisedError = true;
          void raiseLoadError(viewer, error, signal);
        },
      });
      if (this.disposed || model.isDisposed) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, CANCELLED);
      // The light preset's environment (the model's own settings may have picked another) is in place
      // before the load resolves: the pictures taken then do not change when a map arrives later.
      await viewer.environments.settled();
      if (this.disposed || model.isDisposed) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, CANCELLED);
      this.onGeometryLoaded(model, applyHome);
      if (!raisedError) viewer.stores.$lastError.set(null);
      return model;
    } catch (reason) {
      decided?.();
      const error = ViewerError.from(reason);
      // The loader may have disposed of it already; it leaves the scene all the same.
      if (added) this.unload(added);
      this.setProgress(ProgressState.LOADING, 100, this.isAnyLoading());
      if (!this.disposed && error.message !== CANCELLED) await raiseLoadError(viewer, error, signal);
      throw error;
    }
  }

  /**
   * The global offset of the viewer: the first model's (its box centre, or the offset its load was given),
   * which later models take so that they line up; null while no model is loaded.
   */
  getGlobalOffset(): Vector3 | null {
    return this.globalOffset?.clone() ?? null;
  }

  /** Marks a load as the one that decides the global offset; the returned function ends that (header or failure). */
  private decideOffset(): () => void {
    let done!: () => void;
    this.deciding = new Promise<void>((resolve) => (done = resolve));
    return () => {
      this.deciding = null;
      done();
    };
  }

  /**
   * Spec 000 §5, §8, §9: the model's topology, loaded only when it has a topology path and its size is
   * within the limit (20 MB on mobile, 100 MB otherwise); otherwise "no-topology" or "topology-too-big"
   * with limitMB and topologyMB, as values.
   */
  loadTopology(model: Model): Promise<TopologyResult> {
    const { config, isMobile } = this.viewer;
    return model.getTopology(topologyLimitMB(isMobile), {
      headers: config.headers,
      credentials: config.withCredentials ? 'include' : 'same-origin',
    });
  }

  /** Removes a model: its geometry, selection, worker and GPU resources. */
  unload(model: Model): boolean {
    const index = this.list.indexOf(model);
    if (index < 0) return false;
    this.list.splice(index, 1);
    const renderer = this.viewer.renderContext;
    renderer?.removeModel(model);
    renderer?.invalidateAccumulation();
    this.parts.picker.forget(model);
    this.parts.selector.removeModel(model);
    this.parts.visibility.removeModel(model);
    this.parts.layers.removeModel(model);
    this.parts.explode.forget(model);
    model.dispose();
    // A viewer emptied of models takes the next model's offset afresh (it may lie anywhere).
    if (this.list.length === 0) this.globalOffset = null;
    this.updateSceneBounds();
    this.viewer.stores.$models.set([...this.list]);
    this.viewer.emit('model-removed', { model });
    this.viewer.invalidate();
    return true;
  }

  /** Unloads every model; loads still running are cancelled. */
  dispose(): void {
    this.disposed = true;
    this.disposal.abort();
    for (const model of [...this.list]) this.unload(model);
  }

  /** Fetches the text font (once per page) while the worker reads a drawing; its model's text then draws from it sooner. */
  private prefetchTextFont(): void {
    const font = this.viewer.getResource(TEXT_FONT_PATH);
    // A font that cannot be fetched is reported by the model's own text load (loadText).
    loadTextFont(font.url, font.credentials).catch(() => undefined);
  }

  /** A 2D drawing's texts are drawn once the font (res/fonts/) is loaded; the picture is redrawn then. */
  private loadText(model: Model): void {
    const { viewer } = this;
    const text = viewer.renderContext?.getModelRenderer(model)?.text;
    if (!text) return;
    const font = viewer.getResource(TEXT_FONT_PATH);
    text.load(font.url, font.credentials).then(
      (drawn) => {
        if (!drawn) return;
        viewer.renderContext?.invalidateAccumulation();
        viewer.invalidatePicture();
      },
      (reason: unknown) => viewer.logger.warn(`${model.fileName}: its text is not drawn: ${(reason as Error)?.message ?? reason}`),
    );
  }

  private add(model: Model, applyHome: boolean): void {
    const { viewer, parts } = this;
    this.list.push(model);
    viewer.renderContext?.addModel(model);
    viewer.renderContext?.invalidateAccumulation();
    this.loadText(model);
    parts.selector.addModel(model);
    parts.visibility.addModel(model);
    parts.layers.addModel(model);
    this.updateSceneBounds();
    if (this.list.length === 1) viewer.navigation.setWorldUpVector(new Vector3(...model.getUpVector()));
    // The first 3D model's own render settings (spec 001 §3, §5), before its first frame.
    if (!model.is2d() && this.list.find((m) => !m.is2d()) === model) applyProducerSettings(viewer, model);
    if (applyHome) parts.homeView.initFromModel(model, viewer.navigation.sceneBounds);
    viewer.stores.$models.set([...this.list]);
    viewer.emit('model-added', { model });
    viewer.emit('object-tree-created', { model });
    viewer.emit('progress', { state: ProgressState.ROOT_LOADED, percent: 0, model });
    viewer.invalidatePicture();
  }

  private onGeometryLoaded(model: Model, applyHome: boolean): void {
    const boundsWereEmpty = model.bounds.isEmpty();
    this.updateSceneBounds();
    if (applyHome && boundsWereEmpty) this.parts.homeView.initFromModel(model, this.viewer.navigation.sceneBounds);
    // An explode set while the model loaded: its fragments' boxes are all known now.
    if (this.parts.explode.scale > 0) {
      this.parts.explode.applyTo(model);
      this.viewer.renderContext?.invalidateAccumulation();
    }
    // Spec 001 §9: the ambient occlusion's radius and intensity follow the first 3D model (its kind, units and size).
    if (!model.is2d() && this.list.find((m) => !m.is2d()) === model) this.viewer.renderContext?.setAmbientOcclusion(ambientOcclusionDefaults(model));
    this.setProgress(ProgressState.LOADING, 100, this.isAnyLoading());
    this.viewer.emit('geometry-loaded', { model });
    this.viewer.invalidate();
  }

  private updateSceneBounds(): void {
    modelsBounds(this.list, false, this.viewer.navigation.sceneBounds);
  }

  private isAnyLoading(): boolean {
    return this.list.some((m) => !m.isGeometryLoaded);
  }

  private setProgress(state: (typeof ProgressState)[keyof typeof ProgressState], percent: number, isLoading: boolean): void {
    const rounded = Math.max(0, Math.min(100, percent));
    this.viewer.stores.$progress.set({ state, percent: rounded, isLoading });
    this.viewer.emit('progress', { state, percent: rounded });
  }

  private nextModelId(url: string): string {
    this.idCounter++;
    return this.list.some((m) => m.url === url) ? `${url}#${this.idCounter}` : url;
  }
}

/**
 * The placement options of a load (the APS viewer's names) as plain numbers for the loader worker:
 * `globalOffset` ({ x, y, z } or [x, y, z]), `placementTransform` (a Matrix4 or 16 numbers, column-major)
 * and `applyRefPoint`. Anything else is left out.
 */
function placementOptions(options: LoadModelOptions): { globalOffset?: number[]; placementTransform?: number[]; applyRefPoint?: boolean } {
  const out: { globalOffset?: number[]; placementTransform?: number[]; applyRefPoint?: boolean } = {};
  const offset = options.globalOffset as { x?: unknown; y?: unknown; z?: unknown } | number[] | undefined;
  const xyz = Array.isArray(offset) ? offset : offset ? [offset.x, offset.y, offset.z] : null;
  if (xyz && xyz.length === 3 && xyz.every((v) => typeof v === 'number' && Number.isFinite(v))) out.globalOffset = xyz as number[];
  const placement = options.placementTransform as Matrix4 | number[] | undefined;
  const elements = placement instanceof Matrix4 ? placement.elements : placement;
  if (Array.isArray(elements) && elements.length === 16 && elements.every(Number.isFinite)) out.placementTransform = [...elements];
  if (options.applyRefPoint === true) out.applyRefPoint = true;
  return out;
}
