/**
 * `npx tsx scripts/makeEnvironments.ts`: writes the light presets' environment maps into res/environments/
 * (spec 001 §7: `{name}_mipdrop.dds` and `{name}_irr.dds`): for each preset, its surroundings as a cube map
 * of radiance with its whole mip chain, and the irradiance they shed on a surface of each orientation.
 *
 * The surroundings are described here (a sky, a sun or lamps, walls, a ground with its pattern), not
 * photographed: each preset is drawn as its name says, in linear light, +Y up, and stored RGBM-encoded in
 * uncompressed 32-bit DDS cube maps (three's DDSLoader reads them). A photographed HDR can replace a preset's
 * pair under the same names (environmentMaps.ts documents the encoding).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { environmentFileName, RGBM_RANGE } from '../core/render/environmentFiles.js';
import { LIGHT_PRESETS } from '../core/render/lightPresets.js';

type Vec = [number, number, number];

const RADIANCE_SIZE = 64;
const IRRADIANCE_SIZE = 8;
/** The radiance the irradiance is integrated from, per face. */
const INTEGRATION_SIZE = 16;

const linear = (hex: number): Vec => [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255].map((c) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}) as Vec;
const mix = (a: Vec, b: Vec, t: number): Vec => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const scale = (a: Vec, s: number): Vec => [a[0] * s, a[1] * s, a[2] * s];
const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const normalize = (a: Vec): Vec => scale(a, 1 / Math.hypot(...a));
const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** A light in the surroundings: a disc (sun, lamp, softbox) of a colour and intensity, seen within an angular radius. */
interface Lamp {
  direction: Vec;
  color: Vec;
  intensity: number;
  /** Cosine of its angular radius. */
  size: number;
}

interface Surroundings {
  zenith: Vec;
  horizon: Vec;
  ground: Vec;
  /** A pattern on the ground: boards, water, or none. */
  floor?: 'boards' | 'water' | 'tiles';
  lamps: Lamp[];
  /** Walls instead of a sky: the horizon's colour all round up to the ceiling (a room, a studio). */
  room?: boolean;
}

const lamp = (direction: Vec, color: number, intensity: number, degrees: number): Lamp => ({ direction: normalize(direction), color: linear(color), intensity, size: Math.cos((degrees * Math.PI) / 180) });

/** Each preset's surroundings, by name (lightPresets.ts): their colours follow the preset's own. */
const SURROUNDINGS: Record<string, Surroundings> = {
  'Simple grey': { zenith: linear(0xf6f8fa), horizon: linear(0xcdd3d9), ground: linear(0x8a9096), room: true, lamps: [lamp([0, 1, 0], 0xffffff, 6, 25), lamp([1, 0.6, 0.5], 0xffffff, 3, 12)] },
  'Sharp highlights': { zenith: linear(0x3a3f46), horizon: linear(0x2a2e33), ground: linear(0x1c1f22), room: true, lamps: [lamp([1, 1, 1], 0xffffff, 16, 4), lamp([-1, 0.8, 0.3], 0xffffff, 16, 3), lamp([0.2, 0.5, -1], 0xffffff, 12, 3)] },
  'Dark sky': { zenith: linear(0x10151c), horizon: linear(0x3a4656), ground: linear(0x0c0f13), lamps: [lamp([-0.4, 0.7, -0.6], 0xdfe8ff, 10, 2)] },
  'Grey room': { zenith: linear(0xd8dbdf), horizon: linear(0xbfc3c8), ground: linear(0x80868c), floor: 'tiles', room: true, lamps: [lamp([0.5, 1, 0], 0xffffff, 5, 14), lamp([-0.5, 1, 0], 0xffffff, 5, 14)] },
  'Photo booth': { zenith: linear(0xffffff), horizon: linear(0xf2f2f2), ground: linear(0xc4c4c4), room: true, lamps: [lamp([1, 0.3, 0.4], 0xffffff, 6, 22), lamp([-1, 0.3, 0.4], 0xffffff, 6, 22), lamp([0, 1, 0], 0xffffff, 4, 30)] },
  Tranquility: { zenith: linear(0x9fc3e8), horizon: linear(0xdbe8f3), ground: linear(0x8a9aa8), floor: 'water', lamps: [lamp([0.8, 0.35, -0.5], 0xfff4e0, 14, 2.5)] },
  'Infinity pool': { zenith: linear(0x5d9cc8), horizon: linear(0xcfe9f5), ground: linear(0x2f6f8f), floor: 'water', lamps: [lamp([-0.3, 0.8, 0.5], 0xffffff, 16, 2)] },
  'Simple white': { zenith: linear(0xffffff), horizon: linear(0xffffff), ground: linear(0xd0d0d0), room: true, lamps: [lamp([0, 1, 0], 0xffffff, 3, 40)] },
  Boardwalk: { zenith: linear(0x7fa8d6), horizon: linear(0xf3e6d2), ground: linear(0x8c7a64), floor: 'boards', lamps: [lamp([0.5, 0.75, 0.45], 0xffe9c8, 16, 2.5)] },
};

