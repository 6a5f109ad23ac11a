import {
  Color,
  LoadingManager,
  MeshStandardMaterial,
  SRGBColorSpace,
  Texture,
  type Object3D,
  type Mesh,
} from 'three';
import { GLTFLoader, type GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { GeometryPacker } from '../GeometryPacker.js';
import { type FormatParser, type WorkerLoadContext, Yielder } from '../WorkerLoadContext.js';
import type { ModelMaterial, MaterialTextures, TextureImage } from '../../model/ModelMaterial.js';
import { defaultMaterial } from '../../model/ModelMaterial.js';
import type { PropertyDatabase } from '../../model/PropertyDatabase.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { type GltfJson, type GltfMaterial, type GltfPlan, type PlannedFragment, planGltf } from './GltfPlan.js';
import { buildGltfProperties } from './gltfProperties.js';
import { GltfAccessorReader } from './GltfAccessorReader.js';
import { canReadDirectly, fromBufferGeometry, readPrimitive } from './primitiveGeometry.js';

/** Thrown from the plugin hook once streaming is done, so GLTFLoader does not build a scene graph too. */
const STREAMED = Symbol('streamed');

/**
 * glTF 2.0 (.gltf, .glb) in the loader worker. GLTFLoader's own parser decodes accessors, materials and
 * textures (with its extensions); a plugin hook runs before it would build the scene, and streams each
 * primitive, placed by its node, into the packer instead, largest first.
 */
export const parseGltf: FormatParser = async (context) => {
  const data = await context.fetchArrayBuffer(context.request.url);
  context.phase('fetched');
  const manager = new LoadingManager();
  const resources = context.request.options.resources as Record<string, string> | undefined;
  if (resources) {
    // A local .gltf's buffers and images were chosen with it: map their names to the files' URLs.
    manager.setURLModifier((url) => resources[decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() ?? '')] ?? url);
  }
  const loader = new GLTFLoader(manager);
  loader.setRequestHeader(context.request.headers);
  loader.setWithCredentials(context.request.withCredentials);
  // A blob: URL has no folder; its external files come through the resource map instead.
  const resourcePath = context.request.url.startsWith('blob:') ? '' : new URL('.', context.request.url).href;

  let database: PropertyDatabase | null = null;
  await new Promise<void>((resolve, reject) => {
    loader.register((parser: GLTFParser) => ({
      name: 'design-viewer-stream',
      beforeRoot: async () => {
        database = await streamDocument(parser, context);
        throw STREAMED;
      },
    }));
    try {
      loader.parse(
        data,
        resourcePath,
        () => resolve(),
        (error: unknown) => (error === STREAMED ? resolve() : reject(asBadData(error, context.request.fileName))),
      );
    } catch (error) {
      reject(asBadData(error, context.request.fileName));
    }
  });
  return database;
};

