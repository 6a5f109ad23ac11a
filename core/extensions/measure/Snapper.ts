import { Matrix4, OrthographicCamera, PerspectiveCamera, Ray, Vector3 } from 'three';
import { FragmentFlag } from '../../model/FragmentList.js';
import type { Model } from '../../model/Model.js';
import type { FragmentBvh } from '../../render/FragmentBvh.js';
import type { HitResult } from '../../render/Picker.js';
import type { CameraPort, CanvasPort, ModelsPort, PickPort } from '../../viewer/ports.js';
import { edgeCircle, edgeVertex, FeatureEdgeCache, type FragmentEdges, vertexDegree } from './FeatureEdges.js';
import { PERPENDICULAR_TOLERANCE } from './Measurement.js';
import { Occluders } from './occlusion.js';

/** Spec 001 §3 "Snap result": what a snap landed on. */
export const SnapGeometry = {
  VERTEX: 0,
  MIDPOINT: 1,
  CIRCLE_CENTER: 2,
  EDGE: 3,
  FACE: 4,
  CIRCULAR_ARC: 5,
  CURVED_EDGE: 6,
  CURVED_FACE: 7,
} as const;
export type SnapGeometryValue = (typeof SnapGeometry)[keyof typeof SnapGeometry];

/** Spec 001 §9: how near the pointer (CSS px) a vertex or edge must be to snap; on touch, 50. */
export const SNAP_DETECT_RADIUS_PX = 10;
export const SNAP_DETECT_RADIUS_TOUCH_PX = 50;

/** Spec 001 §3 "Snap result" (the fields this snapper fills; points in real coordinates, model units). */
export interface SnapResult {
  geomType: SnapGeometryValue;
  /** The object snapped to (dbId). */
  snapNode: number;
  model: Model;
  fragId: number;
  intersectPoint: Vector3;
  /** The vertex snapped to (vertex, circle centre). */
  geomVertex: Vector3 | null;
  /** The edge snapped to (edge, midpoint, circle centre), its two ends. */
  geomEdge: [Vector3, Vector3] | null;
  faceNormal: Vector3 | null;
  radius: number;
  circularArcCenter: Vector3 | null;
  circularArcRadius: number;
  /** Always false: edges come from the triangles, not from a topology file. */
  fromTopology: boolean;
  /** The segment from the previous pick meets the edge square, or runs along the face's normal (spec 001 §5: 0.05). */
  isPerpendicular: boolean;
  viewportIndex2d: null;
}

/** What the snapper needs of the viewer. */
export type SnapperPort = PickPort & CameraPort & CanvasPort & ModelsPort & {
  getCutPlanes(): number[][];
  rayCast(ray: Ray): HitResult | null;
  getFragmentBvh(model: Model): FragmentBvh;
};

interface Candidate {
  model: Model;
  fragId: number;
  edges: FragmentEdges;
  /** Fragment space → real coordinates (transform, then the model's global offset). */
  toReal: Matrix4;
  /** Where its vertices start in the query's projected vertices. */
  base: number;
}

/** One snap query: the pointer, its ray, how deep candidates may lie, and the vertices seen from it. */
interface Query {
  x: number;
  y: number;
  radiusPx: number;
  ray: Ray;
  /** Nothing beyond this distance along the ray snaps: the surface under the pointer hides it. */
  maxDistance: number;
  occluders: Occluders;
  cutPlanes: number[][];
  project: Projector;
}

/**
 * The cone searched about the pointer's ray is this much wider than the detect radius: a pixel's footprint
 * across a ray is largest at the view's centre, where it is exactly worldPerPixel; the margin covers rounding.
 */
const CONE_MARGIN = 1.1;

/**
 * The candidates' vertices as seen in this query, 4 numbers each: canvas x and y (CSS px), distance along
 * the ray, and 1 when in front of the camera within its depth range. Reused from query to query.
 */
let projected = new Float64Array(4096);
const viewProjection = new Matrix4();
const localToClip = new Matrix4();

