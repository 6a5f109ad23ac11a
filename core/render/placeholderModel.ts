import type { BatchPlan, GeometryChunk } from '../model/GeometryBatch.js';
import { Model } from '../model/Model.js';
import { defaultMaterial } from '../model/ModelMaterial.js';

/**
 * A model made in code, not loaded: the given batches, fragments assigned to them (all owned by one
 * node), no geometry yet. Shader warm-up draws one; tests feed one chunks of known sizes.
 */
export function placeholderModel(name: string, batches: BatchPlan[], fragmentBatches: number[]): Model {
  const count = fragmentBatches.length;
  return new Model(
    { url: name, fileName: name },
    {
      fragments: {
        dbIds: new Int32Array(count).fill(1),
        materialIds: new Int32Array(count),
        batchIds: Uint16Array.from(fragmentBatches),
        boxes: new Float32Array(count * 6),
      },
      batches,
      materials: [defaultMaterial()],
      tree: { rootId: 1, parents: new Int32Array(2), names: [null, name] },
      metadata: {},
      bounds: [],
      cameras: [],
      defaultCamera: -1,
    },
    null,
    name,
  );
}

/**
 * The geometry of one fragment: three vertices (a triangle in the unit box, quantized), indexed round
 * and round for the given number of indices.
 */
export function placeholderChunk(batch: number, fragId: number, vertexStart: number, indexStart: number, indexCount: number): GeometryChunk {
  return {
    batch,
    vertexStart,
    indexStart,
    positions: new Uint16Array(3 * 4).map((_, i) => (i % 4 === 3 ? fragId : i === 4 || i === 9 ? 65535 : 0)),
    normals: new Uint8Array(3 * 4).fill(128),
    indices: new Uint32Array(indexCount).map((_, i) => vertexStart + (i % 3)),
    fragIds: Int32Array.of(fragId),
    vertexStarts: Uint32Array.of(vertexStart),
    vertexCounts: Uint32Array.of(3),
    indexStarts: Uint32Array.of(indexStart),
    indexCounts: Uint32Array.of(indexCount),
    boxes: Float32Array.of(0, 0, 0, 1, 1, 1),
  };
}
