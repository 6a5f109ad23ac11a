import { type Camera, PerspectiveCamera } from 'three';
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
 * Warms the shaders up as the viewer starts, so a model's first frame does not wait on them. With
 * parallel compiling, every variant, in the background (a task of its own, while the first model
 * downloads; nothing happens if the renderer is gone by then). Without it (software GL), only the
 * opaque batch's pipeline, at once (buildOpaquePipeline).
 */
export function startShaderWarmUp(sceneRenderer: () => SceneRenderer | null, camera: Camera, onError: (reason: unknown) => void): void {
  const renderer = sceneRenderer();
  if (!renderer) return;
  if (!renderer.renderer.extensions.has('KHR_parallel_shader_compile')) {
    try {
      buildOpaquePipeline(renderer);
    } catch (reason) {
      onError(reason);
    }
    return;
  }
  setTimeout(() => {
    const later = sceneRenderer();
    if (later) void warmUpShaders(later, camera).catch(onError);
  });
}

/**
 * Software GL builds a pipeline at the first draw with a program into a kind of target: 50–140 ms of the
 * GPU process's thread, which the browser's compositor shares, so input waits meanwhile. Drawn before any
 * model loads, and waited for, that happens as the viewer starts and not while a model loads, and not
 * between a model's first chunk and its first frame. Only the opaque single-sided batch is built (the
 * variant models draw first); a placeholder model draws one triangle with it, over a 1×1 target made like
 * the accumulation buffer, and is kept, so its program stays for the models that use it.
 */
export function buildOpaquePipeline(sceneRenderer: SceneRenderer): void {
  const batch: BatchPlan = { kind: 'triangles', transparent: false, doubleSided: false, textureMaterial: -1, hasUvs: false, vertexCount: 3, indexCount: 3 };
  const model = placeholderModel('first-pipeline', [batch], [0]);
  const modelRenderer = new ModelRenderer(model, sceneRenderer.renderer);
  sceneRenderer.keepOffscreen(modelRenderer);
  model.applyChunk(placeholderChunk(0, 0, 0, 0, 3));
  model.isGeometryLoaded = true;
  // The triangle spans the unit square's lower left half at z = 0: the camera looks at it from in front.
  const camera = new PerspectiveCamera(50, 1, 0.1, 10);
  camera.position.set(0.25, 0.25, 1);
  camera.updateMatrixWorld();
  sceneRenderer.scene.add(modelRenderer.group);
  try {
    sceneRenderer.drawOffscreen(modelRenderer, camera, { ghosts: false, wait: true });
  } finally {
    sceneRenderer.scene.remove(modelRenderer.group);
  }
}

/**
 * Compiles the batch shaders before the first model arrives, without blocking the page (three.js's
 * compileAsync polls KHR_parallel_shader_compile), then draws each once offscreen in a target like the
 * accumulation buffer (some drivers finish compiling at the first draw). A throwaway model with one
 * primitive in each variant's batch is added to the real scene, so lights and settings, hence the
 * programs, are the same.
 */
export async function warmUpShaders(sceneRenderer: SceneRenderer, camera: Camera): Promise<void> {
  // Without parallel compiling (software GL), compiling blocks the page whenever it happens: then only the
  // first variant is built up front (buildOpaquePipeline), the others lazily, for the models that use them.
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
