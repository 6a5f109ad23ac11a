import { Color, DoubleSide, type Material, type IUniform, ShaderMaterial, type WebGLProgramParametersWithUniforms } from 'three';
import { encodeDisplayOutput } from './displayTarget.js';
import { reflectionOnlyLightingChunk, reflectionOnlyMapsChunk } from './DefaultEnvironment.js';
import { DATA_TEXTURE_WIDTH, type FragmentTextures, MATERIAL_TEXELS } from './FragmentTextures.js';

/** Uniforms every batch material of a model shares; the textures are the model's FragmentTextures. */
export interface BatchUniforms {
  dvStateMap: IUniform;
  dvBoxMap: IUniform;
  dvThemeMap: IUniform;
  dvMaterialMap: IUniform;
  dvTransformMap: IUniform;
  dvSelectionColor: IUniform<Color>;
  dvGhostColor: IUniform<Color>;
  dvGhostOpacity: IUniform<number>;
  /** 1 while black and white swap (a 2D sheet's `swapBlackAndWhite`), else 0. */
  dvSwapBlackWhite: IUniform<number>;
  /** The tone-mapping curve (spec 001 §3 `toneMap.method`): 0 none, 1 filmic, 2 ACES. */
  dvToneMapping: IUniform<number>;
  /** The exposure's linear factor, 2^bias (spec 001 §5: bias −30 to 30 EV): applied with a curve only. */
  dvExposure: IUniform<number>;
}

export function createBatchUniforms(textures: FragmentTextures): BatchUniforms {
  return {
    dvStateMap: { value: textures.state },
    dvBoxMap: { value: textures.boxes },
    dvThemeMap: { value: textures.theming },
    dvMaterialMap: { value: textures.materials },
    dvTransformMap: { value: textures.transforms },
    dvSelectionColor: { value: new Color(0x6699ff) },
    dvGhostColor: { value: new Color(0x7f7f7f) },
    dvGhostOpacity: { value: 0.1 },
    dvSwapBlackWhite: { value: 0 },
    dvToneMapping: { value: 0 },
    dvExposure: { value: 1 },
  };
}

/** Declarations shared by every batch vertex shader. */
const VERTEX_PARS = /* glsl */ `
attribute vec4 dvPosition;
attribute vec4 dvNormal;
uniform highp sampler2D dvStateMap;
uniform highp sampler2D dvBoxMap;
uniform highp sampler2D dvThemeMap;
uniform highp sampler2D dvMaterialMap;
#ifdef DV_TRANSFORMS
uniform highp sampler2D dvTransformMap;
#endif
flat varying float vDvSelected;
flat varying vec4 vDvTheme;
#ifdef DV_MATERIAL_TABLE
flat varying vec4 vDvColor;
flat varying vec2 vDvPbr;
flat varying vec3 vDvEmissive;
#endif
#ifdef DV_VERTEX_COLORS
attribute vec4 dvVertexColor;
varying vec4 vDvVertexColor;
#endif
ivec2 dvTexel(int index) { return ivec2(index % ${DATA_TEXTURE_WIDTH}, index / ${DATA_TEXTURE_WIDTH}); }
vec3 dvToLinear(vec3 c) { return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c)); }
`;

/** Reads the fragment's state, dequantizes the vertex, applies the fragment's transform. */
const VERTEX_STATE = /* glsl */ `
int dvId = int(dvPosition.w + 0.5) + int(dvNormal.w + 0.5) * 65536;
vec4 dvState = texelFetch(dvStateMap, dvTexel(dvId), 0);
int dvFlags = int(dvState.r * 255.0 + 0.5);
vec4 dvBox = texelFetch(dvBoxMap, dvTexel(dvId), 0);
vec3 dvLocal = dvBox.xyz + dvPosition.xyz * dvBox.w;
vec3 dvNormalIn = (dvNormal.xyz - 127.5) / 127.5;
#ifdef DV_TRANSFORMS
vec4 dvRow0 = texelFetch(dvTransformMap, dvTexel(dvId * 3), 0);
vec4 dvRow1 = texelFetch(dvTransformMap, dvTexel(dvId * 3 + 1), 0);
vec4 dvRow2 = texelFetch(dvTransformMap, dvTexel(dvId * 3 + 2), 0);
dvLocal = vec3(dot(dvRow0.xyz, dvLocal) + dvRow0.w, dot(dvRow1.xyz, dvLocal) + dvRow1.w, dot(dvRow2.xyz, dvLocal) + dvRow2.w);
dvNormalIn = vec3(dot(dvRow0.xyz, dvNormalIn), dot(dvRow1.xyz, dvNormalIn), dot(dvRow2.xyz, dvNormalIn));
#endif
vDvSelected = (dvFlags & 2) != 0 ? 1.0 : 0.0;
vDvTheme = (dvFlags & 4) != 0 ? texelFetch(dvThemeMap, dvTexel(dvId), 0) : vec4(0.0);
#ifdef DV_MATERIAL_TABLE
int dvMaterial = int(dvState.g * 255.0 + 0.5) + int(dvState.b * 255.0 + 0.5) * 256;
vec4 dvMaterialTexel = texelFetch(dvMaterialMap, dvTexel(dvMaterial * ${MATERIAL_TEXELS}), 0);
float dvPacked = dvMaterialTexel.r;
vec3 dvColor = vec3(floor(dvPacked / 65536.0), mod(floor(dvPacked / 256.0), 256.0), mod(dvPacked, 256.0)) / 255.0;
vDvColor = vec4(dvToLinear(dvColor), dvMaterialTexel.g);
vDvPbr = dvMaterialTexel.ba;
#ifdef DV_EMISSIVE
vDvEmissive = dvToLinear(texelFetch(dvMaterialMap, dvTexel(dvMaterial * ${MATERIAL_TEXELS} + 1), 0).rgb);
#else
vDvEmissive = vec3(0.0);
#endif
#endif
#ifdef DV_VERTEX_COLORS
vDvVertexColor = vec4(dvToLinear(dvVertexColor.rgb / 255.0), dvVertexColor.a / 255.0);
#endif
`;

