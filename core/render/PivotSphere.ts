import { Color, Mesh, ShaderMaterial, SphereGeometry } from 'three';
import type { Navigation } from '../camera/Navigation.js';

/** Spec 000 §2, §9: the pivot sphere fades out over this long once navigation stops (ms). */
export const PIVOT_FADE_MS = 500;
/** Radius of the sphere on screen, in CSS pixels: small, whatever the zoom. */
export const PIVOT_RADIUS_PX = 9;
/** Spec 000 §2: a small translucent green sphere. */
const PIVOT_COLOR = new Color(0x2ecc55);
const PIVOT_OPACITY = 0.85;

/**
 * The pivot sphere (spec 000 §2 "Other widgets"): shown at the pivot while something navigates (a drag,
 * a transition; each says so under its own name) and fading out over 500 ms when the last one lets go.
 * Drawn in the renderer's overlay scene, over the model, with a soft rim so it reads as a ball.
 */
export class PivotSphere {
  readonly object: Mesh<SphereGeometry, ShaderMaterial>;
  /** Asks the host for frames: showing and fading need them even when nothing else moves. */
  onRequestFrame: () => void = () => {};
  private readonly holders = new Set<string>();
  private fadeStart = -1;
  private currentOpacity = 0;

  constructor() {
    const material = new ShaderMaterial({
      uniforms: { color: { value: PIVOT_COLOR }, opacity: { value: 0 } },
      vertexShader: /* glsl */ `
        varying vec3 vNormal;
        varying vec3 vView;
        void main() {
          vec4 viewPosition = modelViewMatrix * vec4(position, 1.0);
          vNormal = normalize(normalMatrix * normal);
          vView = normalize(-viewPosition.xyz);
          gl_Position = projectionMatrix * viewPosition;
        }`,
      fragmentShader: /* glsl */ `
        uniform vec3 color;
        uniform float opacity;
        varying vec3 vNormal;
        varying vec3 vView;
        void main() {
          vec3 n = normalize(vNormal);
          float facing = clamp(dot(n, normalize(vView)), 0.0, 1.0);
          // Lit from the upper left, with a small highlight and a light rim that reads on dark models.
          float light = clamp(dot(n, normalize(vec3(-0.45, 0.6, 0.65))), 0.0, 1.0);
          vec3 shade = color * (0.5 + 0.6 * light) + vec3(0.55) * pow(light, 28.0);
          shade = mix(vec3(0.85, 1.0, 0.88), shade, smoothstep(0.0, 0.35, facing));
          gl_FragColor = vec4(shade, opacity * mix(1.0, 0.8, facing));
          #include <colorspace_fragment>
        }`,
      transparent: true,
      depthTest: false,
      depthWrite: false,
    });
    this.object = new Mesh(new SphereGeometry(1, 32, 16), material);
    this.object.name = 'pivot';
    this.object.renderOrder = 1000;
    this.object.visible = false;
    this.object.frustumCulled = false;
  }

  /** Shows the sphere for as long as `holder` (a drag, a transition) keeps it. */
  show(holder: string): void {
    this.holders.add(holder);
    this.fadeStart = -1;
    this.onRequestFrame();
  }

  /** `holder` lets go; once none holds it, the sphere fades out. */
  hide(holder: string, now = performance.now()): void {
    if (!this.holders.delete(holder)) return;
    if (this.holders.size === 0) this.fadeStart = now;
    this.onRequestFrame();
  }

  /** True while someone holds it or it is fading. */
  get isVisible(): boolean {
    return this.object.visible;
  }

  /** Opacity now, 0–1 of its full strength. */
  get opacity(): number {
    return this.currentOpacity;
  }

  /** Places and sizes the sphere at the pivot and advances the fade; true while it still needs frames. */
  update(now: number, navigation: Navigation): boolean {
    let fading = false;
    if (this.holders.size > 0) {
      this.currentOpacity = 1;
    } else if (this.fadeStart >= 0) {
      const t = Math.max(0, now - this.fadeStart) / PIVOT_FADE_MS;
      this.currentOpacity = Math.max(0, 1 - t);
      fading = t < 1;
      if (!fading) this.fadeStart = -1;
    } else {
      this.currentOpacity = 0;
    }
    this.object.visible = this.currentOpacity > 0;
    if (!this.object.visible) return false;
    const pivot = navigation.pivot;
    const depth = Math.max(pivot.clone().sub(navigation.position).dot(navigation.getDirection()), 1e-6);
    this.object.position.copy(pivot);
    this.object.scale.setScalar(PIVOT_RADIUS_PX * navigation.worldPerPixel(depth));
    this.object.material.uniforms.opacity.value = PIVOT_OPACITY * this.currentOpacity;
    return fading;
  }

  dispose(): void {
    this.object.geometry.dispose();
    this.object.material.dispose();
  }
}