/** The radiance seen along a direction (+Y up). */
function radiance(s: Surroundings, d: Vec): Vec {
  const up = d[1];
  let color: Vec;
  if (up >= 0) {
    const sky = mix(s.horizon, s.zenith, s.room ? smooth(0.55, 0.8, up) : Math.sqrt(up));
    color = scale(sky, s.room ? 1 : 1.3);
  } else {
    // The ground, with its pattern, seen from a little above it; it fades into the horizon's haze far off.
    const distance = 1 / Math.max(1e-3, -up);
    const x = d[0] * distance;
    const z = d[2] * distance;
    let ground = s.ground;
    if (s.floor === 'boards') ground = scale(ground, 0.82 + 0.18 * smooth(0.08, 0.12, Math.abs((x * 2.5) % 1)) * (0.9 + 0.1 * Math.sin(z * 1.7 + Math.floor(x * 2.5) * 2.1)));
    else if (s.floor === 'tiles') ground = scale(ground, (Math.floor(x) + Math.floor(z)) % 2 === 0 ? 1 : 0.85);
    else if (s.floor === 'water') ground = mix(ground, s.horizon, 0.35 * (1 - Math.min(1, -up * 3)) + 0.05 * Math.sin(x * 3 + z * 5));
    color = mix(ground, s.horizon, Math.exp(-(-up) * 12));
  }
  for (const l of s.lamps) {
    const c = dot(d, l.direction);
    if (c > l.size - 0.002) color = add(color, scale(l.color, l.intensity * smooth(l.size - 0.002, l.size + 0.002, c)));
  }
  return color;
}

/** The direction at a texel of a cube face (GL's cube map convention: +X, −X, +Y, −Y, +Z, −Z; rows from t = −1). */
function texelDirection(face: number, x: number, y: number, size: number): Vec {
  const s = (2 * (x + 0.5)) / size - 1;
  const t = (2 * (y + 0.5)) / size - 1;
  const faces: Vec[] = [
    [1, -t, -s],
    [-1, -t, s],
    [s, 1, t],
    [s, -1, -t],
    [s, -t, 1],
    [-s, -t, -1],
  ];
  return normalize(faces[face]);
}

/** A face's radiance, supersampled 4× per texel (the lamps' discs are small). */
function face(s: Surroundings, f: number, size: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let sum: Vec = [0, 0, 0];
      for (const [dx, dy] of [[-0.25, -0.25], [0.25, -0.25], [-0.25, 0.25], [0.25, 0.25]]) sum = add(sum, radiance(s, texelDirection(f, x + dx, y + dy, size)));
      out.set(scale(sum, 0.25), (y * size + x) * 3);
    }
  }
  return out;
}

/** The next mip: a 2×2 box filter. */
function halve(pixels: Float32Array, size: number): Float32Array {
  const half = size >> 1;
  const out = new Float32Array(half * half * 3);
  for (let y = 0; y < half; y++) {
    for (let x = 0; x < half; x++) {
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => pixels[(yy * size + xx) * 3 + c];
        out[(y * half + x) * 3 + c] = (at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1)) / 4;
      }
    }
  }
  return out;
}

/** The solid angle of a cube texel, for integrating over the sphere. */
function texelSolidAngle(x: number, y: number, size: number): number {
  const area = (u: number, v: number) => Math.atan2(u * v, Math.sqrt(u * u + v * v + 1));
  const u0 = (2 * x) / size - 1;
  const v0 = (2 * y) / size - 1;
  const u1 = (2 * (x + 1)) / size - 1;
  const v1 = (2 * (y + 1)) / size - 1;
  return area(u0, v0) - area(u0, v1) - area(u1, v0) + area(u1, v1);
}

