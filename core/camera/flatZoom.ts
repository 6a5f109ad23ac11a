import { Vector3 } from 'three';
import { MIN_DOLLY_DISTANCE, ZOOM_IN_LIMIT_FACTOR, ZOOM_OUT_LIMIT_FACTOR } from './cameraConstants.js';

/** What a flat zoom reads of the camera. */
export interface FlatZoomCamera {
  readonly position: Vector3;
  readonly orthoScale: number;
  getDirection(target?: Vector3): Vector3;
  getSceneRadius(): number;
}

/**
 * A zoom on a 2D sheet seen from above (orthographic): the view's height changes by `factor` (< 1 closes
 * in) and the eye slides in the view plane so that `focus` stays where it is on the screen; the eye's
 * height above the sheet stays, so a deep zoom never passes through it. The height keeps within the
 * spec's zoom limits (spec 001 §9): the sheet's size / 200 at the closest, twice the framed size at the farthest.
 */
export function flatZoom(camera: FlatZoomCamera, factor: number, focus: Vector3): { move: Vector3; orthoScale: number } {
  const size = 2 * camera.getSceneRadius();
  const least = Math.max(MIN_DOLLY_DISTANCE, size / ZOOM_IN_LIMIT_FACTOR);
  const most = size > 0 ? size * ZOOM_OUT_LIMIT_FACTOR : Infinity;
  // Already past a limit (a view set from outside): the zoom may only go back towards the range.
  const scale = camera.orthoScale;
  const wanted = scale * factor;
  const orthoScale = factor < 1 ? Math.min(scale, Math.max(least, wanted)) : Math.max(scale, Math.min(most, wanted));
  const dir = camera.getDirection();
  const lateral = focus.clone().sub(camera.position);
  lateral.addScaledVector(dir, -lateral.dot(dir));
  return { move: lateral.multiplyScalar(1 - orthoScale / scale), orthoScale };
}
