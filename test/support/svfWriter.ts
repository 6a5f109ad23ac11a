import { deflateSync, gzipSync, zipSync } from 'fflate';
import { Box3, Matrix4, Quaternion, Vector3 } from 'three';
import { PackFileWriter, type PackEntryType, writeOpenCtmRaw, writeTransform } from './svfPackWriter.js';
import { propertyTables, type SvfTreeInput } from './svfPropertyDb.js';
import { INSTANCE_TREE_TYPE, instanceTreeBin, treePaths } from './svfTreeWriter.js';

export type { SvfProperty, SvfTreeInput } from './svfPropertyDb.js';

/**
 * Writes SVF models (Autodesk's viewable format) for tests, so that a test can make the model it needs
 * (far from the origin, instanced, rotated, with a tree) and open it through the real loader. The files are
 * written as the Autodesk toolkit writes them (shared/notes/svf-format.md, checked against
 * demo/samples/svf/bim-sample), not as our reader happens to read them: the writer is also a check on the reader.
 *
 *   const url = svfZipUrl({ meshes: [box], fragments: [{ dbId: 1, mesh: 0, translation: [7.5e8, 0, 0] }] });
 *   const model = await viewer.loadModel(url, { fileExtension: 'zip' });
 */

/** A triangle mesh in its own space (one SVF geometry, an OpenCTM RAW entry of 0.pf). */
export interface SvfMeshInput {
  positions: Float32Array;
  indices: Uint32Array | Uint16Array;
  normals?: Float32Array;
}

/** One fragment: a mesh placed in the world for an object. */
export interface SvfFragmentInput {
  dbId: number;
  /** Index into `meshes`; several fragments may share a mesh (instancing). */
  mesh: number;
  /** Index into `materials`; none: a default grey material. */
  material?: number;
  /** World transform: the translation in float64 (keep large coordinates here), then rotation and uniform scale. */
  translation: [number, number, number];
  /** Quaternion x, y, z, w. */
  rotation?: [number, number, number, number];
  scale?: number;
}

export interface SvfMaterialInput {
  /** Diffuse colour, 0..1. */
  color: [number, number, number];
  /** 1 (default) is opaque. */
  opacity?: number;
}

export interface SvfInput {
  meshes: SvfMeshInput[];
  fragments: SvfFragmentInput[];
  materials?: SvfMaterialInput[];
  /** The object tree: written as the property database (names, properties) and as InstanceTree.bin. */
  tree?: SvfTreeInput;
  /**
   * Merged over metadata.json's defaults: 'world bounding box' (computed in doubles from the fragments),
   * 'world up vector' (0, 0, 1), 'world front vector' and 'world north vector' (0, 1, 0), 'distance unit' "m".
   * E.g. { 'distance unit': { value: 'mm' }, 'custom values': { refPointTransform: [...12 numbers] } }.
   */
  metadata?: Record<string, unknown>;
}

/** The name of the .svf in the bundle. */
export const SVF_FILE_NAME = '0.svf';

/** Entry types and versions, as the sample's typesets have them. */
const FRAGMENT_TYPE: PackEntryType = { className: 'Fragment', type: 'FragmentData', version: 5 };
const GEOMETRY_METADATA_TYPE: PackEntryType = { className: 'GeometryMetadata', type: 'GeometryMetadataData', version: 3 };
const OPENCTM_TYPE: PackEntryType = { className: 'Geometry', type: 'OpenCTM', version: 1 };
const ASSET_PREFIX = 'Autodesk.CloudPlatform.';
/** The one geometry pack every mesh goes to. */
const GEOMETRY_PACK = '0.pf';
/** Fragment flags: visible. */
const VISIBLE = 1;
/** GeometryMetadata's primCount is a uint16. */
const MAX_PRIM_COUNT = 0xffff;
/** The default material's colour, for fragments without one. */
const DEFAULT_GREY: SvfMaterialInput = { color: [0.6, 0.6, 0.6] };

interface ManifestAsset {
  id: string;
  type: string;
  typeset?: string;
  URI: string;
  size: number;
  usize: number;
}

/**
 * The files of an SVF: '0.svf' (a zip of manifest.json and metadata.json), FragmentList.pack,
 * GeometryMetadata.pf, 0.pf, InstanceTree.bin and Materials.json.gz, gzip-compressed as the service stores
 * them, and with a tree the property database (objects_*.json.gz). Deleting a file from the map before
 * zipping makes a bundle that lacks it (the manifest still lists it).
 */
