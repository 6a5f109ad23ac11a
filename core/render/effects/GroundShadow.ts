import {
  type Box3,
  BufferAttribute,
  BufferGeometry,
  type Camera,
  Color,
  DepthTexture,
  LinearFilter,
  Matrix4,
  Mesh,
  NearestFilter,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  Vector2,
  Vector3,
  type WebGLRenderer,
  WebGLRenderTarget,
} from 'three';
import { groundQuadMaterial, passMaterial } from './passMaterials.js';

/** The longer side of the from-below render, in texels (the shorter follows the footprint's proportions). */
const SHADOW_SIZE = 256;
/** Room around the footprint for the blur to spread into, as a fraction of the footprint's longer side. */
const MARGIN = 0.2;
/** Blur steps per pass, in texels: parts near the ground blur a little, parts high above it a lot. */
const NARROW_STEP = 1.5;
const WIDE_STEP = 5;
/** How much a part high above the ground darkens, against one on it. */
const HIGH_WEIGHT = 0.6;
/** Spec 001 §5: the shadow's alpha runs 0–2; at 1 a full footprint darkens what is under it by this much. */
const DARKNESS_PER_ALPHA = 0.45;

/**
 * The ground under a box along an up vector: the plane through the box's lowest corner, an orthonormal
 * pair of axes across it, and the box's footprint on it (centre, half sizes) and height above it.
 */
export interface GroundFrame {
  /** The plane's height along up (up · point). */
  level: number;
  /** The box's extent along up. */
  height: number;
  up: Vector3;
  u: Vector3;
  v: Vector3;
  /** The footprint's centre, on the plane. */
  center: Vector3;
  halfU: number;
  halfV: number;
}

/** The ground frame of a box, or null for an empty box or a footprint of no area. */
export function groundFrame(box: Box3, up: Vector3): GroundFrame | null {
  if (box.isEmpty()) return null;
  const n = up.clone().normalize();
  // The world axis least along up gives the first axis across the ground (a world axis for a Y or Z up).
  const ax = Math.abs(n.x), ay = Math.abs(n.y), az = Math.abs(n.z);
  const axis = ax <= ay && ax <= az ? new Vector3(1, 0, 0) : ay <= az ? new Vector3(0, 1, 0) : new Vector3(0, 0, 1);
  const u = new Vector3().crossVectors(axis, n).normalize();
  const v = new Vector3().crossVectors(n, u);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const corner = new Vector3();
  for (let i = 0; i < 8; i++) {
    corner.set(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z);
    const along = [corner.dot(n), corner.dot(u), corner.dot(v)];
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], along[k]);
      max[k] = Math.max(max[k], along[k]);
    }
  }
  const halfU = (max[1] - min[1]) / 2;
  const halfV = (max[2] - min[2]) / 2;
  if (!(halfU > 0 && halfV > 0)) return null;
  const center = n.clone().multiplyScalar(min[0])
    .addScaledVector(u, (min[1] + max[1]) / 2)
    .addScaledVector(v, (min[2] + max[2]) / 2);
  return { level: min[0], height: max[0] - min[0], up: n, u, v, center, halfU, halfV };
}

/** Whether a camera sees the ground plane from above (a perspective one is above it; an orthographic one looks down). */
export function seesGroundFromAbove(camera: Camera, frame: GroundFrame): boolean {
  camera.updateMatrixWorld();
  if ((camera as OrthographicCamera).isOrthographicCamera) return camera.getWorldDirection(new Vector3()).dot(frame.up) < 0;
  return new Vector3().setFromMatrixPosition(camera.matrixWorld).dot(frame.up) > frame.level;
}

/**
 * A quad over a rectangle of the ground, drawn with depth test and depth write off (under whatever the
 * models draw after it). uv (0,0)–(1,1) runs along u and against v: the image of a camera looking up from
 * below with its x along u (see GroundShadow.aimCamera).
 */
export function groundQuad(material: ShaderMaterial): Mesh {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(12), 3));
  geometry.setAttribute('uv', new BufferAttribute(Float32Array.of(0, 1, 1, 1, 0, 0, 1, 0), 2));
  geometry.setIndex([0, 1, 2, 2, 1, 3]);
  const quad = new Mesh(geometry, material);
  quad.frustumCulled = false;
  return quad;
}

