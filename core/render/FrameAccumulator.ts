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
 * display targets (createDisplayTarget). Each frame ends by copying one of them onto the canvas.
 */
export class FrameAccumulator {
  private accumulation: WebGLRenderTarget | null = null;
  private lowResolution: WebGLRenderTarget | null = null;
  private width = 1;
  private height = 1;
  private readonly quadScene = new Scene();
  private readonly quadCamera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly copy = new ShaderMaterial({
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
    const quad = new Mesh(new PlaneGeometry(2, 2), this.copy);
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

  /** Copies a display target onto the canvas, or another target (scaled with linear filtering when their sizes differ). */
  present(renderer: WebGLRenderer, source: WebGLRenderTarget, destination: WebGLRenderTarget | null = null): void {
    this.copy.uniforms.map.value = source.texture;
    renderer.setRenderTarget(destination);
    renderer.render(this.quadScene, this.quadCamera);
  }

  /** Compiles the copy program ahead of the first frame (it draws onto the canvas). */
  compile(renderer: WebGLRenderer): void {
    const previous = renderer.getRenderTarget();
    renderer.setRenderTarget(null);
    renderer.compile(this.quadScene, this.quadCamera);
    renderer.setRenderTarget(previous);
  }

  dispose(): void {
    this.accumulation?.dispose();
    this.lowResolution?.dispose();
    this.copy.dispose();
    (this.quadScene.children[0] as Mesh).geometry.dispose();
  }

}
