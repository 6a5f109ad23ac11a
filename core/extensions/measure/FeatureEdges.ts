import { Vector3 } from 'three';
import { POSITION_STRIDE } from '../../model/GeometryBatch.js';
import type { Model } from '../../model/Model.js';
import { quantizationStep } from '../../model/quantization.js';

/**
 * Two faces meeting at more than this angle (degrees) make a crease, an edge a user snaps to. Tessellated
 * curves (a cylinder of 8 or more sides turns 45° or less between faces) stay smooth.
 */
export const FEATURE_EDGE_CREASE_DEGREES = 46;
/** Spec 001 §9: an edge chain is a circle when it has this many vertices on one circle. */
export const CIRCLE_MIN_VERTICES = 8;
/** Spec 001 §9: the snapper's tolerance, relative to a circle's radius. */
export const SNAPPER_TOLERANCE = 0.001;
/** Chains longer than this are not walked further (a circle of a tessellated model has far fewer). */
const MAX_CHAIN_VERTICES = 1024;

const CREASE_COSINE = Math.cos((FEATURE_EDGE_CREASE_DEGREES * Math.PI) / 180);

/** A fragment's feature edges, in the fragment's own space (before its transform), welded by position. */
export interface FragmentEdges {
  /** 3 numbers per vertex. */
  vertices: Float64Array;
  /** 2 vertex indices per edge. */
  edges: Int32Array;
  /** The edges at each vertex: those of vertex v are edgesOfVertex[edgeStart[v] .. edgeStart[v + 1]). */
  edgeStart: Int32Array;
  edgesOfVertex: Int32Array;
}

/** A circle a chain of edges runs round, in the fragment's own space. */
export interface EdgeCircle {
  center: Vector3;
  radius: number;
  /** A vertex on it, to measure the radius again once transformed. */
  onCircle: Vector3;
}

/**
 * The feature edges (creases above FEATURE_EDGE_CREASE_DEGREES, and boundaries) of fragments, derived from
 * their triangles the first time the snapper meets a fragment, and kept per fragment: the whole model's
 * edge set is never built.
 */
export class FeatureEdgeCache {
  private readonly byModel = new WeakMap<Model, Map<number, FragmentEdges>>();

  get(model: Model, fragId: number): FragmentEdges {
    let fragments = this.byModel.get(model);
    if (!fragments) this.byModel.set(model, (fragments = new Map()));
    let edges = fragments.get(fragId);
    if (!edges) fragments.set(fragId, (edges = featureEdges(model, fragId)));
    return edges;
  }

  /** How many fragments have their edges derived (for tests: edges are found lazily). */
  countFor(model: Model): number {
    return this.byModel.get(model)?.size ?? 0;
  }

  /** The bytes the cached edges of a model hold (their typed arrays; the bench reports it). */
  byteLengthFor(model: Model): number {
    let bytes = 0;
    for (const e of this.byModel.get(model)?.values() ?? []) bytes += e.vertices.byteLength + e.edges.byteLength + e.edgeStart.byteLength + e.edgesOfVertex.byteLength;
    return bytes;
  }
}

/** Derives a fragment's feature edges from its triangles (dequantized from the batch's packed positions). */
export function featureEdges(model: Model, fragId: number): FragmentEdges {
  const f = model.fragments;
  const batch = model.batches[f.batchIds[fragId]];
  const b = fragId * 6;
  const min = [f.boxes[b], f.boxes[b + 1], f.boxes[b + 2]];
  const step = quantizationStep(f.boxes, b);
  const vertexStart = f.vertexStarts[fragId];
  const vertexCount = f.vertexCounts[fragId];
  // Weld vertices that share a quantized position (flat-shaded meshes repeat corners per face).
  const weldOf = new Int32Array(vertexCount);
  const byKey = new Map<number, number>();
  const positions: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    const o = (vertexStart + v) * POSITION_STRIDE;
    const qx = batch.positions[o], qy = batch.positions[o + 1], qz = batch.positions[o + 2];
    const key = qx + 65536 * (qy + 65536 * qz);
    let id = byKey.get(key);
    if (id === undefined) {
      id = positions.length / 3;
      byKey.set(key, id);
      positions.push(min[0] + qx * step, min[1] + qy * step, min[2] + qz * step);
    }
    weldOf[v] = id;
  }
  const welded = positions.length / 3;
  // Per undirected edge: how many triangles share it, the first one's normal, and whether it is a crease.
  const edgeIndex = new Map<number, number>();
  const firstNormal: number[] = [];
  const counts: number[] = [];
  const crease: boolean[] = [];
  const ends: number[] = [];
  const start = f.indexStarts[fragId], end = start + f.indexCounts[fragId];
  const n = new Vector3(), e1 = new Vector3(), e2 = new Vector3();
  for (let i = start; i + 2 < end; i += 3) {
    const ids = [weldOf[batch.indices[i] - vertexStart], weldOf[batch.indices[i + 1] - vertexStart], weldOf[batch.indices[i + 2] - vertexStart]];
    if (ids[0] === ids[1] || ids[1] === ids[2] || ids[0] === ids[2]) continue;
    const [a, c, d] = ids.map((id) => new Vector3(positions[id * 3], positions[id * 3 + 1], positions[id * 3 + 2]));
    n.crossVectors(e1.subVectors(c, a), e2.subVectors(d, a));
    if (n.lengthSq() === 0) continue;
    n.normalize();
    for (let k = 0; k < 3; k++) {
      const p = ids[k], q = ids[(k + 1) % 3];
      const key = Math.min(p, q) * welded + Math.max(p, q);
      const index = edgeIndex.get(key);
      if (index === undefined) {
        edgeIndex.set(key, counts.length);
        counts.push(1);
        crease.push(false);
        firstNormal.push(n.x, n.y, n.z);
        ends.push(Math.min(p, q), Math.max(p, q));
      } else {
        counts[index]++;
        const cosine = n.x * firstNormal[index * 3] + n.y * firstNormal[index * 3 + 1] + n.z * firstNormal[index * 3 + 2];
        // Faces of one surface meet with normals alike (or, for a thin sheet drawn both ways, opposite).
        if (Math.abs(cosine) < CREASE_COSINE || counts[index] > 2) crease[index] = true;
      }
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < counts.length; i++) if (counts[i] === 1 || crease[i]) kept.push(ends[i * 2], ends[i * 2 + 1]);
  const edges = Int32Array.from(kept);
  const edgeStart = new Int32Array(welded + 1);
  for (const v of edges) edgeStart[v + 1]++;
  for (let v = 0; v < welded; v++) edgeStart[v + 1] += edgeStart[v];
  const fill = edgeStart.slice(0, welded);
  const edgesOfVertex = new Int32Array(edges.length);
  for (let e = 0; e < edges.length / 2; e++) {
    edgesOfVertex[fill[edges[e * 2]]++] = e;
    edgesOfVertex[fill[edges[e * 2 + 1]]++] = e;
  }
  return { vertices: Float64Array.from(positions), edges, edgeStart, edgesOfVertex };
}