/**
 * Snapping by proximity (spec 001 §4 "Measurement picks", §9): a vertex within the detect radius of the
 * pointer, else an edge (its midpoint within twice the radius of the middle, the centre of a circle it runs
 * round), else the face under the pointer. Candidates are the fragments whose boxes come within the radius
 * of the pointer's ray (the picker's fragment BVH), no deeper than the surface under the pointer (and the
 * radius); their feature edges are derived once per fragment, and their vertices projected without
 * allocating. Hidden objects, what cut planes remove and what lies behind other geometry never snap: a
 * point is tested first against the fragments already found to hide others in the query (the one under the
 * pointer first), then with a ray cast.
 */
export class Snapper {
  readonly edges = new FeatureEdgeCache();

  constructor(private readonly viewer: SnapperPort) {}

  /** Snaps at a point of the canvas (CSS px); `previous` (real coordinates) marks perpendicular segments. */
  snap(x: number, y: number, options: { radiusPx?: number; previous?: Vector3 | null } = {}): SnapResult | null {
    const radiusPx = options.radiusPx ?? SNAP_DETECT_RADIUS_PX;
    const camera = this.viewer.navigation.getThreeCamera();
    camera.updateMatrixWorld();
    const width = this.viewer.canvas.clientWidth, height = this.viewer.canvas.clientHeight;
    const ray = this.viewer.rayFromCanvas(x, y);
    const pixel = worldPerPixel(camera, height);
    const radius = (t: number) => radiusPx * CONE_MARGIN * (pixel.base + pixel.perDistance * t) + 1e-9;
    // What lies beyond the surface under the pointer is hidden by it: only nearer fragments are candidates.
    const hit = this.viewer.hitTestCanvas(x, y);
    const maxDistance = hit ? hit.distance + radius(hit.distance) : Infinity;
    const candidates = this.candidates(ray, radius, maxDistance);
    viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    projectVertices(candidates, ray, width, height);
    const project = (p: Vector3) => {
      const v = p.clone().project(camera);
      return { x: ((v.x + 1) / 2) * width, y: ((1 - v.y) / 2) * height, inFront: v.z > -1 && v.z < 1 };
    };
    const cutPlanes = this.viewer.getCutPlanes();
    const occluders = new Occluders(cutPlanes);
    if (hit) occluders.add(hit.model, hit.fragId, toRealOf(hit.model, hit.fragId));
    const query: Query = { x, y, radiusPx, ray, maxDistance, occluders, cutPlanes, project };
    const previous = options.previous ?? null;
    return this.snapVertex(candidates, query) ?? this.snapEdge(candidates, query, previous) ?? this.snapFace(hit, previous);
  }

  private candidates(ray: Ray, radius: (t: number) => number, maxDistance: number): Candidate[] {
    const found: Candidate[] = [];
    let base = 0;
    for (const model of this.viewer.getVisibleModels()) {
      if (model.is2d()) continue;
      const local = new Ray(ray.origin.clone().sub(model.globalOffset), ray.direction);
      this.viewer.getFragmentBvh(model).traverseNear(local, radius, (fragId) => {
        const f = model.fragments;
        if (f.flags[fragId] & FragmentFlag.HIDDEN) return;
        if (model.batches[f.batchIds[fragId]]?.kind !== 'triangles') return;
        const edges = this.edges.get(model, fragId);
        found.push({ model, fragId, edges, toReal: toRealOf(model, fragId), base });
        base += edges.vertices.length / 3;
      }, maxDistance);
    }
    return found;
  }

  private snapVertex(candidates: Candidate[], q: Query): SnapResult | null {
    const near: { candidate: Candidate; vertex: number; distance: number }[] = [];
    for (const candidate of candidates) {
      const { edges, base } = candidate;
      const count = edges.vertices.length / 3;
      for (let v = 0; v < count; v++) {
        const o = (base + v) * 4;
        if (projected[o + 3] === 0 || projected[o + 2] > q.maxDistance || vertexDegree(edges, v) === 0) continue;
        const distance = Math.hypot(projected[o] - q.x, projected[o + 1] - q.y);
        if (distance <= q.radiusPx) near.push({ candidate, vertex: v, distance });
      }
    }
    near.sort((a, b) => a.distance - b.distance);
    for (const { candidate, vertex } of near) {
      // A vertex inside a tessellated circle is no corner: the circle's centre is what snaps there.
      const { edges } = candidate;
      if (vertexDegree(edges, vertex) === 2 && edgeCircle(edges, edges.edgesOfVertex[edges.edgeStart[vertex]])) continue;
      const point = edgeVertex(edges, vertex).applyMatrix4(candidate.toReal);
      if (!this.isSeen(point, q)) continue;
      return this.result(SnapGeometry.VERTEX, candidate, point, { geomVertex: point.clone() });
    }
    return null;
  }

