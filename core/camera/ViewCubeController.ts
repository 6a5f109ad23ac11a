import { atom, type ReadableAtom } from 'nanostores';
import { MathUtils, Vector3 } from 'three';
import type { CameraPort, EventsPort, LoggerPort, ModelsPort, PivotPort, ViewsPort } from '../viewer/ports.js';
import type { UsageTracker } from '../viewer/UsageTracker.js';
import type { CameraView } from './CameraView.js';
import {
  type CubeFrame,
  cubeFrame,
  isFaceName,
  namedViewOf,
  neighbourFace,
  parseViewCubeName,
  rolledView,
  snapToAxis,
  type ViewCubeArrow,
  viewCubeView,
  worldToCube,
} from './ViewCubeViews.js';

/** What ViewCube needs of the viewer. */
export type ViewCubePort = CameraPort & LoggerPort & PivotPort & ModelsPort & Pick<EventsPort, 'addEventListener'> & Pick<ViewsPort, 'goHome'> & { readonly usage: UsageTracker; setHomeView(view?: CameraView): void; resetHomeView(): void };

/** The cube's animation speed: the time a turn to a face, edge or corner takes (ms). */
export const DEFAULT_VIEW_CUBE_ANIMATION_MS = 500;
/**
 * Spec 000 §5, §8: an animation speed of 0 or less logs this internal viewer error code (outside the
 * 1–13 catalogue hosts see in `error` events: it is a programming error, only logged).
 */
export const VIEWER_INTERNAL_ERROR = 14;

/** The menu's projection radio set (spec 000 §2 items 2–4; §4 "Camera modes"). */
export type ProjectionMode = 'orthographic' | 'perspective' | 'perspective-ortho-faces';

export interface ViewCubeOptions {
  /** Spec 000 §2: the optional home button, off by default. */
  showHomeButton: boolean;
  /** Spec 000 §2: the optional axis triad. */
  showTriad: boolean;
  /** Time a turn takes (ms); 0 or less is rejected (spec 000 §5). */
  animationSpeed: number;
}

/** What the cube widget shows; published as `viewer.viewCube.$state`. */
export interface ViewCubeState {
  /** The current named view (spec 000 §4): a face, edge or corner name; the last one while between them. Initially front. */
  face: string;
  /** The camera looks straight at a face: arrows, roll arrows and the menu icon show. */
  isFaceView: boolean;
  projection: ProjectionMode;
  /** The cube's frame: world up, front (outward normal of the front face) and right, as plain numbers. */
  frame: { up: [number, number, number]; front: [number, number, number]; right: [number, number, number] };
  /** The camera in cube coordinates (x right, y up, z front): towards the eye, and its up. The widget turns the cube by it. */
  camera: { eye: [number, number, number]; up: [number, number, number]; isPerspective: boolean };
  /** A drag on the cube is orbiting. */
  isDragging: boolean;
  options: ViewCubeOptions;
}

const toArray = (v: Vector3): [number, number, number] => [v.x, v.y, v.z];

/**
 * The orientation cube's behaviour, headless (spec 000 §2 "Orientation cube", "Cube context menu"; §4):
 * turning to any of the 26 named views with a spherical interpolation, stepping to a neighbouring face,
 * rolling, orbiting by dragging, the projection radio set with its ortho-faces rule, the home and
 * orientation actions of the menu (each counted as a usage event), and the cube's frame (the model's world
 * up and front). The React widget draws `$state` and calls these methods; `viewer.setViewCube` uses it too.
 */
export class ViewCubeController {
  private readonly state = atom<ViewCubeState>(this.initialState());
  private front = new Vector3(0, 0, 1);
  private original: { up: Vector3; front: Vector3 } | null = null;
  private orthoFaces = false;
  private lastFace = 'front';
  private dragging = false;
  private options: ViewCubeOptions = { showHomeButton: false, showTriad: false, animationSpeed: DEFAULT_VIEW_CUBE_ANIMATION_MS };

