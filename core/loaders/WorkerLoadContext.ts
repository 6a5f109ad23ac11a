import { Box3 } from 'three';
import type { GeometryChunk } from '../model/GeometryBatch.js';
import type { MaterialTextures } from '../model/ModelMaterial.js';
import { indexTree, packNames } from '../model/InstanceTree.js';
import { unionKnownBoxes } from '../model/knownBoxes.js';
import type { PropertyDatabase } from '../model/PropertyDatabase.js';
import { FragmentBvh } from '../render/FragmentBvh.js';
import type { ViewerError } from '../viewer/ViewerError.js';
import { fetchModelFile } from './fetchModelFile.js';
import { ModelPlacement } from './ModelPlacement.js';
import { chunkTransferables, type LoadRequest, type ModelHeader, type WorkerMessage } from './WorkerProtocol.js';

/** What a format parser running in the loader worker is given: the request and ways to answer. */
export class WorkerLoadContext {
  /** Where the model's coordinates go: the parser resolves it before any geometry is placed. */
  readonly placement: ModelPlacement;

  constructor(
    readonly request: LoadRequest,
    private readonly postMessage: (message: WorkerMessage, transfer?: Transferable[]) => void,
    /** The response for `request.url`, asked for as the load arrived; handed out once. */
    private file: Promise<Response> | null = null,
  ) {
    this.placement = ModelPlacement.fromOptions(request.options);
  }

  /** The URL of a file under res/ ("wasm/web-ifc.wasm"): where the host's bundler put it, else under the root. */
  resource(path: string): string {
    return this.request.resourceUrls?.[path] ?? new URL(path, this.request.resourceRoot).href;
  }

  sendHeader(header: ModelHeader): void {
    const f = header.fragments;
    this.fragmentBoxes = new Float32Array(f.dbIds.length * 6);
    this.packedFragments = [];
    // Names cross packed (the worker's own tree keeps its list: property parsing still reads it).
    const names = Array.isArray(header.tree.names) ? packNames(header.tree.names) : header.tree.names;
    // The tree's indexes are built here too, off the page's thread.
    const index = indexTree(header.tree, f.dbIds);
    const sent: ModelHeader = { ...header, bounds: boundsHolding(header.bounds, f.boxes), tree: { ...header.tree, names, index } };
    const indexBuffers = [index.childOffsets.buffer, index.childIds.buffer, index.fragOffsets.buffer, index.fragIds.buffer];
    this.postMessage({ type: 'header', header: sent }, [f.dbIds.buffer, f.materialIds.buffer, f.batchIds.buffer, f.boxes.buffer, names.ranges.buffer, ...indexBuffers] as Transferable[]);
  }

  sendChunk(chunk: GeometryChunk): void {
    // Keep each fragment's box: the pick structure is built here once the geometry is all in.
    for (let i = 0; i < chunk.fragIds.length; i++) {
      this.fragmentBoxes?.set(chunk.boxes.subarray(i * 6, i * 6 + 6), chunk.fragIds[i] * 6);
      this.packedFragments.push(chunk.fragIds[i]);
    }
    this.postMessage({ type: 'chunk', chunk }, chunkTransferables(chunk));
  }

  /**
   * Images are copied, not transferred (one image may serve several materials), unless the parser hands
   * over the ones it will not send again in `transfer`.
   */
  sendTextures(material: number, textures: MaterialTextures, transfer: Transferable[] = []): void {
    this.postMessage({ type: 'textures', material, textures }, transfer);
  }

  /** Whether the file was handed to the page to read (readOnPage): the load sends nothing more. */
  handedToPage = false;

  /** Tells the page to read the file itself, in a format only the page reads (SVG: DOMParser). */
  readOnPage(format: string): void {
    this.handedToPage = true;
    this.postMessage({ type: 'read-on-page', format });
  }

  sendProgress(percent: number): void {
    this.postMessage({ type: 'progress', percent });
  }

  warn(message: string): void {
    this.postMessage({ type: 'log', level: 'warn', message });
  }

  /** A debug-level line (phase timings), shown when the viewer's log level is debug. */
  debug(message: string): void {
    this.postMessage({ type: 'log', level: 'debug', message });
  }

  /** Logs the time since the load started at debug level, for profiling the phases of a parser. */
  phase(name: string): void {
    this.debug(`[${this.request.fileName}] ${name}: ${(performance.now() - this.startedAt).toFixed(0)} ms`);
  }

  private readonly startedAt = performance.now();

