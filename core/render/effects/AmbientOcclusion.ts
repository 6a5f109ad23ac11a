import {
  type Camera,
  type DepthTexture,
  Matrix4,
  LinearFilter,
  type OrthographicCamera,
  type PerspectiveCamera,
  Vector2,
  type WebGLRenderer,
  WebGLRenderTarget,
} from 'three';
import { FullScreenQuad } from 'three/examples/jsm/postprocessing/Pass.js';
import { passMaterial, VIEW_POSITION } from './passMaterials.js';

/** Spec 001 §5: AO radius 0–200 (world units), intensity 0–3, default 0.4. */
export const AO_RADIUS_MAX = 200;
export const AO_INTENSITY_MAX = 3;
export const AO_INTENSITY_DEFAULT = 0.4;

/** Samples per pixel of the occlusion estimate (a spiral over the radius), before the blur. */
const SAMPLES = 16;
/** Turns of the sampling spiral. */
const SPIRAL_TURNS = 7;
/** The screen radius is capped at this share of the view's height (a huge radius up close would sample the whole view). */
const MAX_SCREEN_RADIUS_SHARE = 0.25;

/**
 * Ambient obscurance on the frame's depth, sampled as scalable ambient obscurance does (McGuire, Mara, Luebke
 * 2012: points on a spiral within the world radius, projected to the screen): each point occludes a pixel as
 * far as it rises above the pixel's surface (the normal comes from the nearer neighbours' depths), fading
 * out towards the radius.
 */
const OCCLUSION_FRAGMENT = /* glsl */ `
  ${VIEW_POSITION}
  uniform vec2 resolution;
  uniform float radius;
  uniform float intensity;
  uniform float projectionScale;
  uniform float isPerspective;
  uniform float maxScreenRadius;
  varying vec2 vUv;

  vec3 normalAt(vec2 uv, vec3 p) {
    vec2 texel = 1.0 / resolution;
    vec3 right = viewPositionAt(uv + vec2(texel.x, 0.0)) - p;
    vec3 left = p - viewPositionAt(uv - vec2(texel.x, 0.0));
    vec3 up = viewPositionAt(uv + vec2(0.0, texel.y)) - p;
    vec3 down = p - viewPositionAt(uv - vec2(0.0, texel.y));
    vec3 dx = abs(right.z) < abs(left.z) ? right : left;
    vec3 dy = abs(up.z) < abs(down.z) ? up : down;
    return normalize(cross(dx, dy));
  }

  void main() {
    // This pass runs at half the resolution: it works at the centre of one of the depth's texels, so that
    // the pixel and its neighbours (the normal) are the depth's own.
    vec2 centre = (floor(vUv * resolution) + 0.5) / resolution;
    float depth = texture2D(tDepth, centre).r;
    if (depth >= 1.0) {
      gl_FragColor = vec4(1.0);
      return;
    }
    vec3 p = viewPositionAt(centre);
    vec3 n = normalAt(centre, p);
    float screenRadius = radius * projectionScale * 0.5 * resolution.y / (isPerspective > 0.5 ? -p.z : 1.0);
    screenRadius = min(screenRadius, maxScreenRadius);
    if (screenRadius < 1.0) {
      gl_FragColor = vec4(1.0);
      return;
    }
    // A per-pixel turn of the spiral (interleaved gradient noise): the blur evens the pattern out.
    float spin = 6.2831853 * fract(52.9829189 * fract(dot(gl_FragCoord.xy, vec2(0.06711056, 0.00583715))));
    float radius2 = radius * radius;
    float sum = 0.0;
    for (int i = 0; i < ${SAMPLES}; i++) {
      float alpha = (float(i) + 0.5) / float(${SAMPLES});
      float angle = alpha * ${SPIRAL_TURNS.toFixed(1)} * 6.2831853 + spin;
      vec2 offset = vec2(cos(angle), sin(angle)) * alpha * screenRadius / resolution;
      vec2 uv = centre + offset;
      if (uv.x < 0.0 || uv.y < 0.0 || uv.x > 1.0 || uv.y > 1.0) continue;
      vec3 v = viewPositionAt(uv) - p;
      float vv = dot(v, v);
      // How far above the surface the sample lies (the cosine of its elevation, past a small bias for the
      // depth's noise), fading to nothing at the radius: the same at any scale of units. A point a few
      // hundredths of the radius above the surface is the depth's quantization, not an occluder.
      float height = dot(v, n);
      float elevation = height * inversesqrt(vv + 1e-6 * radius2);
      sum += step(0.03 * radius, height) * max(elevation - 0.15, 0.0) * max(1.0 - vv / radius2, 0.0);
    }
    float occlusion = sum * intensity * (2.0 / float(${SAMPLES}));
    gl_FragColor = vec4(vec3(clamp(1.0 - occlusion, 0.0, 1.0)), 1.0);
  }`;