  constructor(private readonly viewer: ViewCubePort) {
    viewer.addEventListener('camera-change', () => this.onCameraChange());
    viewer.addEventListener('model-added', () => {
      if (viewer.getVisibleModels().length === 1) this.adoptModelOrientation();
    });
    this.publish();
  }

  /** The cube's state, for the widget (a nanostore). */
  get $state(): ReadableAtom<ViewCubeState> {
    return this.state;
  }

  getOptions(): ViewCubeOptions {
    return { ...this.options };
  }

  /**
   * Changes options. An animation speed of 0 or less (or not a number) is rejected: an internal error is
   * logged, a drag in progress is cancelled, the other options still apply, and it returns false.
   */
  setOptions(options: Partial<ViewCubeOptions>): boolean {
    let accepted = true;
    const next = { ...this.options };
    if ('showHomeButton' in options) next.showHomeButton = Boolean(options.showHomeButton);
    if ('showTriad' in options) next.showTriad = Boolean(options.showTriad);
    if ('animationSpeed' in options) {
      if (this.isValidSpeed(options.animationSpeed)) next.animationSpeed = Number(options.animationSpeed);
      else accepted = false;
    }
    this.options = next;
    this.publish();
    return accepted;
  }

  /** The cube's frame in world space (up, front, right). */
  getFrame(): CubeFrame {
    return cubeFrame(this.viewer.navigation.worldUp, this.front);
  }

  // ── Views ────────────────────────────────────────────────────────────────────────────────────

  /**
   * Turns the view to a face, edge or corner ('front', 'top front right', any order) with a spherical
   * interpolation. With ortho faces on, a face view ends orthographic and an edge or corner leaves
   * orthographic first. Resolves true on arrival; false for an unknown name (with a warning) or a lock.
   */
  setViewCube(name: string, options: { immediate?: boolean } = {}): Promise<boolean> {
    const canonical = parseViewCubeName(name);
    if (!canonical) {
      this.viewer.logger.warn(`Unknown view cube face: ${name}`);
      return Promise.resolve(false);
    }
    const nav = this.viewer.navigation;
    if (!nav.isActionEnabled('gotoview')) return Promise.resolve(false);
    const speed = this.animationDuration();
    if (speed === null) return Promise.resolve(false);
    const face = isFaceName(canonical);
    if (this.orthoFaces && !face) nav.toPerspective();
    const target = viewCubeView(nav.getTransitionTarget() ?? nav.getView(), this.getFrame(), canonical);
    if (this.orthoFaces && face) this.makeOrthographic(target);
    this.lastFace = canonical;
    this.publish();
    return nav.transitionTo(target, { immediate: options.immediate, durationMs: speed });
  }

  /** An arrow hot-zone (spec 000 §4): turns to the face on that side of the screen. */
  stepToNeighbour(arrow: ViewCubeArrow): Promise<boolean> {
    const nav = this.viewer.navigation;
    return this.setViewCube(neighbourFace(nav.getTransitionTarget() ?? nav.getView(), this.getFrame(), arrow));
  }

  /** A roll arrow: rolls the view a quarter turn, clockwise or not (obeys the roll lock). */
  roll(clockwise: boolean): Promise<boolean> {
    const nav = this.viewer.navigation;
    if (!nav.isActionEnabled('roll')) return Promise.resolve(false);
    const speed = this.animationDuration();
    if (speed === null) return Promise.resolve(false);
    return nav.transitionTo(rolledView(nav.getTransitionTarget() ?? nav.getView(), clockwise), { durationMs: speed });
  }

  // ── Dragging the cube (spec 000 §4: a drag orbits) ───────────────────────────────────────────

  /** A drag on the cube starts: false (drag cancelled) when orbiting is locked or the animation speed is invalid. */
  beginDrag(): boolean {
    const nav = this.viewer.navigation;
    if (!nav.isActionEnabled('orbit') || this.animationDuration() === null) return false;
    nav.cancelTransition();
    nav.setPivotPoint(nav.target);
    this.dragging = true;
    this.viewer.pivotSphere.show('view-cube');
    this.publish();
    return true;
  }

