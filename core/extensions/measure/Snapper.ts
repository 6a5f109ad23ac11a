import { Matrix4, OrthographicCamera, PerspectiveCamera, Ray, Vector3 } from 'three';
import { FragmentFlag } from '../../model/FragmentList.js';
import type { Model } from '../../model/Model.js';
import type { FragmentBvh } from '../../render/FragmentBvh.js';
import type { HitResult } from '../../render/Picker.js';
import type { CameraPort, CanvasPort, ModelsPort, PickPort } from '../../viewer/ports.js';
import { edgeCircle, edgeVertex, FeatureEdgeCache, type FragmentEdges, vertexDegree } from './FeatureEdges.js';
import { PERPENDICULAR_TOLERANCE } from './Measurement.js';

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
}

/**
 * Snapping by proximity (spec 001 §4 "Measurement picks", §9): a vertex within the detect radius of the
 * pointer, else an edge (its midpoint within twice the radius of the middle, the centre of a circle it runs
 * round), else the face under the pointer. Candidates are the fragments whose boxes come within the radius
 * of the pointer's ray (the picker's fragment BVH); their feature edges are derived once per fragment.
 * Hidden objects, what cut planes remove and what lies behind other geometry never snap.
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
    const radius = (t: number) => radiusPx * 2 * (pixel.base + pixel.perDistance * t) + 1e-9;
    // What lies beyond the surface under the pointer is hidden by it: only nearer fragments are candidates.
    const hit = this.viewer.hitTestCanvas(x, y);
    const candidates = this.candidates(ray, radius, hit ? hit.distance + radius(hit.distance) : Infinity);
    const project = (p: Vector3) => {
      const v = p.clone().project(camera);
      return { x: ((v.x + 1) / 2) * width, y: ((1 - v.y) / 2) * height, inFront: v.z > -1 && v.z < 1 };
    };
    const previous = options.previous ?? null;
    return (
      this.snapVertex(candidates, x, y, radiusPx, project) ??
      this.snapEdge(candidates, x, y, radiusPx, ray, project, previous) ??
      this.snapFace(hit, previous)
    );
  }

  private candidates(ray: Ray, radius: (t: number) => number, maxDistance: number): Candidate[] {
    const found: Candidate[] = [];
    for (const model of this.viewer.getVisibleModels()) {
      if (model.is2d()) continue;
      const local = new Ray(ray.origin.clone().sub(model.globalOffset), ray.direction);
      const offset = new Matrix4().makeTranslation(model.globalOffset.x, model.globalOffset.y, model.globalOffset.z);
      this.viewer.getFragmentBvh(model).traverseNear(local, radius, (fragId) => {
        const f = model.fragments;
        if (f.flags[fragId] & FragmentFlag.HIDDEN) return;
        if (model.batches[f.batchIds[fragId]]?.kind !== 'triangles') return;
        const toReal = offset.clone().multiply(f.getTransform(fragId));
        found.push({ model, fragId, edges: this.edges.get(model, fragId), toReal });
      }, maxDistance);
    }
    return found;
  }

  private snapVertex(candidates: Candidate[], x: number, y: number, radiusPx: number, project: Projector): SnapResult | null {
    const near: { candidate: Candidate; vertex: number; point: Vector3; distance: number }[] = [];
    for (const candidate of candidates) {
      const { edges } = candidate;
      for (let v = 0; v < edges.vertices.length / 3; v++) {
        if (vertexDegree(edges, v) === 0) continue;
        const point = edgeVertex(edges, v).applyMatrix4(candidate.toReal);
        const s = project(point);
        const distance = Math.hypot(s.x - x, s.y - y);
        if (s.inFront && distance <= radiusPx) near.push({ candidate, vertex: v, point, distance });
      }
    }
    near.sort((a, b) => a.distance - b.distance);
    for (const { candidate, vertex, point } of near) {
      // A vertex inside a tessellated circle is no corner: the circle's centre is what snaps there.
      const { edges } = candidate;
      if (vertexDegree(edges, vertex) === 2 && edgeCircle(edges, edges.edgesOfVertex[edges.edgeStart[vertex]])) continue;
      if (!this.isSeen(point, project)) continue;
      return this.result(SnapGeometry.VERTEX, candidate, point, { geomVertex: point.clone() });
    }
    return null;
  }

  private snapEdge(candidates: Candidate[], x: number, y: number, radiusPx: number, ray: Ray, project: Projector, previous: Vector3 | null): SnapResult | null {
    const near: { candidate: Candidate; edge: number; a: Vector3; b: Vector3; distance: number }[] = [];
    for (const candidate of candidates) {
      const { edges } = candidate;
      for (let e = 0; e < edges.edges.length / 2; e++) {
        const a = edgeVertex(edges, edges.edges[e * 2]).applyMatrix4(candidate.toReal);
        const b = edgeVertex(edges, edges.edges[e * 2 + 1]).applyMatrix4(candidate.toReal);
        const sa = project(a), sb = project(b);
        if (!sa.inFront || !sb.inFront) continue;
        const distance = pointToSegment(x, y, sa.x, sa.y, sb.x, sb.y);
        if (distance <= radiusPx) near.push({ candidate, edge: e, a, b, distance });
      }
    }
    near.sort((p, q) => p.distance - q.distance);
    for (const { candidate, edge, a, b } of near) {
      const point = new Vector3();
      ray.distanceSqToSegment(a, b, undefined, point);
      if (!this.isSeen(point, project)) continue;
      const geomEdge: [Vector3, Vector3] = [a.clone(), b.clone()];
      const circle = edgeCircle(candidate.edges, edge);
      if (circle) {
        const center = circle.center.clone().applyMatrix4(candidate.toReal);
        const radius = circle.onCircle.clone().applyMatrix4(candidate.toReal).distanceTo(center);
        return this.result(SnapGeometry.CIRCLE_CENTER, candidate, center, { geomVertex: center.clone(), geomEdge, radius, circularArcCenter: center.clone(), circularArcRadius: radius });
      }
      const middle = a.clone().add(b).multiplyScalar(0.5);
      const sm = project(middle);
      if (Math.hypot(sm.x - x, sm.y - y) <= 2 * radiusPx) return this.result(SnapGeometry.MIDPOINT, candidate, middle, { geomEdge });
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
  private isSeen(point: Vector3, project: Projector): boolean {
    for (const [a, b, c, d] of this.viewer.getCutPlanes()) {
      const side = a * point.x + b * point.y + c * point.z + d;
      if (side > 1e-9 * (Math.abs(d) + 1)) return false;
    }
    const s = project(point);
    const ray = this.viewer.rayFromCanvas(s.x, s.y);
    const along = point.clone().sub(ray.origin).dot(ray.direction);
    const hit = this.viewer.rayCast(ray);
    if (!hit) return true;
    // The point's own faces are hit at it; a pixel's worth of depth is allowed for edges on a silhouette.
    const pixel = worldPerPixel(this.viewer.navigation.getThreeCamera(), this.viewer.canvas.clientHeight);
    const slack = 2 * (pixel.base + pixel.perDistance * along) + 1e-7 * along;
    return hit.distance >= along - slack;
  }

  private result(geomType: SnapGeometryValue, candidate: Candidate, point: Vector3, extra: Partial<SnapResult>): SnapResult {
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