/** Irradiance per face: for each texel's normal, the radiance of the hemisphere it faces, cosine-weighted. */
function irradianceFaces(s: Surroundings): Float32Array[] {
  const samples: { d: Vec; l: Vec; w: number }[] = [];
  for (let f = 0; f < 6; f++) {
    const pixels = face(s, f, INTEGRATION_SIZE);
    for (let y = 0; y < INTEGRATION_SIZE; y++) {
      for (let x = 0; x < INTEGRATION_SIZE; x++) {
        const i = (y * INTEGRATION_SIZE + x) * 3;
        samples.push({ d: texelDirection(f, x, y, INTEGRATION_SIZE), l: [pixels[i], pixels[i + 1], pixels[i + 2]], w: texelSolidAngle(x, y, INTEGRATION_SIZE) });
      }
    }
  }
  return [0, 1, 2, 3, 4, 5].map((f) => {
    const out = new Float32Array(IRRADIANCE_SIZE * IRRADIANCE_SIZE * 3);
    for (let y = 0; y < IRRADIANCE_SIZE; y++) {
      for (let x = 0; x < IRRADIANCE_SIZE; x++) {
        const n = texelDirection(f, x, y, IRRADIANCE_SIZE);
        let sum: Vec = [0, 0, 0];
        for (const sample of samples) {
          const c = dot(n, sample.d);
          if (c > 0) sum = add(sum, scale(sample.l, c * sample.w));
        }
        out.set(sum, (y * IRRADIANCE_SIZE + x) * 3);
      }
    }
    return out;
  });
}

/** RGBM: rgb × m × RGBM_RANGE, m the alpha, each 8 bits; stored B, G, R, A (the DDS masks below). */
function encodeRgbm(pixels: Float32Array): Uint8Array {
  const out = new Uint8Array((pixels.length / 3) * 4);
  for (let p = 0; p < pixels.length / 3; p++) {
    const [r, g, b] = [0, 1, 2].map((c) => Math.min(RGBM_RANGE, Math.max(0, pixels[p * 3 + c])));
    const m = Math.min(1, Math.max(1 / 255, Math.ceil((Math.max(r, g, b, 1e-6) / RGBM_RANGE) * 255) / 255));
    const q = (v: number) => Math.round(Math.min(1, v / (m * RGBM_RANGE)) * 255);
    out.set([q(b), q(g), q(r), Math.round(m * 255)], p * 4);
  }
  return out;
}

/** An uncompressed 32-bit (A8R8G8B8) DDS cube map: its faces, each with its mips, largest first. */
function ddsCube(faces: Float32Array[][], size: number): Uint8Array {
  const mips = faces[0].length;
  const header = new Uint32Array(32);
  header[0] = 0x20534444; // "DDS "
  header[1] = 124;
  header[2] = 0x1 | 0x2 | 0x4 | 0x8 | 0x1000 | (mips > 1 ? 0x20000 : 0); // caps, height, width, pitch, pixel format, mip count
  header[3] = size;
  header[4] = size;
  header[5] = size * 4;
  header[7] = mips;
  header[19] = 32; // pixel format size
  header[20] = 0x40 | 0x1; // RGB with alpha
  header[22] = 32;
  header[23] = 0x00ff0000;
  header[24] = 0x0000ff00;
  header[25] = 0x000000ff;
  header[26] = 0xff000000;
  header[27] = 0x1000 | 0x8 | (mips > 1 ? 0x400000 : 0); // texture, complex, mipmap
  header[28] = 0x200 | 0x400 | 0x800 | 0x1000 | 0x2000 | 0x4000 | 0x8000; // a cube map with all six faces
  const body = faces.flatMap((levels) => levels.map(encodeRgbm));
  const out = new Uint8Array(128 + body.reduce((n, b) => n + b.length, 0));
  out.set(new Uint8Array(header.buffer), 0);
  let offset = 128;
  for (const b of body) {
    out.set(b, offset);
    offset += b.length;
  }
  return out;
}

const directory = join(import.meta.dirname, '..', 'res', 'environments');
mkdirSync(directory, { recursive: true });
for (const preset of LIGHT_PRESETS) {
  const s = SURROUNDINGS[preset.name];
  if (!s) throw new Error(`No surroundings for the preset "${preset.name}"`);
  const radianceFaces = [0, 1, 2, 3, 4, 5].map((f) => {
    const levels = [face(s, f, RADIANCE_SIZE)];
    for (let size = RADIANCE_SIZE; size > 1; size >>= 1) levels.push(halve(levels[levels.length - 1], size));
    return levels;
  });
  writeFileSync(join(directory, environmentFileName(preset.name, 'mipdrop')), ddsCube(radianceFaces, RADIANCE_SIZE));
  writeFileSync(join(directory, environmentFileName(preset.name, 'irr')), ddsCube(irradianceFaces(s).map((f) => [f]), IRRADIANCE_SIZE));
  console.log(`${preset.name}: ${environmentFileName(preset.name, 'mipdrop')}, ${environmentFileName(preset.name, 'irr')}`);
}
