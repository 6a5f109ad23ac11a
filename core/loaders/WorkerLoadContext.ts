import type { GeometryChunk } from '../model/GeometryBatch.js';
import type { MaterialTextures } from '../model/ModelMaterial.js';
import type { PropertyDatabase } from '../model/PropertyDatabase.js';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import { chunkTransferables, type LoadRequest, type ModelHeader, type WorkerMessage } from './WorkerProtocol.js';

/** What a format parser running in the loader worker is given: the request and ways to answer. */
export class WorkerLoadContext {
  constructor(
    readonly request: LoadRequest,
    private readonly postMessage: (message: WorkerMessage, transfer?: Transferable[]) => void,
  ) {}

  sendHeader(header: ModelHeader): void {
    const f = header.fragments;
    this.postMessage({ type: 'header', header }, [f.dbIds.buffer, f.materialIds.buffer, f.batchIds.buffer, f.boxes.buffer] as Transferable[]);
  }

  sendChunk(chunk: GeometryChunk): void {
    this.postMessage({ type: 'chunk', chunk }, chunkTransferables(chunk));
  }

  /** Images are copied, not transferred: one image may serve several materials. */
  sendTextures(material: number, textures: MaterialTextures): void {
    this.postMessage({ type: 'textures', material, textures });
  }

  sendProgress(percent: number): void {
    this.postMessage({ type: 'progress', percent });
  }

  warn(message: string): void {
    this.postMessage({ type: 'log', level: 'warn', message });
  }

  /** Fetches a file with the request's headers; HTTP and network failures become the spec's codes. */
  async fetchArrayBuffer(url: string): Promise<ArrayBuffer> {
    const response = await this.fetch(url);
    return response.arrayBuffer();
  }

  async fetchText(url: string): Promise<string> {
    const response = await this.fetch(url);
    return response.text();
  }

  async fetch(url: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: this.request.headers,
        credentials: this.request.withCredentials ? 'include' : 'same-origin',
      });
    } catch (reason) {
      throw new ViewerError(ErrorCode.NETWORK_FAILURE, `Network error while loading ${url}: ${String((reason as Error)?.message ?? reason)}`);
    }
    if (!response.ok) throw ViewerError.fromHttpStatus(response.status, response.statusText, url);
    return response;
  }
}

/** A format parser: reads the file, streams header and geometry, returns the property database. */
export type FormatParser = (context: WorkerLoadContext) => Promise<PropertyDatabase | null>;

/** Yields to the worker's event loop so that queued property calls are answered during long parses. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
