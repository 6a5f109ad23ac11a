import { type Camera, type Plane, Scene, SRGBColorSpace, Vector2, WebGLRenderer, WebGLRenderTarget } from 'three';
import type { Model } from '../model/Model.js';
import { createDisplayTarget } from './displayTarget.js';
import { FrameEffects } from './effects/FrameEffects.js';
import type { PostProcessSettings } from './effects/ScreenStyle.js';
import { FrameAccumulator } from './FrameAccumulator.js';
import { MOVING_SCALE } from './FrameBudget.js';
import { GpuFrameTracker } from './GpuFrameTracker.js';
import { ModelRenderer, type ShownKind } from './ModelRenderer.js';
import { SceneLighting } from './SceneLighting.js';

/** Spec 001 §3 `toneMap.method`: 0 none, 1 filmic, 2 ACES. */
export const TONE_MAP_METHODS: readonly number[] = [0, 1, 2];
/** Spec 001 §5: the exposure bias runs −30 to 30 (EV). */
export const EXPOSURE_BIAS_MAX = 30;

/** Spec 001 §9: the default selection colour. */
export const DEFAULT_SELECTION_COLOR = 6724095;

export interface FrameStats {
  drawCalls: number;
  /** Primitives drawn in this frame. */
  triangles: number;
  /** Share of each batch drawn: 1 for a complete frame. */
  fraction: number;
  /** The picture on screen is complete (every loaded object drawn at full resolution). */
  final: boolean;
}

/**
 * How to draw a frame (spec 001 §4 rendering modes):
 * - complete: everything, now (screenshots, tests, benchmarks, small models);
 * - moving: while the camera moves, the largest objects only (a share of each batch), possibly at a
 *   lower resolution, so navigation stays fluid;
 * - refine: at rest, the next slice of objects added to the accumulation buffer within a budget of
 *   primitives, until the picture is complete (then transparent objects and ghosts are blended in).
 */
export type FrameMode =
  | { kind: 'complete' }
  | { kind: 'moving'; fraction: number; scale: number }
  | { kind: 'refine'; budget: number };

export interface RendererOptions {
  antialias?: boolean;
  /**
   * Query every program's compile and link status and log its errors (three.js's checkShaderErrors).
   * Each query blocks the page until the GPU process has compiled the program: four round trips per
   * program, measured at 5–150 ms each on software GL. The shaders are ours: only debug logging checks.
   */
  checkShaderErrors?: boolean;
}

/**
 * Owns the WebGL context, the scene with its lights and background, and one ModelRenderer per model.
 * Draws the models and then the overlay scene (pivot, gizmos) on top.
 */
export class SceneRenderer {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  /** Widgets drawn over the models (pivot, gizmo, markers); they share the depth buffer. */
  readonly overlay = new Scene();
  private readonly models = new Map<Model, ModelRenderer>();
  /** The light preset's lights, the environment the models reflect, and the background behind them. */
  readonly lighting: SceneLighting;
  private ghosting = true;
  private selectionColor = DEFAULT_SELECTION_COLOR;
  readonly frames: FrameAccumulator;
  /** Which submitted frames the GPU has finished, and how long the last one took. */
  readonly gpu: GpuFrameTracker;
  /** The accumulation buffer no longer matches the camera or the objects' state. */
  private accumulationStale = true;
  /** Ambient occlusion, ground shadow and reflection (preferences `ambientShadows`, `groundShadow`, `groundReflection`). */
  readonly effects = new FrameEffects();
  /** Counts what is drawn into the accumulation buffer: the effects' composite is made again when it changes. */
  private accumulationVersion = 0;
  /** The camera of the last frame started (the background of an empty canvas is painted for it). */
  private lastCamera: Camera | null = null;
  /** Counts changes of the cut planes (part of what the ground effects depend on). */
  private clippingVersion = 0;
  /** The size the canvas should have (CSS pixels and pixel ratio); the renderer knows the size it has. */
  private wantedSize = { width: 300, height: 150, pixelRatio: 1 };

