import { Box3, type Camera, type Scene, Vector3, type WebGLRenderer, type WebGLRenderTarget } from 'three';
import { createDisplayTarget } from '../displayTarget.js';
import type { ModelRenderer } from '../ModelRenderer.js';
import { AmbientOcclusion, AO_INTENSITY_MAX } from './AmbientOcclusion.js';
import { DepthCopy } from './DepthCopy.js';
import { GroundReflection } from './GroundReflection.js';
import { GroundShadow } from './GroundShadow.js';
import { clampPostProcess, type PostProcessSettings, ScreenStyle } from './ScreenStyle.js';

/** Spec 001 §5: the shadow's and the reflection's alpha run 0–2. */
export const GROUND_ALPHA_MAX = 2;

/**
 * The effects of the 3D picture (spec 001 §3 `ambientShadows`, `groundShadow`, `groundReflection`): what
 * the scene renderer asks of them, and when.
 * - The ground shadow and reflection lie on the ground under the 3D models' box: painted into a target
 *   right after its background, so the models draw over them. The shadow is made again only when what
 *   is drawn changed (`noteContent`), once every model has all its geometry; the reflection also when the
 *   view changed, and only for frames drawn at rest.
 * - Ambient occlusion darkens the complete picture only; edges and the post-process style go on every
 *   frame. Both are composed from the frame's target and its depth into a target of their own, which is
 *   shown instead while the picture it was made from stays the same.
 * A 2D sheet gets none of them.
 */
export class FrameEffects {
  private readonly occlusion = new AmbientOcclusion();
  private readonly shadow = new GroundShadow();
  private readonly reflection = new GroundReflection();
  private readonly style = new ScreenStyle();
  private readonly depth = new DepthCopy();
  private occlusionOn = false;
  private shadowOn = false;
  private reflectionOn = false;
  /** The composed pictures, by target size (a moving frame may be drawn at a lower resolution). */
  private readonly composites = new Map<string, WebGLRenderTarget>();
  /** The occluded picture, before the style pass. */
  private occluded: WebGLRenderTarget | null = null;
  private composedKey = '';
  private contentKey = '';
  private readonly box = new Box3();
  private readonly up = new Vector3(0, 0, 1);
  /** The ground effects were made for what is drawn now. */
  private groundReady = false;
  /** ...and there was a ground to make them on (a box with a footprint). */
  private groundShown = false;

  setAmbientOcclusion(options: { enabled?: boolean; radius?: number; intensity?: number }): void {
    if (options.enabled !== undefined) this.occlusionOn = options.enabled;
    if (options.radius !== undefined && Number.isFinite(options.radius)) this.occlusion.radius = Math.max(0, options.radius);
    if (options.intensity !== undefined && Number.isFinite(options.intensity)) this.occlusion.intensity = Math.min(AO_INTENSITY_MAX, Math.max(0, options.intensity));
    this.composedKey = '';
  }

  getAmbientOcclusion(): { enabled: boolean; radius: number; intensity: number } {
    return { enabled: this.occlusionOn, radius: this.occlusion.radius, intensity: this.occlusion.intensity };
  }

  /** Edges of what is drawn (preference `edgeRendering`). */
  setEdges(enabled: boolean): void {
    this.style.edges = enabled;
    this.composedKey = '';
  }

  get edges(): boolean {
    return this.style.edges;
  }

  /** The post-process style and its controls (spec 001 §4, §5): what is given changes, within its bounds. */
  setPostProcess(changes: Partial<PostProcessSettings>): void {
    this.style.settings = clampPostProcess(this.style.settings, changes);
    this.composedKey = '';
  }

  getPostProcess(): PostProcessSettings {
    return { ...this.style.settings };
  }

  /** The ground shadow on or off, and its alpha (0–2). */
  setGroundShadow(options: { enabled?: boolean; alpha?: number }): void {
    if (options.enabled !== undefined) this.shadowOn = options.enabled;
    if (options.alpha !== undefined && Number.isFinite(options.alpha)) this.shadow.alpha = Math.min(GROUND_ALPHA_MAX, Math.max(0, options.alpha));
  }

  getGroundShadow(): { enabled: boolean; alpha: number } {
    return { enabled: this.shadowOn, alpha: this.shadow.alpha };
  }

  /** The ground reflection on or off, and its alpha (0–2). */
  setGroundReflection(options: { enabled?: boolean; alpha?: number }): void {
    if (options.enabled !== undefined) this.reflectionOn = options.enabled;
    if (options.alpha !== undefined && Number.isFinite(options.alpha)) this.reflection.alpha = Math.min(GROUND_ALPHA_MAX, Math.max(0, options.alpha));
  }

  getGroundReflection(): { enabled: boolean; alpha: number } {
    return { enabled: this.reflectionOn, alpha: this.reflection.alpha };
  }

  /**
   * What is drawn (the models, what of them is hidden, their transforms and loaded geometry, and the cut
   * planes' version): when it changes, the ground effects are made again. Read only while they are on.
   */
  noteContent(models: readonly ModelRenderer[], clippingVersion: number): void {
    if (!this.hasGround()) return;
    const key = `${clippingVersion}|${models.map((m) => `${m.model.id}:${m.contentKey}`).join(',')}`;
    if (key === this.contentKey) return;
    this.contentKey = key;
    this.shadow.markStale();
    this.reflection.markStale();
    this.groundReady = false;
  }

  private hasGround(): boolean {
    return (this.shadowOn || this.reflectionOn) && !this.memoryLimited;
  }

  /** With limited memory (spec 001 §4), the ground shadow and reflection are off. Returns whether that changed. */
  setMemoryLimited(limited: boolean): boolean {
    if (limited === this.memoryLimited) return false;
    this.memoryLimited = limited;
    this.contentKey = '';
    this.groundReady = this.groundShown = false;
    return true;
  }