/**
 * Places a ground quad: at the footprint's centre (the object's position, kept in doubles by three.js, so a
 * model far from the origin does not shake), its corners ± u·halfU ± v·halfV around it, raised a little along up.
 */
export function placeGroundQuad(quad: Mesh, frame: GroundFrame, halfU: number, halfV: number, lift = 0): void {
  const position = quad.geometry.getAttribute('position') as BufferAttribute;
  const corner = new Vector3();
  // Corners in uv order: (0,1) (1,1) (0,0) (1,0); uv.y = 1 is -v (the camera from below has y along -v).
  [[-1, -1], [1, -1], [-1, 1], [1, 1]].forEach(([su, sv], i) => {
    corner.set(0, 0, 0).addScaledVector(frame.u, su * halfU).addScaledVector(frame.v, sv * halfV).addScaledVector(frame.up, lift);
    position.setXYZ(i, corner.x, corner.y, corner.z);
  });
  position.needsUpdate = true;
  quad.position.copy(frame.center);
  quad.updateMatrixWorld();
}

/** Nine Gaussian taps (sigma 2 taps): the centre's weight, then each pair's. */
const GAUSSIAN = /* glsl */ `const float W[5] = float[5](0.2042, 0.1802, 0.1238, 0.0663, 0.0276);`;

/**
 * The first blur pass: reads the from-below render's coverage (alpha) and depth (height above the ground,
 * 0–1 of the box's height), splits coverage into near the ground (red) and high above it (green), and blurs
 * red narrowly and green widely along one direction.
 */
const SPLIT_FRAGMENT = /* glsl */ `
  uniform sampler2D coverageMap;
  uniform sampler2D depthMap;
  uniform vec2 narrowStep;
  uniform vec2 wideStep;
  varying vec2 vUv;
  ${GAUSSIAN}
  vec2 split(vec2 uv) {
    float coverage = texture2D(coverageMap, uv).a;
    float height = clamp(texture2D(depthMap, uv).r, 0.0, 1.0);
    return coverage * vec2(1.0 - height, height);
  }
  void main() {
    vec2 centre = split(vUv);
    float narrow = W[0] * centre.x;
    float wide = W[0] * centre.y;
    for (int i = 1; i < 5; i++) {
      float f = float(i);
      narrow += W[i] * (split(vUv + narrowStep * f).x + split(vUv - narrowStep * f).x);
      wide += W[i] * (split(vUv + wideStep * f).y + split(vUv - wideStep * f).y);
    }
    gl_FragColor = vec4(narrow, wide, 0.0, 1.0);
  }`;

/** The later blur passes: red narrowly, green widely, along one direction. */
const BLUR_FRAGMENT = /* glsl */ `
  uniform sampler2D map;
  uniform vec2 narrowStep;
  uniform vec2 wideStep;
  varying vec2 vUv;
  ${GAUSSIAN}
  void main() {
    float narrow = W[0] * texture2D(map, vUv).r;
    float wide = W[0] * texture2D(map, vUv).g;
    for (int i = 1; i < 5; i++) {
      float f = float(i);
      narrow += W[i] * (texture2D(map, vUv + narrowStep * f).r + texture2D(map, vUv - narrowStep * f).r);
      wide += W[i] * (texture2D(map, vUv + wideStep * f).g + texture2D(map, vUv - wideStep * f).g);
    }
    gl_FragColor = vec4(narrow, wide, 0.0, 1.0);
  }`;

const QUAD_VERTEX = /* glsl */ `
  varying vec2 vUv;
  void main() {
    vUv = uv;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  }`;

/**
 * Black, translucent: a display target holds sRGB-encoded colour, and black encodes to black, so there is
 * nothing to encode. The quad fades out towards its edges whatever the blur left there.
 */
const SHADOW_FRAGMENT = /* glsl */ `
  uniform sampler2D shadowMap;
  uniform float darkness;
  varying vec2 vUv;
  void main() {
    vec2 shade = texture2D(shadowMap, vUv).rg;
    vec2 edge = smoothstep(vec2(0.0), vec2(0.08), min(vUv, 1.0 - vUv));
    float a = clamp((shade.x + ${HIGH_WEIGHT.toFixed(2)} * shade.y) * darkness * edge.x * edge.y, 0.0, 1.0);
    gl_FragColor = vec4(0.0, 0.0, 0.0, a);
  }`;


