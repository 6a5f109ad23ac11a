import { Color } from 'three';
import type { ModelMaterial } from '../../model/ModelMaterial.js';
import { defaultMaterial } from '../../model/ModelMaterial.js';
import type { ModelPlacement } from '../ModelPlacement.js';
import type { ModelHeader } from '../WorkerProtocol.js';
import type { GltfJson, GltfMaterial, GltfPlan } from './GltfPlan.js';

/** What the main thread learns of a glTF before any geometry: fragments, batches, materials, tree. */
export function headerOf(json: GltfJson, plan: GltfPlan, placement: ModelPlacement): ModelHeader {
  const count = plan.fragments.length;
  const dbIds = new Int32Array(count);
  const materialIds = new Int32Array(count);
  const batchIds = new Uint16Array(count);
  for (let fragId = 0; fragId < count; fragId++) {
    const fragment = plan.fragments[fragId];
    dbIds[fragId] = fragment.dbId;
    materialIds[fragId] = fragment.material;
    batchIds[fragId] = fragment.batch;
  }
  return {
    fragments: { dbIds, materialIds, batchIds, boxes: plan.boxes },
    batches: plan.batches,
    materials: [...(json.materials ?? []).map(toModelMaterial), defaultMaterial()],
    tree: { rootId: plan.rootId, parents: plan.parents, names: plan.names },
    metadata: {
      'distance unit': { value: 'm' },
      'world up vector': { XYZ: [0, 1, 0] },
      glTF: { version: json.asset?.version ?? '', generator: json.asset?.generator ?? '', copyright: json.asset?.copyright ?? '' },
    },
    bounds: plan.bounds.isEmpty() ? [] : [...plan.bounds.min.toArray(), ...plan.bounds.max.toArray()],
    globalOffset: placement.globalOffset,
    placementTransform: placement.placementTransform,
    cameras: [],
    defaultCamera: -1,
  };
}

/** A glTF material as a row of the material table (sRGB components; glTF factors are linear). */
function toModelMaterial(material: GltfMaterial, index: number): ModelMaterial {
  const pbr = material.pbrMetallicRoughness ?? {};
  const base = pbr.baseColorFactor ?? [1, 1, 1, 1];
  const srgb = (rgb: number[]): [number, number, number] => {
    const { r, g, b } = new Color().setRGB(rgb[0], rgb[1], rgb[2]).convertLinearToSRGB();
    return [r, g, b];
  };
  return {
    name: material.name ?? `Material ${index}`,
    color: srgb(base),
    opacity: material.alphaMode === 'BLEND' ? (base[3] ?? 1) : 1,
    metalness: pbr.metallicFactor ?? 1,
    roughness: pbr.roughnessFactor ?? 1,
    emissive: srgb(material.emissiveFactor ?? [0, 0, 0]),
    doubleSided: material.doubleSided ?? false,
  };
}
