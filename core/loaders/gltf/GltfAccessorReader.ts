/** A glTF 2.0 accessor: what this reader reads, and the POSITION bounds the plan places boxes by. */
export interface GltfAccessor {
  bufferView?: number;
  byteOffset?: number;
  componentType: number;
  normalized?: boolean;
  count: number;
  type: string;
  sparse?: unknown;
  min?: number[];
  max?: number[];
}

interface BufferViewDef {
  buffer: number;
  byteOffset?: number;
  byteLength: number;
  byteStride?: number;
  extensions?: Record<string, unknown>;
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/**
 * Reads glTF accessors straight from the binary buffers into typed arrays, skipping the per-mesh
 * three.js objects GLTFLoader would build: the hot path of large models. It handles plain, strided
 * and normalized (KHR_mesh_quantization) accessors; anything else (sparse accessors, compressed buffer
 * views) returns null and the caller falls back to GLTFLoader's own decoding.
 */
export class GltfAccessorReader {
  constructor(
    private readonly accessors: GltfAccessor[],
    private readonly bufferViews: BufferViewDef[],
    /** Each glTF buffer's bytes (a view: a streamed GLB's binary chunk sits inside the whole file). */
    private readonly buffers: (Uint8Array | null)[],
  ) {}

  /**
   * The end (exclusive, in bytes within its buffer) of the data an accessor reads, or Infinity when it
   * cannot be read here. Exact to the accessor, not its buffer view: writers often put every mesh's
   * positions in one view, and a streamed fragment only needs its own bytes.
   */
  endOf(index: number | undefined): number {
    if (index === undefined) return 0;
    if (!this.canRead(index)) return Infinity;
    const accessor = this.accessors[index];
    const view = this.bufferViews[accessor.bufferView!];
    if (view.buffer !== 0) return Infinity;
    const elementBytes = BYTES[accessor.componentType] * (COMPONENTS[accessor.type] ?? 1);
    const stride = view.byteStride && view.byteStride > elementBytes ? view.byteStride : elementBytes;
    return (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0) + stride * Math.max(0, accessor.count - 1) + elementBytes;
  }

  /** Whether an accessor can be read here. */
  canRead(index: number | undefined): boolean {
    if (index === undefined) return true;
    const accessor = this.accessors[index];
    if (!accessor || accessor.sparse || accessor.bufferView === undefined) return false;
    const view = this.bufferViews[accessor.bufferView];
    return !!view && !view.extensions && !!this.buffers[view.buffer] && BYTES[accessor.componentType] !== undefined;
  }

  count(index: number): number {
    return this.accessors[index].count;
  }

  /**
   * The accessor as floats (normalized integers converted to -1..1 or 0..1), `components` per element.
   * `normalized` overrides the accessor's flag, for attributes whose integers are always normalized.
   */
  readFloats(index: number, normalized?: boolean): { data: Float32Array; components: number } {
    const { accessor, bytes, stride, components } = this.layout(index);
    const data = new Float32Array(accessor.count * components);
    if (accessor.componentType === 5126 && bytes.byteOffset % 4 === 0 && stride % 4 === 0) {
      // Aligned floats (the common case): a typed view, no per-component DataView calls.
      const floats = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
      const step = stride >> 2;
      if (step === components) data.set(floats.subarray(0, data.length));
      else for (let i = 0; i < accessor.count; i++) for (let c = 0; c < components; c++) data[i * components + c] = floats[i * step + c];
      return { data, components };
    }
    const raw = componentReader(bytes, accessor.componentType);
    const denormalize = (normalized ?? accessor.normalized) ? denormalizer(accessor.componentType) : null;
    const read = denormalize ? (o: number) => denormalize(raw(o)) : raw;
    const size = BYTES[accessor.componentType];
    for (let i = 0; i < accessor.count; i++) {
      const base = i * stride;
      for (let c = 0; c < components; c++) data[i * components + c] = read(base + c * size);
    }
    return { data, components };
  }

  /** Index data as unsigned integers. */
  readIndices(index: number): Uint32Array {
    const { accessor, bytes, stride } = this.layout(index);
    const size = BYTES[accessor.componentType];
    if (stride === size && bytes.byteOffset % size === 0 && (size === 2 || size === 4)) {
      const View = size === 2 ? Uint16Array : Uint32Array;
      return Uint32Array.from(new View(bytes.buffer as ArrayBuffer, bytes.byteOffset, accessor.count));
    }
    const read = componentReader(bytes, accessor.componentType);
    const out = new Uint32Array(accessor.count);
    for (let i = 0; i < accessor.count; i++) out[i] = read(i * stride);
    return out;
  }

  private layout(index: number) {
    const accessor = this.accessors[index];
    const view = this.bufferViews[accessor.bufferView!];
    const buffer = this.buffers[view.buffer]!;
    const base = buffer.byteOffset;
    const components = COMPONENTS[accessor.type] ?? 1;
    const elementBytes = BYTES[accessor.componentType] * components;
    const stride = view.byteStride && view.byteStride > elementBytes ? view.byteStride : elementBytes;
    const offset = (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
    const length = Math.min(view.byteLength - (accessor.byteOffset ?? 0), stride * Math.max(0, accessor.count - 1) + elementBytes);
    const bytes = new DataView(buffer.buffer, base + offset, Math.max(0, length));
    return { accessor, bytes, stride, components };
  }
}

function componentReader(view: DataView, componentType: number): (byteOffset: number) => number {
  switch (componentType) {
    case 5120:
      return (o) => view.getInt8(o);
    case 5121:
      return (o) => view.getUint8(o);
    case 5122:
      return (o) => view.getInt16(o, true);
    case 5123:
      return (o) => view.getUint16(o, true);
    case 5125:
      return (o) => view.getUint32(o, true);
    default:
      return (o) => view.getFloat32(o, true);
  }
}

/**
 * Turns a normalized accessor's integers (KHR_mesh_quantization) into the values they stand for: -1..1
 * for signed types (the most negative integer is -1 too), 0..1 for unsigned ones.
 */
export function denormalizer(componentType: number): (value: number) => number {
  const scale = normalizationScale(componentType);
  return (value) => Math.max(-1, value * scale);
}

function normalizationScale(componentType: number): number {
  switch (componentType) {
    case 5120:
      return 1 / 127;
    case 5121:
      return 1 / 255;
    case 5122:
      return 1 / 32767;
    case 5123:
      return 1 / 65535;
    default:
      return 1;
  }
}
