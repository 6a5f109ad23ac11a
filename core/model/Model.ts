import { Box3, Matrix4, Vector3 } from 'three';
import type { ModelCamera, ModelHeader } from '../loaders/WorkerProtocol.js';
import type { PackedText } from '../loaders/sketch/packSketch.js';
import type { FragmentBvhData } from '../render/FragmentBvh.js';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import { FragmentFlag, FragmentList } from './FragmentList.js';
import { GeometryBatch, type GeometryChunk } from './GeometryBatch.js';
import type { MaterialTextures } from './ModelMaterial.js';
import { InstanceTree } from './InstanceTree.js';
import { unionKnownBoxes } from './knownBoxes.js';
import type { ModelMaterial } from './ModelMaterial.js';
import type { ModelLayerData } from './ModelLayers.js';
import { type ModelMetadata, readMetadata, readWorldUp } from './ModelMetadata.js';
import type { PropertyResult } from './PropertyTypes.js';
import { checkTopology, fetchTopology, TOPOLOGY_LIMIT_MB, type TopologyResult, type TopologySource } from './ModelTopology.js';
import { getUnitScale, getUnitString, normalizeUnit } from './units.js';

/** Answers property questions for a model; the loader worker implements it. */
export interface PropertySource {
  call<T>(method: string, ...args: unknown[]): Promise<T>;
  terminate(): void;
}

export interface ModelSource {
  /** The URL (or urn) the model was loaded from. */
  url: string;
  /** The file name shown as the tree's root unless a name override is given. */
  fileName: string;
  /** Spec 001 §2: the model browser's root label override. */
  nameOverride?: string;
  /** Spec 000 §3: the topology path and its size, when a document names them. */
  topology?: TopologySource;
}

/** Spec 000 §8: the property rejection messages. */
export const NO_PROPERTIES_MESSAGE = "Model doesn't have any properties";
export const PROPERTIES_MODEL_GONE = 'Properties failed to load since model does not exist';
export const SEARCH_MODEL_GONE = 'Search failed since model does not exist';
export const OBJECT_TREE_MODEL_GONE = 'ObjectTree failed to load since model does not exist';

/**
 * One loaded model: fragments, instance tree, batches of geometry, materials, metadata and a property
 * database (in the loader's worker). Every format's loader produces the same Model (ARCHITECTURE.md).
 */
export class Model {
  readonly id: string;
  readonly url: string;
  readonly fileName: string;
  readonly nameOverride: string | undefined;
  readonly fragments: FragmentList;
  readonly instanceTree: InstanceTree;
  readonly batches: GeometryBatch[];
  readonly materials: ModelMaterial[];
  readonly metadata: ModelMetadata;
  readonly cameras: ModelCamera[];
  readonly defaultCameraIndex: number;
  /**
   * Bounds of the model as loaded (before explode and gizmo transforms), in model space: they hold every
   * fragment's box. `getBoundingBox()` gives them in real coordinates.
   */
  readonly bounds: Box3;
  /**
   * The real coordinates of model space's origin. The model's positions, fragment boxes, batches and pick
   * structures are all relative to it, so that the numbers reaching 32-bit floats stay small however far
   * from the origin the model lies (georeferenced and surveyed coordinates). Real = model space + offset.
   */
  readonly globalOffset: Vector3;
  /** The placement transform the loader applied to the file's coordinates (the `placementTransform` option), or null. */
  readonly placementTransform: Matrix4 | null;
  isGeometryLoaded = false;
  /** The pick BVH over the fragments' boxes, built by the loader worker (null until the geometry is in). */
  pickStructure: FragmentBvhData | null = null;
  /** Spec 000 §3: where the model's topology is, or null when it has none. */
  readonly topologySource: TopologySource | null;
  /** Spec 000 §3: the model's layers and each object's layer, or null when it has none. */
  readonly layers: ModelLayerData | null;
  /** A 2D drawing's text runs (model space), drawn by the text renderer; empty for a 3D model. */
  readonly texts: readonly PackedText[];
  private topology: Promise<TopologyResult> | null = null;
  private propertySource: PropertySource | null;
  private hasPropertyData = true;
  private disposed = false;
  private missingParts: string[] = [];