export function edgeVertex(data: FragmentEdges, vertex: number, target = new Vector3()): Vector3 {
  return target.fromArray(data.vertices, vertex * 3);
}

/** How many feature edges meet at a vertex. */
export function vertexDegree(data: FragmentEdges, vertex: number): number {
  return data.edgeStart[vertex + 1] - data.edgeStart[vertex];
}

/** The vertices of the chain an edge lies on: walked through vertices where exactly two edges meet. */
export function edgeChain(data: FragmentEdges, edge: number): { vertices: number[]; isClosed: boolean } {
  const walk = (from: number, viaEdge: number): number[] => {
    const found: number[] = [];
    let vertex = from, previousEdge = viaEdge;
    while (vertexDegree(data, vertex) === 2 && found.length < MAX_CHAIN_VERTICES) {
      const s = data.edgeStart[vertex];
      const next = data.edgesOfVertex[s] === previousEdge ? data.edgesOfVertex[s + 1] : data.edgesOfVertex[s];
      const other = data.edges[next * 2] === vertex ? data.edges[next * 2 + 1] : data.edges[next * 2];
      found.push(other);
      vertex = other;
      previousEdge = next;
      if (next === viaEdge) break;
    }
    return found;
  };
  const a = data.edges[edge * 2], b = data.edges[edge * 2 + 1];
  const forward = walk(b, edge);
  if (forward.length && forward[forward.length - 1] === b) return { vertices: [b, ...forward.slice(0, -1)], isClosed: true };
  if (forward.includes(a)) return { vertices: [b, ...forward.slice(0, forward.indexOf(a) + 1)], isClosed: true };
  const backward = walk(a, edge);
  return { vertices: [...backward.reverse(), a, b, ...forward], isClosed: false };
}

/**
 * The circle an edge's chain runs round (spec 001 §9: 8 or more vertices on one circle, within the
 * snapper's tolerance of the radius, in one plane), or null.
 */
export function edgeCircle(data: FragmentEdges, edge: number): EdgeCircle | null {
  const { vertices } = edgeChain(data, edge);
  const unique = [...new Set(vertices)];
  if (unique.length < CIRCLE_MIN_VERTICES) return null;
  const points = unique.map((v) => edgeVertex(data, v));
  const a = points[0], b = points[Math.floor(points.length / 3)], c = points[Math.floor((2 * points.length) / 3)];
  const center = circumcenter(a, b, c);
  if (!center) return null;
  const radius = center.distanceTo(a);
  const normal = new Vector3().subVectors(b, a).cross(new Vector3().subVectors(c, a)).normalize();
  const tolerance = SNAPPER_TOLERANCE * radius;
  for (const p of points) {
    if (Math.abs(p.distanceTo(center) - radius) > tolerance) return null;
    if (Math.abs(new Vector3().subVectors(p, center).dot(normal)) > tolerance) return null;
  }
  return { center, radius, onCircle: a.clone() };
}

/** The centre of the circle through three points, or null when they are in a line. */
function circumcenter(a: Vector3, b: Vector3, c: Vector3): Vector3 | null {
  const ab = new Vector3().subVectors(b, a), ac = new Vector3().subVectors(c, a);
  const normal = new Vector3().crossVectors(ab, ac);
  const denominator = 2 * normal.lengthSq();
  if (denominator === 0) return null;
  const term1 = new Vector3().crossVectors(normal, ab).multiplyScalar(ac.lengthSq());
  const term2 = new Vector3().crossVectors(ac, normal).multiplyScalar(ab.lengthSq());
  return term1.add(term2).divideScalar(denominator).add(a);
}
