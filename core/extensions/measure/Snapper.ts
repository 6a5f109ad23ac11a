import { Matrix4, OrthographicCamera, PerspectiveCamera, Ray, Vector3 } from 'three';
import { FragmentFlag } from '../../model/FragmentList.js';
import type { Model } from '../../model/Model.js';
import type { FragmentBvh } from '../../render/FragmentBvh.js';
import type { HitResult } from '../../render/Picker.js';
import type { CameraPort, CanvasPort, ModelsPort, PickPort } from '../../viewer/ports.js';
import { edgeCircle, edgeVertex, FeatureEdgeCache, vertexDegree } from './FeatureEdges.js';
import { PERPENDICULAR_TOLERANCE } from './Measurement.js';
import { Occluders } from './occlusion.js';
import { MinHeap, SnapCandidate, type SnapView, toRealOf } from './snapCandidates.js';

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

/** One snap query: the pointer, its ray, how deep candidates may lie, and what hides what. */
interface Query {
  view: SnapView;
  radiusPx: number;
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
 * Snapping by proximity (spec 001 §4 "Measurement picks", §9): a vertex within the detect radius of the
 * pointer, else an edge (its midpoint within twice the radius of the middle, the centre of a circle it runs
 * round), else the face under the pointer. Candidates are the fragments whose boxes come within the radius
 * of the pointer's ray (the picker's fragment BVH), no deeper than the surface under the pointer (and the
 * radius). They are taken nearest first by how near their boxes are drawn to the pointer, and the search
 * stops at the first point seen that no untaken candidate could beat: a fragment's feature edges are
 * derived (once, then cached) only when it could hold the answer. Hidden objects, what cut planes remove
 * and what lies behind other geometry never snap: a point is tested first against the fragments already
 * found to hide others in the query (the one under the pointer first), then with a ray cast.
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
    const view: SnapView = { viewProjection: new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse), width, height, x, y, ray };
    const candidates = this.candidates(view, radius, radiusPx, maxDistance);
    const project = (p: Vector3) => {
      const v = p.clone().project(camera);
      return { x: ((v.x + 1) / 2) * width, y: ((1 - v.y) / 2) * height, inFront: v.z > -1 && v.z < 1 };
    };
    const cutPlanes = this.viewer.getCutPlanes();
    const occluders = new Occluders(cutPlanes);
    if (hit) occluders.add(hit.model, hit.fragId, toRealOf(hit.model, hit.fragId));
    const query: Query = { view, radiusPx, maxDistance, occluders, cutPlanes, project };
    const previous = options.previous ?? null;
    return this.snapVertex(candidates, query) ?? this.snapEdge(candidates, query, previous) ?? this.snapFace(hit, previous);
  }

  /** The fragments near the ray, nearest drawn first; those drawn farther than the radius are left out. */
  private candidates(view: SnapView, radius: (t: number) => number, radiusPx: number, maxDistance: number): SnapCandidate[] {
    const found: SnapCandidate[] = [];
    for (const model of this.viewer.getVisibleModels()) {
      if (model.is2d()) continue;
      const local = new Ray(view.ray.origin.clone().sub(model.globalOffset), view.ray.direction);
      this.viewer.getFragmentBvh(model).traverseNear(local, radius, (fragId) => {
        const f = model.fragments;
        if (f.flags[fragId] & FragmentFlag.HIDDEN) return;
        if (!model.batches[f.batchIds[fragId]]?.isSurface) return;
        const candidate = new SnapCandidate(model, fragId, toRealOf(model, fragId), view);
        if (candidate.bound <= radiusPx) found.push(candidate);
      }, maxDistance);
    }
    return found.sort((a, b) => a.bound - b.bound);
  }

  /**
   * The first item `accept` takes, nearest the pointer first: candidates are derived in the order of their
   * bounds, and an item (a vertex, an edge) is offered once no candidate left could hold a nearer one.
   */
  private nearest<T>(candidates: SnapCandidate[], q: Query, collect: (candidate: SnapCandidate, push: (distance: number, item: T) => void) => void, accept: (item: T) => SnapResult | null): SnapResult | null {
    const heap = new MinHeap<T>();
    const push = (distance: number, item: T) => heap.push(distance, item);
    let next = 0;
    for (;;) {
      const bound = next < candidates.length ? candidates[next].bound : Infinity;
      if (heap.size && heap.peekKey() <= bound) {
        const result = accept(heap.pop());
        if (result) return result;
      } else if (next < candidates.length) {
        const candidate = candidates[next++];
        candidate.edges(this.edges, q.view);
        collect(candidate, push);
      } else return null;
    }
  }

  private snapVertex(candidates: SnapCandidate[], q: Query): SnapResult | null {
    const { x, y } = q.view;
    return this.nearest<[SnapCandidate, number]>(
      candidates,
      q,
      (candidate, push) => {
        const edges = candidate.edges(this.edges, q.view), p = candidate.projected;
        const count = edges.vertices.length / 3;
        for (let v = 0; v < count; v++) {
          const o = v * 4;
          if (p[o + 3] === 0 || p[o + 2] > q.maxDistance || vertexDegree(edges, v) === 0) continue;
          const distance = Math.hypot(p[o] - x, p[o + 1] - y);
          if (distance <= q.radiusPx) push(distance, [candidate, v]);
        }
      },
      ([candidate, vertex]) => {
        // A vertex inside a tessellated circle is no corner: the circle's centre is what snaps there.
        const edges = candidate.edges(this.edges, q.view);
        if (vertexDegree(edges, vertex) === 2 && edgeCircle(edges, edges.edgesOfVertex[edges.edgeStart[vertex]])) return null;
        const point = edgeVertex(edges, vertex).applyMatrix4(candidate.toReal);
        if (!this.isSeen(point, q)) return null;
        return this.result(SnapGeometry.VERTEX, candidate, point, { geomVertex: point.clone() });
      },
    );
  }

  private snapEdge(candidates: SnapCandidate[], q: Query, previous: Vector3 | null): SnapResult | null {
    const { x, y } = q.view;
    return this.nearest<[SnapCandidate, number]>(
      candidates,
      q,
      (candidate, push) => {
        const list = candidate.edges(this.edges, q.view).edges, p = candidate.projected;
        for (let e = 0; e < list.length / 2; e++) {
          const oa = list[e * 2] * 4, ob = list[e * 2 + 1] * 4;
          if (p[oa + 3] === 0 || p[ob + 3] === 0 || Math.min(p[oa + 2], p[ob + 2]) > q.maxDistance) continue;
          const distance = pointToSegment(x, y, p[oa], p[oa + 1], p[ob], p[ob + 1]);
          if (distance <= q.radiusPx) push(distance, [candidate, e]);
        }
      },
      ([candidate, edge]) => this.edgeSnap(candidate, edge, q, previous),
    );
  }

  /** The snap on an edge near the pointer, if the point of it nearest the ray is seen: its circle's centre, its midpoint, or the point. */
  private edgeSnap(candidate: SnapCandidate, edge: number, q: Query, previous: Vector3 | null): SnapResult | null {
    const edges = candidate.edges(this.edges, q.view), toReal = candidate.toReal;
    const a = edgeVertex(edges, edges.edges[edge * 2]).applyMatrix4(toReal);
    const b = edgeVertex(edges, edges.edges[edge * 2 + 1]).applyMatrix4(toReal);
    const point = new Vector3();
    q.view.ray.distanceSqToSegment(a, b, undefined, point);
    if (!this.isSeen(point, q)) return null;
    const geomEdge: [Vector3, Vector3] = [a.clone(), b.clone()];
    const circle = edgeCircle(edges, edge);
    if (circle) {
      const center = circle.center.clone().applyMatrix4(toReal);
      const radius = circle.onCircle.clone().applyMatrix4(toReal).distanceTo(center);
      return this.result(SnapGeometry.CIRCLE_CENTER, candidate, center, { geomVertex: center.clone(), geomEdge, radius, circularArcCenter: center.clone(), circularArcRadius: radius });
    }
    const middle = a.clone().add(b).multiplyScalar(0.5);
    const sm = q.project(middle);
    if (Math.hypot(sm.x - q.view.x, sm.y - q.view.y) <= 2 * q.radiusPx) return this.result(SnapGeometry.MIDPOINT, candidate, middle, { geomEdge });
    const isPerpendicular = previous !== null && isSquareTo(point.clone().sub(previous), b.clone().sub(a));
    return this.result(SnapGeometry.EDGE, candidate, point, { geomEdge, isPerpendicular });
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

  private result(geomType: SnapGeometryValue, candidate: SnapCandidate, point: Vector3, extra: Partial<SnapResult>): SnapResult {
    return { ...emptySnap(candidate.model, candidate.fragId, candidate.model.fragments.dbIds[candidate.fragId], point), geomType, ...extra };
  }
}

type Projector = (p: Vector3) => { x: number; y: number; inFront: boolean };

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
