import { type Box3, Vector3 } from 'three';
import type { Model } from '../model/Model.js';
import { modelsBounds } from '../model/modelBounds.js';
import { clampFov } from './cameraConstants.js';
import { type CameraView, cloneView } from './CameraView.js';
import type { Navigation, TransitionOptions } from './Navigation.js';
import { frameBox } from './viewFraming.js';

/**
 * The home view (spec 000 §3): the model's default camera when it has one, else everything framed from
 * the front-right-top (a 2D sheet: from above). The host may replace it (setHomeView) and go back to the model's (reset).
 */
export class HomeView {
  private home: CameraView | null = null;
  private modelHome: CameraView | null = null;

  constructor(private readonly navigation: Navigation) {}

  get(): CameraView | null {
    return this.home ? cloneView(this.home) : null;
  }

  /** Computes the model's home view, makes it current and moves the camera there. */
  initFromModel(model: Model, bounds: Box3): void {
    const view = viewFromModelCamera(model, this.navigation) ?? (model.is2d() ? sheetView(this.navigation, sheetBounds([model], bounds)) : this.defaultView(bounds));
    if (!view) return;
    this.modelHome = view;
    this.home = cloneView(view);
    this.navigation.setViewFromRecord(view);
  }

  /** Moves to the home view, animated unless `options.immediate`; resolves true on arrival. */
  goHome(options: TransitionOptions = {}): Promise<boolean> {
    if (!this.home) return Promise.resolve(false);
    return this.navigation.transitionTo(cloneView(this.home), options);
  }

  setHomeView(view: CameraView): void {
    this.home = cloneView(view);
  }

  reset(): void {
    if (this.modelHome) this.home = cloneView(this.modelHome);
  }

  private defaultView(bounds: Box3): CameraView | null {
    if (bounds.isEmpty()) return null;
    const up = this.navigation.worldUp.clone();
    const front = frontFor(up);
    const right = new Vector3().crossVectors(up, front).normalize();
    const eyeOffset = right.add(up).add(front).normalize();
    return this.navigation.computeFitView(bounds, eyeOffset.negate(), up);
  }
}

/** Spec 001 §4 "2D mode": a sheet framed from above, orthographic, looking down (−Z) with +Y up; null while its box is empty. */
export function sheetView(navigation: Navigation, bounds: Box3): CameraView | null {
  if (bounds.isEmpty()) return null;
  const view = frameBox({ ...navigation.getView(), isOrtho: true }, navigation.aspect, bounds, SHEET_DOWN, SHEET_NORTH);
  return { ...view, worldUp: SHEET_NORTH.clone() };
}

/** What a sheet's view frames: what is drawn (its layers that are off left out), else all of it. */
export function sheetBounds(models: readonly Model[], all: Box3): Box3 {
  const visible = modelsBounds(models, true);
  return visible.isEmpty() ? all : visible;
}

const SHEET_DOWN = new Vector3(0, 0, -1);
const SHEET_NORTH = new Vector3(0, 1, 0);

/** The "front" direction (towards the viewer of a front view) for a world up vector. */
export function frontFor(up: Vector3): Vector3 {
  if (Math.abs(up.z) > 0.9) return new Vector3(0, -Math.sign(up.z), 0);
  if (Math.abs(up.y) > 0.9) return new Vector3(0, 0, Math.sign(up.y));
  return new Vector3(0, 0, 1).projectOnPlane(up).normalize();
}

function viewFromModelCamera(model: Model, navigation: Navigation): CameraView | null {
  const camera = model.getDefaultCamera();
  if (!camera) return null;
  const position = new Vector3().fromArray(camera.position);
  const center = new Vector3().fromArray(camera.target);
  if (position.distanceToSquared(center) === 0) return null;
  return {
    position,
    center,
    pivot: center.clone(),
    up: new Vector3().fromArray(camera.up).normalize(),
    fov: clampFov(camera.fov),
    worldUp: navigation.worldUp.clone(),
    isOrtho: !camera.isPerspective,
    orthoScale: camera.orthoScale,
  };
}
