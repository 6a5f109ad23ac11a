import { Box3, type Camera, MathUtils, OrthographicCamera, PerspectiveCamera, Quaternion, Sphere, Vector3 } from 'three';
import type { CameraSnapshot } from '../viewer/ViewerEvents.js';
import {
  clampFov,
  DEFAULT_FAR,
  DEFAULT_FOV,
  DEFAULT_NEAR,
  MIN_DOLLY_DISTANCE,
  roundCameraValue,
  UP_VECTOR_CHANGE_EPSILON_SQ,
  ZOOM_IN_LIMIT_FACTOR,
  ZOOM_OUT_LIMIT_FACTOR,
} from './cameraConstants.js';
import type { CameraView } from './CameraView.js';
import { flatZoom } from './flatZoom.js';
import { frameBox } from './viewFraming.js';
import { DEFAULT_TRANSITION_MS, ViewTransition } from './ViewTransition.js';

/** How a view change runs: animated (the default) or at once. */
export interface TransitionOptions {
  /** Jump to the view now, without animation. */
  immediate?: boolean;
  /** Duration of this transition (ms); default `navigation.transitionDurationMs`. */
  durationMs?: number;
}

/** Spec 001 §3: actions that stay allowed while navigation is locked (all false by default). */
export interface LockSettings {
  orbit: boolean;
  pan: boolean;
  zoom: boolean;
  roll: boolean;
  fov: boolean;
  gotoview: boolean;
  walk: boolean;
}

export type NavigationAction = keyof LockSettings;

/** The camera as `navigation.getCamera()` gives it (spec 001 §3 "Camera"). */
export interface CameraState {
  position: Vector3;
  target: Vector3;
  up: Vector3;
  pivot: Vector3;
  worldUp: Vector3;
  fov: number;
  aspect: number;
  orthoScale: number;
  isPerspective: boolean;
  near: number;
  far: number;
}

/**
 * The camera and the moves on it: views, fit, orbit, pan, dolly, field of view, projection, locks.
 * Headless: tools and widgets drive it; it reports every change through `onChange`.
 */
export class Navigation {
  readonly position = new Vector3(0, 0, 10);
  readonly target = new Vector3();
  readonly up = new Vector3(0, 1, 0);
  readonly pivot = new Vector3();
  readonly worldUp = new Vector3(0, 1, 0);
  fov = DEFAULT_FOV;
  aspect = 1;
  /** Height of the view in world units while orthographic. */
  orthoScale = 10;
  isPerspective = true;
  /** A 2D sheet seen from above (TwoDMode sets it): orbits and looking around do nothing; an orthographic zoom keeps the eye's height. */
  is2d = false;
  /** Viewport size in CSS pixels (pan speed follows it). */
  readonly viewport = { width: 1, height: 1 };
  /** What is loaded: limits zoom and sets near/far. Empty until a model arrives. */
  readonly sceneBounds = new Box3();
  /** Options (spec 001 §3 "Navigation options"). */
  options = { orbitPastWorldPoles: true, zoomTowardsPivot: false, reverseZoomDirection: false };
  onChange: () => void = () => {};
  /**
   * Duration of animated view changes (fit, home, views), in ms. 0 makes every view change immediate, for
   * hosts and tests that need the final camera at once.
   */
  transitionDurationMs = DEFAULT_TRANSITION_MS;
  /** Asks the host for animation frames while a transition runs (the viewer then calls update()). */
  onRequestFrame: () => void = () => {};

  private readonly perspectiveCamera = new PerspectiveCamera(DEFAULT_FOV, 1, DEFAULT_NEAR, DEFAULT_FAR);
  private readonly orthographicCamera = new OrthographicCamera(-1, 1, 1, -1, DEFAULT_NEAR, DEFAULT_FAR);
  private locked = false;
  private lockSettings: LockSettings = { orbit: false, pan: false, zoom: false, roll: false, fov: false, gotoview: false, walk: false };
  private changeDepth = 0;
  private changed = false;
  private transition: { animation: ViewTransition; resolve: (arrived: boolean) => void } | null = null;
  private viewJumpTime = -Infinity;

  // ── State ────────────────────────────────────────────────────────────────────────────────────

  getCamera(): CameraState {
    const camera = this.getThreeCamera();
    return {
      position: this.position.clone(),
      target: this.target.clone(),
      up: this.up.clone(),
      pivot: this.pivot.clone(),
      worldUp: this.worldUp.clone(),
      fov: this.fov,
      aspect: this.aspect,
      orthoScale: this.orthoScale,
      isPerspective: this.isPerspective,
      near: (camera as PerspectiveCamera).near,
      far: (camera as PerspectiveCamera).far,
    };
  }

