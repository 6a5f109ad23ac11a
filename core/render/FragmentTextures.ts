import { DataTexture, FloatType, NearestFilter, RGBAFormat, UnsignedByteType, type TypedArray } from 'three';
import { FragmentFlag, type FragmentList } from '../model/FragmentList.js';
import { quantizationStep } from '../model/quantization.js';
import type { ModelMaterial } from '../model/ModelMaterial.js';

/** Texels per row of every fragment data texture (rows grow with the model; 8192 rows hold 16M texels). */
export const DATA_TEXTURE_WIDTH = 2048;
/** Texels per material in the material table: packed colour, opacity, metalness, roughness; emissive. */
export const MATERIAL_TEXELS = 2;

function createTexture(texels: number, type: typeof UnsignedByteType | typeof FloatType): DataTexture {
  const rows = Math.max(1, Math.ceil(texels / DATA_TEXTURE_WIDTH));
  const data = type === FloatType ? new Float32Array(DATA_TEXTURE_WIDTH * rows * 4) : new Uint8Array(DATA_TEXTURE_WIDTH * rows * 4);
  const texture = new DataTexture(data, DATA_TEXTURE_WIDTH, rows, RGBAFormat, type);
  texture.magFilter = NearestFilter;
  texture.minFilter = NearestFilter;
  texture.generateMipmaps = false;
  texture.flipY = false;
  texture.needsUpdate = true;
  return texture;
}

function dataOf<T extends TypedArray>(texture: DataTexture): T {
  return texture.image.data as unknown as T;
}

/**
 * The per-fragment state the batch shaders read, one texel (or a few) per fragId: flags and material
 * (state), dequantization box, theming colour, optional transform, and the material table. Hiding,
 * selecting, theming or moving an object rewrites texels; no batch is ever rebuilt for it.
 */
export class FragmentTextures {
  readonly state: DataTexture;
  readonly boxes: DataTexture;
  readonly theming: DataTexture;
  readonly materials: DataTexture;
  transforms: DataTexture | null = null;
  private transformVersion = -1;

  constructor(private readonly fragments: FragmentList, materials: readonly ModelMaterial[]) {
    this.state = createTexture(fragments.count, UnsignedByteType);
    this.boxes = createTexture(fragments.count, FloatType);
    this.theming = createTexture(fragments.count, UnsignedByteType);
    this.materials = createTexture(Math.max(1, materials.length) * MATERIAL_TEXELS, FloatType);
    this.writeMaterials(materials);
    this.syncState();
  }

  /** Mirrors every fragment's flags and material id into the state texture. */
  syncState(): void {
    const data = dataOf<Uint8Array>(this.state);
    const { flags, materialIds, count } = this.fragments;
    for (let i = 0; i < count; i++) {
      const o = i * 4;
      data[o] = flags[i];
      data[o + 1] = materialIds[i] & 0xff;
      data[o + 2] = (materialIds[i] >> 8) & 0xff;
    }
    this.state.needsUpdate = true;
  }

  /** Writes the dequantization texel (box min xyz, step) of some fragments. */
  writeBoxes(fragIds: ArrayLike<number>): void {
    const data = dataOf<Float32Array>(this.boxes);
    const boxes = this.fragments.boxes;
    for (let i = 0; i < fragIds.length; i++) {
      const fragId = fragIds[i];
      const b = fragId * 6;
      const o = fragId * 4;
      data[o] = boxes[b];
      data[o + 1] = boxes[b + 1];
      data[o + 2] = boxes[b + 2];
      data[o + 3] = quantizationStep(boxes, b);
    }
    this.boxes.needsUpdate = true;
  }

  /** Sets (rgba 0–1, alpha = strength) or clears (null) the theming colour of fragments. */
  /** A fragment's theming colour (0–255 rgba), or null when it has none. */
  themingOf(fragId: number): readonly number[] | null {
    if (!(this.fragments.flags[fragId] & FragmentFlag.THEMED)) return null;
    const data = dataOf<Uint8Array>(this.theming);
    return [data[fragId * 4], data[fragId * 4 + 1], data[fragId * 4 + 2], data[fragId * 4 + 3]];
  }