  constructor(canvas: HTMLCanvasElement, options: RendererOptions = {}) {
    // Frames are drawn offscreen (multisampled there) and blitted onto the canvas.
    this.renderer = new WebGLRenderer({
      canvas,
      antialias: false,
      alpha: false,
      powerPreference: 'high-performance',
      preserveDrawingBuffer: false,
    });
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.debug.checkShaderErrors = options.checkShaderErrors ?? false;
    this.renderer.autoClear = false;
    this.renderer.info.autoReset = false;
    // three.js asks for this extension at the first render target; asking now, while the GPU process is
    // idle, keeps that round trip out of the first frame.
    this.renderer.extensions.has('EXT_texture_filter_anisotropic');
    this.scene.matrixWorldAutoUpdate = true;
    this.lighting = new SceneLighting(this.renderer, this.scene, () => this.invalidateAccumulation(), () => this.models.size > 0);
    this.frames = new FrameAccumulator((options.antialias ?? true) ? 4 : 0);
    this.gpu = new GpuFrameTracker(this.renderer.getContext() as WebGL2RenderingContext);
  }

  /** Primitives loaded and drawable over every model (what a complete frame draws). */
  get loadedPrimitives(): number {
    let total = 0;
    for (const m of this.models.values()) total += m.primitiveCount;
    return total;
  }

  /** Antialiasing of the accumulation buffer (multisampling). */
  setAntialias(enabled: boolean): void {
    this.frames.setSamples(enabled ? 4 : 0);
    this.invalidateAccumulation();
  }

  /** Whether the accumulation buffer holds the complete picture of every model as they are now (nothing left to draw). */
  get holdsCompletePicture(): boolean {
    if (this.accumulationStale) return false;
    const models = [...this.models.values()];
    return models.every((m) => m.isComplete()) && !this.effects.needsGroundUpdate(models);
  }

