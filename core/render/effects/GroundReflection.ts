import {
  type Box3,
  type Camera,
  Color,
  DepthTexture,
  Matrix4,
  type Mesh,
  NearestFilter,
  Scene,
  ShaderMaterial,
  Vector2,
  Vector3,
  type WebGLRenderer,
  type WebGLRenderTarget,
} from 'three';
import { groundQuadMaterial } from './passMaterials.js';
import { createDisplayTarget } from '../displayTarget.js';
import { type GroundFrame, groundFrame, groundQuad, placeGroundQuad, seesGroundFromAbove } from './GroundShadow.js';

/** Spec 001 §5: the reflection's alpha runs 0–2; at 1 a part on the ground shows at this opacity. */
const OPACITY_PER_ALPHA = 0.35;
/** Parts fade out of the reflection over this height above the ground, a fraction of the box's larger size. */
const FADE_HEIGHT = 0.3;
/** The ground quad reaches beyond the footprint by this, a fraction of the box's larger size. */
const MARGIN = 0.5;

const REFLECTION_VERTEX = /* glsl */ `
  varying vec3 vWorld;
  varying vec2 vUv;
  void main() {
    vUv = uv;
    vWorld = (modelMatrix * vec4(position, 1.0)).xyz;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  }`;

/**
 * The mirrored render looked up where the ground point is seen, faded by the height of what it shows (its
 * depth taken back to the world) and at the quad's edges. What the mirrored render holds is display colour
 * already (the models encode their own), so it goes back out as it is.
 */
const REFLECTION_FRAGMENT = /* glsl */ `
  uniform sampler2D reflectionMap;
  uniform sampler2D depthMap;
  uniform mat4 unproject;
  uniform vec3 up;
  uniform float level;
  uniform float fadeHeight;
  uniform float strength;
  uniform mat4 textureMatrix;
  varying vec3 vWorld;
  varying vec2 vUv;
  void main() {
    // Projected here, not in the vertex shader: the quad's corners may lie beside or behind the cameras.
    vec4 projected = textureMatrix * vec4(vWorld, 1.0);
    vec2 uv = projected.xy / projected.w;
    if (projected.w <= 0.0 || any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) discard;
    vec4 colour = texture2D(reflectionMap, uv);
    float depth = texture2D(depthMap, uv).r;
    vec4 world = unproject * vec4(vec3(uv, depth) * 2.0 - 1.0, 1.0);
    float height = dot(world.xyz / world.w, up) - level;
    float fade = 1.0 - smoothstep(0.0, fadeHeight, height);
    vec2 edge = smoothstep(vec2(0.0), vec2(0.1), min(vUv, 1.0 - vUv));
    gl_FragColor = vec4(colour.rgb, clamp(colour.a * fade * strength * edge.x * edge.y, 0.0, 1.0));
  }`;

/** Maps clip space to texture space (0–1). */
const BIAS = new Matrix4().set(0.5, 0, 0, 0.5, 0, 0.5, 0, 0.5, 0, 0, 0.5, 0.5, 0, 0, 0, 1);
/** Turns a mirrored (left-handed) camera frame back into a proper one: its image is flipped, which the lookup undoes. */
const FLIP_X = new Matrix4().makeScale(-1, 1, 1);

/**
 * The models mirrored in the ground plane (the bottom face of their box along up), faded with distance
 * from the plane and by `alpha`, drawn as a ground quad like GroundShadow's. The mirrored render is made
 * with a mirrored copy of the view's camera into a target at half the size of the one it is painted into,
 * so it is view-dependent: `update` renders again whenever the camera moved, besides when marked stale.
 */
export class GroundReflection {
  /** Reflection strength 0–2 (spec 001 §5 alpha), default 1. */
  alpha = 1;
  private stale = true;
  private frame: GroundFrame | null = null;
  private rendered = false;
  private readonly last = { min: new Vector3(), max: new Vector3(), up: new Vector3(), view: new Matrix4(), projection: new Matrix4(), width: 0, height: 0 };
  private target: WebGLRenderTarget | null = null;
  private virtual: Camera | null = null;
  private readonly reflect = new Matrix4();
  private readonly material: ShaderMaterial;
  private readonly quadScene = new Scene();
  private readonly quad: Mesh;

  constructor() {
    this.material = groundQuadMaterial(REFLECTION_VERTEX, REFLECTION_FRAGMENT, {
      reflectionMap: { value: null },
      depthMap: { value: null },
      textureMatrix: { value: new Matrix4() },
      unproject: { value: new Matrix4() },
      up: { value: new Vector3() },
      level: { value: 0 },
      fadeHeight: { value: 1 },
      strength: { value: 0 },
    });
    this.quad = groundQuad(this.material);
    this.quadScene.add(this.quad);
  }

  /** The reflection must be computed again (visible set, explode, cut planes, models changed). */
  markStale(): void {
    this.stale = true;
  }

  /** Marked stale since the last update (a moved camera makes update render again without being marked). */
  get isStale(): boolean {
    return this.stale;
  }