/**
 * A hidden fragment (or, in the ghost pass, a visible one) is moved outside the clip volume. Fragments on
 * a layer that is off (flag 16) have no ghost.
 */
const VERTEX_VISIBILITY = /* glsl */ `
#ifdef DV_GHOST_PASS
if ((dvFlags & 17) != 1) gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
#else
if ((dvFlags & 1) != 0) gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
#endif
`;

const FRAGMENT_PARS = /* glsl */ `
uniform vec3 dvSelectionColor;
uniform float dvSwapBlackWhite;
uniform float dvToneMapping;
uniform float dvExposure;
// Hable's filmic curve (Uncharted 2), white point 11.2.
vec3 dvFilmicCurve(vec3 x) {
  return ((x * (0.15 * x + 0.05) + 0.004) / (x * (0.15 * x + 0.5) + 0.06)) - 0.0667;
}
// Linear light in, linear light out: none (as drawn, the exposure left out), filmic or ACES (Narkowicz's fit).
vec3 dvToneMap(vec3 color) {
  if (dvToneMapping < 0.5) return color;
  color *= dvExposure;
  if (dvToneMapping < 1.5) return clamp(dvFilmicCurve(2.0 * color) / dvFilmicCurve(vec3(11.2)), 0.0, 1.0);
  color *= 0.6;
  return clamp((color * (2.51 * color + 0.03)) / (color * (2.43 * color + 0.59) + 0.14), 0.0, 1.0);
}
flat varying float vDvSelected;
flat varying vec4 vDvTheme;
#ifdef DV_MATERIAL_TABLE
flat varying vec4 vDvColor;
flat varying vec2 vDvPbr;
flat varying vec3 vDvEmissive;
#endif
#ifdef DV_VERTEX_COLORS
varying vec4 vDvVertexColor;
#endif
`;

export interface BatchMaterialOptions {
  /** Colour, opacity, metalness, roughness and emissive come from the material table (untextured batches). */
  materialTable: boolean;
  /** The batch has vertex colours (its dvVertexColor attribute): they multiply the base colour and texture, as glTF's COLOR_0 does. */
  vertexColors?: boolean;
}

/**
 * Turns a three.js material (standard, line or points) into a batch material: vertices are decoded
 * from the packed attributes, per-fragment state comes from the model's data textures.
 */
