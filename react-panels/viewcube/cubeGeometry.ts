import type { ViewCubeFace } from '../../core/index.js';

type Vec = [number, number, number];

/** Spec 000 §9 "Orientation cube": the cube camera's field of view (degrees). */
const VIEW_CUBE_FOV = 45;

/**
 * The cube camera sits this many cube edges from the cube's centre; with the spec's 45° field of view the
 * cube then spans ~38% of the widget, leaving room around it for the arrows, roll arrows and icons.
 */
const CAMERA_DISTANCE_IN_EDGES = 3.2;
/** Spec 000 §9: the cube camera's field of view. The CSS perspective reproduces it over the widget. */
export const HALF_FOV_TAN = Math.tan(((VIEW_CUBE_FOV / 2) * Math.PI) / 180);
/** The cube's edge as a share of the widget's side. */
export const CUBE_EDGE_SHARE = 0.5 / (CAMERA_DISTANCE_IN_EDGES * HALF_FOV_TAN);
/** The CSS perspective distance as a share of the widget's side (the camera's distance to the cube's centre). */
export const PERSPECTIVE_SHARE = 0.5 / HALF_FOV_TAN;
/** How large a face looking at the camera appears, relative to the cube's edge (it is half an edge nearer). */
export const FRONT_FACE_SCALE = CAMERA_DISTANCE_IN_EDGES / (CAMERA_DISTANCE_IN_EDGES - 0.5);

/** Shares of a face for its edge strips and centre (the hot spots of the 3x3 grid). */
export const EDGE_STRIP_SHARE = 0.22;

export interface FaceDefinition {
  face: ViewCubeFace;
  /** i18n key of the label. */
  label: string;
  /** CSS transform that puts a face (centred on the cube's centre) in its place, in units of the half edge. */
  rotation: string;
  /** Outward normal, and the face's own right and down directions, in cube coordinates (x right, y up, z front). */
  normal: Vec;
  right: Vec;
  down: Vec;
}

/** The six faces. CSS 3D has y pointing down; the cube's coordinates have y up (hence the signs). */
export const FACES: readonly FaceDefinition[] = [
  { face: 'front', label: 'FRONT', rotation: 'rotateY(0deg)', normal: [0, 0, 1], right: [1, 0, 0], down: [0, -1, 0] },
  { face: 'right', label: 'RIGHT', rotation: 'rotateY(90deg)', normal: [1, 0, 0], right: [0, 0, -1], down: [0, -1, 0] },
  { face: 'back', label: 'BACK', rotation: 'rotateY(180deg)', normal: [0, 0, -1], right: [-1, 0, 0], down: [0, -1, 0] },
  { face: 'left', label: 'LEFT', rotation: 'rotateY(-90deg)', normal: [-1, 0, 0], right: [0, 0, 1], down: [0, -1, 0] },
  { face: 'top', label: 'TOP', rotation: 'rotateX(90deg)', normal: [0, 1, 0], right: [1, 0, 0], down: [0, 0, 1] },
  { face: 'bottom', label: 'BOTTOM', rotation: 'rotateX(-90deg)', normal: [0, -1, 0], right: [1, 0, 0], down: [0, 0, -1] },
];

export interface Zone {
  /** The view a click on it turns to: a face, edge or corner name. */
  target: string;
  column: number;
  row: number;
}

/** A face's 3x3 grid of hot spots, row by row: corners, edges and the face itself. */
export function zonesOf(face: FaceDefinition): Zone[] {
  const zones: Zone[] = [];
  for (let row = -1; row <= 1; row++) {
    for (let column = -1; column <= 1; column++) {
      const v: Vec = [0, 1, 2].map((i) => face.normal[i] + column * face.right[i] + row * face.down[i]) as Vec;
      zones.push({ target: nameOf(v), column, row });
    }
  }
  return zones;
}

/** The canonical view name of a direction made of face axes ('top front right'). */
function nameOf([x, y, z]: Vec): string {
  const words: string[] = [];
  if (y > 0) words.push('top');
  if (y < 0) words.push('bottom');
  if (z > 0) words.push('front');
  if (z < 0) words.push('back');
  if (x < 0) words.push('left');
  if (x > 0) words.push('right');
  return words.join(' ');
}

/** The camera's axes in cube coordinates, from the direction towards the eye and the camera's up. */
export function cameraBasis(eye: Vec, up: Vec): { right: Vec; up: Vec; back: Vec } {
  const right = normalize(cross(up, eye));
  const trueUp = normalize(cross(eye, right));
  return { right, up: trueUp, back: normalize(eye) };
}

/**
 * The CSS matrix3d that turns the cube as the camera sees it: cube coordinates to camera coordinates
 * (rows: right, up, back), with CSS's y-down flip on both sides.
 */
export function cubeTransform(eye: Vec, up: Vec): string {
  const { right: r, up: u, back: e } = cameraBasis(eye, up);
  const m = [
    [r[0], -r[1], r[2]],
    [-u[0], u[1], -u[2]],
    [e[0], -e[1], e[2]],
  ];
  const f = (v: number) => (Math.abs(v) < 1e-10 ? 0 : Number(v.toFixed(6)));
  const columns = [0, 1, 2].map((c) => `${f(m[0][c])}, ${f(m[1][c])}, ${f(m[2][c])}, 0`);
  return `matrix3d(${columns.join(', ')}, 0, 0, 0, 1)`;
}

/** Soft light from the upper left, over the viewer's shoulder (camera coordinates). */
const LIGHT: Vec = normalize([-0.25, 0.6, 0.76]);

/** How much darker a face is drawn (0 lit, up to 0.36 turned away), for soft shading. */
export function shadeOf(normal: Vec, eye: Vec, up: Vec): number {
  const { right, up: u, back } = cameraBasis(eye, up);
  const n: Vec = [dot(normal, right), dot(normal, u), dot(normal, back)];
  const light = Math.max(0, dot(n, LIGHT));
  return Math.round((1 - light) * 0.36 * 1000) / 1000;
}

/** A world axis (x, y or z of the model) in cube coordinates, from the cube's frame. */
export function worldAxisInCube(axis: 0 | 1 | 2, frame: { right: Vec; up: Vec; front: Vec }): Vec {
  return [frame.right[axis], frame.up[axis], frame.front[axis]];
}

/** Projects a point in cube coordinates (units of the half edge) to widget coordinates (0–1, y down). */
export function projectToWidget(point: Vec, eye: Vec, up: Vec, isPerspective: boolean): [number, number] {
  const { right, up: u, back } = cameraBasis(eye, up);
  const halfEdge = CUBE_EDGE_SHARE / 2;
  const x = dot(point, right) * halfEdge;
  const y = dot(point, u) * halfEdge;
  const z = dot(point, back) * halfEdge;
  const scale = isPerspective ? PERSPECTIVE_SHARE / (PERSPECTIVE_SHARE - z) : 1;
  return [0.5 + x * scale, 0.5 - y * scale];
}

function cross(a: Vec, b: Vec): Vec {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: Vec, b: Vec): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function normalize(v: Vec): Vec {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}