/** A separable blur of the occlusion that keeps to one surface: taps at another depth weigh nothing. */
const BLUR_FRAGMENT = /* glsl */ `
  ${VIEW_POSITION}
  uniform sampler2D tOcclusion;
  uniform vec2 direction;
  uniform float radius;
  varying vec2 vUv;
  void main() {
    float depth = texture2D(tDepth, vUv).r;
    float centre = texture2D(tOcclusion, vUv).r;
    if (depth >= 1.0) {
      gl_FragColor = vec4(1.0);
      return;
    }
    float z = viewPositionAt(vUv).z;
    float tolerance = 0.1 * radius + 0.002 * abs(z);
    float sum = centre;
    float weights = 1.0;
    for (int i = -4; i <= 4; i++) {
      if (i == 0) continue;
      vec2 uv = vUv + direction * float(i);
      float tapZ = viewPositionAt(uv).z;
      float w = exp(-float(i * i) / 8.0) * max(0.0, 1.0 - abs(tapZ - z) / tolerance);
      sum += texture2D(tOcclusion, uv).r * w;
      weights += w;
    }
    gl_FragColor = vec4(vec3(sum / weights), 1.0);
  }`;

/** The frame (display colours) darkened by the occlusion in linear light, written as display colours again. */
const COMPOSE_FRAGMENT = /* glsl */ `
  uniform sampler2D tColor;
  uniform sampler2D tOcclusion;
  uniform sampler2D tDepth;
  varying vec2 vUv;
  void main() {
    vec4 color = sRGBTransferEOTF(texture2D(tColor, vUv));
    // The half-resolution occlusion does not spill onto the background beside an object.
    if (texture2D(tDepth, vUv).r < 1.0) color.rgb *= texture2D(tOcclusion, vUv).r;
    gl_FragColor = sRGBTransferOETF(color);
  }`;

/**
 * Ambient occlusion of a finished frame (spec 001 §3 `ambientShadows`, §5 radius and intensity): the
 * occlusion is estimated from the frame's depth (DepthCopy) and blurred, and the frame's
 * colours darkened by it into another target (the occlusion at half the resolution). Drawn on the complete
 * frame only: navigation costs nothing more.
 */
export class AmbientOcclusion {
  /** World units around a point that can occlude it. */
  radius = 10;
  intensity = AO_INTENSITY_DEFAULT;
  private occlusion: WebGLRenderTarget | null = null;
  private blurred: WebGLRenderTarget | null = null;
  private readonly projectionInverse = new Matrix4();
  private readonly occlusionMaterial = passMaterial(OCCLUSION_FRAGMENT, {
    tDepth: { value: null },
    projectionInverse: { value: this.projectionInverse },
    resolution: { value: new Vector2() },
    radius: { value: 1 },
    intensity: { value: 1 },
    projectionScale: { value: 1 },
    isPerspective: { value: 1 },
    maxScreenRadius: { value: 1 },
  });
  private readonly blurMaterial = passMaterial(BLUR_FRAGMENT, {
    tDepth: { value: null },
    tOcclusion: { value: null },
    projectionInverse: { value: this.projectionInverse },
    direction: { value: new Vector2() },
    radius: { value: 1 },
  });
  private readonly composeMaterial = passMaterial(COMPOSE_FRAGMENT, { tColor: { value: null }, tOcclusion: { value: null }, tDepth: { value: null } });

