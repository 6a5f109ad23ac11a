import { MathUtils, Quaternion, Vector3 } from 'three';
import { type CameraView, cloneView } from './CameraView.js';

/**
 * Spec 000 §4 "Camera modes": transitions run for a duration with an ease curve; §9 leaves the duration
 * open ("an ease-clamped percentage and a time step"). Long enough to follow, short enough not to wait.
 */
export const DEFAULT_TRANSITION_MS = 800;

/** The ease curve: slow start, slow end, on a clamped 0–1 percentage (smootherstep). */
export function easeClamped(t: number): number {
  const x = MathUtils.clamp(t, 0, 1);
  return x * x * x * (x * (x * 6 - 15) + 10);
}

/**
 * One animated move from a view to another. The look-at point travels in a straight line while the eye
 * swings around it (direction slerped, distance interpolated geometrically), so a turn to another face
 * of the model reads as a turn, not as a cut through it.
 */
export class ViewTransition {
  private readonly from: CameraView;
  private readonly to: CameraView;
  private readonly turn: Quaternion;
  private readonly upTurn: Quaternion;
  private readonly fromDirection: Vector3;
  private readonly fromDistance: number;
  private readonly toDistance: number;
  private startTime = -1;

  constructor(from: CameraView, to: CameraView, readonly durationMs: number) {
    this.from = cloneView(from);
    this.to = cloneView(to);
    const fromOffset = new Vector3().subVectors(from.position, from.center);
    const toOffset = new Vector3().subVectors(to.position, to.center);
    this.fromDistance = Math.max(fromOffset.length(), 1e-9);
    this.toDistance = Math.max(toOffset.length(), 1e-9);
    this.fromDirection = fromOffset.normalize();
    this.turn = rotationBetween(this.fromDirection, toOffset.normalize());
    this.upTurn = rotationBetween(from.up.clone().normalize(), to.up.clone().normalize());
  }

  /** The view at a time (ms, any clock); the first call starts the clock. `done` once the end is reached. */
  step(now: number): { view: CameraView; done: boolean } {
    if (this.startTime < 0) this.startTime = now;
    const linear = this.durationMs > 0 ? (now - this.startTime) / this.durationMs : 1;
    if (linear >= 1) return { view: cloneView(this.to), done: true };
    return { view: this.viewAt(easeClamped(linear)), done: false };
  }

  /** The interpolated view at an eased fraction (0: start, 1: end). */
  viewAt(t: number): CameraView {
    const { from, to } = this;
    const center = from.center.clone().lerp(to.center, t);
    const direction = this.fromDirection.clone().applyQuaternion(new Quaternion().slerp(this.turn, t));
    const distance = this.fromDistance * Math.pow(this.toDistance / this.fromDistance, t);
    const up = from.up.clone().normalize().applyQuaternion(new Quaternion().slerp(this.upTurn, t));
    const fromScale = from.orthoScale ?? to.orthoScale;
    const toScale = to.orthoScale ?? fromScale;
    return {
      position: center.clone().addScaledVector(direction, distance),
      center,
      pivot: from.pivot.clone().lerp(to.pivot, t),
      up,
      fov: MathUtils.lerp(from.fov, to.fov, t),
      worldUp: from.worldUp.clone().lerp(to.worldUp, t).normalize(),
      // The projection switches once, at the end.
      isOrtho: from.isOrtho,
      orthoScale: fromScale && toScale ? fromScale * Math.pow(toScale / fromScale, t) : undefined,
    };
  }

  get target(): CameraView {
    return cloneView(this.to);
  }
}

/** The shortest rotation taking one unit vector to another (a half turn about any normal when opposite). */
function rotationBetween(a: Vector3, b: Vector3): Quaternion {
  if (a.dot(b) < -0.999999) {
    const axis = new Vector3(1, 0, 0).cross(a);
    if (axis.lengthSq() < 1e-6) axis.set(0, 1, 0).cross(a);
    return new Quaternion().setFromAxisAngle(axis.normalize(), Math.PI);
  }
  return new Quaternion().setFromUnitVectors(a, b);
}
