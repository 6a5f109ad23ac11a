import {
  type Camera,
  Color,
  DataTexture,
  DirectionalLight,
  HemisphereLight,
  LinearFilter,
  RGBAFormat,
  Scene,
  SRGBColorSpace,
  UnsignedByteType,
  Vector3,
  WebGLRenderer,
  WebGLRenderTarget,
} from 'three';
import type { Model } from '../model/Model.js';
import { ModelRenderer } from './ModelRenderer.js';

/** Spec 001 §9: the default selection colour. */
export const DEFAULT_SELECTION_COLOR = 6724095;

export interface FrameStats {
  drawCalls: number;
  triangles: number;
  /** Share of each batch drawn: 1 for a complete frame. */
  fraction: number;
}

export interface RendererOptions {
  antialias?: boolean;
}

/**
 * Owns the WebGL context, the scene with its lights and background, and one ModelRenderer per model.
 * Draws the models and then the overlay scene (pivot, gizmos) on top.
 */
export class SceneRenderer {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  /** Widgets drawn over the models (pivot, gizmo, markers); they share the depth buffer. */
  readonly overlay = new Scene();
  private readonly models = new Map<Model, ModelRenderer>();
  private readonly headlight = new DirectionalLight(0xffffff, 1.6);
  private ghosting = true;
  private selectionColor = DEFAULT_SELECTION_COLOR;
  private backgroundTexture: DataTexture;

  constructor(canvas: HTMLCanvasElement, options: RendererOptions = {}) {
    this.renderer = new WebGLRenderer({
      canvas,
      antialias: options.antialias ?? true,
      alpha: false,
      powerPreference: 'high-performance',
      preserveDrawingBuffer: false,
    });
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.autoClear = false;
    this.renderer.info.autoReset = false;
    this.scene.matrixWorldAutoUpdate = true;
    this.scene.add(new HemisphereLight(0xffffff, 0x9aa0a6, 1.4));
    this.scene.add(this.headlight, this.headlight.target);
    this.backgroundTexture = gradientTexture(new Color(0xf6f8fa), new Color(0xcdd3d9));
    this.scene.background = this.backgroundTexture;
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  setSize(width: number, height: number, pixelRatio: number): void {
    this.renderer.setPixelRatio(pixelRatio);
    this.renderer.setSize(Math.max(1, width), Math.max(1, height), false);
  }

  addModel(model: Model): ModelRenderer {
    const modelRenderer = new ModelRenderer(model);
    modelRenderer.setGhosting(this.ghosting);
    modelRenderer.setSelectionColor(this.selectionColor);
    this.models.set(model, modelRenderer);
    this.scene.add(modelRenderer.group);
    return modelRenderer;
  }

  removeModel(model: Model): void {
    const modelRenderer = this.models.get(model);
    if (!modelRenderer) return;
    this.scene.remove(modelRenderer.group);
    modelRenderer.dispose();
    this.models.delete(model);
  }

  getModelRenderer(model: Model): ModelRenderer | undefined {
    return this.models.get(model);
  }

  setGhosting(enabled: boolean): void {
    this.ghosting = enabled;
    for (const m of this.models.values()) m.setGhosting(enabled);
  }

  setSelectionColor(color: number): void {
    this.selectionColor = color;
    for (const m of this.models.values()) m.setSelectionColor(color);
  }

  setBackground(top: Color, bottom: Color): void {
    this.backgroundTexture.dispose();
    this.backgroundTexture = gradientTexture(top, bottom);
    this.scene.background = this.backgroundTexture;
  }

  /** Draws one frame; `fraction` < 1 draws the largest objects of each batch only (progressive display). */
  render(camera: Camera, fraction = 1, target: WebGLRenderTarget | null = null): FrameStats {
    let triangles = 0;
    for (const m of this.models.values()) {
      m.prepareFrame(fraction);
      triangles += m.primitiveCount * Math.min(1, fraction);
    }
    // The headlight comes from over the viewer's shoulder.
    this.headlight.position.copy(camera.position).add(SHOULDER.clone().applyQuaternion(camera.quaternion));
    this.headlight.target.position.copy(camera.position).add(FORWARD.clone().applyQuaternion(camera.quaternion));
    this.renderer.info.reset();
    this.renderer.setRenderTarget(target);
    this.renderer.clear(true, true, true);
    this.renderer.render(this.scene, camera);
    if (this.overlay.children.length) this.renderer.render(this.overlay, camera);
    this.renderer.setRenderTarget(null);
    return { drawCalls: this.renderer.info.render.calls, triangles, fraction };
  }

  /** Renders a complete frame offscreen at the given size and returns its pixels, top row first. */
  capture(camera: Camera, width: number, height: number): { width: number; height: number; data: Uint8Array } {
    const target = new WebGLRenderTarget(width, height, { colorSpace: SRGBColorSpace, samples: 4 });
    try {
      this.render(camera, 1, target);
      const data = new Uint8Array(width * height * 4);
      this.renderer.readRenderTargetPixels(target, 0, 0, width, height, data);
      const row = width * 4;
      const flipped = new Uint8Array(data.length);
      for (let y = 0; y < height; y++) flipped.set(data.subarray((height - 1 - y) * row, (height - y) * row), y * row);
      return { width, height, data: flipped };
    } finally {
      target.dispose();
    }
  }

  /** Frees every GPU resource and the WebGL context itself. */
  dispose(): void {
    for (const model of [...this.models.keys()]) this.removeModel(model);
    this.backgroundTexture.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}

const SHOULDER = new Vector3(-0.5, 0.8, 0.3);
const FORWARD = new Vector3(0, 0, -1);

function gradientTexture(top: Color, bottom: Color): DataTexture {
  const height = 64;
  const data = new Uint8Array(height * 4);
  const c = new Color();
  const srgb = { r: 0, g: 0, b: 0 };
  for (let y = 0; y < height; y++) {
    c.copy(bottom).lerp(top, y / (height - 1)).getRGB(srgb, SRGBColorSpace);
    data[y * 4] = Math.round(srgb.r * 255);
    data[y * 4 + 1] = Math.round(srgb.g * 255);
    data[y * 4 + 2] = Math.round(srgb.b * 255);
    data[y * 4 + 3] = 255;
  }
  const texture = new DataTexture(data, 1, height, RGBAFormat, UnsignedByteType);
  texture.colorSpace = SRGBColorSpace;
  texture.magFilter = LinearFilter;
  texture.minFilter = LinearFilter;
  texture.needsUpdate = true;
  return texture;
}