export function writeSvf(input: SvfInput): Map<string, Uint8Array> {
  check(input);
  const files = new Map<string, Uint8Array>();
  const assets: ManifestAsset[] = [];
  const typesets: { id: string; types: { class: string; type: string; version: number }[] }[] = [];
  const add = (uri: string, type: string, raw: Uint8Array, options: { id?: string; types?: readonly PackEntryType[]; knownSize?: boolean } = {}) => {
    const stored = gzipSync(raw, { mtime: 0 });
    files.set(uri, stored);
    let typeset: string | undefined;
    if (options.types) {
      const types = options.types.map((t) => ({ class: ASSET_PREFIX + t.className, type: ASSET_PREFIX + t.type, version: t.version }));
      let set = typesets.find((s) => JSON.stringify(s.types) === JSON.stringify(types));
      if (!set) typesets.push((set = { id: String(typesets.length), types }));
      typeset = set.id;
    }
    const usize = options.knownSize === false ? 0 : raw.length;
    assets.push({ id: options.id ?? uri, type, ...(typeset ? { typeset } : {}), URI: uri, size: stored.length, usize });
  };

  const materials = [...(input.materials ?? [])];
  const defaultMaterial = input.fragments.some((f) => f.material === undefined) ? materials.push(DEFAULT_GREY) - 1 : -1;
  const worldBoxes = input.fragments.map((f) => worldBox(input.meshes[f.mesh], f));
  const paths = treePaths(input.tree);

  if (input.tree) {
    const tables = propertyTables(input.tree, input.fragments.map((f) => f.dbId), paths);
    const kinds = { attrs: 'PropertyAttributes', vals: 'PropertyValues', ids: 'PropertyIDs', viewables: 'PropertyViewables', offs: 'PropertyOffsets', avs: 'PropertyAVs' } as const;
    for (const [table, kind] of Object.entries(kinds)) {
      add(`objects_${table}.json.gz`, ASSET_PREFIX + kind, json(tables[table as keyof typeof kinds]), { id: `objects_${table}.json`, knownSize: false });
    }
  }
  add('Materials.json.gz', 'ProteinMaterials', json(proteinMaterials(materials)));
  const geometryPack = openCtmPack(input.meshes);
  add(GEOMETRY_PACK, ASSET_PREFIX + 'PackFile', geometryPack.bytes, { types: geometryPack.types });
  add('GeometryMetadata.pf', ASSET_PREFIX + 'GeometryMetadataList', geometryMetadata(input.meshes), { types: [GEOMETRY_METADATA_TYPE] });
  add('FragmentList.pack', ASSET_PREFIX + 'FragmentList', fragmentList(input.fragments, worldBoxes, defaultMaterial, paths), { types: [FRAGMENT_TYPE] });
  add('InstanceTree.bin', ASSET_PREFIX + 'InstanceTree', instanceTreeBin(input.tree, input.fragments.map((f) => f.dbId)), { types: [INSTANCE_TREE_TYPE] });

  const metadata = json({ version: '1.0', metadata: { ...defaultMetadata(worldBoxes), ...input.metadata } });
  assets.push({ id: 'metadata.json', type: ASSET_PREFIX + 'ViewingMetadata', URI: 'embed:/metadata.json', size: deflateSync(metadata).length, usize: metadata.length });
  const manifest = {
    name: 'LMV Manifest',
    toolkitversion: 'LMVTK 2.14.1',
    manifestversion: 2,
    adskID: { sourceSystem: '', type: '', id: '', version: '' },
    assets,
    typesets,
  };
  files.set(SVF_FILE_NAME, zipSync({ 'manifest.json': json(manifest), 'metadata.json': metadata }));
  return files;
}

/** A .zip bundle of an SVF's files (the .svf and its assets side by side at the top), as the viewer opens one. */
export function zipSvfBundle(files: Map<string, Uint8Array>): Uint8Array {
  // The assets are gzip-compressed already: stored, not deflated again.
  return zipSync(Object.fromEntries(files), { level: 0 });
}

/**
 * A blob: URL of the SVF as a .zip bundle; load it with `{ fileExtension: 'zip' }` (a blob: URL has no
 * extension, and a lone .svf could not reach the files beside it). Pass the input, or files from writeSvf.
 */
export function svfZipUrl(input: SvfInput | Map<string, Uint8Array>): string {
  const files = input instanceof Map ? input : writeSvf(input);
  return URL.createObjectURL(new Blob([zipSvfBundle(files) as BlobPart], { type: 'application/zip' }));
}

/** The box of a fragment in world coordinates, in doubles: every vertex through T·R·S as the file stores them (float32 rotation and scale). */
export function worldBox(mesh: SvfMeshInput, fragment: SvfFragmentInput): Box3 {
  const s = Math.fround(fragment.scale ?? 1);
  const q = new Quaternion(...(fragment.rotation ?? [0, 0, 0, 1]).map(Math.fround));
  const m = new Matrix4().compose(new Vector3(...fragment.translation), q, new Vector3(s, s, s));
  const box = new Box3();
  const p = new Vector3();
  for (let i = 0; i < mesh.positions.length; i += 3) box.expandByPoint(p.fromArray(mesh.positions, i).applyMatrix4(m));
  return box;
}

