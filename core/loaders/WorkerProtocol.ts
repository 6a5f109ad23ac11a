import type { FragmentListData } from '../model/FragmentList.js';
import type { BatchPlan, GeometryChunk } from '../model/GeometryBatch.js';
import type { InstanceTreeData } from '../model/InstanceTree.js';
import type { ModelMaterial, MaterialTextures } from '../model/ModelMaterial.js';
import type { ModelLayerData } from '../model/ModelLayers.js';
import type { ModelMetadata } from '../model/ModelMetadata.js';
import type { TopologySource } from '../model/ModelTopology.js';
import type { ErrorDetail } from '../viewer/ViewerError.js';
import type { FragmentBvhData } from '../render/FragmentBvh.js';
import type { PackedText } from './sketch/packSketch.js';

/** What a loader worker knows once it has read a file's structure, before any geometry. */
export interface ModelHeader {
  fragments: FragmentListData;
  batches: BatchPlan[];
  materials: ModelMaterial[];
  tree: InstanceTreeData;
  metadata: ModelMetadata;
  /**
   * min xyz, max xyz of the whole model in model space (from the file's own bounds where it has them); as
   * sent to the page, it holds every fragment box of the header.
   */
  bounds: number[];
  /**
   * The real coordinates of model space's origin (ModelPlacement): every position, box and BVH of the
   * model is relative to it, so that far-away (surveyed, georeferenced) coordinates keep their precision.
   * Absent: the origin.
   */
  globalOffset?: [number, number, number];
  /** The placement transform applied to the file's coordinates (16 numbers, column-major), or null. */
  placementTransform?: number[] | null;
  /** Named views the file defines (spec 000 §3 "cameras"). */
  cameras: ModelCamera[];
  /** Index into cameras of the default view, or -1. */
  defaultCamera: number;
  /** Spec 000 §3: the model's topology file and its size, where the format names one. */
  topology?: TopologySource;
  /** Spec 000 §3: the model's layers and each object's layer, where the format has them. */
  layers?: ModelLayerData;
  /** A 2D drawing (DXF): the viewer goes to 2D mode for it (spec 001 §4). Absent: 3D. */
  is2d?: boolean;
  /** A 2D drawing's text runs (model space), drawn with the font by core/render/text. Absent: none. */
  texts?: PackedText[];
}

export interface ModelCamera {
  name: string;
  position: number[];
  target: number[];
  up: number[];
  fov: number;
  isPerspective: boolean;
  orthoScale: number;
}

export interface LoadRequest {
  type: 'load';
  format: string;
  url: string;
  fileName: string;
  /** Absolute URL of res/ (workers born from blobs cannot resolve relative URLs). */
  resourceRoot: string;
  /** URLs of files under res/ by path ("wasm/web-ifc.wasm"), where they are not under the root (bundled). */
  resourceUrls?: Record<string, string>;
  /** Extra request headers (auth) and credentials for fetches the worker makes. */
  headers: Record<string, string>;
  withCredentials: boolean;
  options: Record<string, unknown>;
}

export interface CallRequest {
  type: 'call';
  id: number;
  method: string;
  args: unknown[];
}

export type WorkerRequest = LoadRequest | CallRequest;

export type WorkerMessage =
  | { type: 'header'; header: ModelHeader }
  | { type: 'textures'; material: number; textures: MaterialTextures }
  | { type: 'chunk'; chunk: GeometryChunk }
  | { type: 'progress'; percent: number }
  /** Files the model refers to that were not there (sent just before geometry-done); `error`: raise it (glTF). */
  | { type: 'missing-parts'; parts: string[]; error?: ErrorDetail }
  | { type: 'geometry-done'; bvh: FragmentBvhData | null }
  | { type: 'done'; hasProperties: boolean }
  | { type: 'error'; error: ErrorDetail }
  /** The file is in a format read on the page (an SVG found by its first bytes): the page loads it itself. */
  | { type: 'read-on-page'; format: string }
  | { type: 'log'; level: 'warn' | 'info' | 'debug'; message: string }
  | { type: 'result'; id: number; result?: unknown; error?: ErrorDetail };

/** The arrays of a chunk, to transfer rather than copy. */
export function chunkTransferables(chunk: GeometryChunk): Transferable[] {
  const list: Transferable[] = [
    chunk.positions.buffer,
    chunk.normals.buffer,
    chunk.indices.buffer,
    chunk.fragIds.buffer,
    chunk.vertexStarts.buffer,
    chunk.vertexCounts.buffer,
    chunk.indexStarts.buffer,
    chunk.indexCounts.buffer,
    chunk.boxes.buffer,
  ];
  if (chunk.uvs) list.push(chunk.uvs.buffer);
  if (chunk.colors) list.push(chunk.colors.buffer);
  return list as Transferable[];
}
