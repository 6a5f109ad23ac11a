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
  /**
   * Per edge, the circle its chain runs round, worked out on first use: 0 not yet, -1 none, else 1 + its
   * index in `circles` (every edge of a chain shares it).
   */
  circleOf: Int32Array;
  circles: EdgeCircle[];
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
    for (const e of this.byModel.get(model)?.values() ?? []) {
      bytes += e.vertices.byteLength + e.edges.byteLength + e.edgeStart.byteLength + e.edgesOfVertex.byteLength + e.circleOf.byteLength;
      bytes += e.circles.length * 7 * 8;
    }
    return bytes;
  }
}

/** Scratch tables reused from one derivation to the next (grown as needed): no per-triangle allocation. */
let weldTable = new Int32Array(1024);
let edgeTable = new Int32Array(1024);
let weldOf = new Int32Array(256);
let quantized = new Uint16Array(768);
let positions = new Float64Array(768);
let edgeEnds = new Int32Array(768);
let edgeCounts = new Int32Array(384);
let edgeNormals = new Float64Array(1152);
let edgeCrease = new Uint8Array(384);

/** A power of two at least twice `n` (open-addressing tables stay under half full). */
function tableSize(n: number): number {
  let size = 64;
  while (size < 2 * n) size *= 2;
  return size;
}