function asBadData(error: unknown, fileName: string): ViewerError {
  if (error instanceof ViewerError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ViewerError(ErrorCode.BAD_DATA, `Cannot read ${fileName} as glTF: ${message}`);
}

async function streamDocument(parser: GLTFParser, context: WorkerLoadContext): Promise<PropertyDatabase> {
  const json = parser.json as GltfJson;
  context.phase('parsed JSON');
  const plan = planGltf(json, context.request.fileName);
  context.phase('planned');
  if (plan.fragments.length === 0) {
    throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${context.request.fileName} has no geometry to show.`);
  }
  const materials = [...(json.materials ?? []).map(toModelMaterial), defaultMaterial()];
  const count = plan.fragments.length;
  const boxes = new Float32Array(count * 6);
  plan.fragments.forEach((f, fragId) => {
    if (!f.box.isEmpty()) {
      f.box.min.toArray(boxes, fragId * 6);
      f.box.max.toArray(boxes, fragId * 6 + 3);
    }
  });
  context.sendHeader({
    fragments: {
      dbIds: Int32Array.from(plan.fragments, (f) => f.dbId),
      materialIds: Int32Array.from(plan.fragments, (f) => f.material),
      batchIds: Uint16Array.from(plan.fragments, (f) => f.batch),
      boxes,
    },
    batches: plan.batches,
    materials,
    tree: { rootId: plan.rootId, parents: plan.parents, names: plan.names },
    metadata: {
      'distance unit': { value: 'm' },
      'world up vector': { XYZ: [0, 1, 0] },
      glTF: { version: json.asset?.version ?? '', generator: json.asset?.generator ?? '', copyright: json.asset?.copyright ?? '' },
    },
    bounds: plan.bounds.isEmpty() ? [] : [...plan.bounds.min.toArray(), ...plan.bounds.max.toArray()],
    cameras: [],
    defaultCamera: -1,
  });

  context.phase('header sent');
  let chunks = 0;
  const buffers = await Promise.all((json.buffers ?? []).map((_, i) => parser.getDependency('buffer', i).catch(() => null)));
  const reader = new GltfAccessorReader(json.accessors ?? [], json.bufferViews ?? [], buffers as (ArrayBuffer | null)[]);
  const packer = new GeometryPacker(plan.batches, (chunk) => {
    context.sendChunk(chunk);
    if (++chunks === 1) context.phase('first chunk sent');
  });
  const texturedSent = new Set<number>();
  const meshUses = countMeshUses(plan);
  let lastProgress = 0;
  const yielder = new Yielder();

  for (let fragId = 0; fragId < count; fragId++) {
    const fragment = plan.fragments[fragId];
    const batch = plan.batches[fragment.batch];
    if (batch.textureMaterial >= 0 && !texturedSent.has(batch.textureMaterial)) {
      texturedSent.add(batch.textureMaterial);
      const textures = await loadTextures(parser, batch.textureMaterial);
      if (textures) context.sendTextures(batch.textureMaterial, textures);
    }
    try {
      const world = plan.worldMatrices[fragment.nodeIndex]!;
      const primitive = json.meshes![fragment.meshIndex].primitives[fragment.primitiveIndex];
      if (canReadDirectly(primitive, reader, batch.hasUvs)) {
        packer.add({ fragId, batch: fragment.batch, ...readPrimitive(primitive, reader, world, fragment, batch.hasUvs) });
      } else {
        // Compressed or sparse data: GLTFLoader decodes it.
        const object = await parser.getDependency('mesh', fragment.meshIndex);
        const decoded = primitiveObject(object as Object3D, fragment.primitiveIndex);
        if (decoded) packer.add({ fragId, batch: fragment.batch, ...fromBufferGeometry(decoded.geometry, world, fragment, batch.hasUvs) });
      }
    } catch (error) {
      context.warn(`glTF mesh ${fragment.meshIndex} could not be read: ${(error as Error)?.message ?? error}`);
    }
    releaseMeshWhenDone(parser, fragment.meshIndex, meshUses);
    if (packer.percent - lastProgress >= 1) {
      lastProgress = packer.percent;
      context.sendProgress(lastProgress);
    }
    await yielder.maybeYield();
  }
  packer.flush();
  context.phase(`geometry sent (${chunks} chunks)`);
  const database = buildGltfProperties(json, plan, context.request.fileName);
  context.phase('properties built');
  return database;
}

function countMeshUses(plan: GltfPlan): Map<number, number> {
  const uses = new Map<number, number>();
  for (const f of plan.fragments) uses.set(f.meshIndex, (uses.get(f.meshIndex) ?? 0) + 1);
  return uses;
}

/** Drops a mesh (and GLTFLoader's geometry cache) once its last fragment is packed, to bound memory. */
function releaseMeshWhenDone(parser: GLTFParser, meshIndex: number, uses: Map<number, number>): void {
  const left = (uses.get(meshIndex) ?? 1) - 1;
  uses.set(meshIndex, left);
  if (left > 0) return;
  const internal = parser as unknown as { cache: { remove(key: string): void }; primitiveCache: Record<string, unknown> };
  internal.cache.remove(`mesh:${meshIndex}`);
  for (const key of Object.keys(internal.primitiveCache)) delete internal.primitiveCache[key];
}

function primitiveObject(object: Object3D, primitiveIndex: number): Mesh | null {
  const candidate = (object as Mesh).isMesh || (object as unknown as { isLine?: boolean }).isLine || (object as unknown as { isPoints?: boolean }).isPoints
    ? object
    : object.children[primitiveIndex];
  return (candidate as Mesh | undefined)?.geometry ? (candidate as Mesh) : null;
}

function toModelMaterial(material: GltfMaterial, index: number): ModelMaterial {
  const pbr = material.pbrMetallicRoughness ?? {};
  const base = pbr.baseColorFactor ?? [1, 1, 1, 1];
  const color = new Color().setRGB(base[0], base[1], base[2]); // linear
  const emissive = new Color().setRGB(...((material.emissiveFactor ?? [0, 0, 0]) as [number, number, number]));
  const srgb = (c: Color): [number, number, number] => {
    const { r, g, b } = c.clone().convertLinearToSRGB();
    return [r, g, b];
  };
  return {
    name: material.name ?? `Material ${index}`,
    color: srgb(color),
    opacity: material.alphaMode === 'BLEND' ? (base[3] ?? 1) : 1,
    metalness: pbr.metallicFactor ?? 1,
    roughness: pbr.roughnessFactor ?? 1,
    emissive: srgb(emissive),
    doubleSided: material.doubleSided ?? false,
  };
}

async function loadTextures(parser: GLTFParser, materialIndex: number): Promise<MaterialTextures | null> {
  const material = (await parser.getDependency('material', materialIndex)) as MeshStandardMaterial;
  if (!material) return null;
  const textures: MaterialTextures = {};
  const take = (texture: Texture | null): TextureImage | undefined => {
    if (!texture || !texture.image) return undefined;
    return {
      image: texture.image as ImageBitmap,
      wrapS: texture.wrapS,
      wrapT: texture.wrapT,
      magFilter: texture.magFilter,
      minFilter: texture.minFilter,
      flipY: texture.flipY,
      colorSpace: texture.colorSpace === SRGBColorSpace ? 'srgb' : '',
      offset: [texture.offset.x, texture.offset.y],
      repeat: [texture.repeat.x, texture.repeat.y],
      rotation: texture.rotation,
      channel: texture.channel,
    };
  };
  textures.map = take(material.map);
  textures.normalMap = take(material.normalMap);
  textures.roughnessMap = take(material.roughnessMap);
  textures.metalnessMap = take(material.metalnessMap);
  textures.emissiveMap = take(material.emissiveMap);
  textures.aoMap = take(material.aoMap);
  if (material.normalMap) textures.normalScale = [material.normalScale.x, material.normalScale.y];
  return textures;
}