  /** Orbits for a pointer move over the cube: a drag across the whole widget turns half a turn. */
  dragBy(dx: number, dy: number, widgetSize: number): void {
    if (!this.dragging) return;
    const size = Math.max(widgetSize, 1);
    this.viewer.navigation.orbit((dx / size) * Math.PI, (dy / size) * Math.PI);
  }

  endDrag(): void {
    if (!this.dragging) return;
    this.dragging = false;
    this.viewer.pivotSphere.hide('view-cube');
    this.publish();
  }

  get isDragging(): boolean {
    return this.dragging;
  }

  // ── The context menu's actions (spec 000 §2 "Cube context menu", §7 usage events) ──────────

  goHome(): Promise<boolean> {
    this.viewer.usage.track('navigation/home');
    return this.viewer.goHome();
  }

  /** The projection radio set: orthographic, perspective, or perspective with orthographic face views. */
  setProjection(mode: ProjectionMode): void {
    const nav = this.viewer.navigation;
    if (mode === 'orthographic') {
      this.viewer.usage.track('navigation/setortho');
      this.orthoFaces = false;
      nav.toOrthographic();
    } else if (mode === 'perspective') {
      this.viewer.usage.track('navigation/setpersp');
      this.orthoFaces = false;
      nav.toPerspective();
    } else {
      // A perspective mode: counted with perspective.
      this.viewer.usage.track('navigation/setpersp');
      this.orthoFaces = true;
      if (this.isFaceView()) nav.toOrthographic();
      else nav.toPerspective();
    }
    this.publish();
  }

  getProjection(): ProjectionMode {
    if (this.orthoFaces) return 'perspective-ortho-faces';
    return this.viewer.navigation.isPerspective ? 'perspective' : 'orthographic';
  }

  /** "Set current view as Home"; with `focus`, "Focus and set as Home": fit everything first. */
  async setCurrentViewAsHome(focus = false): Promise<void> {
    this.viewer.usage.track(focus ? 'navigation/focushome' : 'navigation/sethome');
    if (focus) {
      const box = this.viewer.getVisibleBounds();
      if (!box.isEmpty()) {
        const view = this.viewer.navigation.computeFitView(box);
        this.viewer.setHomeView(view);
        await this.viewer.navigation.transitionTo(view, { durationMs: this.animationDuration() ?? 0 });
        return;
      }
    }
    this.viewer.setHomeView();
  }

  /** "Reset Home": back to the model's home view, and there. */
  resetHome(): Promise<boolean> {
    this.viewer.usage.track('navigation/resethome');
    this.viewer.resetHomeView();
    return this.viewer.goHome();
  }

  /** "Set current view as Front": the view direction becomes the front, the screen's top the world up. */
  setCurrentViewAsFront(): void {
    this.viewer.usage.track('navigation/setfront');
    const view = this.viewer.navigation.getView();
    const eye = snapToAxis(view.position.clone().sub(view.center));
    this.setFrame(snapToAxis(view.up), eye);
    this.lastFace = 'front';
    if (this.orthoFaces) this.viewer.navigation.toOrthographic();
    this.publish();
  }

  /** "Set current view as Top": the view direction becomes the world up, the screen's bottom the front. */
  setCurrentViewAsTop(): void {
    this.viewer.usage.track('navigation/settop');
    const view = this.viewer.navigation.getView();
    const eye = snapToAxis(view.position.clone().sub(view.center));
    this.setFrame(eye, snapToAxis(view.up.clone().negate()));
    this.lastFace = 'top';
    if (this.orthoFaces) this.viewer.navigation.toOrthographic();
    this.publish();
  }