function blurTarget(): WebGLRenderTarget {
  return new WebGLRenderTarget(1, 1, { minFilter: LinearFilter, magFilter: LinearFilter, depthBuffer: false, generateMipmaps: false });
}

/**
 * A soft shadow under the models, like the Autodesk viewer's ground shadow: the models' footprint seen from
 * under their bounding box, blurred (parts high above the ground lighter and wider), drawn as a dark
 * translucent quad on the ground plane (the box's bottom face along up), fading out at its edges.
 */
export class GroundShadow {
  /** Shadow darkness 0–2 (spec 001 §5 alpha), default 1. */
  alpha = 1;
  private stale = true;
  private frame: GroundFrame | null = null;
  private readonly lastBox = { min: new Vector3(), max: new Vector3(), up: new Vector3() };
  /** What the models draw from below: coverage in alpha, height in depth. */
  private readonly coverage = new WebGLRenderTarget(1, 1, { depthBuffer: true, generateMipmaps: false });
  private readonly blurA = blurTarget();
  private readonly blurB = blurTarget();
  private readonly camera = new OrthographicCamera();
  private readonly passScene = new Scene();
  private readonly passQuad = new Mesh(new PlaneGeometry(2, 2));
  private readonly splitMaterial: ShaderMaterial;
  private readonly blurMaterial: ShaderMaterial;
  private readonly shadowMaterial: ShaderMaterial;
  private readonly shadowScene = new Scene();
  private readonly shadowQuad: Mesh;

  constructor() {
    const depth = new DepthTexture(1, 1);
    depth.minFilter = NearestFilter;
    depth.magFilter = NearestFilter;
    this.coverage.depthTexture = depth;
    const steps = { narrowStep: { value: new Vector2() }, wideStep: { value: new Vector2() } };
    this.splitMaterial = passMaterial(SPLIT_FRAGMENT, { coverageMap: { value: this.coverage.texture }, depthMap: { value: depth }, ...steps });
    this.blurMaterial = passMaterial(BLUR_FRAGMENT, { map: { value: null }, ...steps });
    this.passQuad.frustumCulled = false;
    this.passScene.add(this.passQuad);
    this.shadowMaterial = groundQuadMaterial(QUAD_VERTEX, SHADOW_FRAGMENT, { shadowMap: { value: this.blurB.texture }, darkness: { value: 0 } });
    this.shadowQuad = groundQuad(this.shadowMaterial);
    this.shadowScene.add(this.shadowQuad);
  }

  /** The shadow must be computed again (visible set, explode, cut planes, models changed). */
  markStale(): void {
    this.stale = true;
  }

  get isStale(): boolean {
    return this.stale;
  }

  /**
   * Renders `scene` (the models, with their own materials) from below the box, looking along +up, with an
   * orthographic camera over the box's footprint plus a margin, into a small target (256 texels along the
   * footprint's longer side): coverage is the alpha the materials leave on a transparent clear (opaque ones
   * write 1, blended ones their opacity) and height the depth. Then four small blur passes. Does nothing when
   * the shadow is not stale and the box and up are those of the last update. Saves and restores the
   * renderer's render target, clear colour and alpha, autoClear and scene.background; hides nothing itself.
   */
  update(renderer: WebGLRenderer, scene: Scene, box: Box3, up: Vector3): void {
    const last = this.lastBox;
    if (!this.stale && last.min.equals(box.min) && last.max.equals(box.max) && last.up.equals(up)) return;
    last.min.copy(box.min);
    last.max.copy(box.max);
    last.up.copy(up);
    this.stale = false;
    this.frame = groundFrame(box, up);
    const frame = this.frame;
    if (!frame) return;
    const margin = MARGIN * 2 * Math.max(frame.halfU, frame.halfV);
    const halfU = frame.halfU + margin;
    const halfV = frame.halfV + margin;
    const long = Math.max(halfU, halfV);
    const width = Math.max(8, Math.round((SHADOW_SIZE * halfU) / long));
    const height = Math.max(8, Math.round((SHADOW_SIZE * halfV) / long));
    for (const target of [this.coverage, this.blurA, this.blurB]) target.setSize(width, height);
    this.aimCamera(frame, halfU, halfV);
    placeGroundQuad(this.shadowQuad, frame, halfU, halfV);

    const saved = {
      target: renderer.getRenderTarget(),
      face: renderer.getActiveCubeFace(),
      level: renderer.getActiveMipmapLevel(),
      color: renderer.getClearColor(new Color()),
      alpha: renderer.getClearAlpha(),
      autoClear: renderer.autoClear,
      background: scene.background,
    };
    try {
      renderer.autoClear = false;
      scene.background = null;
      renderer.setClearColor(0x000000, 0);
      renderer.setRenderTarget(this.coverage);
      renderer.clear(true, true, true);
      renderer.render(scene, this.camera);
      this.blur(renderer, width, height);
    } finally {
      scene.background = saved.background;
      renderer.setClearColor(saved.color, saved.alpha);
      renderer.autoClear = saved.autoClear;
      renderer.setRenderTarget(saved.target, saved.face, saved.level);
    }
  }

