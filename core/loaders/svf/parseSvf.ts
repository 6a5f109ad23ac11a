import { LinearFilter, LinearMipmapLinearFilter, Matrix4, RepeatWrapping } from 'three';
import { GeometryPacker } from '../GeometryPacker.js';
import { placeInWorld } from '../placeInWorld.js';
import { type FormatParser, type WorkerLoadContext, yieldToEventLoop } from '../WorkerLoadContext.js';
import type { InstanceTreeData } from '../../model/InstanceTree.js';
import type { MaterialTextures } from '../../model/ModelMaterial.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { PackFile } from './PackFile.js';
import { readCameras } from './SvfCameras.js';
import { readFragments, readGeometryMetadata, type SvfFragments, type SvfGeometryInfo } from './SvfFragments.js';
import { readGeometry, type SvfMesh, UnsupportedGeometryError } from './SvfGeometry.js';
import { readInstanceTree } from './SvfInstanceTree.js';
import { type ProteinMaterialsFile, readMaterials, type SvfTextureRef } from './SvfMaterials.js';
import { AssetType, type SvfAsset, SvfPackage } from './SvfPackage.js';
import { planSvf, type SvfPlan } from './SvfPlan.js';
import { readSvfProperties } from './SvfProperties.js';
import { svfFileBounds, svfRefPoint } from './svfPlacement.js';

/** Geometry packs fetched ahead of the one being packed. */
const PACK_PREFETCH = 3;
/** Packing yields to the worker's event loop this often (ms), so property queries are answered meanwhile. */
const YIELD_INTERVAL_MS = 25;

/**
 * SVF (.svf, or a .zip bundle holding one) in the loader worker: the manifest, fragments, geometry
 * metadata, materials, cameras and property database make the header; then the geometry packs are read,
 * the pack holding the largest fragment first, and every fragment is placed and packed into its batch.
 * Options: `propertyDbPath` (URL of the folder holding objects_*.json.gz, from the document) and
 * `sourceFileName` (the design's file name, for spec 001 §5's linked-property rule).
 */
export const parseSvf: FormatParser = async (context) => {
  const pkg = await SvfPackage.open(context);
  const name = context.request.fileName;
  const fail = (what: string) => new ViewerError(ErrorCode.BAD_DATA, `${name}: ${what}`);
  const fragmentAsset = pkg.findAsset(AssetType.FragmentList);
  const geometryAsset = pkg.findAsset(AssetType.GeometryMetadataList);
  if (!fragmentAsset || !geometryAsset) throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${name} has no geometry to show.`);

  const options = context.request.options;
  const propertyDbPath = typeof options.propertyDbPath === 'string' ? options.propertyDbPath : undefined;
  const sourceFileName = typeof options.sourceFileName === 'string' ? options.sourceFileName : name;
  const propertiesPromise = readSvfProperties(pkg, propertyDbPath, sourceFileName);
  propertiesPromise.catch(() => {}); // awaited below; keeps an early rejection from being unhandled
  const materialsAsset = pkg.findAsset(AssetType.Materials);
  const [fragmentBytes, geometryBytes, materialsFile] = await Promise.all([
    pkg.require(fragmentAsset.URI),
    pkg.require(geometryAsset.URI),
    materialsAsset ? pkg.readJson<ProteinMaterialsFile>(materialsAsset.URI) : Promise.resolve(null),
  ]);
  let fragments: SvfFragments;
  let geometries: SvfGeometryInfo[];
  try {
    fragments = readFragments(fragmentBytes);
    geometries = readGeometryMetadata(geometryBytes);
  } catch (reason) {
    throw fail(`the fragment list cannot be read (${(reason as Error).message})`);
  }
  if (fragments.count === 0) throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${name} has no geometry to show.`);
  const { materials, textures, defaultIndex } = readMaterials(materialsFile, fragments.materialIds);
  const plan = planSvf(pkg, fragments, geometries, materials, new Set(textures.keys()), defaultIndex);

  // Geometry packs start arriving while the property database loads.
  const packLoads = new Map<SvfAsset, Promise<PackFile | null>>();
  const loadPack = (asset: SvfAsset) => {
    let load = packLoads.get(asset);
    if (!load) {
      load = pkg.read(asset.URI).then((bytes) => (bytes ? new PackFile(bytes) : null));
      load.catch(() => {});
      packLoads.set(asset, load);
    }
    return load;
  };
  for (const asset of plan.packOrder.slice(0, PACK_PREFETCH)) void loadPack(asset);

  const [cameras, properties] = await Promise.all([readSvfCameras(pkg), propertiesPromise]);
  const tree = properties?.tree ?? (await treeFromInstanceTree(pkg, name, fragments));
  const defaultCamera = Number(pkg.metadata['default camera']?.index ?? (cameras.length ? 0 : -1));
  const placement = context.placement;
  placement.useRefPoint(svfRefPoint(pkg.metadata));
  const fileBounds = svfFileBounds(pkg.metadata, fragments.boxes);
  placement.resolve(fileBounds);
  context.sendHeader({
    fragments: { dbIds: fragments.dbIds.slice(), materialIds: plan.materialIds, batchIds: plan.batchIds.slice(), boxes: placement.boxesToModel(fragments.boxes) },
    batches: plan.batches,
    materials,
    tree,
    metadata: pkg.metadata,
    bounds: fileBounds.isEmpty() ? [] : [...placement.boxesToModel([...fileBounds.min.toArray(), ...fileBounds.max.toArray()])],
    globalOffset: placement.globalOffset,
    placementTransform: placement.placementTransform,
    cameras: cameras.map((camera) => placement.placeCamera(camera)),
    defaultCamera: defaultCamera >= 0 && defaultCamera < cameras.length ? defaultCamera : -1,
  });

  await streamGeometry(context, pkg, fragments, geometries, plan, textures, loadPack);
  // What is missing loads without it: the model says it is incomplete, and nothing stands in for it.
  for (const uri of pkg.missingParts) context.missingPart(uri);
  return properties?.database ?? null;
};

