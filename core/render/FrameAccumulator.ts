import {
  Mesh,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  type WebGLRenderer,
  WebGLRenderTarget,
} from 'three';
import { createDisplayTarget } from './displayTarget.js';

/**
 * The offscreen buffers frames are drawn into: the accumulation buffer (full resolution, multisampled),
 * which keeps what earlier frames drew so loading chunks and refinement slices add to it without
 * redrawing the rest, and a low-resolution buffer for frames drawn while the camera moves. Both are
 * display targets (createDisplayTarget). Each frame ends by blitting one of them onto the canvas.
 */
export class FrameAccumulator {
  private accumulation: WebGLRenderTarget | null = null;
  private lowResolution: WebGLRenderTarget | null = null;
  private width = 1;
  private height = 1;
  private readonly quadScene = new Scene();
  private readonly quadCamera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly copyMaterial = new ShaderMaterial({
    uniforms: { map: { value: null } },
    vertexShader: /* glsl */ `
      varying vec2 vUv;
      void main() {
        vUv = uv;
        gl_Position = vec4(position.xy, 0.0, 1.0);
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D map;
      varying vec2 vUv;
      void main() {
        // The source holds display colours: decoded here, encoded again for wherever the copy goes.
        gl_FragColor = sRGBTransferEOTF(texture2D(map, vUv));
        #include <colorspace_fragment>
      }`,
    depthTest: false,
    depthWrite: false,
    toneMapped: false,
  });

  constructor(private samples: number) {
    const quad = new Mesh(new PlaneGeometry(2, 2), this.copyMaterial);
    quad.frustumCulled = false;
    this.quadScene.add(quad);
  }

  /** The drawing buffer's size in device pixels; true when it changed (what the targets held is gone). */
  setSize(width: number, height: number): boolean {
    width = Math.max(1, width);
    height = Math.max(1, height);
    if (width === this.width && height === this.height) return false;
    this.width = width;
    this.height = height;
    this.accumulation?.setSize(this.width, this.height);
    this.lowResolution?.dispose();
    this.lowResolution = null;
    return true;
  }

  /** Samples per pixel of the accumulation buffer (0: not multisampled). */
  get sampleCount(): number {
    return this.samples;
  }

  setSamples(samples: number): void {
    if (samples === this.samples) return;
    this.samples = samples;
    this.accumulation?.dispose();
    this.accumulation = null;
  }

  get accumulationTarget(): WebGLRenderTarget {
    this.accumulation ??= createDisplayTarget(this.width, this.height, this.samples);
    return this.accumulation;
  }

  /** Whether the low-resolution target exists (a resize drops it). */
  get hasLowResolutionTarget(): boolean {
    return this.lowResolution !== null;
  }

  /** A target at a share of the full resolution (for frames drawn while moving). */
  lowResolutionTarget(scale: number): WebGLRenderTarget {
    const width = Math.max(1, Math.round(this.width * scale));
    const height = Math.max(1, Math.round(this.height * scale));
    if (!this.lowResolution || this.lowResolution.width !== width || this.lowResolution.height !== height) {
      this.lowResolution?.dispose();
      this.lowResolution = createDisplayTarget(width, height, 0);
    }
    return this.lowResolution;
  }

  /**
   * Shows a display target on the canvas: a blit, scaled with linear filtering when the sizes differ. It
   * needs no program and no render call; the colours go across as they are, since the target already holds
   * display colours. A multisampled target is read where three.js resolved it after its last render call.
   */
  present(renderer: WebGLRenderer, source: WebGLRenderTarget): void {
    const gl = renderer.getContext() as WebGL2RenderingContext;
    const resolved = (renderer.properties.get(source) as { __webglFramebuffer?: WebGLFramebuffer }).__webglFramebuffer;
    renderer.setRenderTarget(null);
    if (!resolved) return;
    // Through three.js's state, so its record of the bindings stays true.
    renderer.state.bindFramebuffer(gl.READ_FRAMEBUFFER, resolved);
    const filter = source.width === this.width && source.height === this.height ? gl.NEAREST : gl.LINEAR;
    gl.blitFramebuffer(0, 0, source.width, source.height, 0, 0, this.width, this.height, gl.COLOR_BUFFER_BIT, filter);
    renderer.state.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
  }

  /**
   * Draws a display target into another target through a shader that decodes its colours, so that a
   * target encoding in hardware (sRGB format) ends up with the same picture.
   */
  copy(renderer: WebGLRenderer, source: WebGLRenderTarget, destination: WebGLRenderTarget): void {
    this.copyMaterial.uniforms.map.value = source.texture;
    renderer.setRenderTarget(destination);
    renderer.render(this.quadScene, this.quadCamera);
  }

  dispose(): void {
    this.accumulation?.dispose();
    this.lowResolution?.dispose();
    this.copyMaterial.dispose();
    (this.quadScene.children[0] as Mesh).geometry.dispose();
  }

}