  /** What the accumulation buffer holds is out of date (camera, visibility, selection, materials). */
  invalidateAccumulation(): void {
    this.accumulationStale = true;
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  /**
   * The size the canvas should have (CSS pixels and pixel ratio). It takes effect at the next frame: a
   * container laid out in several steps while the page starts reallocates the drawing buffer once.
   */
  setSize(width: number, height: number, pixelRatio: number): void {
    this.wantedSize = { width: Math.max(1, width), height: Math.max(1, height), pixelRatio };
  }

  /**
   * Resizes the drawing buffer to the wanted size, only when that differs from the renderer's: reallocating
   * it waits on the GPU, and assigning the canvas even the size it has reallocates it (a canvas created at
   * its container's size needs none). One call sets size and ratio (setPixelRatio then setSize would
   * reallocate twice).
   */
  private applySize(): void {
    const { width, height, pixelRatio } = this.wantedSize;
    const current = this.renderer.getSize(SIZE);
    if (current.x !== width || current.y !== height || this.renderer.getPixelRatio() !== pixelRatio) {
      this.renderer.setDrawingBufferSize(width, height, pixelRatio);
    }
    const buffer = this.renderer.getDrawingBufferSize(SIZE);
    if (this.frames.setSize(buffer.x, buffer.y)) this.invalidateAccumulation();
  }

  addModel(model: Model): ModelRenderer {
    // Before the model's programs compile: they are built for the scene's environment. Its room stands
    // on the first model's ground, as the navigation does.
    this.lighting.prepareEnvironment();
    if (!this.models.size) this.lighting.orientTo(model.getUpVector());
    const modelRenderer = new ModelRenderer(model, this.renderer);
    modelRenderer.setGhosting(this.ghosting);
    for (const kind of this.hiddenKinds) modelRenderer.setKindShown(kind, false);
    modelRenderer.setSelectionColor(this.selectionColor);
    modelRenderer.setSwapBlackAndWhite(this.swapBlackAndWhite);
    modelRenderer.setToneMapping(this.toneMapping.method, this.toneMapping.exposureBias);
    modelRenderer.setClippingPlanes(this.clippingPlanes);
    this.models.set(model, modelRenderer);
    this.scene.add(modelRenderer.group);
    return modelRenderer;
  }

  removeModel(model: Model): void {
    const modelRenderer = this.models.get(model);
    if (!modelRenderer) return;
    this.scene.remove(modelRenderer.group);
    modelRenderer.dispose();
    this.models.delete(model);
  }

  getModelRenderer(model: Model): ModelRenderer | undefined {
    return this.models.get(model);
  }

  /**
   * Draws, or leaves out, every line or point batch (preferences `lineRendering`, `pointRendering`), or the
   * lineweight bands of 2D drawings (`lineWeights`).
   */
  setKindShown(kind: Exclude<ShownKind, 'triangles'>, shown: boolean): void {
    if (shown) this.hiddenKinds.delete(kind);
    else this.hiddenKinds.add(kind);
    for (const m of this.models.values()) m.setKindShown(kind, shown);
    this.invalidateAccumulation();
  }

  private readonly hiddenKinds = new Set<Exclude<ShownKind, 'triangles'>>();

  setGhosting(enabled: boolean): void {
    this.ghosting = enabled;
    for (const m of this.models.values()) m.setGhosting(enabled);
  }

  /** Cuts every model with clipping planes (the cut planes); overlays such as the gizmo stay whole. */
  setClippingPlanes(planes: readonly Plane[]): void {
    this.clippingPlanes = planes;
    this.renderer.localClippingEnabled = planes.length > 0;
    this.clippingVersion++;
    for (const m of this.models.values()) m.setClippingPlanes(planes);
    this.invalidateAccumulation();
  }

  private clippingPlanes: readonly Plane[] = [];

  setSelectionColor(color: number): void {
    this.selectionColor = color;
    for (const m of this.models.values()) m.setSelectionColor(color);
  }

  /** 2D models draw black as white and white as black (preference `swapBlackAndWhite`). */
  setSwapBlackAndWhite(swap: boolean): void {
    this.swapBlackAndWhite = swap;
    for (const m of this.models.values()) m.setSwapBlackAndWhite(swap);
    this.invalidateAccumulation();
  }

  private swapBlackAndWhite = false;

  /**
   * Ambient occlusion of the complete frame (spec 001 §3 `ambientShadows`; §5 radius 0–200 world units,
   * intensity 0–3): what is given changes, the rest stays.
   */
  setAmbientOcclusion(options: { enabled?: boolean; radius?: number; intensity?: number }): void {
    this.effects.setAmbientOcclusion(options);
  }

  getAmbientOcclusion(): { enabled: boolean; radius: number; intensity: number } {
    return this.effects.getAmbientOcclusion();
  }

  /**
   * Tone mapping of the 3D models' colours (spec 001 §3 `toneMap`, §4, §5): the curve (0 none, 1 filmic,
   * 2 ACES) and the exposure bias, −30 to 30 EV, which only a curve applies (none leaves it out).
   */
  setToneMapping(options: { method?: number; exposureBias?: number }): void {
    const method = options.method;
    if (method !== undefined && TONE_MAP_METHODS.includes(method)) this.toneMapping.method = method;
    const bias = options.exposureBias;
    if (bias !== undefined && Number.isFinite(bias)) this.toneMapping.exposureBias = Math.min(EXPOSURE_BIAS_MAX, Math.max(-EXPOSURE_BIAS_MAX, bias));
    for (const m of this.models.values()) m.setToneMapping(this.toneMapping.method, this.toneMapping.exposureBias);
    this.invalidateAccumulation();
  }

  getToneMapping(): { method: number; exposureBias: number } {
    return { ...this.toneMapping };
  }

  private readonly toneMapping = { method: 0, exposureBias: 0 };

  /** The edges of the 3D models' visible objects (spec 001 §3 `edgeRendering`). */
  setEdges(enabled: boolean): void {
    this.effects.setEdges(enabled);
  }

  get edges(): boolean {
    return this.effects.edges;
  }

  /**
   * The post-process style of the 3D picture and its controls (spec 001 §4: none, edging, cel, graphite,
   * pencil; §5 bounds): what is given changes, clamped to its bounds.
   */
  setPostProcess(changes: Partial<PostProcessSettings>): void {
    this.effects.setPostProcess(changes);
  }

  getPostProcess(): PostProcessSettings {
    return this.effects.getPostProcess();
  }

  /** Bytes of geometry above which the models are drawn with limited memory (spec 001 §4). */
  setMemoryLimit(bytes: number): void {
    this.memoryLimit = bytes > 0 ? bytes : Infinity;
  }

  /**
   * Whether the models' geometry is over the memory limit: then the ground shadow and reflection are off
   * (spec 001 §4 "A model with limited memory turns off ground reflection and ground shadow"), whatever
   * their preferences say; they come back when models are unloaded below it.
   */
  get isMemoryLimited(): boolean {
    let bytes = 0;
    for (const m of this.models.values()) bytes += m.uploadedBytes;
    return bytes > this.memoryLimit;
  }

  private memoryLimit = Infinity;

  /** The ground shadow under the 3D models (spec 001 §3 `groundShadow`; §5 alpha 0–2). */
  setGroundShadow(options: { enabled?: boolean; alpha?: number }): void {
    this.effects.setGroundShadow(options);
    this.invalidateAccumulation();
  }

  /** The models mirrored in the ground (spec 001 §3 `groundReflection`; §5 alpha 0–2). */
  setGroundReflection(options: { enabled?: boolean; alpha?: number }): void {
    this.effects.setGroundReflection(options);
    this.invalidateAccumulation();
  }

  /** Draws one frame in the given mode and shows it on the canvas. */
  renderFrame(camera: Camera, mode: FrameMode): FrameStats {
    // A complete frame draws everything that has arrived: all of it is uploaded first. A moving frame's
    // caller uploaded already (uploadArrived).
    this.beginFrame(camera, mode.kind === 'complete' ? Infinity : mode.kind === 'moving' ? 0 : undefined);
    const models = [...this.models.values()];
    let triangles = 0;
    let final = true;
    let fraction = 1;
    let shown: WebGLRenderTarget;
    if (mode.kind === 'refine' && !this.accumulationStale) {
      shown = this.frames.accumulationTarget;
      // Ground effects that wait for their models (made once every model is loaded) go into the picture
      // being refined, under what is drawn (depth-tested), rather than starting it over.
      if (this.effects.needsGroundUpdate(models)) this.addGround(models, camera, shown);
      this.renderer.setRenderTarget(shown);
    } else if (mode.kind === 'refine' || mode.kind === 'complete') {
      shown = this.startAccumulation(models, camera);
    } else {
      fraction = mode.fraction;
      shown = mode.scale < 1 ? this.frames.lowResolutionTarget(mode.scale) : this.frames.accumulationTarget;
      this.clearTarget(shown, camera, true);
      for (const m of models) triangles += m.preparePrefix(fraction);
      this.renderer.render(this.scene, camera);
      // What the moving frame drew is not a base to refine on. A whole one is the complete picture, unless
      // the picture at rest has more: the effects a moving frame leaves out (a frame at rest follows then).
      final = fraction >= 1 && mode.scale >= 1 && !this.effects.addsAtRest(models);
      this.accumulationStale = !final;
      if (final) for (const m of models) m.resetProgress();
    }
    if (mode.kind === 'complete') {
      for (const m of models) triangles += m.preparePrefix(1);
      this.renderOnTop(camera);
      for (const m of models) m.markComplete();
    } else if (mode.kind === 'refine') {
      triangles += this.refine(models, camera, mode.budget);
      final = models.every((m) => m.isComplete());
    }
    if (this.renderer.info.render.calls > 0) this.accumulationVersion++;
    // Ambient occlusion goes on the complete picture only, never on a frame drawn while the camera moves;
    // edges and the post-process style on every frame.
    shown = this.effects.finish(this.renderer, shown, camera, models, this.accumulationVersion, final && mode.kind !== 'moving');
    this.present(shown);
    this.renderOverlay(camera);
    this.renderer.setRenderTarget(null);
    return { drawCalls: this.renderer.info.render.calls, triangles, fraction, final };
  }

  /** Work the first frame would otherwise wait on, done ahead of it: sizes the canvas (reallocating the drawing buffer waits on the GPU). */
  prepareFirstFrame(): void {
    this.applySize();
  }

  /** Whether prepareNavigation has run since the canvas last changed size. */
  get navigationPrepared(): boolean {
    return this.frames.hasLowResolutionTarget;
  }

  /**
   * Work the first move would otherwise wait on, done while the viewer is idle: the low-resolution target
   * moving frames may draw into (a new framebuffer is checked at its first use, a round trip to the GPU
   * process); one primitive of each batch drawn into it (software GL builds its routines for a target's
   * sample count at the first draw into one: on L the first drag move took 105–115 ms without this draw,
   * 67–76 ms with it); and the programs of the overlay's widgets (the pivot shows as a drag starts).
   */
  prepareNavigation(camera: Camera): void {
    this.applySize();
    const previous = this.renderer.getRenderTarget();
    this.renderer.setRenderTarget(this.frames.lowResolutionTarget(MOVING_SCALE));
    this.renderer.clear(true, true, true);
    for (const m of this.models.values()) m.prepareFirstPrimitives();
    this.renderer.render(this.scene, camera);
    this.renderer.setRenderTarget(null);
    this.renderer.compile(this.overlay, camera);
    this.renderer.setRenderTarget(previous);
  }

  /**
   * Uploads geometry that arrived, up to a budget of bytes (the default per frame; Infinity: all of it; 0: none).
   * A moving frame's share is reckoned on what is loaded: its caller uploads first (the frame then uploads
   * nothing more).
   */
  uploadArrived(budget?: number): void {
    this.upload(this.models.values(), budget);
  }

  /** Uploads what the given models have waiting, up to a budget of bytes shared by them (none once it is spent). */
  private upload(models: Iterable<ModelRenderer>, budget?: number): void {
    let left = budget;
    let uploaded = false;
    for (const m of models) {
      if (left !== undefined && left <= 0) break;
      if (!m.hasPendingUploads) continue;
      left = m.upload(left);
      uploaded = true;
    }
    // The uploads bound buffers behind three.js's back.
    if (uploaded) this.renderer.resetState();
  }

  /** Sizes the canvas, uploads arrived geometry (within a budget), brings state textures up to date, aims the headlight. */
  private beginFrame(camera: Camera, uploadBudget?: number): void {
    this.applySize();
    this.uploadArrived(uploadBudget);
    for (const m of this.models.values()) m.syncState();
    const models = [...this.models.values()];
    // The picture drawn so far may hold the ground effects that limited memory turns off.
    if (this.effects.setMemoryLimited(this.isMemoryLimited)) this.accumulationStale = true;
    this.effects.noteContent(models, this.clippingVersion);
    // The headlight comes from over the viewer's shoulder.
    this.lighting.aimHeadlight(camera);
    this.renderer.info.reset();
  }

  private startAccumulation(models: ModelRenderer[], camera: Camera): WebGLRenderTarget {
    const target = this.frames.accumulationTarget;
    this.effects.updateGround(this.renderer, this.scene, models, camera);
    this.clearTarget(target, camera, false);
    for (const m of models) m.resetProgress();
    this.accumulationStale = false;
    this.accumulationVersion++;
    return target;
  }

  /** Makes the ground effects and paints them into a target already drawn into (the accumulation), under its models. */
  private addGround(models: ModelRenderer[], camera: Camera, target: WebGLRenderTarget): void {
    this.effects.updateGround(this.renderer, this.scene, models, camera);
    this.renderer.setRenderTarget(target);
    this.effects.paintGround(this.renderer, camera, false);
    // Their renders set the models' draw ranges: the slices to come set their own.
  }

  /**
   * Makes a target current and starts it over: depth and stencil cleared, the background painted, and the
   * ground's shadow and reflection (the reflection not while the camera moves).
   */
  private clearTarget(target: WebGLRenderTarget, camera: Camera, moving: boolean): void {
    this.renderer.setRenderTarget(target);
    this.renderer.clear(false, true, true);
    this.lastCamera = camera;
    this.lighting.paintBackground(target.width, target.height, camera);
    this.paintedOnly.add(target);
    this.effects.paintGround(this.renderer, camera, moving);
  }

  /**
   * Shows the frame's target on the canvas. A target holding the background alone (nothing drawn into it
   * since it was painted: an empty viewer, or every object hidden) is not blitted: the background is
   * painted onto the canvas instead. ANGLE on SwiftShader showed black when a multisampled target that had
   * only been cleared was resolved and blitted.
   */
  private present(shown: WebGLRenderTarget): void {
    if (this.renderer.info.render.calls > 0) this.paintedOnly.delete(shown);
    if (!this.paintedOnly.has(shown)) {
      this.frames.present(this.renderer, shown);
      return;
    }
    this.renderer.setRenderTarget(null);
    const gl = this.renderer.getContext();
    this.lighting.paintBackground(gl.drawingBufferWidth, gl.drawingBufferHeight, this.lastCamera);
  }

  /** Targets painted with the background and not drawn into since. */
  private readonly paintedOnly = new WeakSet<WebGLRenderTarget>();

  /** Adds the next slice of opaque objects; once they are all in, blends in the transparent ones. */
  private refine(models: ModelRenderer[], camera: Camera, budget: number): number {
    let drawn = 0;
    for (const m of models) drawn += m.prepareOpaqueSlice(Math.max(0, budget - drawn));
    if (drawn > 0) {
      this.renderOnTop(camera);
      for (const m of models) m.commitSlice();
    }
    const opaqueDone = models.every((m) => m.isOpaqueComplete());
    const loaded = models.every((m) => m.model.isGeometryLoaded);
    if (opaqueDone && loaded && models.some((m) => m.needsTransparentPass())) {
      for (const m of models) m.prepareTransparentPass();
      this.renderOnTop(camera);
    }
    return drawn;
  }

  /** Draws into what the target already holds (the background is painted when the target is cleared). */
  private renderOnTop(camera: Camera): void {
    this.renderer.render(this.scene, camera);
  }

  private get hasVisibleOverlay(): boolean {
    return this.overlay.children.some((child) => child.visible);
  }

  /** Widgets (pivot, gizmo) over the picture, on the canvas. */
  private renderOverlay(camera: Camera): void {
    if (!this.hasVisibleOverlay) return;
    this.renderer.setRenderTarget(null);
    this.renderer.clearDepth();
    const background = this.overlay.background;
    this.overlay.background = null;
    this.renderer.render(this.overlay, camera);
    this.overlay.background = background;
  }

  /**
   * Draws one model alone into a 1×1 target made like the accumulation buffer (shader warm-up: software
   * GL builds its routines for a program, target format and sample count at the first draw with them).
   * Every pass is drawn, ghosts included.
   */
  drawOffscreen(model: ModelRenderer, camera: Camera): void {
    const target = createDisplayTarget(1, 1, this.frames.sampleCount);
    const scene = this.scene;
    // Other models stay out of it; lights stay in (they are part of what the programs are compiled for).
    const others = [...this.models.values()].map((m) => m.group).filter((g) => g !== model.group && g.visible);
    try {
      this.upload([model], Infinity);
      model.syncState();
      model.preparePrefix(1);
      model.group.traverse((object) => (object.visible = true));
      for (const other of others) other.visible = false;
      this.renderer.setRenderTarget(target);
      this.renderer.render(scene, camera);
    } finally {
      for (const other of others) other.visible = true;
      model.group.visible = false;
      this.renderer.setRenderTarget(null);
      target.dispose();
    }
  }

  /** Renders a complete frame offscreen at the given size and returns its pixels, top row first. */
  capture(camera: Camera, width: number, height: number): { width: number; height: number; data: Uint8Array } {
    const target = createDisplayTarget(width, height, 4);
    // The overlay's materials encode nothing themselves: they go on top in an sRGB target.
    const withOverlay = this.hasVisibleOverlay ? new WebGLRenderTarget(width, height, { colorSpace: SRGBColorSpace, samples: 4 }) : null;
    let composed: WebGLRenderTarget | null = null;
    try {
      this.beginFrame(camera, Infinity);
      this.effects.updateGround(this.renderer, this.scene, [...this.models.values()], camera);
      this.clearTarget(target, camera, false);
      for (const m of this.models.values()) m.preparePrefix(1);
      this.renderer.render(this.scene, camera);
      composed = createDisplayTarget(width, height, 0);
      if (!this.effects.finishInto(this.renderer, target, camera, [...this.models.values()], composed)) {
        composed.dispose();
        composed = null;
      }
      const picture = composed ?? target;
      if (withOverlay) {
        // As on screen: the overlay goes over the frame, tested only against its own depth.
        this.renderer.setRenderTarget(withOverlay);
        this.renderer.clear(true, true, true);
        this.frames.copy(this.renderer, picture, withOverlay);
        this.renderer.render(this.overlay, camera);
      }
      const read = withOverlay ?? picture;
      const data = new Uint8Array(width * height * 4);
      this.renderer.readRenderTargetPixels(read, 0, 0, width, height, data);
      const row = width * 4;
      const flipped = new Uint8Array(data.length);
      for (let y = 0; y < height; y++) flipped.set(data.subarray((height - 1 - y) * row, (height - y) * row), y * row);
      return { width, height, data: flipped };
    } finally {
      target.dispose();
      composed?.dispose();
      withOverlay?.dispose();
      this.renderer.setRenderTarget(null);
    }
  }

  /** Frees every GPU resource and the WebGL context itself. */
  dispose(): void {
    for (const model of [...this.models.keys()]) this.removeModel(model);
    this.frames.dispose();
    this.effects.dispose();
    this.lighting.dispose();
    this.gpu.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}

const SIZE = new Vector2();
