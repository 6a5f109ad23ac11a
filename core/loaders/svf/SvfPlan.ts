import type { BatchPlan, PrimitiveKind } from '../../model/GeometryBatch.js';
import type { ModelMaterial } from '../../model/ModelMaterial.js';
import { kindOfEntryType } from './SvfGeometry.js';
import type { SvfFragments, SvfGeometryInfo } from './SvfFragments.js';
import { isTransparentMaterial } from './SvfMaterials.js';
import type { SvfAsset, SvfPackage } from './SvfPackage.js';

/** A guess of vertices per triangle, to size batches before the meshes are read (they grow if short). */
const VERTICES_PER_TRIANGLE = 1.5;

/** Where each fragment's geometry is and which batch it goes to, before any pack is read. */
export interface SvfPlan {
  batches: BatchPlan[];
  batchIds: Uint16Array;
  /** Material index of each fragment into the model's materials. */
  materialIds: Int32Array;
  /** The pack asset of each fragment's geometry (null: none) and the entry in it. */
  packs: (SvfAsset | null)[];
  /** Packs in the order they are read: the one holding the largest fragment first. */
  packOrder: SvfAsset[];
  /** Fragments of each pack, largest first. */
  fragmentsByPack: Map<SvfAsset, number[]>;
  /** Batch index by kind + transparency + textured material, to place geometry whose kind differs from the guess. */
  batchFor(kind: PrimitiveKind, material: number): number | undefined;
}

/**
 * Plans batches the way the glTF loader does (kind × transparency × textured material). A fragment's kind
 * comes from the entry types its pack declares in the manifest's typeset; a pack mixing kinds is planned
 * as triangles and corrected when its entries are read.
 */
export function planSvf(
  pkg: SvfPackage,
  fragments: SvfFragments,
  geometries: SvfGeometryInfo[],
  materials: ModelMaterial[],
  texturedMaterials: Set<number>,
  defaultMaterial: number,
): SvfPlan {
  const packAssets = new Map<string, SvfAsset>();
  for (const asset of pkg.findAssets('PackFile')) packAssets.set(asset.URI, asset);
  const kindOfPack = new Map<SvfAsset, PrimitiveKind>();
  const mixedPacks = new Set<SvfAsset>();
  for (const asset of packAssets.values()) {
    const kinds = new Set(pkg.typesOf(asset).map((t) => kindOfEntryType(t.type)).filter((k) => k !== null));
    kindOfPack.set(asset, kinds.size === 1 ? [...kinds][0]! : 'triangles');
    if (kinds.size !== 1) mixedPacks.add(asset);
  }

  const batches: BatchPlan[] = [];
  const keys = new Map<string, number>();
  const batchFor = (kind: PrimitiveKind, material: number): number => {
    const transparent = isTransparentMaterial(materials[material]);
    const textured = kind === 'triangles' && texturedMaterials.has(material);
    const key = `${kind}|${transparent}|${textured ? material : -1}`;
    let batch = keys.get(key);
    if (batch === undefined) {
      batch = batches.length;
      keys.set(key, batch);
      // SVF geometry comes from many authoring tools with inconsistent winding: draw both faces.
      batches.push({ kind, transparent, doubleSided: kind === 'triangles', textureMaterial: textured ? material : -1, hasUvs: textured, vertexCount: 0, indexCount: 0 });
    }
    return batch;
  };

  const count = fragments.count;
  const batchIds = new Uint16Array(count);
  const materialIds = new Int32Array(count);
  const packs: (SvfAsset | null)[] = new Array(count).fill(null);
  for (let f = 0; f < count; f++) {
    const material = fragments.materialIds[f];
    materialIds[f] = material >= 0 && material < materials.length - 1 ? material : defaultMaterial;
    const geometry = geometries[fragments.geometryIds[f]];
    const asset = geometry ? (packAssets.get(geometry.packId) ?? packAssets.get(`${parseInt(geometry.packId, 10)}.pf`) ?? null) : null;
    packs[f] = asset;
    const kind = asset ? kindOfPack.get(asset)! : 'triangles';
    const batch = batchFor(kind, materialIds[f]);
    batchIds[f] = batch;
    if (asset && mixedPacks.has(asset)) {
      // The header fixes the batches: have the other kinds ready for this material too.
      batchFor('lines', materialIds[f]);
      batchFor('points', materialIds[f]);
    }
    const primitives = geometry?.primCount ?? 0;
    const perPrimitive = kind === 'triangles' ? 3 : kind === 'lines' ? 2 : 1;
    batches[batch].indexCount += primitives * perPrimitive;
    batches[batch].vertexCount += Math.ceil(primitives * (kind === 'triangles' ? VERTICES_PER_TRIANGLE : perPrimitive));
  }

  const size = (f: number) => {
    const b = fragments.boxes;
    const o = f * 6;
    return (b[o + 3] - b[o]) ** 2 + (b[o + 4] - b[o + 1]) ** 2 + (b[o + 5] - b[o + 2]) ** 2;
  };
  const order = Array.from({ length: count }, (_, f) => f).filter((f) => packs[f]);
  const sizes = new Float64Array(count);
  for (const f of order) sizes[f] = size(f);
  order.sort((a, b) => sizes[b] - sizes[a] || a - b);
  const fragmentsByPack = new Map<SvfAsset, number[]>();
  const packOrder: SvfAsset[] = [];
  for (const f of order) {
    const asset = packs[f]!;
    let list = fragmentsByPack.get(asset);
    if (!list) {
      list = [];
      fragmentsByPack.set(asset, list);
      packOrder.push(asset);
    }
    list.push(f);
  }
  const existingBatch = (kind: PrimitiveKind, material: number) => {
    const transparent = isTransparentMaterial(materials[material]);
    const textured = kind === 'triangles' && texturedMaterials.has(material);
    return keys.get(`${kind}|${transparent}|${textured ? material : -1}`);
  };
  return { batches, batchIds, materialIds, packs, packOrder, fragmentsByPack, batchFor: existingBatch };
}
