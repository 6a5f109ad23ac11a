import { Quaternion, Vector3 } from 'three';
import { type CameraView, cloneView } from './CameraView.js';
import { frontFor } from './HomeView.js';

/**
 * The orientation cube's views (spec 000 §2, §4 "Orientation cube"): 6 faces, 12 edges and 8 corners, each a
 * direction in the cube's frame (the model's world up and front), and the rules for turning to them,
 * stepping to a neighbouring face and rolling. Pure functions: the cube widget and `viewer.setViewCube`
 * share them, and they run headless.
 */

export const VIEW_CUBE_FACES = ['front', 'right', 'back', 'left', 'top', 'bottom'] as const;
export type ViewCubeFace = (typeof VIEW_CUBE_FACES)[number];

/** Canonical names: vertical part first, then front/back, then left/right ('top front right'). */
export const VIEW_CUBE_EDGES = [
  'top front', 'top right', 'top back', 'top left',
  'bottom front', 'bottom right', 'bottom back', 'bottom left',
  'front right', 'back right', 'back left', 'front left',
] as const;
export const VIEW_CUBE_CORNERS = [
  'top front right', 'top back right', 'top back left', 'top front left',
  'bottom front right', 'bottom back right', 'bottom back left', 'bottom front left',
] as const;
/** Every clickable target of the cube: 26 names. */
export const VIEW_CUBE_TARGETS: readonly string[] = [...VIEW_CUBE_FACES, ...VIEW_CUBE_EDGES, ...VIEW_CUBE_CORNERS];

/** The four arrow hot-zones around the cube, by their side on screen. */
export type ViewCubeArrow = 'up' | 'right' | 'down' | 'left';

/**
 * The cube's frame in world space: `up` (the model's world up), `front` (the outward normal of the front
 * face: from the model towards someone looking at its front) and `right` (up × front).
 */
export interface CubeFrame {
  up: Vector3;
  front: Vector3;
  right: Vector3;
}

/** Each face's direction in cube coordinates: x right, y up, z front. */
const FACE_AXES: Record<ViewCubeFace, Vector3> = {
  front: new Vector3(0, 0, 1),
  back: new Vector3(0, 0, -1),
  right: new Vector3(1, 0, 0),
  left: new Vector3(-1, 0, 0),
  top: new Vector3(0, 1, 0),
  bottom: new Vector3(0, -1, 0),
};

/** A direction counts as a named view when it is within this of it (cosine distance, ~0.1°). */
const NAMED_VIEW_TOLERANCE = 2e-6;

/** The cube's frame for a world up and a front; the front is made perpendicular to up. */
export function cubeFrame(up: Vector3, front: Vector3): CubeFrame {
  const u = up.clone().normalize();
  let f = front.clone().addScaledVector(u, -front.dot(u));
  if (f.lengthSq() < 1e-12) f = frontFor(u);
  f.normalize();
  return { up: u, front: f, right: new Vector3().crossVectors(u, f).normalize() };
}

/**
 * Reads a cube name in any order and with any separator ('top front right', 'Front-Top', 'front,top,right')
 * and returns its canonical form, or null when it is not one of the 26.
 */
export function parseViewCubeName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const words = name.toLowerCase().split(/[\s,_-]+/).filter(Boolean);
  if (words.length < 1 || words.length > 3) return null;
  const vertical = words.filter((w) => w === 'top' || w === 'bottom');
  const depth = words.filter((w) => w === 'front' || w === 'back');
  const side = words.filter((w) => w === 'left' || w === 'right');
  if (vertical.length + depth.length + side.length !== words.length) return null;
  if (vertical.length > 1 || depth.length > 1 || side.length > 1) return null;
  return [...vertical, ...depth, ...side].join(' ');
}

/** True for the six face names (a face view: arrows, roll arrows and the menu icon show). */
export function isFaceName(name: string | null | undefined): name is ViewCubeFace {
  return !!name && (VIEW_CUBE_FACES as readonly string[]).includes(name);
}

/** The unit direction, in cube coordinates, from the look-at point towards the eye for a canonical name. */
export function cubeDirectionOf(name: string): Vector3 {
  const direction = new Vector3();
  for (const word of name.split(' ')) direction.add(FACE_AXES[word as ViewCubeFace]);
  return direction.normalize();
}

/** Cube coordinates to world directions. */
export function cubeToWorld(frame: CubeFrame, v: Vector3, target = new Vector3()): Vector3 {
  return target.set(0, 0, 0).addScaledVector(frame.right, v.x).addScaledVector(frame.up, v.y).addScaledVector(frame.front, v.z);
}

/** World directions to cube coordinates. */
export function worldToCube(frame: CubeFrame, v: Vector3, target = new Vector3()): Vector3 {
  return target.set(v.dot(frame.right), v.dot(frame.up), v.dot(frame.front));
}

