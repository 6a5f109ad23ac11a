import {
  CubeCamera,
  HalfFloatType,
  LinearMipmapLinearFilter,
  LinearSRGBColorSpace,
  Mesh,
  NoBlending,
  OrthographicCamera,
  PlaneGeometry,
  type Scene,
  Scene as ThreeScene,
  ShaderMaterial,
  WebGLCubeRenderTarget,
  type WebGLRenderer,
} from 'three';

/**
 * Faces of the prefiltered map at its sharpest level (the mirror), in texels. three's PMREMGenerator
 * works at 256 or more and filters each texel with 256 GGX samples: on software GL the room took it 2.1 to
 * 2.7 s of GPU time (up to 12 s with other work on the machine), which the first model's first frame waited
 * for. This filter takes 0.2 to 0.33 s there, programs compiled and GPU work included (70 to 130 ms of it
 * on the main thread). A room of soft lights needs no more.
 */
export const ENVIRONMENT_SIZE = 64;
/** The roughest level's faces, as three's PMREMs end (LOD_MIN 3): three reads that level as roughness 1. */
const ROUGHEST_SIZE = 8;
/** GGX samples per texel of a blurred level; each reads the source at the level its solid angle spans. */
const SAMPLES = 48;

/**
 * Prefilters a scene (seen from the origin) into an environment map in three's PMREM layout: a half-float
 * cube with one level per roughness, from the mirror at level 0 to roughness 1 at the last, each level's
 * roughness three's PMREMGenerator.lodToRoughness. three's standard materials read it as they read a PMREM
 * (the texture says it is one), so the scene's environment, intensity and rotation work as usual.
 *
 * The scene is drawn once into a cube (its mips box-filtered by the GPU); each level is then filtered from
 * it with importance-sampled GGX, each sample read at the source level its solid angle covers (filtered
 * importance sampling), so a few dozen samples per texel suffice.
 */
export function prefilterEnvironment(renderer: WebGLRenderer, scene: Scene): WebGLCubeRenderTarget {
  const source = new WebGLCubeRenderTarget(ENVIRONMENT_SIZE, {
    type: HalfFloatType,
    colorSpace: LinearSRGBColorSpace,
    generateMipmaps: true,
    minFilter: LinearMipmapLinearFilter,
  });
  const target = new WebGLCubeRenderTarget(ENVIRONMENT_SIZE, {
    type: HalfFloatType,
    colorSpace: LinearSRGBColorSpace,
    generateMipmaps: false,
    minFilter: LinearMipmapLinearFilter,
    depthBuffer: false,
  });
  const maxLod = Math.log2(ENVIRONMENT_SIZE / ROUGHEST_SIZE);
  // As three's PMREMGenerator allocates its levels: their sizes only, the GPU fills them.
  const levels = target.texture.mipmaps as unknown as { width: number; height: number }[];
  for (let lod = 0; lod <= maxLod; lod++) levels.push({ width: ENVIRONMENT_SIZE >> lod, height: ENVIRONMENT_SIZE >> lod });
  target.texture.name = 'PMREM';
  (target.texture as { isPMREMTexture?: boolean }).isPMREMTexture = true;

  const previous = { target: renderer.getRenderTarget(), face: renderer.getActiveCubeFace(), mip: renderer.getActiveMipmapLevel(), autoClear: renderer.autoClear };
  const material = new ShaderMaterial({
    uniforms: { source: { value: source.texture }, face: { value: 0 }, faceSize: { value: 1 }, roughness: { value: 0 }, sourceSize: { value: ENVIRONMENT_SIZE } },
    vertexShader: 'void main() { gl_Position = vec4(position.xy, 0.0, 1.0); }',
    fragmentShader: PREFILTER_SHADER,
    blending: NoBlending,
    depthTest: false,
    depthWrite: false,
  });
  const quad = new Mesh(new PlaneGeometry(2, 2), material);
  quad.frustumCulled = false;
  const quadScene = new ThreeScene().add(quad);
  const camera = new OrthographicCamera();
  try {
    renderer.autoClear = true;
    new CubeCamera(0.1, 100, source).update(renderer, scene);
    renderer.autoClear = false;
    for (let lod = 0; lod <= maxLod; lod++) {
      material.uniforms.faceSize.value = ENVIRONMENT_SIZE >> lod;
      material.uniforms.roughness.value = lodToRoughness(lod, maxLod);
      for (let face = 0; face < 6; face++) {
        material.uniforms.face.value = face;
        renderer.setRenderTarget(target, face, lod);
        renderer.render(quadScene, camera);
      }
    }
  } finally {
    renderer.autoClear = previous.autoClear;
    renderer.setRenderTarget(previous.target, previous.face, previous.mip);
    quad.geometry.dispose();
    material.dispose();
    source.dispose();
  }
  return target;
}