  private snapEdge(candidates: Candidate[], q: Query, previous: Vector3 | null): SnapResult | null {
    const near: { candidate: Candidate; edge: number; distance: number }[] = [];
    for (const candidate of candidates) {
      const { edges, base } = candidate;
      const list = edges.edges;
      for (let e = 0; e < list.length / 2; e++) {
        const oa = (base + list[e * 2]) * 4, ob = (base + list[e * 2 + 1]) * 4;
        if (projected[oa + 3] === 0 || projected[ob + 3] === 0) continue;
        if (Math.min(projected[oa + 2], projected[ob + 2]) > q.maxDistance) continue;
        const distance = pointToSegment(q.x, q.y, projected[oa], projected[oa + 1], projected[ob], projected[ob + 1]);
        if (distance <= q.radiusPx) near.push({ candidate, edge: e, distance });
      }
    }
    near.sort((p, r) => p.distance - r.distance);
    for (const { candidate, edge } of near) {
      const { edges, toReal } = candidate;
      const a = edgeVertex(edges, edges.edges[edge * 2]).applyMatrix4(toReal);
      const b = edgeVertex(edges, edges.edges[edge * 2 + 1]).applyMatrix4(toReal);
      const point = new Vector3();
      q.ray.distanceSqToSegment(a, b, undefined, point);
      if (!this.isSeen(point, q)) continue;
      const geomEdge: [Vector3, Vector3] = [a.clone(), b.clone()];
      const circle = edgeCircle(edges, edge);
      if (circle) {
        const center = circle.center.clone().applyMatrix4(toReal);
        const radius = circle.onCircle.clone().applyMatrix4(toReal).distanceTo(center);
        return this.result(SnapGeometry.CIRCLE_CENTER, candidate, center, { geomVertex: center.clone(), geomEdge, radius, circularArcCenter: center.clone(), circularArcRadius: radius });
      }
      const middle = a.clone().add(b).multiplyScalar(0.5);
      const sm = q.project(middle);
      if (Math.hypot(sm.x - q.x, sm.y - q.y) <= 2 * q.radiusPx) return this.result(SnapGeometry.MIDPOINT, candidate, middle, { geomEdge });
      const isPerpendicular = previous !== null && isSquareTo(point.clone().sub(previous), b.clone().sub(a));
      return this.result(SnapGeometry.EDGE, candidate, point, { geomEdge, isPerpendicular });
    }
    return null;
  }

  private snapFace(hit: HitResult | null, previous: Vector3 | null): SnapResult | null {
    if (!hit) return null;
    const normal = hit.face?.normal.clone().normalize() ?? null;
    const along = previous && normal ? hit.intersectPoint.clone().sub(previous) : null;
    const isPerpendicular = Boolean(along && normal && along.lengthSq() > 0 && Math.abs(along.normalize().dot(normal)) >= 1 - PERPENDICULAR_TOLERANCE);
    return {
      ...emptySnap(hit.model, hit.fragId, hit.dbId, hit.intersectPoint.clone()),
      geomType: SnapGeometry.FACE,
      faceNormal: normal,
      isPerpendicular,
    };
  }

  /** Whether a point is on screen, kept by the cut planes, and not behind other geometry. */
  private isSeen(point: Vector3, q: Query): boolean {
    for (const [a, b, c, d] of q.cutPlanes) {
      const side = a * point.x + b * point.y + c * point.z + d;
      if (side > 1e-9 * (Math.abs(d) + 1)) return false;
    }
    const s = q.project(point);
    const ray = this.viewer.rayFromCanvas(s.x, s.y);
    const along = point.clone().sub(ray.origin).dot(ray.direction);
    // The point's own faces are hit at it; a pixel's worth of depth is allowed for edges on a silhouette.
    const pixel = worldPerPixel(this.viewer.navigation.getThreeCamera(), this.viewer.canvas.clientHeight);
    const before = along - (2 * (pixel.base + pixel.perDistance * along) + 1e-7 * along);
    if (q.occluders.hides(ray, before)) return false;
    const hit = this.viewer.rayCast(ray);
    if (!hit || hit.distance >= before) return true;
    q.occluders.add(hit.model, hit.fragId, toRealOf(hit.model, hit.fragId));
    return false;
  }