  /**
   * Renders `scene` (the models, with their own materials) seen by `camera` mirrored in the ground plane,
   * into a display target at half the size of the renderer's current target (or of its drawing buffer),
   * with a depth texture for the fade. Does nothing when not stale and the box, up, camera and size are
   * those of the last update, or when the camera is below the ground. Saves and restores the renderer's
   * render target, clear colour and alpha, autoClear and scene.background; hides nothing itself.
   */
  update(renderer: WebGLRenderer, scene: Scene, box: Box3, up: Vector3, camera: Camera): void {
    const current = renderer.getRenderTarget();
    const size = current ? new Vector2(current.width, current.height) : renderer.getDrawingBufferSize(new Vector2());
    const width = Math.max(1, Math.round(size.x / 2));
    const height = Math.max(1, Math.round(size.y / 2));
    camera.updateMatrixWorld();
    const last = this.last;
    const same = !this.stale && last.min.equals(box.min) && last.max.equals(box.max) && last.up.equals(up)
      && last.view.equals(camera.matrixWorld) && last.projection.equals(camera.projectionMatrix) && last.width === width && last.height === height;
    if (same) return;
    last.min.copy(box.min);
    last.max.copy(box.max);
    last.up.copy(up);
    last.view.copy(camera.matrixWorld);
    last.projection.copy(camera.projectionMatrix);
    last.width = width;
    last.height = height;
    this.stale = false;
    this.rendered = false;
    const frame = (this.frame = groundFrame(box, up));
    if (!frame || !seesGroundFromAbove(camera, frame)) return;
    const virtual = this.mirror(camera, frame);
    const target = this.targetOfSize(width, height);
    const larger = 2 * Math.max(frame.halfU, frame.halfV, frame.height / 2);
    placeGroundQuad(this.quad, frame, frame.halfU + MARGIN * larger, frame.halfV + MARGIN * larger);
    const uniforms = this.material.uniforms;
    uniforms.textureMatrix.value.copy(BIAS).multiply(virtual.projectionMatrix).multiply(virtual.matrixWorldInverse);
    uniforms.unproject.value.copy(virtual.matrixWorld).multiply(virtual.projectionMatrixInverse);
    uniforms.up.value.copy(frame.up);
    uniforms.level.value = frame.level;
    uniforms.fadeHeight.value = FADE_HEIGHT * larger;

    const saved = {
      color: renderer.getClearColor(new Color()),
      alpha: renderer.getClearAlpha(),
      face: renderer.getActiveCubeFace(),
      level: renderer.getActiveMipmapLevel(),
      autoClear: renderer.autoClear,
      background: scene.background,
    };
    try {
      renderer.autoClear = false;
      scene.background = null;
      renderer.setClearColor(0x000000, 0);
      renderer.setRenderTarget(target);
      renderer.clear(true, true, true);
      renderer.render(scene, virtual);
      this.rendered = true;
    } finally {
      scene.background = saved.background;
      renderer.setClearColor(saved.color, saved.alpha);
      renderer.autoClear = saved.autoClear;
      renderer.setRenderTarget(current, saved.face, saved.level);
    }
  }

  /**
   * The camera's mirror image in the ground plane, made a proper camera again by flipping its x (the image
   * comes out mirrored; the projective lookup in the quad's shader reads it back the right way). Its world
   * matrices are set here, not derived from position and rotation.
   */
  private mirror(camera: Camera, frame: GroundFrame): Camera {
    if (!this.virtual || this.virtual.type !== camera.type) this.virtual = camera.clone();
    const virtual = this.virtual.copy(camera, false);
    virtual.matrixAutoUpdate = false;
    virtual.matrixWorldAutoUpdate = false;
    const n = frame.up;
    // x' = x - 2 (n·x - level) n
    this.reflect.set(
      1 - 2 * n.x * n.x, -2 * n.x * n.y, -2 * n.x * n.z, 2 * frame.level * n.x,
      -2 * n.y * n.x, 1 - 2 * n.y * n.y, -2 * n.y * n.z, 2 * frame.level * n.y,
      -2 * n.z * n.x, -2 * n.z * n.y, 1 - 2 * n.z * n.z, 2 * frame.level * n.z,
      0, 0, 0, 1,
    );
    virtual.matrixWorld.multiplyMatrices(this.reflect, camera.matrixWorld).multiply(FLIP_X);
    virtual.matrixWorldInverse.copy(virtual.matrixWorld).invert();
    virtual.matrixWorld.decompose(virtual.position, virtual.quaternion, virtual.scale);
    return virtual;
  }

  private targetOfSize(width: number, height: number): WebGLRenderTarget {
    if (this.target && this.target.width === width && this.target.height === height) return this.target;
    this.disposeTarget();
    const target = createDisplayTarget(width, height, 0);
    const depth = new DepthTexture(width, height);
    depth.minFilter = NearestFilter;
    depth.magFilter = NearestFilter;
    target.depthTexture = depth;
    this.material.uniforms.reflectionMap.value = target.texture;
    this.material.uniforms.depthMap.value = depth;
    this.target = target;
    return target;
  }

  /**
   * Draws the reflection quad into the current render target (a display target, after its background,
   * before the models: depth test and depth write off, alpha blended), when the last update rendered one
   * (the camera above the ground) and alpha is above 0. One quad. `camera` must be the one of that update.
   */
  paint(renderer: WebGLRenderer, camera: Camera): void {
    if (!this.rendered || !this.frame || !(this.alpha > 0) || !seesGroundFromAbove(camera, this.frame)) return;
    this.material.uniforms.strength.value = Math.min(this.alpha, 2) * OPACITY_PER_ALPHA;
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.render(this.quadScene, camera);
    renderer.autoClear = autoClear;
  }

  private disposeTarget(): void {
    this.target?.depthTexture?.dispose();
    this.target?.dispose();
    this.target = null;
  }

  dispose(): void {
    this.disposeTarget();
    this.material.dispose();
    this.quad.geometry.dispose();
  }
}