async function streamGeometry(
  context: WorkerLoadContext,
  pkg: SvfPackage,
  fragments: SvfFragments,
  geometries: SvfGeometryInfo[],
  plan: SvfPlan,
  textures: Map<number, SvfTextureRef>,
  loadPack: (asset: SvfAsset) => Promise<PackFile | null>,
): Promise<void> {
  const packer = new GeometryPacker(plan.batches, (chunk) => context.sendChunk(chunk));
  const texturesSent = new Set<number>();
  let unsupported = 0;
  let unreadable = 0;
  let done = 0;
  let lastProgress = 0;
  let lastYield = performance.now();
  const transform = new Matrix4();
  for (let p = 0; p < plan.packOrder.length; p++) {
    const asset = plan.packOrder[p];
    for (const next of plan.packOrder.slice(p + 1, p + 1 + PACK_PREFETCH)) void loadPack(next);
    const pack = await loadPack(asset);
    const meshes = new Map<number, SvfMesh | null>();
    const list = plan.fragmentsByPack.get(asset) ?? [];
    for (const fragId of list) {
      done++;
      const geometry = fragments.geometryIds[fragId];
      // A missing pack is one missing part (reported with the others), not unreadable geometry.
      if (!pack) continue;
      const entity = geometries[geometry]?.entity ?? -1;
      let mesh = meshes.get(entity);
      if (mesh === undefined) {
        try {
          mesh = readGeometry(pack, entity);
        } catch (reason) {
          if (reason instanceof UnsupportedGeometryError) unsupported++;
          else unreadable++;
          mesh = null;
        }
        meshes.set(entity, mesh);
      }
      if (!mesh) continue;
      const material = plan.materialIds[fragId];
      const batch = mesh.kind === plan.batches[plan.batchIds[fragId]].kind ? plan.batchIds[fragId] : plan.batchFor(mesh.kind, material);
      if (batch === undefined) continue;
      if (plan.batches[batch].textureMaterial >= 0 && !texturesSent.has(material)) {
        texturesSent.add(material);
        const loaded = await loadTexture(pkg, textures.get(material)!, context);
        if (loaded) context.sendTextures(material, loaded);
      }
      packer.add({ fragId, batch, ...placeMesh(mesh, context.placement.place(fragments.transforms[fragId], transform), plan.batches[batch].hasUvs) });
      const percent = (100 * done) / fragments.count;
      if (percent - lastProgress >= 2) {
        lastProgress = percent;
        context.sendProgress(Math.min(99, percent));
      }
      if (performance.now() - lastYield > YIELD_INTERVAL_MS) {
        await yieldToEventLoop();
        lastYield = performance.now();
      }
    }
    meshes.clear();
  }
  packer.flush();
  if (unsupported) context.warn(`${context.request.fileName}: ${unsupported} meshes use OpenCTM compression (MG1/MG2), which is not supported; they are not shown.`);
  if (unreadable) context.warn(`${context.request.fileName}: ${unreadable} fragments have geometry that could not be read; they are not shown.`);
}