  private result(geomType: SnapGeometryValue, candidate: Candidate, point: Vector3, extra: Partial<SnapResult>): SnapResult {
    return { ...emptySnap(candidate.model, candidate.fragId, candidate.model.fragments.dbIds[candidate.fragId], point), geomType, ...extra };
  }
}

type Projector = (p: Vector3) => { x: number; y: number; inFront: boolean };

/** A fragment's space → real coordinates: its transform, then the model's global offset. */
function toRealOf(model: Model, fragId: number): Matrix4 {
  const o = model.globalOffset;
  return model.fragments.getTransform(fragId).premultiply(new Matrix4().makeTranslation(o.x, o.y, o.z));
}

/** Fills `projected` with the candidates' vertices (viewProjection set): no allocation per vertex. */
function projectVertices(candidates: Candidate[], ray: Ray, width: number, height: number): void {
  const last = candidates.at(-1);
  const total = last ? last.base + last.edges.vertices.length / 3 : 0;
  if (projected.length < total * 4) projected = new Float64Array(total * 8);
  const ox = ray.origin.x, oy = ray.origin.y, oz = ray.origin.z, dx = ray.direction.x, dy = ray.direction.y, dz = ray.direction.z;
  for (const { edges, toReal, base } of candidates) {
    const r = toReal.elements, m = localToClip.multiplyMatrices(viewProjection, toReal).elements;
    const vertices = edges.vertices;
    for (let v = 0, o = base * 4; v < vertices.length; v += 3, o += 4) {
      const lx = vertices[v], ly = vertices[v + 1], lz = vertices[v + 2];
      const wx = r[0] * lx + r[4] * ly + r[8] * lz + r[12], wy = r[1] * lx + r[5] * ly + r[9] * lz + r[13], wz = r[2] * lx + r[6] * ly + r[10] * lz + r[14];
      const w = m[3] * lx + m[7] * ly + m[11] * lz + m[15];
      const nx = (m[0] * lx + m[4] * ly + m[8] * lz + m[12]) / w;
      const ny = (m[1] * lx + m[5] * ly + m[9] * lz + m[13]) / w;
      const nz = (m[2] * lx + m[6] * ly + m[10] * lz + m[14]) / w;
      projected[o] = ((nx + 1) / 2) * width;
      projected[o + 1] = ((1 - ny) / 2) * height;
      projected[o + 2] = (wx - ox) * dx + (wy - oy) * dy + (wz - oz) * dz;
      projected[o + 3] = nz > -1 && nz < 1 ? 1 : 0;
    }
  }
}

function emptySnap(model: Model, fragId: number, dbId: number, point: Vector3): SnapResult {
  return {
    geomType: SnapGeometry.FACE,
    snapNode: dbId,
    model,
    fragId,
    intersectPoint: point,
    geomVertex: null,
    geomEdge: null,
    faceNormal: null,
    radius: 0,
    circularArcCenter: null,
    circularArcRadius: 0,
    fromTopology: false,
    isPerpendicular: false,
    viewportIndex2d: null,
  };
}

/** World units per CSS pixel at distance t along the view: base + perDistance · t. */
function worldPerPixel(camera: ReturnType<CameraPort['navigation']['getThreeCamera']>, heightPx: number): { base: number; perDistance: number } {
  if ((camera as PerspectiveCamera).isPerspectiveCamera) {
    const c = camera as PerspectiveCamera;
    return { base: 0, perDistance: (2 * Math.tan((c.fov * Math.PI) / 360)) / c.zoom / Math.max(1, heightPx) };
  }
  const c = camera as OrthographicCamera;
  return { base: (c.top - c.bottom) / c.zoom / Math.max(1, heightPx), perDistance: 0 };
}

function pointToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / lengthSq)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether two directions meet square, within the perpendicular tolerance (a cosine). */
function isSquareTo(u: Vector3, v: Vector3): boolean {
  if (u.lengthSq() === 0 || v.lengthSq() === 0) return false;
  return Math.abs(u.normalize().dot(v.normalize())) <= PERPENDICULAR_TOLERANCE;
}
