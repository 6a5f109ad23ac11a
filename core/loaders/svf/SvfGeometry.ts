import type { PrimitiveKind } from '../../model/GeometryBatch.js';
import type { ByteReader } from './ByteReader.js';
import type { PackFile } from './PackFile.js';

/** A geometry as read from a pack entry, in its own (local) space. */
export interface SvfMesh {
  kind: PrimitiveKind;
  positions: Float32Array;
  normals: Float32Array | null;
  uvs: Float32Array | null;
  indices: Uint32Array | Uint16Array;
}

/** Thrown for meshes the reader knows but does not decode (OpenCTM MG1/MG2). */
export class UnsupportedGeometryError extends Error {}

/** Reads entry `index` of a geometry pack (svf-format.md §5); null for an entry it has no reader for. */
export function readGeometry(pack: PackFile, index: number): SvfMesh | null {
  const type = pack.seekEntry(index);
  if (!type) return null;
  switch (type.type) {
    case 'OpenCTM':
      return readOpenCtm(pack.reader);
    case 'Lines':
      return readLines(pack.reader, type.version);
    case 'Points':
      return readPoints(pack.reader);
    default:
      return null;
  }
}

/** The primitive kind of each entry type a pack can hold. */
export function kindOfEntryType(type: string): PrimitiveKind | null {
  if (type === 'OpenCTM') return 'triangles';
  if (type === 'Lines') return 'lines';
  if (type === 'Points') return 'points';
  return null;
}

const HAS_NORMALS = 1;

/** OpenCTM, RAW method: plain arrays after tagged blocks. */
function readOpenCtm(r: ByteReader): SvfMesh {
  const magic = r.tag();
  if (magic !== 'OCTM') throw new Error(`bad OpenCTM magic "${magic}"`);
  r.i32(); // format version
  const method = r.tag();
  if (method !== 'RAW\0') throw new UnsupportedGeometryError(`OpenCTM method ${method.replace('\0', '')} is not supported`);
  const vertexCount = r.i32();
  const triangleCount = r.i32();
  const uvMapCount = r.i32();
  const attributeMapCount = r.i32();
  const flags = r.i32();
  r.skipSized(); // comment

  expectTag(r, 'INDX');
  const indices = r.u32Array(triangleCount * 3);
  expectTag(r, 'VERT');
  const positions = r.f32Array(vertexCount * 3);
  let normals: Float32Array | null = null;
  if (flags & HAS_NORMALS) {
    expectTag(r, 'NORM');
    normals = r.f32Array(vertexCount * 3);
    normalize(normals);
  }
  let uvs: Float32Array | null = null;
  for (let m = 0; m < uvMapCount; m++) {
    expectTag(r, 'TEXC');
    r.skipSized(); // map name
    r.skipSized(); // file name
    const map = r.f32Array(vertexCount * 2);
    uvs ??= map; // the first map is the one materials use
  }
  // Attribute maps (vertex colours and the like) come last and are not drawn.
  void attributeMapCount;
  return { kind: 'triangles', positions, normals, uvs, indices };
}

function expectTag(r: ByteReader, tag: string): void {
  const found = r.tag();
  if (found !== tag) throw new Error(`OpenCTM: expected ${tag}, found "${found}"`);
}

function normalize(normals: Float32Array): void {
  for (let i = 0; i < normals.length; i += 3) {
    const length = Math.hypot(normals[i], normals[i + 1], normals[i + 2]);
    if (length > 0) {
      normals[i] /= length;
      normals[i + 1] /= length;
      normals[i + 2] /= length;
    }
  }
}

/** Polylines as segment pairs (entry version 2 and later; a line width from version 3). */
function readLines(r: ByteReader, version: number): SvfMesh {
  const vertexCount = r.u16();
  const indexCount = r.u16();
  r.u16(); // polyline bounds count
  if (version > 2) r.f32(); // line width
  const hasColors = r.u8() !== 0;
  const positions = r.f32Array(vertexCount * 3);
  if (hasColors) r.skip(vertexCount * 12);
  const indices = r.u16Array(indexCount);
  return { kind: 'lines', positions, normals: null, uvs: null, indices };
}

function readPoints(r: ByteReader): SvfMesh {
  const vertexCount = r.u16();
  const indexCount = r.u16();
  r.f32(); // point size
  const hasColors = r.u8() !== 0;
  const positions = r.f32Array(vertexCount * 3);
  if (hasColors) r.skip(vertexCount * 12);
  void indexCount;
  return { kind: 'points', positions, normals: null, uvs: null, indices: Uint32Array.from({ length: vertexCount }, (_, i) => i) };
}
