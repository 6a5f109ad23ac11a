import { Matrix4, Quaternion, Vector3 } from 'three';
import { ByteReader } from './ByteReader.js';

/** The name every SVF pack file starts with. */
const PACK_FILE_TYPE = 'Autodesk.CloudPlatform.PackFile';
/** Class and type names in pack files carry this prefix; we compare without it. */
const TYPE_PREFIX = 'Autodesk.CloudPlatform.';

export interface PackEntryType {
  /** e.g. "Geometry", "Fragment" (prefix dropped). */
  className: string;
  /** e.g. "OpenCTM", "Lines", "FragmentData" (prefix dropped). */
  type: string;
  version: number;
}

/**
 * An SVF pack file (.pack, .pf, .bin) after gunzip: a header, entries one after another, a types table and
 * a table of entry offsets, found through the two uint32s at the end (svf-format.md §2).
 */
export class PackFile {
  readonly reader: ByteReader;
  readonly version: number;
  readonly types: PackEntryType[] = [];
  readonly offsets: Uint32Array;
  /** Where the first entry starts (entries of files without a TOC run from here). */
  readonly entriesStart: number;

  constructor(bytes: Uint8Array) {
    const reader = new ByteReader(bytes);
    this.reader = reader;
    const name = reader.string32();
    if (name !== PACK_FILE_TYPE) throw new Error(`not a pack file (starts with "${name.slice(0, 40)}")`);
    this.version = reader.i32();
    this.entriesStart = reader.offset;
    const tocOffset = reader.seek(bytes.byteLength - 8).u32();
    const typesOffset = reader.u32();
    reader.seek(typesOffset);
    const typeCount = reader.varint();
    for (let i = 0; i < typeCount; i++) {
      const className = reader.string().replace(TYPE_PREFIX, '');
      const type = reader.string().replace(TYPE_PREFIX, '');
      this.types.push({ className, type, version: reader.varint() });
    }
    reader.seek(tocOffset);
    const entryCount = reader.varint();
    this.offsets = reader.u32Array(entryCount);
  }

  get entryCount(): number {
    return this.offsets.length;
  }

  /** Positions the reader at an entry's payload and returns the entry's type, or null for a bad index. */
  seekEntry(index: number): PackEntryType | null {
    const offset = this.offsets[index];
    if (offset === undefined || offset >= this.reader.length) return null;
    const typeIndex = this.reader.seek(offset).u32();
    return this.types[typeIndex] ?? null;
  }

  /** Path ids (pack version 2 and later: varint count then varints; version 1: uint16s). */
  skipPath(): void {
    const r = this.reader;
    if (this.version < 2) {
      const count = r.u16();
      r.offset += count * 2;
    } else {
      const count = r.varint();
      for (let i = 0; i < count; i++) r.varint();
    }
  }
}

/** Transform kinds (svf-format.md §2). */
const TRANSLATION = 0;
const ROTATION_TRANSLATION = 1;
const UNIFORM_SCALE_ROTATION_TRANSLATION = 2;
const AFFINE = 3;
const IDENTITY = 4;

/**
 * Reads a transform; null for the identity. Translations are float64 in the file and kept as such in the
 * Matrix4 (JavaScript numbers), so large coordinates survive until the geometry is placed.
 */
export function readTransform(r: ByteReader): Matrix4 | null {
  const kind = r.u8();
  switch (kind) {
    case IDENTITY:
      return null;
    case TRANSLATION:
      return new Matrix4().makeTranslation(...r.vec3d());
    case ROTATION_TRANSLATION: {
      const q = new Quaternion(r.f32(), r.f32(), r.f32(), r.f32());
      return new Matrix4().compose(new Vector3(...r.vec3d()), q, ONE);
    }
    case UNIFORM_SCALE_ROTATION_TRANSLATION: {
      const s = r.f32();
      const q = new Quaternion(r.f32(), r.f32(), r.f32(), r.f32());
      return new Matrix4().compose(new Vector3(...r.vec3d()), q, new Vector3(s, s, s));
    }
    case AFFINE: {
      // Nine floats, column by column, then the translation.
      const m = new Matrix4();
      const e = m.elements;
      for (let column = 0; column < 3; column++) {
        for (let row = 0; row < 3; row++) e[column * 4 + row] = r.f32();
      }
      const [x, y, z] = r.vec3d();
      e[12] = x;
      e[13] = y;
      e[14] = z;
      return m;
    }
    default:
      throw new Error(`unknown transform kind ${kind}`);
  }
}

const ONE = new Vector3(1, 1, 1);
