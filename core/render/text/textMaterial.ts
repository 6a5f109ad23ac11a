import { DoubleSide, type IUniform, ShaderMaterial, type Texture } from 'three';
import type { BatchUniforms } from '../batchShader.js';
import { encodeDisplayOutput } from '../displayTarget.js';
import { DATA_TEXTURE_WIDTH } from '../FragmentTextures.js';
import { SDF_CUTOFF } from './FontAtlas.js';

/**
 * The glyphs of a model's texts: instanced quads over one distance-field atlas, one draw for all. Each
 * glyph reads its fragment's state from the model's data textures, as the batches do: hidden (an object
 * hidden, isolated away or on a layer that is off) moves it out of view, selected and themed tint it, and
 * black and white swap with `swapBlackAndWhite`.
 */
export function createTextMaterial(uniforms: BatchUniforms, atlas: Texture, z: number): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: {
      dvStateMap: uniforms.dvStateMap,
      dvThemeMap: uniforms.dvThemeMap,
      dvSelectionColor: uniforms.dvSelectionColor,
      dvSwapBlackWhite: uniforms.dvSwapBlackWhite,
      dvAtlas: { value: atlas },
      dvTextZ: { value: z },
    } satisfies Record<string, IUniform>,
    vertexShader: /* glsl */ `
#include <common>
#include <clipping_planes_pars_vertex>
attribute vec4 dvGlyphA;
attribute vec4 dvGlyphB;
attribute vec4 dvGlyphUv;
uniform highp sampler2D dvStateMap;
uniform highp sampler2D dvThemeMap;
uniform float dvTextZ;
varying vec2 vDvUv;
flat varying vec4 vDvColor;
flat varying vec4 vDvTheme;
ivec2 dvTexel(int index) { return ivec2(index % ${DATA_TEXTURE_WIDTH}, index / ${DATA_TEXTURE_WIDTH}); }
vec3 dvToLinear(vec3 c) { return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c)); }
void main() {
  int dvId = int(dvGlyphB.z + 0.5);
  int dvFlags = int(texelFetch(dvStateMap, dvTexel(dvId), 0).r * 255.0 + 0.5);
  vec2 dvPoint = dvGlyphA.xy + dvGlyphA.zw * position.x + dvGlyphB.xy * position.y;
  vec4 mvPosition = modelViewMatrix * vec4(dvPoint, dvTextZ, 1.0);
  gl_Position = projectionMatrix * mvPosition;
  #include <clipping_planes_vertex>
  if ((dvFlags & 1) != 0) gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
  vDvUv = vec2(mix(dvGlyphUv.x, dvGlyphUv.z, position.x), mix(dvGlyphUv.w, dvGlyphUv.y, position.y));
  float dvPacked = dvGlyphB.w;
  vec3 dvRgb = vec3(floor(dvPacked / 65536.0), mod(floor(dvPacked / 256.0), 256.0), mod(dvPacked, 256.0)) / 255.0;
  vDvColor = vec4(dvToLinear(dvRgb), (dvFlags & 2) != 0 ? 1.0 : 0.0);
  vDvTheme = (dvFlags & 4) != 0 ? texelFetch(dvThemeMap, dvTexel(dvId), 0) : vec4(0.0);
}`,
    // Text draws into display targets only, like the batches: it encodes its colour itself.
    fragmentShader: encodeDisplayOutput(/* glsl */ `
uniform sampler2D dvAtlas;
uniform vec3 dvSelectionColor;
uniform float dvSwapBlackWhite;
varying vec2 vDvUv;
flat varying vec4 vDvColor;
flat varying vec4 vDvTheme;
#include <clipping_planes_pars_fragment>
void main() {
  #include <clipping_planes_fragment>
  float dvField = texture2D(dvAtlas, vDvUv).r;
  float dvEdge = ${(1 - SDF_CUTOFF).toFixed(4)};
  float dvSoft = max(fwidth(dvField) * 0.7, 0.002);
  float dvAlpha = smoothstep(dvEdge - dvSoft, dvEdge + dvSoft, dvField);
  if (dvAlpha < 0.02) discard;
  vec3 dvColor = mix(vDvColor.rgb, vDvTheme.rgb, vDvTheme.a);
  if (dvSwapBlackWhite > 0.5) {
    float dvLo = min(min(dvColor.r, dvColor.g), dvColor.b);
    float dvHi = max(max(dvColor.r, dvColor.g), dvColor.b);
    if (dvHi < 0.01) dvColor = vec3(1.0);
    else if (dvLo > 0.99) dvColor = vec3(0.0);
  }
  if (vDvColor.a > 0.5) dvColor = mix(dvColor, dvSelectionColor, 0.8);
  // Blending happens in linear light, where half a pixel of black over white comes out light grey: small
  // dark text would look faint beside a PDF reader's (which blends sRGB values). Its edge coverage is
  // weighted as sRGB blending would show it.
  if (dot(dvColor, vec3(0.2126, 0.7152, 0.0722)) < 0.2) dvAlpha = 1.0 - pow(1.0 - dvAlpha, 2.2);
  gl_FragColor = vec4(dvColor, dvAlpha);
  #include <colorspace_fragment>
}`),
    transparent: true,
    depthWrite: false,
    side: DoubleSide,
    clipping: true,
  });
}