/** Derives a fragment's feature edges from its triangles (dequantized from the batch's packed positions). */
export function featureEdges(model: Model, fragId: number): FragmentEdges {
  const f = model.fragments;
  const batch = model.batches[f.batchIds[fragId]];
  const source = batch.positions, indices = batch.indices;
  const b = fragId * 6;
  const minX = f.boxes[b], minY = f.boxes[b + 1], minZ = f.boxes[b + 2];
  const step = quantizationStep(f.boxes, b);
  const vertexStart = f.vertexStarts[fragId];
  const vertexCount = f.vertexCounts[fragId];
  // Weld vertices that share a quantized position (flat-shaded meshes repeat corners per face).
  if (weldOf.length < vertexCount) weldOf = new Int32Array(vertexCount * 2);
  if (quantized.length < vertexCount * 3) quantized = new Uint16Array(vertexCount * 6);
  const weldSize = tableSize(vertexCount);
  if (weldTable.length < weldSize) weldTable = new Int32Array(weldSize);
  weldTable.fill(-1, 0, weldSize);
  const weldMask = weldSize - 1;
  let welded = 0;
  for (let v = 0; v < vertexCount; v++) {
    const o = (vertexStart + v) * POSITION_STRIDE;
    const qx = source[o], qy = source[o + 1], qz = source[o + 2];
    let slot = (Math.imul(qx, 73856093) ^ Math.imul(qy, 19349663) ^ Math.imul(qz, 83492791)) & weldMask;
    let id = weldTable[slot];
    while (id >= 0 && (quantized[id * 3] !== qx || quantized[id * 3 + 1] !== qy || quantized[id * 3 + 2] !== qz)) {
      slot = (slot + 1) & weldMask;
      id = weldTable[slot];
    }
    if (id < 0) {
      id = welded++;
      weldTable[slot] = id;
      quantized[id * 3] = qx;
      quantized[id * 3 + 1] = qy;
      quantized[id * 3 + 2] = qz;
    }
    weldOf[v] = id;
  }
  if (positions.length < welded * 3) positions = new Float64Array(welded * 6);
  for (let id = 0; id < welded; id++) {
    positions[id * 3] = minX + quantized[id * 3] * step;
    positions[id * 3 + 1] = minY + quantized[id * 3 + 1] * step;
    positions[id * 3 + 2] = minZ + quantized[id * 3 + 2] * step;
  }
  // Per undirected edge: how many triangles share it, the first one's normal, and whether it is a crease.
  const start = f.indexStarts[fragId], end = start + f.indexCounts[fragId];
  const maxEdges = end - start;
  if (edgeCounts.length < maxEdges) {
    edgeEnds = new Int32Array(maxEdges * 4);
    edgeCounts = new Int32Array(maxEdges * 2);
    edgeNormals = new Float64Array(maxEdges * 6);
    edgeCrease = new Uint8Array(maxEdges * 2);
  }
  const edgeSize = tableSize(maxEdges);
  if (edgeTable.length < edgeSize) edgeTable = new Int32Array(edgeSize);
  edgeTable.fill(-1, 0, edgeSize);
  const edgeMask = edgeSize - 1;
  let edgeCount = 0;
  for (let i = start; i + 2 < end; i += 3) {
    const i0 = weldOf[indices[i] - vertexStart], i1 = weldOf[indices[i + 1] - vertexStart], i2 = weldOf[indices[i + 2] - vertexStart];
    if (i0 === i1 || i1 === i2 || i0 === i2) continue;
    const ax = positions[i0 * 3], ay = positions[i0 * 3 + 1], az = positions[i0 * 3 + 2];
    const ux = positions[i1 * 3] - ax, uy = positions[i1 * 3 + 1] - ay, uz = positions[i1 * 3 + 2] - az;
    const vx = positions[i2 * 3] - ax, vy = positions[i2 * 3 + 1] - ay, vz = positions[i2 * 3 + 2] - az;
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (length === 0) continue;
    nx /= length;
    ny /= length;
    nz /= length;
    for (let k = 0; k < 3; k++) {
      const p = k === 0 ? i0 : k === 1 ? i1 : i2, q = k === 0 ? i1 : k === 1 ? i2 : i0;
      const lo = p < q ? p : q, hi = p < q ? q : p;
      let slot = (Math.imul(lo, 73856093) ^ Math.imul(hi, 19349663)) & edgeMask;
      let index = edgeTable[slot];
      while (index >= 0 && (edgeEnds[index * 2] !== lo || edgeEnds[index * 2 + 1] !== hi)) {
        slot = (slot + 1) & edgeMask;
        index = edgeTable[slot];
      }
      if (index < 0) {
        index = edgeCount++;
        edgeTable[slot] = index;
        edgeEnds[index * 2] = lo;
        edgeEnds[index * 2 + 1] = hi;
        edgeCounts[index] = 1;
        edgeCrease[index] = 0;
        edgeNormals[index * 3] = nx;
        edgeNormals[index * 3 + 1] = ny;
        edgeNormals[index * 3 + 2] = nz;
      } else {
        const count = ++edgeCounts[index];
        const cosine = nx * edgeNormals[index * 3] + ny * edgeNormals[index * 3 + 1] + nz * edgeNormals[index * 3 + 2];
        // Faces of one surface meet with normals alike (or, for a thin sheet drawn both ways, opposite).
        if (Math.abs(cosine) < CREASE_COSINE || count > 2) edgeCrease[index] = 1;
      }
    }
  }
  let kept = 0;
  for (let i = 0; i < edgeCount; i++) if (edgeCounts[i] === 1 || edgeCrease[i]) kept++;
  const edges = new Int32Array(kept * 2);
  // Only the vertices of kept edges stay (renumbered): the rest would only weigh on the cache.
  const newId = weldOf.length >= welded ? weldOf : new Int32Array(welded);
  newId.fill(-1, 0, welded);
  let vertexTotal = 0;
  for (let i = 0, e = 0; i < edgeCount; i++) {
    if (edgeCounts[i] !== 1 && !edgeCrease[i]) continue;
    for (let k = 0; k < 2; k++) {
      const old = edgeEnds[i * 2 + k];
      if (newId[old] < 0) newId[old] = vertexTotal++;
      edges[e * 2 + k] = newId[old];
    }
    e++;
  }
  const vertices = new Float64Array(vertexTotal * 3);
  for (let old = 0; old < welded; old++) {
    const id = newId[old];
    if (id < 0) continue;
    vertices[id * 3] = positions[old * 3];
    vertices[id * 3 + 1] = positions[old * 3 + 1];
    vertices[id * 3 + 2] = positions[old * 3 + 2];
  }
  const edgeStart = new Int32Array(vertexTotal + 1);
  for (const v of edges) edgeStart[v + 1]++;
  for (let v = 0; v < vertexTotal; v++) edgeStart[v + 1] += edgeStart[v];
  const fill = edgeStart.slice(0, vertexTotal);
  const edgesOfVertex = new Int32Array(edges.length);
  for (let e = 0; e < edges.length / 2; e++) {
    edgesOfVertex[fill[edges[e * 2]]++] = e;
    edgesOfVertex[fill[edges[e * 2 + 1]]++] = e;
  }
  return { vertices, edges, edgeStart, edgesOfVertex, circleOf: new Int32Array(kept), circles: [] };
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
 * snapper's tolerance of the radius, in one plane), or null. Worked out once per chain and kept.
 */
export function edgeCircle(data: FragmentEdges, edge: number): EdgeCircle | null {
  const known = data.circleOf[edge];
  if (known !== 0) return known > 0 ? data.circles[known - 1] : null;
  const { vertices } = edgeChain(data, edge);
  const circle = chainCircle(data, vertices);
  let mark = -1;
  if (circle) {
    data.circles.push(circle);
    mark = data.circles.length;
  }
  // Every edge between the chain's vertices shares the answer.
  const onChain = new Set(vertices);
  for (const v of vertices) {
    for (let k = data.edgeStart[v]; k < data.edgeStart[v + 1]; k++) {
      const e = data.edgesOfVertex[k];
      if (onChain.has(data.edges[e * 2]) && onChain.has(data.edges[e * 2 + 1])) data.circleOf[e] = mark;
    }
  }
  data.circleOf[edge] = mark;
  return circle;
}

function chainCircle(data: FragmentEdges, vertices: number[]): EdgeCircle | null {
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
