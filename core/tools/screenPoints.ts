import { Vector3 } from 'three';
import type { CameraPort, PickPort } from '../viewer/ports.js';

/** What ScreenPoints needs of the viewer. */
export type ScreenPointsPort = CameraPort & PickPort;

/**
 * The world point a screen position refers to: the surface under it, else the point on the plane through
 * the look-at point facing the camera (so moves over empty space still have a sensible depth).
 */
export function worldPointAt(viewer: ScreenPointsPort, x: number, y: number): { point: Vector3; isOnModel: boolean } {
  const hit = viewer.hitTestCanvas(x, y);
  if (hit) return { point: hit.intersectPoint.clone(), isOnModel: true };
  const ray = viewer.rayFromCanvas(x, y);
  const nav = viewer.navigation;
  const normal = nav.getDirection();
  const denominator = ray.direction.dot(normal);
  if (Math.abs(denominator) < 1e-9) return { point: nav.target.clone(), isOnModel: false };
  const t = nav.target.clone().sub(ray.origin).dot(normal) / denominator;
  return { point: ray.at(Math.max(t, 0), new Vector3()), isOnModel: false };
}

/** Depth of a world point along the view direction (what pan speed follows). */
export function depthOf(viewer: ScreenPointsPort, point: Vector3): number {
  const nav = viewer.navigation;
  const depth = point.clone().sub(nav.position).dot(nav.getDirection());
  return depth > 0 ? depth : nav.distance;
}
