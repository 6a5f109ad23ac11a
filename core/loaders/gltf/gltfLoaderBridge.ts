import { LoadingManager, type Mesh, type MeshStandardMaterial, type Object3D, SRGBColorSpace, type Texture } from 'three';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader, type GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { MaterialTextures, TextureImage } from '../../model/ModelMaterial.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { WorkerLoadContext } from '../WorkerLoadContext.js';
import { fetchBuffersThroughContext, fetchExternalImages } from './gltfExternalFiles.js';

/** Thrown from the plugin hook once our work is done, so GLTFLoader does not build a scene graph too. */
const DONE = Symbol('done');

/** Each parser's fetch of the images the glTF names by URI (see fetchExternalImages): textures wait for it. */
const imagesFetched = new WeakMap<GLTFParser, Promise<unknown>>();

/** Where three.js's Draco decoder lives, under the resource root (copied there by server/copyDraco.mjs). */
export const DRACO_FOLDER = 'wasm/draco/';

/**
 * Runs `work` with three's GLTFParser for a glTF or GLB file: GLTFLoader resolves buffers, decodes
 * textures and compressed geometry with its extensions; a plugin hook runs before it would build the
 * scene graph, and stops it there.
 */
export function withGltfParser<T>(data: ArrayBuffer | string, context: WorkerLoadContext, work: (parser: GLTFParser) => Promise<T>): Promise<T> {
  const manager = new LoadingManager();
  const resources = context.request.options.resources as Record<string, string> | undefined;
  const chosenFile = (url: string) => resources?.[decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() ?? '')];
  // The Draco decoder's files by the URLs DRACOLoader asks for (its folder and their names), to where they are.
  const dracoFolder = new URL(DRACO_FOLDER, context.request.resourceRoot).href;
  const dracoFiles = new Map(['draco_wasm_wrapper.js', 'draco_decoder.wasm'].map((name) => [dracoFolder + name, context.resource(DRACO_FOLDER + name)]));
  // A local .gltf's buffers and images were chosen with it: map their names to the files' URLs.
  manager.setURLModifier((url) => dracoFiles.get(url) ?? (resources ? chosenFile(url) : undefined) ?? url);
  const loader = new GLTFLoader(manager);
  loader.setRequestHeader(context.request.headers);
  loader.setWithCredentials(context.request.withCredentials);
  // Compressed geometry (KHR_draco_mesh_compression, EXT_meshopt_compression). The Draco decoder is
  // fetched from the resource root, and starts its worker, only when a file uses it.
  const draco = new DRACOLoader(manager).setDecoderPath(dracoFolder).setWorkerLimit(1);
  loader.setDRACOLoader(draco);
  loader.setMeshoptDecoder(MeshoptDecoder);
  // A blob: URL has no folder; its external files come through the resource map instead.
  const resourcePath = context.request.url.startsWith('blob:') ? '' : new URL('.', context.request.url).href;
  const urlOf = (uri: string) => {
    const chosen = chosenFile(uri);
    if (chosen) return chosen;
    try {
      return new URL(uri, resourcePath || undefined).href;
    } catch {
      return null; // a relative name beside a local file that was not chosen with it
    }
  };
  const parsed = new Promise<T>((resolve, reject) => {
    let result: T;
    loader.register((parser: GLTFParser) => {
      fetchBuffersThroughContext(parser, context, urlOf);
      return {
        name: 'design-viewer-work',
        beforeRoot: async () => {
          const images = fetchExternalImages(parser.json as { images?: { uri?: string }[] }, context, urlOf);
          imagesFetched.set(parser, images);
          try {
            result = await work(parser);
          } finally {
            (await images)();
          }
          throw DONE;
        },
      };
    });
    try {
      loader.parse(
        data,
        resourcePath,
        () => resolve(result),
        (error: unknown) => (error === DONE ? resolve(result) : reject(asBadData(error, context.request.fileName))),
      );
    } catch (error) {
      reject(asBadData(error, context.request.fileName));
    }
  });
  return parsed.finally(() => draco.dispose());
}

export function asBadData(error: unknown, fileName: string): ViewerError {
  if (error instanceof ViewerError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ViewerError(ErrorCode.BAD_DATA, `Cannot read ${fileName} as glTF: ${message}`);
}

/** GLTFLoader's decoded object for one primitive of a mesh (compressed or sparse data). */
export async function decodePrimitive(parser: GLTFParser, meshIndex: number, primitiveIndex: number): Promise<Mesh | null> {
  const object = (await parser.getDependency('mesh', meshIndex)) as Object3D;
  const flags = object as unknown as { isMesh?: boolean; isLine?: boolean; isPoints?: boolean };
  const candidate = flags.isMesh || flags.isLine || flags.isPoints ? object : object.children[primitiveIndex];
  return (candidate as Mesh | undefined)?.geometry ? (candidate as Mesh) : null;
}

/** Drops a decoded mesh (and GLTFLoader's geometry cache) once its last fragment is packed. */
export function releaseMesh(parser: GLTFParser, meshIndex: number): void {
  const internal = parser as unknown as { cache: { remove(key: string): void }; primitiveCache: Record<string, unknown> };
  internal.cache.remove(`mesh:${meshIndex}`);
  for (const key of Object.keys(internal.primitiveCache)) delete internal.primitiveCache[key];
}

/** The decoded textures of a material, as they cross to the main thread. */
export async function loadTextures(parser: GLTFParser, materialIndex: number): Promise<MaterialTextures | null> {
  await imagesFetched.get(parser);
  const material = (await parser.getDependency('material', materialIndex)) as MeshStandardMaterial;
  if (!material) return null;
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
  const textures: MaterialTextures = {
    map: take(material.map),
    normalMap: take(material.normalMap),
    roughnessMap: take(material.roughnessMap),
    metalnessMap: take(material.metalnessMap),
    emissiveMap: take(material.emissiveMap),
    aoMap: take(material.aoMap),
  };
  if (material.normalMap) textures.normalScale = [material.normalScale.x, material.normalScale.y];
  return textures;
}