  private memoryLimited = false;

  /** The ground effects wait to be made, and the models are ready for it: the accumulation should start again. */
  needsGroundUpdate(models: readonly ModelRenderer[]): boolean {
    return this.hasGround() && !this.groundReady && groundModels(models).length > 0 && models.every((m) => m.model.isGeometryLoaded && !m.hasPendingUploads);
  }

  /**
   * Makes the ground effects for the frame about to start (every model drawn whole into their targets), when
   * they are on and the models are ready; the caller starts the models' progress over afterwards.
   */
  updateGround(renderer: WebGLRenderer, scene: Scene, models: readonly ModelRenderer[], camera: Camera): void {
    if (!this.hasGround()) return;
    const grounded = groundModels(models);
    if (!grounded.length || !models.every((m) => m.model.isGeometryLoaded && !m.hasPendingUploads)) {
      if (!grounded.length) this.groundReady = false;
      return;
    }
    this.box.makeEmpty();
    for (const m of grounded) this.box.union(m.model.getBoundingBox());
    // Made, whatever comes of it: a frame does not start again and again for a ground there is not.
    this.groundReady = true;
    this.groundShown = !this.box.isEmpty();
    if (!this.groundShown) return;
    this.up.fromArray(grounded[0].model.getUpVector()).normalize();
    // What is shown casts and mirrors; the ghosts of hidden objects do not.
    for (const m of models) m.preparePrefix(1, false);
    if (this.shadowOn) this.shadow.update(renderer, scene, this.box, this.up);
    if (this.reflectionOn) this.reflection.update(renderer, scene, this.box, this.up, camera);
  }

  /** Paints the ground effects into the current target, after its background (the reflection only at rest). */
  paintGround(renderer: WebGLRenderer, camera: Camera, moving: boolean): void {
    if (!this.groundReady || !this.groundShown) return;
    if (this.reflectionOn && !moving) this.reflection.paint(renderer, camera);
    if (this.shadowOn) this.shadow.paint(renderer, camera);
  }

  /** Whether the picture at rest of these models has what a frame drawn while moving leaves out (occlusion, reflection). */
  addsAtRest(models: readonly ModelRenderer[]): boolean {
    return this.hasOcclusion(models) || (this.reflectionOn && this.groundShown && groundModels(models).length > 0);
  }

  /** Whether the complete picture of these models gets ambient occlusion. */
  hasOcclusion(models: readonly ModelRenderer[]): boolean {
    return this.occlusionOn && this.occlusion.isVisible && groundModels(models).length > 0;
  }

  /** Whether every frame of these models gets edges or a post-process style. */
  hasStyle(models: readonly ModelRenderer[]): boolean {
    return this.style.isVisible && groundModels(models).length > 0;
  }

  /**
   * The picture of `source` with the effects a frame gets (ambient occlusion only `atRest`: on the complete
   * picture), in a composite target, or `source` itself when there are none: made again only when the
   * picture (`version`) or the settings changed.
   */
  finish(renderer: WebGLRenderer, source: WebGLRenderTarget, camera: Camera, models: readonly ModelRenderer[], version: number, atRest: boolean): WebGLRenderTarget {
    const occlude = atRest && this.hasOcclusion(models);
    const styled = this.hasStyle(models);
    if (!occlude && !styled) return source;
    const size = `${source.width}x${source.height}`;
    let composite = this.composites.get(size);
    if (!composite) {
      // Two sizes at most: the full one and a moving frame's.
      if (this.composites.size >= 2) this.disposeComposites();
      composite = createDisplayTarget(source.width, source.height, 0);
      this.composites.set(size, composite);
    }
    const key = `${size}|${version}|${occlude}|${styled}`;
    if (key !== this.composedKey) {
      this.draw(renderer, source, camera, occlude, styled, composite);
      this.composedKey = key;
    }
    return composite;
  }

  /** The complete picture of `source` with every effect that is on, in `output` (screenshots). */
  finishInto(renderer: WebGLRenderer, source: WebGLRenderTarget, camera: Camera, models: readonly ModelRenderer[], output: WebGLRenderTarget): boolean {
    const occlude = this.hasOcclusion(models);
    const styled = this.hasStyle(models);
    if (!occlude && !styled) return false;
    this.draw(renderer, source, camera, occlude, styled, output);
    return true;
  }

  private draw(renderer: WebGLRenderer, source: WebGLRenderTarget, camera: Camera, occlude: boolean, styled: boolean, output: WebGLRenderTarget): void {
    const depth = this.depth.copy(renderer, source);
    if (!styled) {
      this.occlusion.render(renderer, source, depth, camera, output);
      return;
    }
    let picture = source;
    if (occlude) {
      if (!this.occluded || this.occluded.width !== source.width || this.occluded.height !== source.height) {
        this.occluded?.dispose();
        this.occluded = createDisplayTarget(source.width, source.height, 0);
      }
      this.occlusion.render(renderer, source, depth, camera, this.occluded);
      picture = this.occluded;
    }
    this.style.render(renderer, picture, depth, camera, output);
  }

  private disposeComposites(): void {
    for (const target of this.composites.values()) target.dispose();
    this.composites.clear();
    this.composedKey = '';
  }

  dispose(): void {
    this.occlusion.dispose();
    this.shadow.dispose();
    this.reflection.dispose();
    this.style.dispose();
    this.depth.dispose();
    this.occluded?.dispose();
    this.disposeComposites();
  }
}

/** The models the 3D effects are for: 3D ones with something to draw. */
function groundModels(models: readonly ModelRenderer[]): ModelRenderer[] {
  return models.filter((m) => !m.model.is2d() && m.primitiveCount > 0);
}