  /** "Reset orientation": the model's own up and front again, the camera upright, everything fitted. */
  resetOrientation(): Promise<boolean> {
    this.viewer.usage.track('navigation/fit');
    const original = this.original ?? { up: new Vector3(0, 1, 0), front: new Vector3(0, 0, 1) };
    this.setFrame(original.up, original.front);
    const nav = this.viewer.navigation;
    const box = this.viewer.getVisibleBounds();
    if (box.isEmpty()) return Promise.resolve(true);
    const view = nav.computeFitView(box, nav.getDirection(), nav.worldUp);
    return nav.transitionTo(view, { durationMs: this.animationDuration() ?? 0 });
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────────

  /** True while the camera looks straight at one of the six faces. */
  isFaceView(): boolean {
    return isFaceName(this.currentNamedView());
  }

  /** The named view the camera shows now, or null between them. */
  currentNamedView(): string | null {
    const nav = this.viewer.navigation;
    return namedViewOf(this.getFrame(), nav.position.clone().sub(nav.target));
  }

  /** The duration of a cube animation, or null (an internal error logged, any drag cancelled) when the speed is invalid. */
  private animationDuration(): number | null {
    if (!this.isValidSpeed(this.options.animationSpeed)) return null;
    return this.viewer.navigation.transitionDurationMs > 0 ? this.options.animationSpeed : 0;
  }

  private isValidSpeed(speed: unknown): boolean {
    if (typeof speed === 'number' && speed > 0 && Number.isFinite(speed)) return true;
    this.viewer.logger.error(`Illegal animation speed of: ${speed}`, `ErrorCode:${VIEWER_INTERNAL_ERROR}.`);
    this.endDrag();
    return false;
  }

  private makeOrthographic(view: CameraView): void {
    const distance = view.position.distanceTo(view.center);
    view.isOrtho = true;
    view.orthoScale = this.viewer.navigation.isPerspective ? 2 * distance * Math.tan(MathUtils.degToRad(view.fov) / 2) : this.viewer.navigation.orthoScale;
  }

  /** Sets the world up (the navigation's) and front without turning the camera. */
  private setFrame(up: Vector3, front: Vector3): void {
    const frame = cubeFrame(up, front);
    this.front.copy(frame.front);
    const nav = this.viewer.navigation;
    if (nav.worldUp.distanceToSquared(frame.up) > 1e-12) nav.setViewFromRecord({ ...nav.getView(), worldUp: frame.up });
    else this.publish();
  }

  private adoptModelOrientation(): void {
    const up = this.viewer.navigation.worldUp.clone();
    const frame = cubeFrame(up, new Vector3(0, 0, 0));
    this.front.copy(frame.front);
    this.original = { up: frame.up.clone(), front: frame.front.clone() };
    this.publish();
  }

  private onCameraChange(): void {
    const nav = this.viewer.navigation;
    // The world up may have changed (the roll tool): keep the front perpendicular to it.
    if (Math.abs(this.front.dot(nav.worldUp)) > 1e-9) this.front.copy(cubeFrame(nav.worldUp, this.front).front);
    // Ortho faces (spec 000 §4): leaving a face view, by an orbit say, goes back to perspective.
    if (this.orthoFaces && !nav.isPerspective && !nav.isTransitionActive() && !this.isFaceView()) nav.toPerspective();
    this.publish();
  }

  private publish(): void {
    const nav = this.viewer.navigation;
    const named = this.currentNamedView();
    if (named) this.lastFace = named;
    const frame = this.getFrame();
    const eye = worldToCube(frame, nav.position.clone().sub(nav.target).normalize());
    const up = worldToCube(frame, nav.up.clone().normalize());
    const next: ViewCubeState = {
      face: this.lastFace,
      isFaceView: isFaceName(named),
      projection: this.getProjection(),
      frame: { up: toArray(frame.up), front: toArray(frame.front), right: toArray(frame.right) },
      camera: { eye: toArray(eye), up: toArray(up), isPerspective: nav.isPerspective },
      isDragging: this.dragging,
      options: { ...this.options },
    };
    const previous = this.state.get();
    if (JSON.stringify(previous) !== JSON.stringify(next)) this.state.set(next);
  }

  private initialState(): ViewCubeState {
    return {
      face: 'front',
      isFaceView: false,
      projection: 'perspective',
      frame: { up: [0, 1, 0], front: [0, 0, 1], right: [1, 0, 0] },
      camera: { eye: [0, 0, 1], up: [0, 1, 0], isPerspective: true },
      isDragging: false,
      options: { showHomeButton: false, showTriad: false, animationSpeed: DEFAULT_VIEW_CUBE_ANIMATION_MS },
    };
  }
}
