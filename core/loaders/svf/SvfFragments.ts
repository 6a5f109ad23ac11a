import { Box3, type Matrix4, Vector3 } from 'three';
import { PackFile, readTransform } from './PackFile.js';

/** The fragments of an SVF, from FragmentList.pack (svf-format.md §3): one entry per fragId. */
export interface SvfFragments {
  count: number;
  flags: Uint8Array;
  materialIds: Int32Array;
  geometryIds: Int32Array;
  dbIds: Int32Array;
  /** Boxes in the file's coordinates, 6 per fragment, in doubles (far-away models keep their precision). */
  boxes: Float64Array;
  /** World transform of each fragment's geometry; null for the identity. */
  transforms: (Matrix4 | null)[];
}

export function readFragments(bytes: Uint8Array): SvfFragments {
  const pack = new PackFile(bytes);
  const r = pack.reader;
  const count = pack.entryCount;
  const out: SvfFragments = {
    count,
    flags: new Uint8Array(count),
    materialIds: new Int32Array(count),
    geometryIds: new Int32Array(count).fill(-1),
    dbIds: new Int32Array(count),
    boxes: new Float64Array(count * 6),
    transforms: new Array(count).fill(null),
  };
  const translation = new Vector3();
  for (let i = 0; i < count; i++) {
    const type = pack.seekEntry(i);
    if (!type) continue;
    const v = type.version;
    out.flags[i] = v >= 5 ? r.u8() : 1;
    out.materialIds[i] = r.varint();
    if (v >= 3) {
      out.geometryIds[i] = r.varint();
    } else {
      // Old fragment lists point at a pack and an entry directly; not produced for years.
      r.string();
      r.varint();
    }
    const transform = readTransform(r);
    out.transforms[i] = transform;
    const box = [r.f32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32()];
    if (v >= 4 && transform) {
      // Since version 4 the box is stored without the transform's translation.
      translation.setFromMatrixPosition(transform);
      box[0] += translation.x;
      box[1] += translation.y;
      box[2] += translation.z;
      box[3] += translation.x;
      box[4] += translation.y;
      box[5] += translation.z;
    }
    out.boxes.set(box, i * 6);
    out.dbIds[i] = v >= 2 ? r.varint() : 0;
  }
  return out;
}

/** One entry of GeometryMetadata.pf (svf-format.md §4): where a geometry lives and its size. */
export interface SvfGeometryInfo {
  fragType: number;
  primCount: number;
  /** The pack's name as written ("0.pf"), resolved against the manifest by the loader. */
  packId: string;
  entity: number;
  box: Box3;
}

export function readGeometryMetadata(bytes: Uint8Array): SvfGeometryInfo[] {
  const pack = new PackFile(bytes);
  const r = pack.reader;
  const list: SvfGeometryInfo[] = [];
  for (let i = 0; i < pack.entryCount; i++) {
    const type = pack.seekEntry(i);
    if (!type) {
      list.push({ fragType: 0, primCount: 0, packId: '', entity: -1, box: new Box3() });
      continue;
    }
    const fragType = r.u8();
    const min = new Vector3(r.f32(), r.f32(), r.f32());
    const max = new Vector3(r.f32(), r.f32(), r.f32());
    const primCount = r.u16();
    const packId = r.string();
    const entity = r.varint();
    list.push({ fragType, primCount, packId, entity, box: new Box3(min, max) });
  }
  return list;
}