  setThemingColor(fragIds: ArrayLike<number>, rgba: readonly number[] | null): void {
    const data = dataOf<Uint8Array>(this.theming);
    const flags = this.fragments.flags;
    for (let i = 0; i < fragIds.length; i++) {
      const fragId = fragIds[i];
      const o = fragId * 4;
      if (rgba) {
        data[o] = Math.round(clamp01(rgba[0]) * 255);
        data[o + 1] = Math.round(clamp01(rgba[1]) * 255);
        data[o + 2] = Math.round(clamp01(rgba[2]) * 255);
        data[o + 3] = Math.round(clamp01(rgba[3] ?? 1) * 255);
        flags[fragId] |= FragmentFlag.THEMED;
      } else {
        data[o] = data[o + 1] = data[o + 2] = data[o + 3] = 0;
        flags[fragId] &= ~FragmentFlag.THEMED;
      }
    }
    this.theming.needsUpdate = true;
  }

  clearThemingColors(): void {
    dataOf<Uint8Array>(this.theming).fill(0);
    const flags = this.fragments.flags;
    for (let i = 0; i < flags.length; i++) flags[i] &= ~FragmentFlag.THEMED;
    this.theming.needsUpdate = true;
  }

  /** Mirrors the fragments' transforms when they changed; returns whether transforms are in use. */
  syncTransforms(): boolean {
    const source = this.fragments.transforms;
    if (this.fragments.transformVersion === this.transformVersion) return this.transforms !== null;
    this.transformVersion = this.fragments.transformVersion;
    if (!source) {
      this.transforms?.dispose();
      this.transforms = null;
      return false;
    }
    this.transforms ??= createTexture(this.fragments.count * 3, FloatType);
    const data = dataOf<Float32Array>(this.transforms);
    // Source: 3x4 column-major (12 floats). Texels: three rows (m0j, m1j, m2j with translation in w).
    for (let i = 0; i < this.fragments.count; i++) {
      const s = i * 12;
      const o = i * 12;
      for (let row = 0; row < 3; row++) {
        data[o + row * 4] = source[s + row];
        data[o + row * 4 + 1] = source[s + 3 + row];
        data[o + row * 4 + 2] = source[s + 6 + row];
        data[o + row * 4 + 3] = source[s + 9 + row];
      }
    }
    this.transforms.needsUpdate = true;
    return true;
  }

  /**
   * The material table: texel 0 = sRGB colour packed in one float (r·65536 + g·256 + b, exact below 2^24),
   * opacity, metalness, roughness; texel 1 = emissive colour. One fetch per vertex, two with emissive.
   */
  writeMaterials(materials: readonly ModelMaterial[]): void {
    const data = dataOf<Float32Array>(this.materials);
    this.hasEmissive = false;
    materials.forEach((m, index) => {
      const o = index * MATERIAL_TEXELS * 4;
      const [r, g, b] = m.color.map(to255);
      data[o] = r * 65536 + g * 256 + b;
      data[o + 1] = clamp01(m.opacity);
      data[o + 2] = clamp01(m.metalness);
      data[o + 3] = clamp01(m.roughness);
      data.set(m.emissive.map(clamp01), o + 4);
      if (m.emissive.some((c) => c > 0)) this.hasEmissive = true;
    });
    this.materials.needsUpdate = true;
  }

  /** Whether any material glows (the shader reads the emissive texel only then). */
  hasEmissive = false;

  dispose(): void {
    this.state.dispose();
    this.boxes.dispose();
    this.theming.dispose();
    this.materials.dispose();
    this.transforms?.dispose();
  }
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));
}

function to255(v: number): number {
  return Math.round(clamp01(v) * 255);
}
