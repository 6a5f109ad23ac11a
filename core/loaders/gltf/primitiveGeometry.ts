import type { BufferAttribute, BufferGeometry, InterleavedBufferAttribute, Matrix4 } from 'three';
import { Vector3 } from 'three';
import type { BatchPlan } from '../../model/GeometryBatch.js';
import type { FragmentGeometry } from '../GeometryPacker.js';
import { placeInWorld } from '../placeInWorld.js';
import type { GltfAccessorReader } from './GltfAccessorReader.js';
import type { GltfPrimitive, PlannedFragment } from './GltfPlan.js';

type Geometry = Omit<FragmentGeometry, 'fragId' | 'batch'>;
/** What of a primitive its batch draws beyond positions, normals and indices. */
type Wanted = Pick<BatchPlan, 'hasUvs' | 'hasColors'>;

/** Whether a primitive uses extensions (compression): its accessors are then not read directly. */
export function hasExtensions(primitive: GltfPrimitive): boolean {
  return Boolean((primitive as { extensions?: unknown }).extensions);
}

/** A primitive's geometry read from its accessors, placed in world space by the node's matrix. */
export function readPrimitive(primitive: GltfPrimitive, reader: GltfAccessorReader, world: Matrix4, fragment: PlannedFragment, want: Wanted): Geometry {
  const a = primitive.attributes;
  const positions = reader.readFloats(a.POSITION).data;
  const normals = fragment.kind === 'triangles' && a.NORMAL !== undefined ? reader.readFloats(a.NORMAL).data : null;
  const uvs = want.hasUvs && a.TEXCOORD_0 !== undefined ? reader.readFloats(a.TEXCOORD_0).data : null;
  // COLOR_0's integers are always normalized (glTF 2.0 §3.7.2.1), whether or not the accessor says so.
  const colors = want.hasColors && a.COLOR_0 !== undefined ? toRgba(reader.readFloats(a.COLOR_0, true)) : null;
  const indices = primitive.indices !== undefined ? reader.readIndices(primitive.indices) : null;
  return placeInWorld({ positions, normals, uvs, colors, indices: toListIndices(indices, positions.length / 3, fragment.mode) }, world, fragment.kind);
}

/** The same from a BufferGeometry that GLTFLoader decoded (compressed or sparse data). */
export function fromBufferGeometry(geometry: BufferGeometry, world: Matrix4, fragment: PlannedFragment, want: Wanted): Geometry {
  const position = geometry.getAttribute('position');
  const positions = new Float32Array(position.count * 3);
  const v = new Vector3();
  for (let i = 0; i < position.count; i++) v.fromBufferAttribute(position, i).toArray(positions, i * 3);
  const normal = geometry.getAttribute('normal');
  let normals: Float32Array | null = null;
  if (fragment.kind === 'triangles' && normal) {
    normals = new Float32Array(position.count * 3);
    for (let i = 0; i < position.count; i++) v.fromBufferAttribute(normal, i).toArray(normals, i * 3);
  }
  const uv = geometry.getAttribute('uv');
  let uvs: Float32Array | null = null;
  if (want.hasUvs && uv) {
    uvs = new Float32Array(position.count * 2);
    for (let i = 0; i < position.count; i++) {
      uvs[i * 2] = uv.getX(i);
      uvs[i * 2 + 1] = uv.getY(i);
    }
  }
  const color = geometry.getAttribute('color');
  const colors = want.hasColors && color ? colorsOf(color) : null;
  // GLTFLoader has already turned strips and fans into triangle lists.
  const mode = fragment.kind === 'triangles' ? 4 : fragment.mode;
  const indices = geometry.index ? Uint32Array.from(geometry.index.array as ArrayLike<number>) : null;
  return placeInWorld({ positions, normals, uvs, colors, indices: toListIndices(indices, position.count, mode) }, world, fragment.kind);
}

/** Colours as r, g, b, a per vertex: RGB (VEC3) gets an alpha of 1. */
function toRgba({ data, components }: { data: Float32Array; components: number }): Float32Array {
  if (components === 4) return data;
  const count = data.length / components;
  const out = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) {
    out[i * 4] = data[i * components];
    out[i * 4 + 1] = data[i * components + 1];
    out[i * 4 + 2] = data[i * components + 2];
    out[i * 4 + 3] = 1;
  }
  return out;
}

/** GLTFLoader's colour attribute as r, g, b, a floats (integers it left unnormalized are normalized here). */
function colorsOf(color: BufferAttribute | InterleavedBufferAttribute): Float32Array {
  const array = color.array;
  const scale = color.normalized ? 1 : array instanceof Uint8Array ? 1 / 255 : array instanceof Uint16Array ? 1 / 65535 : 1;
  const out = new Float32Array(color.count * 4);
  for (let i = 0; i < color.count; i++) {
    out[i * 4] = color.getX(i) * scale;
    out[i * 4 + 1] = color.getY(i) * scale;
    out[i * 4 + 2] = color.getZ(i) * scale;
    out[i * 4 + 3] = color.itemSize === 4 ? color.getW(i) * scale : 1;
  }
  return out;
}

/** Strips, fans and line strips/loops become lists, so one batch draws every primitive of its kind. */
function toListIndices(indices: Uint32Array | null, vertexCount: number, mode: number): Uint32Array | null {
  if (mode === 4 || mode === 1 || mode === 0) return indices;
  const source = indices ?? sequence(vertexCount);
  const n = source.length;
  if (mode === 5 || mode === 6) {
    const out = new Uint32Array(Math.max(0, n - 2) * 3);
    for (let i = 0; i + 2 < n; i++) {
      if (mode === 6) out.set([source[0], source[i + 1], source[i + 2]], i * 3);
      else if (i % 2 === 0) out.set([source[i], source[i + 1], source[i + 2]], i * 3);
      else out.set([source[i + 1], source[i], source[i + 2]], i * 3);
    }
    return out;
  }
  const segments = mode === 2 ? n : Math.max(0, n - 1);
  const out = new Uint32Array(segments * 2);
  for (let i = 0; i < segments; i++) {
    out[i * 2] = source[i];
    out[i * 2 + 1] = source[(i + 1) % n];
  }
  return out;
}

function sequence(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