  constructor(source: ModelSource, header: ModelHeader, propertySource: PropertySource | null, id: string) {
    this.id = id;
    this.url = source.url;
    this.fileName = source.fileName;
    this.nameOverride = source.nameOverride;
    this.fragments = new FragmentList(header.fragments);
    this.instanceTree = new InstanceTree(header.tree, header.fragments.dbIds);
    this.batches = header.batches.map((plan) => new GeometryBatch(plan));
    this.materials = header.materials;
    this.metadata = header.metadata;
    this.cameras = header.cameras;
    this.defaultCameraIndex = header.defaultCamera;
    const b = header.bounds;
    this.bounds = b.length === 6 && b[0] <= b[3] ? new Box3(new Vector3(b[0], b[1], b[2]), new Vector3(b[3], b[4], b[5])) : new Box3();
    this.globalOffset = new Vector3().fromArray(header.globalOffset ?? [0, 0, 0]);
    this.placementTransform = header.placementTransform ? new Matrix4().fromArray(header.placementTransform) : null;
    this.propertySource = propertySource;
    this.topologySource = header.topology ?? source.topology ?? null;
    this.layers = header.layers ?? null;
    this.twoD = header.is2d === true;
    this.texts = header.texts ?? [];
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /**
   * True when files the model refers to were not there as it loaded (an SVF pack or texture, a glTF
   * buffer or image that answered 404, or an entry missing from a zip bundle): the model shows what did
   * load, and nothing stands in for what did not. `getMissingParts()` names them.
   */
  isIncomplete(): boolean {
    return this.missingParts.length > 0;
  }

  /** The files (as the model names them: manifest URIs, buffer and image URIs) that were missing as it loaded. */
  getMissingParts(): string[] {
    return [...this.missingParts];
  }

  /** Called by the loader once the model's geometry is in. */
  setMissingParts(parts: readonly string[]): void {
    this.missingParts = [...parts];
  }

  /** Name of the tree's root: the override, else the file name (spec 001 §2). */
  getRootName(): string {
    return this.nameOverride || this.fileName;
  }

  getInstanceTree(): InstanceTree {
    return this.instanceTree;
  }

  getFragmentList(): FragmentList {
    return this.fragments;
  }

  /** The model's box as loaded, in real coordinates. */
  getBoundingBox(): Box3 {
    return this.bounds.isEmpty() ? new Box3() : this.bounds.clone().translate(this.globalOffset);
  }

  /** The real coordinates of model space's origin (the load's `globalOffset`, else the first model's box centre). */
  getGlobalOffset(): Vector3 {
    return this.globalOffset.clone();
  }

  /**
   * The loader's data, by the APS viewer's names: `globalOffset` ({ x, y, z }), `placementTransform`
   * (a Matrix4 or null), `metadata` and the model's `url` and `fileName`.
   */
  getData(): { globalOffset: { x: number; y: number; z: number }; placementTransform: Matrix4 | null; metadata: ModelMetadata; url: string; fileName: string } {
    const { x, y, z } = this.globalOffset;
    return { globalOffset: { x, y, z }, placementTransform: this.placementTransform?.clone() ?? null, metadata: this.metadata, url: this.url, fileName: this.fileName };
  }

  /** A 2D drawing (DXF), shown in 2D mode. */
  is2d(): boolean {
    return this.twoD;
  }

  is3d(): boolean {
    return !this.twoD;
  }

  private readonly twoD: boolean;

  /** Spec 000 §3: reads an item of the model's metadata. */
  getMetadata<T = unknown>(item: string, subitem?: string, defaultValue?: T): T | undefined {
    if (subitem === undefined) return (this.metadata[item] as T | undefined) ?? defaultValue;
    return readMetadata<T | undefined>(this.metadata, item, subitem, defaultValue);
  }

  /** The distance unit as written in the file (e.g. "ft"), or "" when it has none. */
  getDistanceUnit(): string {
    return String(readMetadata(this.metadata, 'distance unit', 'value', '') ?? '');
  }

  /** Spec 000 §5: the unit string ("m", "ft", "in", "cm", "mm"), or "" for an unknown unit. */
  getUnitString(): string {
    return getUnitString(this.getDistanceUnit());
  }

  /** Meters per model unit; 1 for an unknown unit. */
  getUnitScale(): number {
    return getUnitScale(this.getDistanceUnit());
  }

  /** The unit to show lengths in: the model's display unit, else its distance unit. */
  getDisplayUnit(): string {
    const display = String(readMetadata(this.metadata, 'default display unit', 'value', '') ?? '');
    return normalizeUnit(display) ?? this.getUnitString();
  }

  getUpVector(): [number, number, number] {
    return readWorldUp(this.metadata);
  }

  getDefaultCamera(): ModelCamera | null {
    return this.cameras[this.defaultCameraIndex] ?? null;
  }

  /** Fragments with their geometry: counted once, then kept as chunks arrive (-1: not counted yet). */
  private loadedCount = -1;

  /** How many fragments have their geometry (a pick or snap asks on every query: no count over them all). */
  get loadedFragmentCount(): number {
    if (this.loadedCount < 0) {
      const f = this.fragments;
      let loaded = 0;
      for (let i = 0; i < f.count; i++) if (f.flags[i] & FragmentFlag.LOADED) loaded++;
      this.loadedCount = loaded;
    }
    return this.loadedCount;
  }

  /** Places a chunk of geometry from the loader: the batch's arrays and the fragments' ranges and boxes. */
  applyChunk(chunk: GeometryChunk): void {
    const f = this.fragments;
    for (let i = 0; i < chunk.fragIds.length; i++) {
      const fragId = chunk.fragIds[i];
      f.vertexStarts[fragId] = chunk.vertexStarts[i];
      f.vertexCounts[fragId] = chunk.vertexCounts[i];
      f.indexStarts[fragId] = chunk.indexStarts[i];
      f.indexCounts[fragId] = chunk.indexCounts[i];
      // A loader may learn a fragment's kind (triangles, lines, points) only when it reads the geometry.
      f.batchIds[fragId] = chunk.batch;
      f.boxes.set(chunk.boxes.subarray(i * 6, i * 6 + 6), fragId * 6);
      if (!(f.flags[fragId] & FragmentFlag.LOADED) && this.loadedCount >= 0) this.loadedCount++;
      f.flags[fragId] |= FragmentFlag.LOADED;
    }
    unionKnownBoxes(this.bounds, chunk.boxes);
    this.batches[chunk.batch].append(chunk);
  }

  applyTextures(material: number, textures: MaterialTextures): void {
    const target = this.materials[material];
    if (target) target.textures = textures;
  }

  /** Spec 001 §8: the tree, or "ObjectTree failed to load since model does not exist" once unloaded. */
  getObjectTree(): Promise<InstanceTree> {
    if (this.disposed) return Promise.reject(new ViewerError(ErrorCode.BAD_DATA, OBJECT_TREE_MODEL_GONE));
    return Promise.resolve(this.instanceTree);
  }

  /** Called by the loader when the worker reports whether it found any properties. */
  setHasProperties(has: boolean): void {
    this.hasPropertyData = has;
  }

  getProperties(dbId: number): Promise<PropertyResult> {
    return this.ask<PropertyResult | null>(PROPERTIES_MODEL_GONE, 'getProperties', dbId).then((result) => {
      if (!result) throw new ViewerError(ErrorCode.BAD_DATA, `No object with dbId ${dbId}`);
      return result;
    });
  }

  getBulkProperties(dbIds: readonly number[], propNames?: readonly string[]): Promise<PropertyResult[]> {
    return this.ask(PROPERTIES_MODEL_GONE, 'getBulkProperties', [...dbIds], propNames ? [...propNames] : undefined);
  }

  /** dbIds whose properties contain the text, case-insensitively (spec 001 §3). */
  search(text: string, attributeNames?: readonly string[]): Promise<number[]> {
    return this.ask(SEARCH_MODEL_GONE, 'search', String(text), attributeNames ? [...attributeNames] : undefined);
  }

  getExternalIdMapping(): Promise<Record<string, number>> {
    return this.ask(PROPERTIES_MODEL_GONE, 'getExternalIdMapping');
  }

  /** Approximate bytes the property database takes in its worker (PropertyDatabase.estimateByteSize). */
  getPropertyDatabaseByteSize(): Promise<number> {
    return this.ask(PROPERTIES_MODEL_GONE, 'estimateByteSize');
  }

  /** True when the model names a topology file (spec 000 §3). */
  hasTopology(): boolean {
    return this.topologySource !== null && Boolean(this.topologySource.path);
  }

  /**
   * Spec 000 §5, §8, §9: loads the topology once, when the model has a topology path and its size is
   * within the limit (Viewer.loadTopology passes 20 MB on mobile); otherwise resolves with "no-topology"
   * or "topology-too-big" { limitMB, topologyMB }. A failed fetch rejects with its error code.
   */
  getTopology(limitMB = TOPOLOGY_LIMIT_MB, init?: RequestInit): Promise<TopologyResult> {
    const refused = checkTopology(this.topologySource, limitMB);
    if (refused) return Promise.resolve(refused);
    if (!this.topology) {
      const url = new URL(this.topologySource!.path, this.url).href;
      this.topology = fetchTopology(url, init).then((topology) => ({ status: 'loaded' as const, topology }));
      this.topology.catch(() => (this.topology = null));
    }
    return this.topology;
  }

  /** Releases the worker; later property calls reject with the spec's "model does not exist" texts. */
  dispose(): void {
    this.disposed = true;
    this.propertySource?.terminate();
    this.propertySource = null;
  }

  private ask<T>(goneMessage: string, method: string, ...args: unknown[]): Promise<T> {
    if (this.disposed) return Promise.reject(new ViewerError(ErrorCode.BAD_DATA, goneMessage));
    if (!this.propertySource || !this.hasPropertyData) {
      return Promise.reject(new ViewerError(ErrorCode.BAD_DATA, NO_PROPERTIES_MESSAGE));
    }
    return this.propertySource.call<T>(method, ...args);
  }
}