  /**
   * The camera under the ground, looking along +up over the footprint (x along u, y along -v), its depth
   * running from the ground (0) to the top of the box (1).
   */
  private aimCamera(frame: GroundFrame, halfU: number, halfV: number): void {
    const below = Math.max(frame.height, halfU, halfV) * 1e-3;
    const camera = this.camera;
    camera.left = -halfU;
    camera.right = halfU;
    camera.top = halfV;
    camera.bottom = -halfV;
    camera.near = below;
    camera.far = below + Math.max(frame.height, below);
    camera.updateProjectionMatrix();
    const basis = new Matrix4().makeBasis(frame.u, frame.v.clone().negate(), frame.up.clone().negate());
    camera.quaternion.setFromRotationMatrix(basis);
    camera.position.copy(frame.center).addScaledVector(frame.up, -below);
    camera.updateMatrixWorld(true);
  }

  /** Coverage → blurA (split, horizontal) → blurB (vertical) → blurA (horizontal) → blurB (vertical). */
  private blur(renderer: WebGLRenderer, width: number, height: number): void {
    const narrow = this.splitMaterial.uniforms.narrowStep.value as Vector2;
    const wide = this.splitMaterial.uniforms.wideStep.value as Vector2;
    const passes: [ShaderMaterial, WebGLRenderTarget | null, WebGLRenderTarget, boolean][] = [
      [this.splitMaterial, null, this.blurA, true],
      [this.blurMaterial, this.blurA, this.blurB, false],
      [this.blurMaterial, this.blurB, this.blurA, true],
      [this.blurMaterial, this.blurA, this.blurB, false],
    ];
    for (const [material, source, target, horizontal] of passes) {
      if (horizontal) {
        narrow.set(NARROW_STEP / width, 0);
        wide.set(WIDE_STEP / width, 0);
      } else {
        narrow.set(0, NARROW_STEP / height);
        wide.set(0, WIDE_STEP / height);
      }
      if (source) material.uniforms.map.value = source.texture;
      this.passQuad.material = material;
      renderer.setRenderTarget(target);
      renderer.render(this.passScene, this.camera);
    }
  }

  /**
   * Draws the shadow quad into the current render target (a display target, after its background, before
   * the models: depth test and depth write off, alpha blended), when there is a shadow, its alpha is above 0
   * and the camera is above the ground plane. One quad.
   */
  paint(renderer: WebGLRenderer, camera: Camera): void {
    const frame = this.frame;
    if (!frame || !(this.alpha > 0) || !seesGroundFromAbove(camera, frame)) return;
    this.shadowMaterial.uniforms.darkness.value = Math.min(this.alpha, 2) * DARKNESS_PER_ALPHA;
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.render(this.shadowScene, camera);
    renderer.autoClear = autoClear;
  }

  dispose(): void {
    this.coverage.depthTexture?.dispose();
    for (const target of [this.coverage, this.blurA, this.blurB]) target.dispose();
    for (const material of [this.splitMaterial, this.blurMaterial, this.shadowMaterial]) material.dispose();
    this.passQuad.geometry.dispose();
    this.shadowQuad.geometry.dispose();
  }
}
