import { FrameBudget, REST_DELAY_MS } from '../render/FrameBudget.js';
import type { FrameMode, FrameStats } from '../render/SceneRenderer.js';
import { RenderLoop } from './RenderLoop.js';
import type { CameraPort, EventsPort, ModelsPort, PivotPort, PreferencesPort, ScenePort, ToolsPort } from './ports.js';
import type { ViewerStores } from './ViewerStores.js';

/** What the frame pacer needs of the viewer. */
export type FramePacerPort = CameraPort & ScenePort & PivotPort & ToolsPort & PreferencesPort & Pick<ModelsPort, 'getVisibleModels'> & Pick<EventsPort, 'emit'> & { readonly stores: Pick<ViewerStores, '$finalFrame' | '$memoryLimited'> };
import { ProgressState } from './ViewerEvents.js';

/** The longest an empty viewer's first frame waits for the page to be idle. */
const FIRST_FRAME_IDLE_MS = 100;
/** The longest the preparation of the first move waits for the page to be idle. */
const NAVIGATION_PREP_IDLE_MS = 500;

/**
 * Decides what each animation frame draws (spec 001 §4, §9): nothing while idle, a partial frame within
 * the budget while the camera moves, refinement slices once it rests, and never a frame queued behind
 * one the GPU has not finished. Raises `final-frame-rendered-change` and the RENDERING progress.
 */
export class FramePacer {
  readonly budget = new FrameBudget();
  private readonly loop = new RenderLoop((time) => this.frame(time));
  private cameraMoved = false;
  private lastMoveTime = -Infinity;
  /** Frames in a row that moved the camera: navigation, as opposed to a single jump. */
  private movesInARow = 0;
  private finalFrame = true;
  /** Whether any animation frame ran yet; until then, how to cancel the idle task that will ask for it. */
  private firstFrameRan = false;
  private cancelIdle: (() => void) | null = null;
  /** How to cancel the idle task that prepares the first move, while one is waiting. */
  private cancelNavigationPrep: (() => void) | null = null;
  private stats: FrameStats = { drawCalls: 0, triangles: 0, fraction: 1, final: true };

  constructor(private readonly viewer: FramePacerPort) {}

  /** Statistics of the last frame drawn. */
  get lastStats(): FrameStats {
    return this.stats;
  }

  /**
   * Whether the canvas shows a complete frame of everything that has arrived, with no frame to come: the
   * first frame ran, the last one was final, and nothing asked for another since.
   */
  get isComplete(): boolean {
    return this.firstFrameRan && this.finalFrame && !this.loop.isScheduled && !this.cancelIdle;
  }

  /** Asks for a frame. */
  invalidate(): void {
    if (!this.viewer.renderContext) return;
    if (this.firstFrameRan || this.viewer.getVisibleModels().length > 0) this.loop.invalidate();
    else this.invalidateWhenIdle();
  }

  /**
   * The first frame of an empty viewer (its background) waits until the page is idle (at most
   * FIRST_FRAME_IDLE_MS), so the host's own start-up scripts, a load they ask for and the loader worker's
   * start come first; and the canvas is sized in a task of its own before it (reallocating the drawing
   * buffer waits on the GPU process), so the frame does not wait on the resize.
   */
  private invalidateWhenIdle(): void {
    if (this.cancelIdle) return;
    this.cancelIdle = whenIdle(() => {
      this.viewer.renderContext?.prepareFirstFrame();
      this.cancelIdle = whenIdle(() => {
        this.cancelIdle = null;
        this.loop.invalidate();
      }, FIRST_FRAME_IDLE_MS);
    }, FIRST_FRAME_IDLE_MS);
  }

  /**
   * What is drawn changed (geometry arrived, a model was added): the picture on screen is no longer
   * complete, which `final-frame-rendered-change` says at once, and a frame is asked for.
   */
  invalidatePicture(): void {
    if (this.viewer.renderContext) this.setFinalFrame(false);
    this.invalidate();
  }

  /** The camera moved: the next frame is a moving one. */
  markCameraMoved(): void {
    this.cameraMoved = true;
    this.invalidate();
  }

  /** Draws one complete frame synchronously. */
  renderNow(): FrameStats {
    const renderer = this.viewer.renderContext;
    if (!renderer) return this.stats;
    this.stats = renderer.renderFrame(this.viewer.navigation.getThreeCamera(), { kind: 'complete' });
    this.viewer.stores.$memoryLimited.set(renderer.isMemoryLimited);
    this.setFinalFrame(true);
    return this.stats;
  }

  /** The pixels of a complete frame at another size (the camera's aspect follows it), top row first. */
  capture(width: number, height: number): { width: number; height: number; data: Uint8Array } {
    const navigation = this.viewer.navigation;
    const aspect = navigation.aspect;
    navigation.aspect = width / height;
    try {
      return this.viewer.renderContext!.capture(navigation.getThreeCamera(), width, height);
    } finally {
      navigation.aspect = aspect;
    }
  }

