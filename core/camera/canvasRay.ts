import { type Camera, Raycaster, type Ray, Vector2 } from 'three';

/** The world ray through a point of a canvas (CSS pixels from its top left) for a camera. */
export function canvasRay(camera: Camera, x: number, y: number, width: number, height: number): Ray {
  const raycaster = new Raycaster();
  raycaster.setFromCamera(new Vector2((x / Math.max(1, width)) * 2 - 1, -(y / Math.max(1, height)) * 2 + 1), camera);
  return raycaster.ray;
}
