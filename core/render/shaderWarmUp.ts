import type { Camera } from 'three';
import type { BatchPlan, PrimitiveKind } from '../model/GeometryBatch.js';
import { ModelRenderer } from './ModelRenderer.js';
import { placeholderChunk, placeholderModel } from './placeholderModel.js';
import type { SceneRenderer } from './SceneRenderer.js';

/** The batch variants every untextured model draws with. */
const VARIANTS: [PrimitiveKind, boolean, boolean][] = [
  ['triangles', false, false],
  ['triangles', false, true],
  ['triangles', true, false],
  ['triangles', true, true],
  ['lines', false, false],
  ['points', false, false],
];

/**
 * Warms the shaders up in a task of its own, after the viewer's start, while the first model downloads, so
 * its first frame does not wait; nothing happens if the renderer is gone by then.
 */
export function warmUpShadersSoon(sceneRenderer: () => SceneRenderer | null, camera: Camera, onError: (reason: unknown) => void): void {
  setTimeout(() => {
    const renderer = sceneRenderer();
    if (renderer) void warmUpShaders(renderer, camera).catch(onError);
  });
}

/**
 * Compiles the batch shaders before the first model arrives, without blocking the page (three.js's
 * compileAsync polls KHR_parallel_shader_compile), then draws each once offscreen in a target like the
 * accumulation buffer (some drivers finish compiling at the first draw). A throwaway model with one
 * primitive in each variant's batch is added to the real scene, so lights and settings, hence the
 * programs, are the same.
 */
export async function warmUpShaders(sceneRenderer: SceneRenderer, camera: Camera): Promise<void> {
  // Without parallel compiling (software GL), compiling blocks the page whenever it happens: then it is
  // better done lazily, for the variants a model really uses, than for all of them up front.
  if (!sceneRenderer.renderer.extensions.has('KHR_parallel_shader_compile')) return;
  const batches: BatchPlan[] = VARIANTS.map(([kind, transparent, doubleSided]) => ({
    kind,
    transparent,
    doubleSided,
    textureMaterial: -1,
    hasUvs: false,
    vertexCount: 3,
    indexCount: 3,
  }));
  const model = placeholderModel('warm-up', batches, batches.map((_, i) => i));
  // Not one of the scene's models: frames never draw it; its group joins the scene only meanwhile.
  const modelRenderer = new ModelRenderer(model, sceneRenderer.renderer);
  // Applied once the renderer listens, so the primitives are queued for upload and the draw has something to draw.
  batches.forEach((batch, fragId) => model.applyChunk(placeholderChunk(fragId, fragId, 0, 0, batch.kind === 'triangles' ? 3 : batch.kind === 'lines' ? 2 : 1)));
  model.isGeometryLoaded = true;
  modelRenderer.group.traverse((object) => (object.visible = true)); // ghost passes included
  modelRenderer.group.visible = false;
  sceneRenderer.scene.add(modelRenderer.group);
  const renderer = sceneRenderer.renderer;
  try {
    // Frames are drawn into the accumulation buffer: compile for that target (its output colour space).
    const previous = renderer.getRenderTarget();
    renderer.setRenderTarget(sceneRenderer.frames.accumulationTarget);
    const compiled = renderer.compileAsync(modelRenderer.group, camera, sceneRenderer.scene);
    renderer.setRenderTarget(previous);
    await compiled;
    sceneRenderer.drawOffscreen(modelRenderer, camera);
  } finally {
    sceneRenderer.scene.remove(modelRenderer.group);
    modelRenderer.dispose();
    model.dispose();
  }
}
