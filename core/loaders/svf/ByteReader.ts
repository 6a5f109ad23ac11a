/**
 * A little-endian cursor over the bytes of an SVF pack file: the scalars, varints, strings, vectors and
 * transforms its entries are written with (shared/notes/svf-format.md §2).
 */
export class ByteReader {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  offset = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.byteLength;
  }

  seek(offset: number): this {
    this.offset = offset;
    return this;
  }

  skip(bytes: number): this {
    this.offset += bytes;
    return this;
  }

  /** Skips an int32-length-prefixed block (OpenCTM strings). */
  skipSized(): this {
    const length = this.i32();
    return this.skip(length);
  }

  u8(): number {
    return this.bytes[this.offset++];
  }

  u16(): number {
    const value = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }

  u32(): number {
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }

  i32(): number {
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  f32(): number {
    const value = this.view.getFloat32(this.offset, true);
    this.offset += 4;
    return value;
  }

  f64(): number {
    const value = this.view.getFloat64(this.offset, true);
    this.offset += 8;
    return value;
  }

  /** Unsigned LEB128; arithmetic rather than bit operations so values past 2^31 stay right. */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.offset++];
      if (byte === undefined) throw new RangeError('Varint runs past the end of the file');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  }

  /** A string: varint byte length, then UTF-8. */
  string(): string {
    const length = this.varint();
    const text = DECODER.decode(this.bytes.subarray(this.offset, this.offset + length));
    this.offset += length;
    return text;
  }

  /** A string whose length is a uint32 (the pack file's own type name). */
  string32(): string {
    const length = this.u32();
    const text = DECODER.decode(this.bytes.subarray(this.offset, this.offset + length));
    this.offset += length;
    return text;
  }

  vec3f(): [number, number, number] {
    return [this.f32(), this.f32(), this.f32()];
  }

  vec3d(): [number, number, number] {
    return [this.f64(), this.f64(), this.f64()];
  }

  /** float32 array copied out of the file (the offset need not be 4-byte aligned). */
  f32Array(count: number): Float32Array {
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.view.getFloat32(this.offset + i * 4, true);
    this.offset += count * 4;
    return out;
  }

  u32Array(count: number): Uint32Array {
    const out = new Uint32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.view.getUint32(this.offset + i * 4, true);
    this.offset += count * 4;
    return out;
  }

  u16Array(count: number): Uint16Array {
    const out = new Uint16Array(count);
    for (let i = 0; i < count; i++) out[i] = this.view.getUint16(this.offset + i * 2, true);
    this.offset += count * 2;
    return out;
  }

  /** Four ASCII characters (OpenCTM tags). */
  tag(): string {
    const text = String.fromCharCode(this.bytes[this.offset], this.bytes[this.offset + 1], this.bytes[this.offset + 2], this.bytes[this.offset + 3]);
    this.offset += 4;
    return text;
  }
}

const DECODER = new TextDecoder();