  /** Camera values as events report them: plain numbers, 3 decimals (spec 000 §5). */
  getSnapshot(): CameraSnapshot {
    const v = (p: Vector3) => ({ x: roundCameraValue(p.x), y: roundCameraValue(p.y), z: roundCameraValue(p.z) });
    return {
      position: v(this.position),
      target: v(this.target),
      up: v(this.up),
      pivot: v(this.pivot),
      fov: roundCameraValue(this.fov),
      aspect: roundCameraValue(this.aspect),
      orthoScale: roundCameraValue(this.orthoScale),
      isPerspective: this.isPerspective,
    };
  }

  /** The three.js camera to draw with, brought up to date. */
  getThreeCamera(): Camera {
    const camera = this.isPerspective ? this.perspectiveCamera : this.orthographicCamera;
    camera.position.copy(this.position);
    camera.up.copy(this.up);
    camera.lookAt(this.target);
    const [near, far] = this.nearFar();
    if (this.isPerspective) {
      const p = this.perspectiveCamera;
      p.fov = this.fov;
      p.aspect = this.aspect;
      p.near = near;
      p.far = far;
    } else {
      const o = this.orthographicCamera;
      const halfHeight = this.orthoScale / 2;
      o.top = halfHeight;
      o.bottom = -halfHeight;
      o.left = -halfHeight * this.aspect;
      o.right = halfHeight * this.aspect;
      o.near = -far;
      o.far = far;
    }
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld(true);
    return camera;
  }

  getView(): CameraView {
    return {
      position: this.position.clone(),
      center: this.target.clone(),
      pivot: this.pivot.clone(),
      up: this.up.clone(),
      fov: this.fov,
      worldUp: this.worldUp.clone(),
      isOrtho: !this.isPerspective,
      orthoScale: this.orthoScale,
    };
  }

  setViewFromRecord(view: CameraView): void {
    this.batch(() => {
      this.position.copy(view.position);
      this.target.copy(view.center);
      this.pivot.copy(view.pivot);
      this.up.copy(view.up);
      this.worldUp.copy(view.worldUp);
      this.fov = clampFov(view.fov);
      this.isPerspective = !view.isOrtho;
      if (view.orthoScale) this.orthoScale = view.orthoScale;
      this.changed = true;
    });
  }

  /** Distance from the camera to its target. */
  get distance(): number {
    return this.position.distanceTo(this.target);
  }

  getDirection(target = new Vector3()): Vector3 {
    return target.subVectors(this.target, this.position).normalize();
  }

  // ── Transitions (spec 000 §4 "Camera modes") ─────────────────────────────────────────────────

