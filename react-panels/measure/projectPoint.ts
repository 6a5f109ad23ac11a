import { type Camera, Vector3 } from 'three';

/** A point of the canvas (CSS px from its top left). */
export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * Projects real coordinates (a measurement's picks: what the snapper returns) to the canvas; null when the
 * point is behind the camera or beyond its clipping planes, so that nothing is drawn at a mirrored place.
 */
export function projectPoint(camera: Camera, width: number, height: number, point: { x: number; y: number; z: number }): ScreenPoint | null {
  const v = new Vector3(point.x, point.y, point.z).project(camera);
  if (!(v.z > -1 && v.z < 1)) return null;
  return { x: ((v.x + 1) / 2) * width, y: ((1 - v.y) / 2) * height };
}
