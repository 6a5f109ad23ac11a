import { defaultMaterial, type ModelMaterial } from '../../model/ModelMaterial.js';

/** The parts of a Protein material asset the viewer reads (svf-format.md §6). */
interface ProteinAsset {
  definition?: string;
  transparent?: boolean;
  properties?: {
    booleans?: Record<string, boolean>;
    scalars?: Record<string, { values?: number[] }>;
    colors?: Record<string, { values?: { r: number; g: number; b: number; a?: number }[] }>;
    uris?: Record<string, { values?: string[] }>;
  };
  textures?: Record<string, { connections?: string[] }>;
}

interface ProteinGroup {
  userassets?: string[];
  materials?: Record<string, ProteinAsset>;
}

export interface ProteinMaterialsFile {
  materials?: Record<string, ProteinGroup>;
}

/** A texture a material refers to: an image beside the .svf and its scale. */
export interface SvfTextureRef {
  uri: string;
  uScale: number;
  vScale: number;
}

export interface SvfMaterials {
  /** index = the fragments' materialId; the last entry is the default for ids with no material. */
  materials: ModelMaterial[];
  /** The diffuse texture of a material, by materialId. */
  textures: Map<number, SvfTextureRef>;
  defaultIndex: number;
}

/** Protein glossiness is a Phong exponent (30 when absent); this maps it to a roughness. */
const DEFAULT_GLOSSINESS = 30;

/**
 * Materials.json.gz → one ModelMaterial per materialId (the keys of `materials`): base colour from
 * generic_diffuse, opacity 1 − generic_transparency, and the diffuse texture where one is connected.
 * Definitions other than SimplePhong get the default grey.
 */
export function readMaterials(file: ProteinMaterialsFile | null, usedIds: Iterable<number>): SvfMaterials {
  const groups = file?.materials ?? {};
  let maxId = -1;
  for (const id of usedIds) maxId = Math.max(maxId, id);
  for (const key of Object.keys(groups)) if (/^\d+$/.test(key)) maxId = Math.max(maxId, Number(key));
  const materials: ModelMaterial[] = [];
  const textures = new Map<number, SvfTextureRef>();
  for (let id = 0; id <= maxId; id++) {
    const group = groups[String(id)];
    const main = group?.materials?.[group.userassets?.[0] ?? ''];
    if (!main || main.definition !== 'SimplePhong') {
      materials.push(defaultMaterial(`Material ${id}`));
      continue;
    }
    materials.push(toModelMaterial(main, id));
    const texture = diffuseTexture(group!, main);
    if (texture) textures.set(id, texture);
  }
  materials.push(defaultMaterial());
  return { materials, textures, defaultIndex: materials.length - 1 };
}

function toModelMaterial(asset: ProteinAsset, id: number): ModelMaterial {
  const p = asset.properties ?? {};
  const diffuse = p.colors?.generic_diffuse?.values?.[0] ?? { r: 0.8, g: 0.8, b: 0.8 };
  const emissive = p.colors?.generic_emissive?.values?.[0] ?? { r: 0, g: 0, b: 0 };
  const transparency = p.scalars?.generic_transparency?.values?.[0] ?? 0;
  const glossiness = p.scalars?.generic_glossiness?.values?.[0] ?? DEFAULT_GLOSSINESS;
  return {
    name: `Material ${id}`,
    color: [diffuse.r, diffuse.g, diffuse.b],
    opacity: Math.min(1, Math.max(0, 1 - transparency)),
    metalness: p.booleans?.generic_is_metal ? 1 : 0,
    roughness: Math.min(1, Math.sqrt(2 / (Math.max(0, glossiness) + 2))),
    emissive: [emissive.r, emissive.g, emissive.b],
    doubleSided: true,
  };
}

/** True when the material needs the transparent batch. */
export function isTransparentMaterial(material: ModelMaterial | undefined): boolean {
  return material !== undefined && material.opacity < 1;
}

function diffuseTexture(group: ProteinGroup, main: ProteinAsset): SvfTextureRef | null {
  const key = main.textures?.generic_diffuse?.connections?.[0];
  const texture = key ? group.materials?.[key] : undefined;
  const uri = texture?.properties?.uris?.unifiedbitmap_Bitmap?.values?.[0];
  if (!uri) return null;
  const scalars = texture!.properties?.scalars ?? {};
  return {
    uri,
    uScale: scalars.texture_UScale?.values?.[0] ?? 1,
    vScale: scalars.texture_VScale?.values?.[0] ?? 1,
  };
}