  stop(): void {
    this.cancelIdleStart();
    this.cancelNavigationPrep?.();
    this.cancelNavigationPrep = null;
    this.loop.stop();
  }

  /** No idle task is needed once a frame ran (or the viewer stops). */
  private cancelIdleStart(): void {
    this.cancelIdle?.();
    this.cancelIdle = null;
  }

  /** One animation frame; true asks for the next. */
  private frame(time: number): boolean {
    if (!this.firstFrameRan) {
      this.firstFrameRan = true;
      this.cancelIdleStart();
    }
    const { navigation, pivotSphere, toolController, prefs } = this.viewer;
    const renderer = this.viewer.renderContext;
    if (!renderer) return false;
    const transitioning = navigation.update(time);
    // Spec 000 §4: the pivot shows while a transition runs.
    if (transitioning) pivotSphere.show('transition');
    else pivotSphere.hide('transition', time);
    const toolsAnimating = toolController.update(time);
    const pivotFading = pivotSphere.update(time, navigation);
    const animating = transitioning || toolsAnimating || pivotFading;
    // Never queue a frame behind one the GPU has not finished: the page would stall on it.
    if (renderer.gpu.isBusy()) return true;
    this.budget.observe(renderer.gpu.lastFrameMs);
    // A fading pivot is no reason to draw a partial frame.
    const moving = this.cameraMoved || transitioning || toolsAnimating;
    this.cameraMoved = false;
    if (moving) {
      this.lastMoveTime = time;
      this.movesInARow++;
    }
    const progressive = Boolean(prefs.get('progressiveRendering'));
    let mode: FrameMode;
    if (moving) {
      renderer.invalidateAccumulation();
      if (progressive) renderer.uploadArrived();
      mode = progressive ? { kind: 'moving', ...this.budget.nextMovingFrame(renderer.loadedPrimitives) } : { kind: 'complete' };
    } else if (progressive && this.movesInARow > 1 && time - this.lastMoveTime < REST_DELAY_MS) {
      // Navigation just paused: refining now would compete with its next move. The moving frame stays up.
      return true;
    } else {
      this.movesInARow = 0;
      // Preference renderCache (spec 001 §3) off: the complete picture is not kept for the next frame asked
      // for at rest; that frame draws it again from the start.
      if (!prefs.get('renderCache') && this.finalFrame) renderer.invalidateAccumulation();
      // Without progressive display a frame at rest is complete in itself; one whose picture is already
      // complete (a frame asked for with nothing changed) shows it again rather than drawing it again.
      mode = progressive || renderer.holdsCompletePicture ? { kind: 'refine', budget: this.budget.nextRefineSlice() } : { kind: 'complete' };
    }
    this.stats = renderer.renderFrame(navigation.getThreeCamera(), mode);
    this.viewer.stores.$memoryLimited.set(renderer.isMemoryLimited);
    renderer.gpu.submitted();
    this.budget.track(this.stats.triangles, mode.kind === 'moving' ? mode.scale : 1);
    this.setFinalFrame(this.stats.final);
    if (mode.kind === 'moving' && !this.stats.final) {
      this.viewer.emit('progress', { state: ProgressState.RENDERING, percent: Math.round(mode.fraction * 100) });
    }
    // Go on while something animates or the picture is incomplete and the last frame added to it;
    // a frame that had nothing to add waits for the next chunk, change or move.
    const goOn = animating || (!this.stats.final && (moving || this.stats.triangles > 0));
    // A moving frame that drew a whole model may be the last one (a model that arrived whole before its
    // first frame, fitted): the move prep is due then too (not after one that drew a model yet to arrive).
    if (this.stats.final && (!moving || (!goOn && this.stats.triangles > 0))) this.prepareNavigationWhenIdle();
    return goOn;
  }

  /**
   * Once a model is on screen, complete, prepares in an idle task what the first move would otherwise wait
   * on (SceneRenderer.prepareNavigation): a new framebuffer and the pivot's program link are each a round
   * trip to the GPU process, which may be busy with a frame.
   */
  private prepareNavigationWhenIdle(): void {
    const renderer = this.viewer.renderContext;
    if (this.cancelNavigationPrep || !renderer || renderer.navigationPrepared || this.viewer.getVisibleModels().length === 0) return;
    this.cancelNavigationPrep = whenIdle(() => {
      this.cancelNavigationPrep = null;
      this.viewer.renderContext?.prepareNavigation(this.viewer.navigation.getThreeCamera());
    }, NAVIGATION_PREP_IDLE_MS);
  }

  private setFinalFrame(finalFrame: boolean): void {
    if (finalFrame === this.finalFrame) return;
    this.finalFrame = finalFrame;
    this.viewer.stores.$finalFrame.set(finalFrame);
    this.viewer.emit('final-frame-rendered-change', { finalFrame });
  }
}

/** Runs `task` once the page is idle, or after `timeoutMs` at the latest; returns a function that cancels it. */
function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
