import type { Vector3 } from 'three';

/** Spec 000 §3 "Camera view record": used for transitions, the home view and history. */
export interface CameraView {
  position: Vector3;
  /** The look-at point. */
  center: Vector3;
  pivot: Vector3;
  up: Vector3;
  fov: number;
  worldUp: Vector3;
  isOrtho: boolean;
  /** Height of the view in world units when orthographic. */
  orthoScale?: number;
  worldFront?: Vector3;
}

export function cloneView(view: CameraView): CameraView {
  return {
    position: view.position.clone(),
    center: view.center.clone(),
    pivot: view.pivot.clone(),
    up: view.up.clone(),
    fov: view.fov,
    worldUp: view.worldUp.clone(),
    isOrtho: view.isOrtho,
    orthoScale: view.orthoScale,
    worldFront: view.worldFront?.clone(),
  };
}
