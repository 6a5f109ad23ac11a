import { sendMouse } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import type { Viewer } from '../../../../core/index.js';
import type { MeasureExtension } from '../../../../core/extensions/measure/MeasureExtension.js';
import type { Measurement } from '../../../../core/extensions/measure/Measurement.js';
import { nextEvent } from '../../../support/helpers.js';

/** The page point where a real-coordinate point is drawn (rounded to whole pixels, as a mouse is). */
export function pagePointOf(viewer: Viewer, point: Vector3): [number, number] {
  const camera = viewer.navigation.getThreeCamera();
  camera.updateMatrixWorld();
  const v = point.clone().project(camera);
  const rect = viewer.canvas.getBoundingClientRect();
  return [Math.round(rect.left + ((v.x + 1) / 2) * rect.width), Math.round(rect.top + ((1 - v.y) / 2) * rect.height)];
}

/** A real click at a page point; resolves with the measure-change it raised. */
export async function clickAt(viewer: Viewer, at: [number, number]) {
  const changed = nextEvent(viewer, 'measure-change', 5000);
  await sendMouse({ type: 'move', position: at });
  await sendMouse({ type: 'click', position: at });
  return changed;
}

/** Clicks each point; resolves with the last measurement completed. */
export async function measure(viewer: Viewer, points: Vector3[], offset: [number, number] = [0, 0]): Promise<Measurement | null> {
  let last: Measurement | null = null;
  for (const point of points) {
    const [x, y] = pagePointOf(viewer, point);
    last = (await clickAt(viewer, [x + offset[0], y + offset[1]])).last;
  }
  return last;
}

/** What the pointer snaps to at a page point (a real move of the mouse, read from the tool's hover). */
export async function hoverSnap(viewer: Viewer, at: [number, number]) {
  const tool = viewer.getExtension<MeasureExtension>('measure')!.getTool()!;
  tool.$hover.set(null);
  await sendMouse({ type: 'move', position: [at[0] + 1, at[1]] });
  await sendMouse({ type: 'move', position: at });
  return tool.$hover.get();
}

export function closeRelative(actual: number | undefined, expected: number, relative = 1e-6): boolean {
  return actual !== undefined && Math.abs(actual - expected) <= relative * Math.abs(expected);
}

export const corner = (box: { min: Vector3; max: Vector3 }, sx: 0 | 1, sy: 0 | 1, sz: 0 | 1) =>
  new Vector3(sx ? box.max.x : box.min.x, sy ? box.max.y : box.min.y, sz ? box.max.z : box.min.z);

/**
 * A closed cylinder as a glTF (data URI): `segments` sides about the Y axis, radius and height in metres,
 * centred on the origin; caps are fans from their centres.
 */
export function cylinderGltfUrl(radius: number, height: number, segments: number): string {
  const positions: number[] = [];
  const indices: number[] = [];
  const ring = (y: number) => {
    const start = positions.length / 3;
    for (let i = 0; i < segments; i++) {
      const a = (2 * Math.PI * i) / segments;
      positions.push(radius * Math.cos(a), y, radius * Math.sin(a));
    }
    return start;
  };
  const top = ring(height / 2), bottom = ring(-height / 2);
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    indices.push(bottom + i, top + i, top + j, bottom + i, top + j, bottom + j);
  }
  const topCentre = positions.length / 3;
  positions.push(0, height / 2, 0);
  const bottomCentre = positions.length / 3;
  positions.push(0, -height / 2, 0);
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    indices.push(topCentre, top + j, top + i, bottomCentre, bottom + i, bottom + j);
  }
  const p = Float32Array.from(positions), idx = Uint16Array.from(indices);
  const bytes = new Uint8Array(p.byteLength + idx.byteLength);
  bytes.set(new Uint8Array(p.buffer), 0);
  bytes.set(new Uint8Array(idx.buffer), p.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const min = [-radius, -height / 2, -radius], max = [radius, height / 2, radius];
  const gltf = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ name: 'Cylinder', mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: p.length / 3, type: 'VEC3', min, max },
      { bufferView: 1, componentType: 5123, count: idx.length, type: 'SCALAR' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: p.byteLength },
      { buffer: 0, byteOffset: p.byteLength, byteLength: idx.byteLength },
    ],
    buffers: [{ byteLength: bytes.byteLength, uri: `data:application/octet-stream;base64,${btoa(binary)}` }],
  };
  return URL.createObjectURL(new Blob([JSON.stringify(gltf)]));
}