/** FragmentList.pack (version 5): flags, material, geometry, transform, box less the translation (float32), dbId, path. */
function fragmentList(fragments: SvfFragmentInput[], boxes: Box3[], defaultMaterial: number, paths: Map<number, number[]>): Uint8Array {
  const pack = new PackFileWriter();
  fragments.forEach((f, i) => {
    const out = pack.entry(FRAGMENT_TYPE);
    out.u8(VISIBLE).varint(f.material ?? defaultMaterial).varint(f.mesh);
    writeTransform(out, f);
    const t = f.translation;
    const { min, max } = boxes[i];
    out.f32(min.x - t[0]).f32(min.y - t[1]).f32(min.z - t[2]).f32(max.x - t[0]).f32(max.y - t[1]).f32(max.z - t[2]);
    out.varint(f.dbId);
    const path = paths.get(f.dbId) ?? [];
    out.varint(path.length);
    for (const step of path) out.varint(step);
  });
  return pack.finish();
}

/** GeometryMetadata.pf (version 3): one entry per mesh, all in 0.pf with entity = mesh index. */
function geometryMetadata(meshes: SvfMeshInput[]): Uint8Array {
  const pack = new PackFileWriter();
  meshes.forEach((mesh, i) => {
    const box = new Box3().setFromArray(mesh.positions);
    const out = pack.entry(GEOMETRY_METADATA_TYPE);
    out.u8(0); // fragType: unused
    out.f32(box.min.x).f32(box.min.y).f32(box.min.z).f32(box.max.x).f32(box.max.y).f32(box.max.z);
    out.u16(Math.min(MAX_PRIM_COUNT, mesh.indices.length / 3));
    out.string(GEOMETRY_PACK).varint(i).i32(-1); // topology index: none
  });
  return pack.finish();
}

function openCtmPack(meshes: SvfMeshInput[]): { bytes: Uint8Array; types: readonly PackEntryType[] } {
  const pack = new PackFileWriter();
  for (const mesh of meshes) writeOpenCtmRaw(pack.entry(OPENCTM_TYPE), mesh);
  const types = pack.entryTypes;
  return { bytes: pack.finish(), types };
}

/** Materials.json ("LMVTK Simple Materials"): one SimplePhong group per material, keyed by its index. */
function proteinMaterials(materials: SvfMaterialInput[]) {
  const groups: Record<string, unknown> = {};
  materials.forEach(({ color: [r, g, b], opacity = 1 }, i) => {
    const rgba = { r, g, b, a: 1 };
    const asset = {
      tag: '',
      proteinType: '',
      definition: 'SimplePhong',
      properties: {
        integers: { mode: 4 },
        booleans: { color_by_object: false, generic_is_metal: false, generic_backface_cull: false, generic_baked_lighting: false },
        scalars: { generic_glossiness: { units: '', values: [30] }, generic_transparency: { units: '', values: [1 - opacity] } },
        colors: { generic_diffuse: { values: [rgba] }, generic_ambient: { values: [rgba] } },
      },
      transparent: opacity < 1,
      textures: {},
    };
    groups[String(i)] = { version: 2, userassets: ['0'], materials: { '0': asset } };
  });
  return { name: 'LMVTK Simple Materials', version: '1.0', materials: groups };
}

function defaultMetadata(boxes: Box3[]): Record<string, unknown> {
  const world = boxes.reduce((all, box) => all.union(box), new Box3());
  return {
    'world bounding box': { minXYZ: world.min.toArray(), maxXYZ: world.max.toArray() },
    'world up vector': { XYZ: [0, 0, 1] },
    'world front vector': { XYZ: [0, 1, 0] },
    'world north vector': { XYZ: [0, 1, 0] },
    'distance unit': { value: 'm' },
  };
}

function json(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

/** Bad input is a mistake in the test: say which. */
function check(input: SvfInput): void {
  input.meshes.forEach((mesh, i) => {
    const vertices = mesh.positions.length / 3;
    if (!Number.isInteger(vertices) || mesh.indices.length % 3 !== 0) throw new Error(`svfWriter: mesh ${i} is not a list of triangles`);
    if (mesh.normals && mesh.normals.length !== mesh.positions.length) throw new Error(`svfWriter: mesh ${i} has ${mesh.normals.length / 3} normals for ${vertices} vertices`);
    if (mesh.indices.some((index) => index >= vertices)) throw new Error(`svfWriter: mesh ${i} has an index past its ${vertices} vertices`);
  });
  input.fragments.forEach((f, i) => {
    if (!input.meshes[f.mesh]) throw new Error(`svfWriter: fragment ${i} refers to mesh ${f.mesh}, which is not there`);
    if (f.material !== undefined && !input.materials?.[f.material]) throw new Error(`svfWriter: fragment ${i} refers to material ${f.material}, which is not there`);
    if (!Number.isInteger(f.dbId) || f.dbId < 1) throw new Error(`svfWriter: fragment ${i} has dbId ${f.dbId}; dbIds start at 1`);
  });
}