/** A mesh placed in model space by its fragment's transform (copies: one mesh may serve several fragments). */
function placeMesh(mesh: SvfMesh, transform: Matrix4, wantUvs: boolean) {
  const geometry = {
    positions: mesh.positions.slice(),
    normals: mesh.normals ? mesh.normals.slice() : null,
    uvs: wantUvs ? mesh.uvs : null,
    indices: transform.determinant() < 0 ? Uint32Array.from(mesh.indices) : mesh.indices,
  };
  return placeInWorld(geometry, transform, mesh.kind);
}

async function readSvfCameras(pkg: SvfPackage) {
  const byName = (name: string) => pkg.manifest.assets.find((a) => a.URI.toLowerCase().endsWith(name.toLowerCase()));
  const definitions = byName('CameraDefinitions.bin');
  const list = byName('CameraList.bin');
  try {
    const [d, l] = await Promise.all([definitions ? pkg.read(definitions.URI) : null, list ? pkg.read(list.URI) : null]);
    return readCameras(d, l);
  } catch {
    return [];
  }
}

/** Without a property database: the tree of InstanceTree.bin, nodes unnamed, under a root named after the file. */
async function treeFromInstanceTree(pkg: SvfPackage, name: string, fragments: SvfFragments): Promise<InstanceTreeData> {
  const asset = pkg.findAsset(AssetType.InstanceTree);
  const bytes = asset ? await pkg.read(asset.URI) : null;
  const version = asset ? (pkg.typesOf(asset)[0]?.version ?? 5) : 5;
  const nodeTree = bytes ? readInstanceTree(bytes, version) : { parents: new Map<number, number>(), rootId: 0 };
  let maxId = 0;
  for (const [child, parent] of nodeTree.parents) maxId = Math.max(maxId, child, parent);
  for (const dbId of fragments.dbIds) maxId = Math.max(maxId, dbId);
  const rootId = maxId + 1;
  const parents = new Int32Array(rootId + 1);
  const names: (string | null)[] = new Array(rootId + 1).fill(null);
  names[rootId] = name;
  for (const [child, parent] of nodeTree.parents) parents[child] = parent;
  const attach = (dbId: number) => {
    if (dbId > 0 && dbId !== rootId && parents[dbId] === 0) parents[dbId] = rootId;
  };
  for (const [child, parent] of nodeTree.parents) {
    attach(child);
    attach(parent);
  }
  for (const dbId of fragments.dbIds) attach(dbId);
  return { rootId, parents, names };
}

async function loadTexture(pkg: SvfPackage, texture: SvfTextureRef, context: WorkerLoadContext): Promise<MaterialTextures | null> {
  try {
    const bytes = await pkg.read(texture.uri);
    if (!bytes) {
      pkg.markMissing(texture.uri);
      return null;
    }
    // SVF texture coordinates start at the bottom of the image: flip it as it is decoded.
    const image = await createImageBitmap(new Blob([bytes as BlobPart]), { imageOrientation: 'flipY' });
    return {
      map: {
        image,
        wrapS: RepeatWrapping,
        wrapT: RepeatWrapping,
        magFilter: LinearFilter,
        minFilter: LinearMipmapLinearFilter,
        flipY: false,
        colorSpace: 'srgb',
        offset: [0, 0],
        repeat: [texture.uScale || 1, texture.vScale || 1],
        rotation: 0,
        channel: 0,
      },
    };
  } catch (reason) {
    context.warn(`Texture ${texture.uri} could not be loaded: ${(reason as Error)?.message ?? reason}`);
    return null;
  }
}