  private readonly occlusionPass = new FullScreenQuad(this.occlusionMaterial);
  private readonly blurPass = new FullScreenQuad(this.blurMaterial);
  private readonly composePass = new FullScreenQuad(this.composeMaterial);

  /** Whether the settings darken anything. */
  get isVisible(): boolean {
    return this.radius > 0 && this.intensity > 0;
  }

  /**
   * Writes `source`'s picture, occluded, into `output` (display targets of the same size), from `depth`:
   * the depth `source` was drawn with.
   */
  render(renderer: WebGLRenderer, source: WebGLRenderTarget, depth: DepthTexture, camera: Camera, output: WebGLRenderTarget): void {
    const { width, height } = source;
    this.ensureTargets(width, height);
    const projection = (camera as PerspectiveCamera | OrthographicCamera).projectionMatrix;
    this.projectionInverse.copy(projection).invert();
    const occlusion = this.occlusionMaterial.uniforms;
    occlusion.tDepth.value = depth;
    occlusion.resolution.value.set(width, height);
    occlusion.radius.value = this.radius;
    occlusion.intensity.value = this.intensity;
    occlusion.projectionScale.value = projection.elements[5];
    occlusion.isPerspective.value = (camera as PerspectiveCamera).isPerspectiveCamera ? 1 : 0;
    occlusion.maxScreenRadius.value = MAX_SCREEN_RADIUS_SHARE * height;
    this.draw(renderer, this.occlusionPass, this.occlusion!);

    const blur = this.blurMaterial.uniforms;
    blur.tDepth.value = depth;
    blur.radius.value = this.radius;
    blur.tOcclusion.value = this.occlusion!.texture;
    const half = this.occlusion!;
    blur.direction.value.set(1 / half.width, 0);
    this.draw(renderer, this.blurPass, this.blurred!);
    blur.tOcclusion.value = this.blurred!.texture;
    blur.direction.value.set(0, 1 / half.height);
    this.draw(renderer, this.blurPass, this.occlusion!);

    const compose = this.composeMaterial.uniforms;
    compose.tColor.value = source.texture;
    compose.tOcclusion.value = this.occlusion!.texture;
    compose.tDepth.value = depth;
    this.draw(renderer, this.composePass, output);
  }

  private draw(renderer: WebGLRenderer, pass: FullScreenQuad, target: WebGLRenderTarget): void {
    renderer.setRenderTarget(target);
    pass.render(renderer);
  }

  private ensureTargets(width: number, height: number): void {
    const halfWidth = Math.max(1, Math.ceil(width / 2));
    const halfHeight = Math.max(1, Math.ceil(height / 2));
    if (this.occlusion && this.occlusion.width === halfWidth && this.occlusion.height === halfHeight) return;
    this.disposeTargets();
    // The occlusion is smooth: estimated and blurred at half the resolution (a quarter of the work), then
    // spread over the frame's pixels by linear filtering as it is composed.
    const options = { depthBuffer: false, minFilter: LinearFilter, magFilter: LinearFilter };
    this.occlusion = new WebGLRenderTarget(halfWidth, halfHeight, options);
    this.blurred = new WebGLRenderTarget(halfWidth, halfHeight, options);
  }

  private disposeTargets(): void {
    this.occlusion?.dispose();
    this.blurred?.dispose();
    this.occlusion = this.blurred = null;
  }

  dispose(): void {
    this.disposeTargets();
    for (const material of [this.occlusionMaterial, this.blurMaterial, this.composeMaterial]) material.dispose();
    for (const pass of [this.occlusionPass, this.blurPass, this.composePass]) pass.dispose();
  }
}