  /**
   * A file the model refers to is not there (404, or not in its bundle): the model loads without it, and
   * says it is incomplete. `error`, where the format makes a missing file an error (glTF's buffers and
   * images), is raised on the page; the model stays.
   */
  missingPart(name: string, error?: ViewerError): void {
    if (!this.missingParts.has(name)) this.missingParts.set(name, error ?? null);
  }

  private readonly missingParts = new Map<string, ViewerError | null>();

  /** A file's bytes as they arrive (`cache`: the fetch's cache mode, see fetch). */
  async openStream(url: string, cache?: RequestCache): Promise<ReadableStream<Uint8Array>> {
    const response = await this.fetch(url, cache);
    return response.body ?? new Blob([await response.arrayBuffer()]).stream();
  }

  /** Fetches a whole file; HTTP and network failures become the spec's codes. */
  async fetchArrayBuffer(url: string, cache?: RequestCache): Promise<ArrayBuffer> {
    return new Response(await this.openStream(url, cache)).arrayBuffer();
  }

  /**
   * Every chunk of geometry is sent (properties may still be in the making). The BVH over the fragment
   * boxes goes with it, built here so the page's first pick does not have to.
   */
  geometryDone(): void {
    if (this.geometryReported) return;
    this.geometryReported = true;
    this.sendMissingParts();
    const boxes = this.fragmentBoxes;
    const bvh = boxes ? FragmentBvh.build(this.packedFragments, (fragId, target, offset) => target.set(boxes.subarray(fragId * 6, fragId * 6 + 6), offset)).data : null;
    this.fragmentBoxes = null;
    this.postMessage({ type: 'geometry-done', bvh }, bvh ? [bvh.bounds.buffer, bvh.child.buffer, bvh.leafCount.buffer, bvh.order.buffer] : []);
  }

  private fragmentBoxes: Float32Array | null = null;
  private packedFragments: number[] = [];
  private geometryReported = false;

  private sendMissingParts(): void {
    if (!this.missingParts.size) return;
    const errors = [...this.missingParts.values()].filter((e): e is ViewerError => e !== null);
    const error = errors[0]?.toDetail();
    if (error && errors.length > 1) error.message += ` (and ${errors.length - 1} more: ${errors.slice(1).map((e) => e.message).join('; ')})`;
    this.postMessage({ type: 'missing-parts', parts: [...this.missingParts.keys()], ...(error ? { error } : {}) });
  }

  /**
   * Fetches a file with the request's headers and credentials. The model file itself was asked for as the
   * load arrived: the first fetch of its URL gets that response. `cache: 'no-cache'` revalidates with the
   * server, for files that must agree with each other (an SVF's assets with its manifest).
   */
  fetch(url: string, cache?: RequestCache): Promise<Response> {
    const file = url === this.request.url ? this.file : null;
    if (file) this.file = null;
    return file ?? fetchModelFile(url, this.request.headers, this.request.withCredentials, cache);
  }

  /** Hands the model file back, rewound, for the parser that reads it next (after its first bytes told its format). */
  handBackFile(file: Response): void {
    this.file = Promise.resolve(file);
  }
}

/** A format parser: reads the file, streams header and geometry, returns the property database. */
export type FormatParser = (context: WorkerLoadContext) => Promise<PropertyDatabase | null>;

const yieldChannel = typeof MessageChannel !== 'undefined' ? new MessageChannel() : null;
const yieldWaiters: (() => void)[] = [];
if (yieldChannel) yieldChannel.port1.onmessage = () => yieldWaiters.shift()?.();

/** Yields to the worker's event loop (a message round trip: no timer clamping). */
export function yieldToEventLoop(): Promise<void> {
  if (!yieldChannel) return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    yieldWaiters.push(resolve);
    yieldChannel.port2.postMessage(null);
  });
}

/** Yields only when `budgetMs` of work has passed since the last yield, so long loops stay cheap. */
export class Yielder {
  private last = performance.now();
  constructor(private readonly budgetMs = 25) {}

  async maybeYield(): Promise<boolean> {
    if (performance.now() - this.last < this.budgetMs) return false;
    await yieldToEventLoop();
    this.last = performance.now();
    return true;
  }
}

/** The header's bounds grown to hold every fragment box it sends (the page relies on it). */
function boundsHolding(bounds: readonly number[], boxes: Float32Array): number[] {
  const box = bounds.length === 6 && bounds[0] <= bounds[3] ? new Box3().setFromArray(bounds) : new Box3();
  unionKnownBoxes(box, boxes);
  return box.isEmpty() ? [] : [...box.min.toArray(), ...box.max.toArray()];
}
