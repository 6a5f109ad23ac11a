/**
 * The binary side of the SVF writer (svfWriter.ts): a little-endian byte writer and the pack file layout
 * every SVF .pack/.pf/.bin file has (shared/notes/svf-format.md §2), written the way the Autodesk
 * toolkit writes them (checked against demo/samples/svf/bim-sample).
 */

/** The type name every pack file starts with, and the prefix of its class and type names. */
const PACK_FILE_TYPE = 'Autodesk.CloudPlatform.PackFile';
const TYPE_PREFIX = 'Autodesk.CloudPlatform.';
/** The pack file version of every file of the sample (path ids as varints). */
const PACK_VERSION = 2;

const ENCODER = new TextEncoder();

/** A growing buffer written little-endian: the scalars, varints and strings of pack files and OpenCTM. */
export class ByteWriter {
  private buffer = new Uint8Array(1024);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private reserve(bytes: number): number {
    const at = this.length;
    if (at + bytes > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, at + bytes));
      grown.set(this.buffer.subarray(0, at));
      this.buffer = grown;
      this.view = new DataView(grown.buffer);
    }
    this.length += bytes;
    return at;
  }

  u8(value: number): this {
    const at = this.reserve(1);
    this.buffer[at] = value;
    return this;
  }

  u16(value: number): this {
    const at = this.reserve(2); // before reading this.view: reserving may replace it
    this.view.setUint16(at, value, true);
    return this;
  }

  u32(value: number): this {
    const at = this.reserve(4); // before reading this.view: reserving may replace it
    this.view.setUint32(at, value, true);
    return this;
  }

  i32(value: number): this {
    const at = this.reserve(4); // before reading this.view: reserving may replace it
    this.view.setInt32(at, value, true);
    return this;
  }

  f32(value: number): this {
    const at = this.reserve(4); // before reading this.view: reserving may replace it
    this.view.setFloat32(at, value, true);
    return this;
  }

  f64(value: number): this {
    const at = this.reserve(8); // before reading this.view: reserving may replace it
    this.view.setFloat64(at, value, true);
    return this;
  }

  /** Unsigned LEB128 (arithmetic, so values past 2^31 are right). */
  varint(value: number): this {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`varint: ${value} is not an unsigned integer`);
    do {
      const low = value % 128;
      value = Math.floor(value / 128);
      this.u8(value > 0 ? low | 0x80 : low);
    } while (value > 0);
    return this;
  }

  /** Varint byte length, then UTF-8. */
  string(text: string): this {
    const bytes = ENCODER.encode(text);
    return this.varint(bytes.length).bytes(bytes);
  }

  /** Four ASCII characters (OpenCTM tags and methods). */
  tag(text: string): this {
    for (let i = 0; i < 4; i++) this.u8(text.charCodeAt(i) || 0);
    return this;
  }

  bytes(bytes: Uint8Array): this {
    const at = this.reserve(bytes.length);
    this.buffer.set(bytes, at);
    return this;
  }

  f32Array(values: ArrayLike<number>): this {
    for (let i = 0; i < values.length; i++) this.f32(values[i]);
    return this;
  }

  u32Array(values: ArrayLike<number>): this {
    for (let i = 0; i < values.length; i++) this.u32(values[i]);
    return this;
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** An entry type of a pack file (names without the `Autodesk.CloudPlatform.` prefix). */
export interface PackEntryType {
  className: string;
  type: string;
  version: number;
}

/**
 * A pack file: the header (uint32-length type name, int32 version), entries one after another (each a
 * uint32 index into the types table, then its payload), the types table, the table of entry offsets, and
 * the two uint32 offsets of those tables at the end. A file with neither types nor entries (InstanceTree.bin,
 * which writes its nodes straight after the header) has one zero byte that both offsets point at, as the
 * toolkit writes it.
 */
export class PackFileWriter {
  readonly out = new ByteWriter();
  private readonly types: PackEntryType[] = [];
  private readonly offsets: number[] = [];

  constructor() {
    const name = ENCODER.encode(PACK_FILE_TYPE);
    this.out.u32(name.length).bytes(name).i32(PACK_VERSION);
  }

  /** Starts the next entry: writes its type index and returns the writer its payload goes to. */
  entry(type: PackEntryType): ByteWriter {
    let index = this.types.findIndex((t) => t.className === type.className && t.type === type.type && t.version === type.version);
    if (index < 0) index = this.types.push(type) - 1;
    this.offsets.push(this.out.length);
    return this.out.u32(index);
  }

  /** The entry types, as the manifest's typeset lists them. */
  get entryTypes(): readonly PackEntryType[] {
    return this.types;
  }

  finish(): Uint8Array {
    const out = this.out;
    const typesOffset = out.length;
    if (this.types.length === 0 && this.offsets.length === 0) return out.u8(0).u32(typesOffset).u32(typesOffset).finish();
    out.varint(this.types.length);
    for (const t of this.types) out.string(TYPE_PREFIX + t.className).string(TYPE_PREFIX + t.type).varint(t.version);
    const tocOffset = out.length;
    out.varint(this.offsets.length).u32Array(this.offsets);
    return out.u32(tocOffset).u32(typesOffset).finish();
  }
}

/** A fragment or node transform: translation (float64) with an optional rotation and uniform scale. */
export interface SvfTransform {
  translation?: readonly [number, number, number];
  /** Quaternion x, y, z, w. */
  rotation?: readonly [number, number, number, number];
  scale?: number;
}

/** Transform kinds (svf-format.md §2, Transform). */
const TRANSLATION = 0;
const ROTATION_TRANSLATION = 1;
const UNIFORM_SCALE_ROTATION_TRANSLATION = 2;
const IDENTITY = 4;

/**
 * Writes a transform with the smallest kind that holds it: identity (no translation), translation,
 * rotation + translation, or uniform scale + rotation + translation. Translations are float64.
 */
export function writeTransform(out: ByteWriter, transform: SvfTransform): void {
  const { translation, rotation, scale } = transform;
  if (!translation && !rotation && scale === undefined) {
    out.u8(IDENTITY);
    return;
  }
  const t = translation ?? [0, 0, 0];
  const q = rotation ?? [0, 0, 0, 1];
  if (scale !== undefined && scale !== 1) out.u8(UNIFORM_SCALE_ROTATION_TRANSLATION).f32(scale).f32Array(q);
  else if (rotation) out.u8(ROTATION_TRANSLATION).f32Array(q);
  else out.u8(TRANSLATION);
  out.f64(t[0]).f64(t[1]).f64(t[2]);
}

/** OpenCTM format version and the header flag for normals. */
const OPENCTM_VERSION = 5;
const OPENCTM_HAS_NORMALS = 1;

/**
 * A triangle mesh as an OpenCTM stream, method RAW: the header (vertex and triangle counts, no UV or
 * attribute maps, the normals flag, an empty comment), then the INDX, VERT and (when given) NORM blocks.
 */
export function writeOpenCtmRaw(out: ByteWriter, mesh: { positions: Float32Array; indices: ArrayLike<number>; normals?: Float32Array }): void {
  const vertexCount = mesh.positions.length / 3;
  out.tag('OCTM').i32(OPENCTM_VERSION).tag('RAW\0');
  out.i32(vertexCount).i32(mesh.indices.length / 3).i32(0).i32(0).i32(mesh.normals ? OPENCTM_HAS_NORMALS : 0);
  out.i32(0); // comment: none
  out.tag('INDX').u32Array(mesh.indices);
  out.tag('VERT').f32Array(mesh.positions);
  if (mesh.normals) out.tag('NORM').f32Array(mesh.normals);
}