/** three's PMREMGenerator.lodToRoughness: the roughness a level is read for. */
function lodToRoughness(lod: number, maxLod: number): number {
  return maxLod > 0 ? 1 - Math.sqrt(1 - lod / maxLod) : 0;
}

const PREFILTER_SHADER = /* glsl */ `
const float PI = 3.141592653589793;
uniform samplerCube source;
uniform int face;
uniform float faceSize;
uniform float roughness;
uniform float sourceSize;

// The direction a cube face's texel stands for (the cube map convention of OpenGL ES).
vec3 texelDirection() {
  vec2 st = gl_FragCoord.xy / faceSize * 2.0 - 1.0;
  if (face == 0) return vec3(1.0, -st.y, -st.x);
  if (face == 1) return vec3(-1.0, -st.y, st.x);
  if (face == 2) return vec3(st.x, 1.0, st.y);
  if (face == 3) return vec3(st.x, -1.0, -st.y);
  if (face == 4) return vec3(st.x, -st.y, 1.0);
  return vec3(-st.x, -st.y, -1.0);
}

float radicalInverse(uint bits) {
  bits = (bits << 16u) | (bits >> 16u);
  bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
  bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
  bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
  bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
  return float(bits) * 2.3283064365386963e-10;
}

void main() {
  vec3 n = normalize(texelDirection());
  if (roughness < 0.001) {
    gl_FragColor = vec4(textureLod(source, n, 0.0).rgb, 1.0);
    return;
  }
  float a = roughness * roughness;
  float a2 = a * a;
  vec3 up = abs(n.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0);
  vec3 tangent = normalize(cross(up, n));
  vec3 bitangent = cross(n, tangent);
  float texelSolidAngle = 4.0 * PI / (6.0 * sourceSize * sourceSize);
  vec3 sum = vec3(0.0);
  float weight = 0.0;
  for (int i = 0; i < ${SAMPLES}; i++) {
    vec2 xi = vec2(float(i) / float(${SAMPLES}), radicalInverse(uint(i)));
    float phi = 2.0 * PI * xi.x;
    float cosTheta = sqrt((1.0 - xi.y) / (1.0 + (a2 - 1.0) * xi.y));
    float sinTheta = sqrt(1.0 - cosTheta * cosTheta);
    vec3 h = tangent * (sinTheta * cos(phi)) + bitangent * (sinTheta * sin(phi)) + n * cosTheta;
    vec3 l = 2.0 * dot(n, h) * h - n;
    float nDotL = dot(n, l);
    if (nDotL <= 0.0) continue;
    // With the view along the normal, the sample's pdf is D / 4.
    float d = a2 / (PI * pow(cosTheta * cosTheta * (a2 - 1.0) + 1.0, 2.0));
    float sampleSolidAngle = 4.0 / (float(${SAMPLES}) * d + 1e-4);
    float lod = max(0.5 * log2(sampleSolidAngle / texelSolidAngle) + 1.0, 0.0);
    sum += textureLod(source, l, lod).rgb * nDotL;
    weight += nDotL;
  }
  gl_FragColor = vec4(sum / max(weight, 1e-4), 1.0);
}
`;