/** The canonical name whose direction is `eyeDirection` (look-at point → eye, world), or null. */
export function namedViewOf(frame: CubeFrame, eyeDirection: Vector3): string | null {
  const d = worldToCube(frame, eyeDirection.clone().normalize());
  for (const name of VIEW_CUBE_TARGETS) {
    if (1 - d.dot(cubeDirectionOf(name)) < NAMED_VIEW_TOLERANCE) return name;
  }
  return null;
}

/**
 * The view that looks at the current look-at point from the named direction, at the same distance
 * (spec 000 §4: the view rotates there). Up is the world up, except for the top and bottom faces, where
 * it is the horizontal axis closest to where the screen's top pointed, so the turn stays short.
 */
export function viewCubeView(current: CameraView, frame: CubeFrame, name: string): CameraView {
  const eye = cubeToWorld(frame, cubeDirectionOf(name));
  const distance = Math.max(current.position.distanceTo(current.center), 1e-9);
  const view = cloneView(current);
  view.position = current.center.clone().addScaledVector(eye, distance);
  view.up = upForDirection(current, frame, eye);
  return view;
}

function upForDirection(current: CameraView, frame: CubeFrame, eye: Vector3): Vector3 {
  const alongUp = eye.dot(frame.up);
  if (1 - Math.abs(alongUp) > 1e-9) {
    return frame.up.clone().addScaledVector(eye, -alongUp).normalize();
  }
  // Looking straight down or up: the screen's top should be the horizontal axis nearest to where it was.
  const sign = alongUp > 0 ? 1 : -1;
  const viewDirection = current.center.clone().sub(current.position).normalize();
  const hint = viewDirection.addScaledVector(current.up.clone().normalize(), sign).normalize();
  const candidates = [frame.front, frame.front.clone().negate(), frame.right, frame.right.clone().negate()];
  let best = candidates[0];
  let bestValue = -Infinity;
  for (const candidate of candidates) {
    const value = hint.dot(candidate);
    // Strictly greater: ties (a corner view) go to front/back first.
    if (value > bestValue + 1e-9) {
      bestValue = value;
      best = candidate;
    }
  }
  return best.clone().multiplyScalar(sign).normalize();
}

/** The camera's screen axes in world space: right and up (perpendicular to the view direction). */
export function screenAxes(view: CameraView): { right: Vector3; up: Vector3; forward: Vector3 } {
  const forward = view.center.clone().sub(view.position).normalize();
  const right = new Vector3().crossVectors(forward, view.up).normalize();
  const up = new Vector3().crossVectors(right, forward).normalize();
  return { right, up, forward };
}

/**
 * The face an arrow hot-zone leads to (spec 000 §4): the cube face that lies on that side of the screen,
 * which depends on the current face and on how the cube is turned on screen.
 */
export function neighbourFace(view: CameraView, frame: CubeFrame, arrow: ViewCubeArrow): ViewCubeFace {
  const { right, up } = screenAxes(view);
  const towards = arrow === 'up' ? up : arrow === 'down' ? up.negate() : arrow === 'right' ? right : right.negate();
  return nearestFace(frame, towards);
}

/** The face whose outward direction is closest to a world direction. */
export function nearestFace(frame: CubeFrame, direction: Vector3): ViewCubeFace {
  const d = worldToCube(frame, direction);
  let best: ViewCubeFace = 'front';
  let bestValue = -Infinity;
  for (const face of VIEW_CUBE_FACES) {
    const value = d.dot(FACE_AXES[face]);
    if (value > bestValue) {
      bestValue = value;
      best = face;
    }
  }
  return best;
}

/**
 * The view rolled a quarter turn about the view direction (spec 000 §2 roll arrows): clockwise turns the
 * picture clockwise on screen, so the camera's up goes to what was the screen's left.
 */
export function rolledView(view: CameraView, clockwise: boolean): CameraView {
  const { forward } = screenAxes(view);
  const rolled = cloneView(view);
  rolled.up = view.up.clone().applyQuaternion(new Quaternion().setFromAxisAngle(forward, clockwise ? -Math.PI / 2 : Math.PI / 2)).normalize();
  return rolled;
}

/** Snaps a unit vector to a world axis when it is one up to rounding (keeps frames exact). */
export function snapToAxis(v: Vector3, tolerance = 1e-6): Vector3 {
  const out = v.clone().normalize();
  const components = [out.x, out.y, out.z];
  const index = components.findIndex((c) => Math.abs(Math.abs(c) - 1) < tolerance);
  if (index < 0) return out;
  const snapped = [0, 0, 0];
  snapped[index] = Math.sign(components[index]);
  return out.fromArray(snapped);
}