export function patchBatchMaterial(material: Material, uniforms: BatchUniforms, options: BatchMaterialOptions): void {
  const defines = (material.defines ??= {});
  if (options.materialTable) defines.DV_MATERIAL_TABLE = '';
  if (options.vertexColors) defines.DV_VERTEX_COLORS = '';
  material.onBeforeCompile = (shader: WebGLProgramParametersWithUniforms) => {
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${VERTEX_PARS}`)
      .replace('void main() {', `void main() {\n${VERTEX_STATE}`)
      .replace('#include <beginnormal_vertex>', 'vec3 objectNormal = dvNormalIn;')
      .replace('#include <begin_vertex>', 'vec3 transformed = dvLocal;')
      .replace('#include <project_vertex>', `#include <project_vertex>\n${VERTEX_VISIBILITY}`);
    // Batches draw into display targets only (frames, captures): they encode their colour themselves.
    shader.fragmentShader = encodeDisplayOutput(shader.fragmentShader)
      .replace('#include <common>', `#include <common>\n${FRAGMENT_PARS}`)
      .replace('#include <tonemapping_fragment>', 'gl_FragColor.rgb = dvToneMap(gl_FragColor.rgb);')
      .replace(
        'vec4 diffuseColor = vec4( diffuse, opacity );',
        `#ifdef DV_MATERIAL_TABLE
vec4 diffuseColor = vDvColor;
#else
vec4 diffuseColor = vec4( diffuse, opacity );
#endif`,
      )
      .replace(
        '#include <color_fragment>',
        `#include <color_fragment>
#ifdef DV_VERTEX_COLORS
diffuseColor *= vDvVertexColor;
#endif
diffuseColor.rgb = mix(diffuseColor.rgb, vDvTheme.rgb, vDvTheme.a);
if (dvSwapBlackWhite > 0.5) {
  float dvLo = min(min(diffuseColor.r, diffuseColor.g), diffuseColor.b);
  float dvHi = max(max(diffuseColor.r, diffuseColor.g), diffuseColor.b);
  if (dvHi < 0.01) diffuseColor.rgb = vec3(1.0);
  else if (dvLo > 0.99) diffuseColor.rgb = vec3(0.0);
}`,
      )
      // Double-sided geometry from BIM tools often winds faces against its normals: light the side that
      // faces the viewer, whichever way the triangle winds.
      .replace(
        '#include <normal_fragment_begin>',
        `#include <normal_fragment_begin>
#if defined(DOUBLE_SIDED) && !defined(FLAT_SHADED)
normal = normalize(vNormal);
normal *= dot(normal, vViewPosition) >= 0.0 ? 1.0 : -1.0;
#endif`,
      )
      // The default environment lights reflections only (DefaultEnvironment).
      .replace('#include <lights_physical_pars_fragment>', reflectionOnlyLightingChunk())
      .replace('#include <lights_fragment_maps>', reflectionOnlyMapsChunk())
      .replace(
        '#include <roughnessmap_fragment>',
        '#ifdef DV_MATERIAL_TABLE\nfloat roughnessFactor = max(vDvPbr.y, 0.04);\n#else\n#include <roughnessmap_fragment>\n#endif',
      )
      .replace(
        '#include <metalnessmap_fragment>',
        '#ifdef DV_MATERIAL_TABLE\nfloat metalnessFactor = vDvPbr.x;\n#else\n#include <metalnessmap_fragment>\n#endif',
      )
      .replace(
        'vec3 totalEmissiveRadiance = emissive;',
        '#ifdef DV_MATERIAL_TABLE\nvec3 totalEmissiveRadiance = vDvEmissive;\n#else\nvec3 totalEmissiveRadiance = emissive;\n#endif',
      )
      .replace(
        '#include <emissivemap_fragment>',
        `#include <emissivemap_fragment>
if (vDvSelected > 0.5) {
  diffuseColor.rgb = mix(diffuseColor.rgb, dvSelectionColor, 0.6);
  totalEmissiveRadiance += dvSelectionColor * 0.3;
}`,
      )
      // Line and point materials have no emissive step: apply the selection to their colour. A 2D sheet's
      // fills are its colours as drawn on paper (DV_UNLIT): no light, no reflection (the selection and the
      // theming are already mixed into the colour).
      .replace(
        '#include <opaque_fragment>',
        `#if !defined(STANDARD)
if (vDvSelected > 0.5) outgoingLight = mix(outgoingLight, dvSelectionColor, 0.8);
#endif
#if defined(STANDARD) && defined(DV_UNLIT)
outgoingLight = diffuseColor.rgb;
#endif
#include <opaque_fragment>`,
      );
  };
  const base = material.customProgramCacheKey.bind(material);
  material.customProgramCacheKey = () => `dv-batch|${options.materialTable}|${Boolean(options.vertexColors)}|${'DV_EMISSIVE' in (material.defines ?? {})}|${'DV_UNLIT' in (material.defines ?? {})}|${base()}`;
}

/** Turns transforms on or off for a batch material (a define: recompiles once when it changes). */
export function setTransformsEnabled(material: Material, enabled: boolean): void {
  const defines = (material.defines ??= {});
  if (enabled === 'DV_TRANSFORMS' in defines) return;
  if (enabled) defines.DV_TRANSFORMS = '';
  else delete defines.DV_TRANSFORMS;
  material.needsUpdate = true;
}

/** The translucent material that draws hidden fragments when ghosting is on. */
export function createGhostMaterial(uniforms: BatchUniforms): ShaderMaterial {
  const material = new ShaderMaterial({
    uniforms: uniforms as unknown as Record<string, IUniform>,
    defines: { DV_GHOST_PASS: '' },
    vertexShader: /* glsl */ `
#include <common>
#include <clipping_planes_pars_vertex>
${VERTEX_PARS}
void main() {
${VERTEX_STATE}
  vec4 mvPosition = modelViewMatrix * vec4(dvLocal, 1.0);
  gl_Position = projectionMatrix * mvPosition;
  #include <clipping_planes_vertex>
${VERTEX_VISIBILITY}
}`,
    // Ghosts draw into display targets only, like the batches.
    fragmentShader: encodeDisplayOutput(/* glsl */ `
uniform vec3 dvGhostColor;
uniform float dvGhostOpacity;
#include <clipping_planes_pars_fragment>
void main() {
  #include <clipping_planes_fragment>
  gl_FragColor = vec4(dvGhostColor, dvGhostOpacity);
  #include <colorspace_fragment>
}`),
    transparent: true,
    depthWrite: false,
    side: DoubleSide,
    clipping: true,
  });
  return material;
}
