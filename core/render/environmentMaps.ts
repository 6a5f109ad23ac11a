import {
  BackSide,
  BoxGeometry,
  Color,
  CompressedCubeTexture,
  type CompressedPixelFormat,
  type CompressedTexture,
  LinearFilter,
  LinearMipmapLinearFilter,
  LinearSRGBColorSpace,
  Mesh,
  RGBAFormat,
  Scene,
  ShaderMaterial,
  UnsignedByteType,
  type WebGLCubeRenderTarget,
  type WebGLRenderer,
} from 'three';
import { DDSLoader } from 'three/examples/jsm/loaders/DDSLoader.js';
import { RGBM_RANGE } from './environmentFiles.js';
import { prefilterEnvironment } from './prefilterEnvironment.js';

/** A light preset's environment (environmentFiles.ts), read from its two files. */
export interface EnvironmentMap {
  readonly name: string;
  /** The radiance around the model: an RGBM cube map with its mips (+Y up, GL's faces). */
  readonly radiance: CompressedCubeTexture;
  /** The irradiance a surface facing up, and facing down, receives, as the radiance of a sky and a ground that would give it (linear). */
  readonly sky: Color;
  readonly ground: Color;
  /** The mean radiance over the sphere (linear luminance). */
  readonly meanRadiance: number;
}

/** GLSL: an RGBM texel as linear colour. */
export const DECODE_RGBM = /* glsl */ `
  vec3 decodeRgbm(vec4 rgbm) {
    return rgbm.rgb * rgbm.a * ${RGBM_RANGE.toFixed(1)};
  }`;

interface ParsedCube {
  width: number;
  mipmapCount: number;
  isCubemap: boolean;
  format: number;
  mipmaps: { data: Uint8Array; width: number; height: number }[];
}

function parseCube(bytes: ArrayBuffer, what: string): ParsedCube {
  const parsed = new DDSLoader().parse(bytes, true) as unknown as ParsedCube;
  if (!parsed.isCubemap || parsed.format !== RGBAFormat || parsed.mipmaps.length !== 6 * parsed.mipmapCount) {
    throw new Error(`${what} is not an uncompressed 32-bit DDS cube map`);
  }
  return parsed;
}

function rgbmAt(data: Uint8Array, i: number): [number, number, number] {
  const m = (data[i + 3] / 255) * RGBM_RANGE;
  return [(data[i] / 255) * m, (data[i + 1] / 255) * m, (data[i + 2] / 255) * m];
}

/** The mean linear colour of one face of a parsed cube's first level. */
function faceMean(cube: ParsedCube, face: number): [number, number, number] {
  const { data } = cube.mipmaps[face * cube.mipmapCount];
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) {
    const rgb = rgbmAt(data, i);
    for (let c = 0; c < 3; c++) sum[c] += rgb[c];
  }
  const texels = data.length / 4;
  return [sum[0] / texels, sum[1] / texels, sum[2] / texels];
}

const luminance = (rgb: readonly number[]) => 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];

/** Reads a preset's two files (the radiance's mips and the irradiance) into an environment map. */
export function parseEnvironmentMap(name: string, mipdrop: ArrayBuffer, irradiance: ArrayBuffer): EnvironmentMap {
  const radiance = parseCube(mipdrop, `${name}'s radiance`);
  const irr = parseCube(irradiance, `${name}'s irradiance`);
  const faces = [0, 1, 2, 3, 4, 5].map((face) => ({
    mipmaps: radiance.mipmaps.slice(face * radiance.mipmapCount, (face + 1) * radiance.mipmapCount),
    width: radiance.width,
    height: radiance.width,
    format: RGBAFormat,
  }));
  // Uncompressed data through the compressed path: three uploads RGBA levels with texImage2D, mips and all.
  const texture = new CompressedCubeTexture(faces as unknown as CompressedTexture[], RGBAFormat as unknown as CompressedPixelFormat, UnsignedByteType);
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.colorSpace = LinearSRGBColorSpace;
  texture.needsUpdate = true;
  // The irradiance of the faces up (+Y) and down (−Y), over π: the radiance of a uniform sky or ground.
  const up = faceMean(irr, 2).map((v) => v / Math.PI);
  const down = faceMean(irr, 3).map((v) => v / Math.PI);
  const mean = [0, 1, 2, 3, 4, 5].reduce((sum, face) => sum + luminance(faceMean(radiance, face)), 0) / 6;
  return { name, radiance: texture, sky: new Color(...(up as [number, number, number])), ground: new Color(...(down as [number, number, number])), meanRadiance: mean };
}

/** The radiance cube drawn around the origin, decoded to linear light (what prefilterEnvironment sees). */
function surroundings(map: EnvironmentMap): { scene: Scene; dispose: () => void } {
  const material = new ShaderMaterial({
    uniforms: { radiance: { value: map.radiance } },
    vertexShader: /* glsl */ `
      varying vec3 vDirection;
      void main() {
        vDirection = position;
        gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
      }`,
    fragmentShader: /* glsl */ `
      uniform samplerCube radiance;
      varying vec3 vDirection;
      ${DECODE_RGBM}
      void main() {
        gl_FragColor = vec4(decodeRgbm(textureCube(radiance, normalize(vDirection))), 1.0);
      }`,
    side: BackSide,
    depthTest: false,
    depthWrite: false,
  });
  const geometry = new BoxGeometry(10, 10, 10);
  const scene = new Scene().add(new Mesh(geometry, material));
  return {
    scene,
    dispose: () => {
      material.dispose();
      geometry.dispose();
    },
  };
}

/** The environment prefiltered for the models' reflections (three's PMREM layout, as the default room's). */
export function prefilterEnvironmentMap(renderer: WebGLRenderer, map: EnvironmentMap): WebGLCubeRenderTarget {
  const { scene, dispose } = surroundings(map);
  try {
    return prefilterEnvironment(renderer, scene);
  } finally {
    dispose();
  }
}