  /**
   * Moves to a view, animated with the ease curve unless `immediate` (or the duration is 0). Resolves
   * true on arrival, false when another transition replaced it or it was cancelled.
   */
  transitionTo(view: CameraView, options: TransitionOptions = {}): Promise<boolean> {
    this.cancelTransition();
    const duration = options.immediate ? 0 : (options.durationMs ?? this.transitionDurationMs);
    if (!(duration > 0)) {
      this.setViewFromRecord(view);
      this.viewJumpTime = performance.now();
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      this.transition = { animation: new ViewTransition(this.getView(), view, duration), resolve };
      this.onRequestFrame();
    });
  }

  /** True while a transition runs: navigation input is blocked meanwhile (spec 000 §4). */
  isTransitionActive(): boolean {
    return this.transition !== null;
  }

  /** Where the running transition ends, or null. */
  getTransitionTarget(): CameraView | null {
    return this.transition?.animation.target ?? null;
  }

  /** Jumps to the end of the running transition now. */
  finishTransition(): void {
    const running = this.transition;
    if (!running) return;
    this.transition = null;
    this.setViewFromRecord(running.animation.target);
    this.viewJumpTime = performance.now();
    running.resolve(true);
  }

  /** Stops the running transition where it is. */
  cancelTransition(): void {
    const running = this.transition;
    if (!running) return;
    this.transition = null;
    this.viewJumpTime = performance.now();
    running.resolve(false);
  }

  /** Advances a running transition to a frame's time; true while one runs (draw another frame). */
  update(time: number): boolean {
    const running = this.transition;
    if (!running) return false;
    const { view, done } = running.animation.step(time);
    if (!done) {
      this.setViewFromRecord(view);
      return true;
    }
    this.finishTransition();
    return false;
  }

  /** When the camera last jumped to a new view (a transition ended, or an immediate one): performance.now() time. */
  get lastViewJumpTime(): number {
    return this.viewJumpTime;
  }

  // ── Locks (spec 001 §3, §6) ──────────────────────────────────────────────────────────────────

  setIsLocked(locked: boolean): void {
    this.locked = Boolean(locked);
  }

  getIsLocked(): boolean {
    return this.locked;
  }

  setLockSettings(settings: Partial<LockSettings>): void {
    for (const key of Object.keys(this.lockSettings) as NavigationAction[]) {
      if (key in settings) this.lockSettings[key] = Boolean(settings[key]);
    }
  }

  getLockSettings(): LockSettings {
    return { ...this.lockSettings };
  }

  /** Whether an action may run: always while unlocked; while locked, only those the lock settings allow. */
  isActionEnabled(action: NavigationAction): boolean {
    return !this.locked || this.lockSettings[action];
  }

  // ── Moves ────────────────────────────────────────────────────────────────────────────────────

  setView(position: Vector3, target: Vector3): void {
    if (position.distanceToSquared(target) < MIN_DOLLY_DISTANCE ** 2) return;
    this.batch(() => {
      this.position.copy(position);
      this.target.copy(target);
      this.pivot.copy(target);
      this.orthoUpdateForDistance();
      this.fixUpVector();
      this.changed = true;
    });
  }

  setTarget(target: Vector3): void {
    this.setView(this.position, target);
  }

  /** Sets the camera's up vector; ignored unless it really changes (spec 000 §5). */
  setCameraUpVector(up: Vector3): boolean {
    const next = up.clone().normalize();
    if (next.lengthSq() === 0 || next.distanceToSquared(this.up) <= UP_VECTOR_CHANGE_EPSILON_SQ) return false;
    this.batch(() => {
      this.up.copy(next);
      this.fixUpVector();
      this.changed = true;
    });
    return true;
  }

  /** Sets the world's up direction (the orbit axis); the camera follows. */
  setWorldUpVector(up: Vector3): void {
    const next = up.clone().normalize();
    if (next.lengthSq() === 0) return;
    this.batch(() => {
      this.worldUp.copy(next);
      this.up.copy(next);
      this.fixUpVector();
      this.changed = true;
    });
  }

  setPivotPoint(pivot: Vector3): void {
    this.pivot.copy(pivot);
  }

  setFov(degrees: number): void {
    const fov = clampFov(degrees);
    if (fov === this.fov) return;
    this.batch(() => {
      this.fov = fov;
      this.changed = true;
    });
  }

  setAspect(width: number, height: number): void {
    this.viewport.width = Math.max(1, width);
    this.viewport.height = Math.max(1, height);
    const aspect = this.viewport.width / this.viewport.height;
    if (aspect === this.aspect) return;
    this.batch(() => {
      this.aspect = aspect;
      this.changed = true;
    });
  }

  toOrthographic(): void {
    if (!this.isPerspective) return;
    this.batch(() => {
      this.orthoUpdateForDistance();
      this.isPerspective = false;
      this.changed = true;
    });
  }

  toPerspective(): void {
    if (this.isPerspective) return;
    this.batch(() => {
      // Keep the framed height: move the eye to the distance at which the perspective view shows it.
      const distance = this.orthoScale / (2 * Math.tan(MathUtils.degToRad(this.fov) / 2));
      // The direction first: once the eye moves to the target there is none.
      const direction = this.getDirection();
      this.position.copy(this.target).addScaledVector(direction, -distance);
      this.isPerspective = true;
      this.changed = true;
    });
  }

  /** The view that frames a box from the current direction, leaving 5% on each side (spec 001 §9). */
  computeFitView(box: Box3, direction = this.getDirection(), upHint = this.up): CameraView {
    return frameBox(this.getView(), this.aspect, box, direction, upHint);
  }

  fitBounds(box: Box3): void {
    if (box.isEmpty()) return;
    this.setViewFromRecord(this.computeFitView(box));
  }

  /** Turntable orbit about the pivot: yaw about world up, pitch about the camera's right axis (radians). */
  orbit(yaw: number, pitch: number): void {
    if ((yaw === 0 && pitch === 0) || this.is2d) return;
    this.batch(() => {
      const pivot = this.pivot;
      const dir = this.getDirection();
      const right = new Vector3().crossVectors(dir, this.up).normalize();
      if (!this.options.orbitPastWorldPoles) pitch = this.clampPitch(dir, pitch);
      const q = new Quaternion().setFromAxisAngle(this.worldUp, -yaw).multiply(new Quaternion().setFromAxisAngle(right, -pitch));
      this.position.sub(pivot).applyQuaternion(q).add(pivot);
      this.target.sub(pivot).applyQuaternion(q).add(pivot);
      this.up.applyQuaternion(q).normalize();
      this.changed = true;
    });
  }

  /** Free orbit about the pivot around any screen axis (radians). */
  freeOrbit(yaw: number, pitch: number): void {
    if ((yaw === 0 && pitch === 0) || this.is2d) return;
    this.batch(() => {
      const dir = this.getDirection();
      const right = new Vector3().crossVectors(dir, this.up).normalize();
      const q = new Quaternion().setFromAxisAngle(this.up, -yaw).multiply(new Quaternion().setFromAxisAngle(right, -pitch));
      this.position.sub(this.pivot).applyQuaternion(q).add(this.pivot);
      this.target.sub(this.pivot).applyQuaternion(q).add(this.pivot);
      this.up.applyQuaternion(q).normalize();
      this.changed = true;
    });
  }

  /** World units one screen pixel spans at the target's depth. */
  worldPerPixel(depth = this.distance): number {
    if (!this.isPerspective) return this.orthoScale / this.viewport.height;
    return (2 * depth * Math.tan(MathUtils.degToRad(this.fov) / 2)) / this.viewport.height;
  }

  /** Slides the camera and its target in the view plane by a screen distance in pixels. */
  pan(dxPixels: number, dyPixels: number, depth = this.distance): void {
    if (dxPixels === 0 && dyPixels === 0) return;
    this.batch(() => {
      const scale = this.worldPerPixel(depth);
      const dir = this.getDirection();
      const right = new Vector3().crossVectors(dir, this.up).normalize();
      const up = new Vector3().crossVectors(right, dir).normalize();
      const move = right.multiplyScalar(-dxPixels * scale).addScaledVector(up, dyPixels * scale);
      this.position.add(move);
      this.target.add(move);
      this.pivot.add(move);
      this.changed = true;
    });
  }

  /**
   * Dollies by a factor of the distance (< 1 moves closer), towards `point` when given (the point under
   * the cursor), keeping the view direction, within the zoom limits (spec 001 §9). Closing in past the
   * nearest allowed distance moves through, carrying the target along.
   */
  dolly(factor: number, point?: Vector3): void {
    if (!(factor > 0) || factor === 1) return;
    this.batch(() => {
      const dir = this.getDirection();
      const targetDistance = this.distance;
      const focus = point ?? (this.options.zoomTowardsPivot ? this.pivot : this.target);
      if (this.is2d && !this.isPerspective) {
        const zoom = flatZoom(this, factor, focus);
        if (zoom.orthoScale !== this.orthoScale) this.moveBy(zoom.move);
        this.changed ||= zoom.orthoScale !== this.orthoScale;
        this.orthoScale = zoom.orthoScale;
        return;
      }
      const [minDistance] = this.distanceLimits();
      const toFocus = new Vector3().subVectors(focus, this.position);
      const focusDistance = Math.max(toFocus.length(), MIN_DOLLY_DISTANCE);
      const f = factor > 1 ? this.limitZoomOut(toFocus, factor) : factor;
      if (f === 1) return;
      if (f < 1 && focusDistance * f < minDistance) {
        const step = dir.clone().multiplyScalar(Math.max(minDistance, focusDistance * (1 - f)));
        this.position.add(step);
        this.target.add(step);
      } else {
        this.position.addScaledVector(toFocus, 1 - f);
        this.target.copy(this.position).addScaledVector(dir, Math.max(targetDistance * f, MIN_DOLLY_DISTANCE));
      }
      if (!this.isPerspective) this.orthoScale = Math.max(MIN_DOLLY_DISTANCE, this.orthoScale * f);
      this.changed = true;
    });
  }

  /**
   * Turns the view about the eye, as a person looks around (radians): positive yaw turns right about world
   * up, positive pitch looks up about the camera's right axis, never past straight up or down. The look-at point follows at the same distance.
   */
  lookAround(yaw: number, pitch: number): void {
    if ((yaw === 0 && pitch === 0) || this.is2d) return;
    this.batch(() => {
      const distance = this.distance;
      const dir = this.getDirection();
      const right = new Vector3().crossVectors(dir, this.worldUp);
      if (right.lengthSq() < 1e-12) right.crossVectors(dir, this.up);
      right.normalize();
      const limited = this.clampPitch(dir, pitch);
      const q = new Quaternion().setFromAxisAngle(this.worldUp, -yaw).multiply(new Quaternion().setFromAxisAngle(right, limited));
      dir.applyQuaternion(q).normalize();
      this.target.copy(this.position).addScaledVector(dir, distance);
      this.up.copy(this.worldUp);
      this.fixUpVector();
      this.changed = true;
    });
  }

  /** Moves the eye, the look-at point and the pivot together by a world offset. */
  moveBy(offset: Vector3): void {
    if (offset.lengthSq() === 0) return;
    this.batch(() => {
      this.position.add(offset);
      this.target.add(offset);
      this.pivot.add(offset);
      this.changed = true;
    });
  }

  /** The radius of what is loaded (0 when nothing is): the scale that speeds follow. */
  getSceneRadius(): number {
    return this.sceneRadius();
  }

  /** Groups changes so that listeners hear of them once. */
  batch(change: () => void): void {
    this.changeDepth++;
    try {
      change();
    } finally {
      this.changeDepth--;
      if (this.changeDepth === 0 && this.changed) {
        this.changed = false;
        this.onChange();
      }
    }
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────────

  private sceneRadius(): number {
    return this.sceneBounds.isEmpty() ? 0 : this.sceneBounds.getBoundingSphere(new Sphere()).radius;
  }

  /**
   * Spec 001 §9: the closest distance to a focus (the scene's size / 200), and the farthest the eye may be
   * from the scene's centre (twice the distance at which everything fits).
   */
  private distanceLimits(): [number, number] {
    const radius = this.sceneRadius();
    if (radius === 0) return [MIN_DOLLY_DISTANCE, Infinity];
    const fitDistance = radius / Math.sin(MathUtils.degToRad(this.fov) / 2);
    return [Math.max(MIN_DOLLY_DISTANCE, (2 * radius) / ZOOM_IN_LIMIT_FACTOR), fitDistance * ZOOM_OUT_LIMIT_FACTOR];
  }

  /**
   * The largest zoom-out factor up to `factor` that keeps the eye within the farthest distance from the
   * scene's centre, moving away from the focus along `toFocus` (1 when already there).
   */
  private limitZoomOut(toFocus: Vector3, factor: number): number {
    const [, maxDistance] = this.distanceLimits();
    if (!Number.isFinite(maxDistance)) return factor;
    // The eye moves to position - toFocus · t, t = factor - 1: solve |a - b t| = max for t > 0.
    const a = this.position.clone().sub(this.sceneBounds.getCenter(new Vector3()));
    const b = toFocus;
    const aa = a.lengthSq();
    if (aa >= maxDistance * maxDistance) return 1;
    const bb = b.lengthSq();
    if (bb === 0) return factor;
    const ab = a.dot(b);
    const reach = (ab + Math.sqrt(ab * ab - bb * (aa - maxDistance * maxDistance))) / bb;
    return 1 + Math.min(factor - 1, Math.max(0, reach));
  }

  private nearFar(): [number, number] {
    const radius = this.sceneRadius();
    if (radius === 0) return [DEFAULT_NEAR, DEFAULT_FAR];
    const center = this.sceneBounds.getCenter(new Vector3());
    const depth = center.sub(this.position).dot(this.getDirection());
    const far = Math.max(depth + radius * 1.05, radius * 0.01);
    const near = Math.max(depth - radius * 1.05, far * 1e-5);
    return [near, far];
  }

  /** Pitch limited so the view does not pass straight up or down (when orbiting past poles is off). */
  private clampPitch(dir: Vector3, pitch: number): number {
    const angle = dir.angleTo(this.worldUp); // 0: looking straight up
    const margin = 1e-3;
    const next = angle - pitch;
    if (next < margin) return angle - margin;
    if (next > Math.PI - margin) return angle - (Math.PI - margin);
    return pitch;
  }

  /** Keeps `up` perpendicular to the view direction. */
  private fixUpVector(): void {
    const dir = this.getDirection();
    let right = new Vector3().crossVectors(dir, this.up);
    if (right.lengthSq() < 1e-10) {
      // Looking along up: borrow an axis that is not parallel.
      const helper = Math.abs(dir.y) < 0.9 ? new Vector3(0, 1, 0) : new Vector3(1, 0, 0);
      right = new Vector3().crossVectors(dir, helper);
    }
    this.up.crossVectors(right.normalize(), dir).normalize();
  }

  private orthoUpdateForDistance(): void {
    if (this.isPerspective) this.orthoScale = 2 * this.distance * Math.tan(MathUtils.degToRad(this.fov) / 2);
  }
}
