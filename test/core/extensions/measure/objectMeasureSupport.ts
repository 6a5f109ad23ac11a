import { Document, WebIO } from '@gltf-transform/core';
import { Box3, Line3, Triangle, Vector3 } from 'three';
import type { Model } from '../../../../core/index.js';

/** An axis-aligned box mesh from `min` to `max`: 12 triangles, 24 vertices (flat faces). */
function boxPrimitive(document: Document, min: number[], max: number[]) {
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const positions: number[] = [];
  const indices: number[] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [0, 1]) {
      const u = (axis + 1) % 3, v = (axis + 2) % 3;
      const base = positions.length / 3;
      for (const [a, b] of [[0, 0], [1, 0], [1, 1], [0, 1]]) {
        const p = [0, 0, 0];
        p[axis] = side ? max[axis] : min[axis];
        p[u] = a ? max[u] : min[u];
        p[v] = b ? max[v] : min[v];
        positions.push(...p);
      }
      indices.push(...(side ? [base, base + 1, base + 2, base, base + 2, base + 3] : [base, base + 2, base + 1, base, base + 3, base + 2]));
    }
  }
  return document
    .createPrimitive()
    .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
    .setIndices(document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer));
}

/** A glTF (blob URL of a GLB) of named axis-aligned boxes, each given by its min and max corners. */
export async function boxesGlbUrl(boxes: { name: string; min: number[]; max: number[] }[]): Promise<string> {
  const document = new Document();
  document.createBuffer();
  const scene = document.createScene('Boxes');
  for (const box of boxes) scene.addChild(document.createNode(box.name).setMesh(document.createMesh(box.name).addPrimitive(boxPrimitive(document, box.min, box.max))));
  const bytes = await new WebIO().writeBinary(document);
  return URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>]));
}

/** The dbId of the object a model names so. */
export function dbIdNamed(model: Model, name: string): number {
  const dbId = Array.from(model.fragments.dbIds).find((id) => model.getInstanceTree().getNodeName(id) === name);
  if (dbId === undefined) throw new Error(`no object named ${name}`);
  return dbId;
}

/** The distance between two axis-aligned boxes (0 when they overlap). */
export function boxGap(a: Box3, b: Box3): number {
  const d = [0, 1, 2].map((axis) => Math.max(0, a.min.getComponent(axis) - b.max.getComponent(axis), b.min.getComponent(axis) - a.max.getComponent(axis)));
  return Math.hypot(d[0], d[1], d[2]);
}

/** The distance between two segments (closest points by the clamped parameters of both). */
function segmentDistance(p1: Vector3, q1: Vector3, p2: Vector3, q2: Vector3): number {
  const d1 = q1.clone().sub(p1), d2 = q2.clone().sub(p2), r = p1.clone().sub(p2);
  const a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r);
  let s = 0, t = 0;
  if (a <= 1e-20 && e <= 1e-20) return r.length();
  if (a <= 1e-20) t = Math.min(1, Math.max(0, f / e));
  else {
    const c = d1.dot(r);
    if (e <= 1e-20) s = Math.min(1, Math.max(0, -c / a));
    else {
      const b = d1.dot(d2), denominator = a * e - b * b;
      s = denominator > 0 ? Math.min(1, Math.max(0, (b * f - c * e) / denominator)) : 0;
      t = (b * s + f) / e;
      if (t < 0) [t, s] = [0, Math.min(1, Math.max(0, -c / a))];
      else if (t > 1) [t, s] = [1, Math.min(1, Math.max(0, (b - c) / a))];
    }
  }
  return p1.clone().addScaledVector(d1, s).distanceTo(p2.clone().addScaledVector(d2, t));
}

/**
 * The minimum distance between two triangle soups (9 numbers a triangle), by brute force: every pair of
 * triangles, each vertex against the other triangle and each edge against the other's edges (exact for
 * triangles that do not cross).
 */
export function bruteForceDistance(first: ArrayLike<number>, second: ArrayLike<number>): number {
  const triangles = (p: ArrayLike<number>) => Array.from({ length: p.length / 9 }, (_, i) => new Triangle(new Vector3(p[i * 9], p[i * 9 + 1], p[i * 9 + 2]), new Vector3(p[i * 9 + 3], p[i * 9 + 4], p[i * 9 + 5]), new Vector3(p[i * 9 + 6], p[i * 9 + 7], p[i * 9 + 8])));
  const a = triangles(first), b = triangles(second);
  const edges = (t: Triangle) => [new Line3(t.a, t.b), new Line3(t.b, t.c), new Line3(t.c, t.a)];
  const closest = new Vector3();
  let best = Infinity;
  for (const s of a) {
    for (const t of b) {
      for (const v of [s.a, s.b, s.c]) best = Math.min(best, t.closestPointToPoint(v, closest).distanceTo(v));
      for (const v of [t.a, t.b, t.c]) best = Math.min(best, s.closestPointToPoint(v, closest).distanceTo(v));
      for (const e of edges(s)) for (const f of edges(t)) best = Math.min(best, segmentDistance(e.start, e.end, f.start, f.end));
    }
  }
  return best;
}
