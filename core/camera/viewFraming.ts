import { type Box3, MathUtils, Vector3 } from 'three';
import { FIT_MARGIN, MIN_DOLLY_DISTANCE } from './cameraConstants.js';
import type { CameraView } from './CameraView.js';

/**
 * The view that frames a box seen along `direction`, leaving 5% of the view empty on each side
 * (spec 001 §9): `base` gives the field of view and everything the framing does not decide.
 */
export function frameBox(base: CameraView, aspect: number, box: Box3, direction: Vector3, upHint: Vector3): CameraView {
  const view = { ...base };
  if (box.isEmpty()) return view;
  const center = box.getCenter(new Vector3());
  const dir = direction.clone().normalize();
  const right = new Vector3().crossVectors(dir, upHint).normalize();
  if (right.lengthSq() < 1e-12) right.set(1, 0, 0);
  const up = new Vector3().crossVectors(right, dir).normalize();
  const usable = 1 - 2 * FIT_MARGIN;
  const tanV = Math.tan(MathUtils.degToRad(base.fov) / 2) * usable;
  const tanH = tanV * aspect;
  let distance = 0;
  let orthoHeight = 0;
  const corner = new Vector3();
  for (let i = 0; i < 8; i++) {
    corner.set(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z).sub(center);
    const x = Math.abs(corner.dot(right));
    const y = Math.abs(corner.dot(up));
    const towardCamera = -corner.dot(dir);
    distance = Math.max(distance, towardCamera + x / tanH, towardCamera + y / tanV);
    orthoHeight = Math.max(orthoHeight, (2 * y) / usable, (2 * x) / (usable * aspect));
  }
  distance = Math.max(distance, MIN_DOLLY_DISTANCE * 10);
  view.center = center;
  view.pivot = center.clone();
  view.position = center.clone().addScaledVector(dir, -distance);
  view.up = up;
  view.orthoScale = orthoHeight || base.orthoScale;
  return view;
}

/** A view from `position` looking at `target` (the pivot there), keeping `base`'s up as well as it can. */
export function lookAtView(base: CameraView, position: Vector3, target: Vector3): CameraView {
  const direction = target.clone().sub(position).normalize();
  const up = base.up.clone().addScaledVector(direction, -base.up.dot(direction));
  if (up.lengthSq() < 1e-12) up.copy(base.worldUp).addScaledVector(direction, -base.worldUp.dot(direction));
  return { ...base, position: position.clone(), center: target.clone(), pivot: target.clone(), up: up.normalize() };
}
