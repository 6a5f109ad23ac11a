import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { LeafletParams } from '../documents/BubbleNode.js';
import { entryData, entrySpan, findCentralDirectory, readCentralDirectory, type ZipEntry } from './zipDirectory.js';

/** Where a pyramid's tiles are read from: a folder (one request a tile) or a zip (ranges of it, or the whole file once). */
export interface TileSource {
  /** The folder or zip URL, for messages. */
  readonly name: string;
  /** A tile's bytes by its path in the pyramid ("z/x_y.png"). Rejects with the spec's codes (001 §8). */
  read(path: string, signal?: AbortSignal): Promise<Blob>;
  /** Whether a path exists, where the source can tell without a request (a zip's directory); null: ask. */
  has(path: string): Promise<boolean | null>;
}

/** How a pyramid's files are requested: the load's headers and credentials. */
export interface TileRequestInit {
  headers: Record<string, string>;
  withCredentials: boolean;
}

/** Fetches bytes (a range of them when given); HTTP and network failures become ViewerErrors with the spec's codes. */
async function fetchBytes(url: string, init: TileRequestInit, signal?: AbortSignal, range?: [number, number]): Promise<{ status: number; bytes: Uint8Array }> {
  let response: Response;
  try {
    const headers = range ? { ...init.headers, Range: `bytes=${range[0]}-${range[1] - 1}` } : init.headers;
    response = await fetch(url, { headers, credentials: init.withCredentials ? 'include' : 'same-origin', signal });
  } catch (reason) {
    if (signal?.aborted) throw reason;
    throw new ViewerError(ErrorCode.NETWORK_FAILURE, `Network error while loading ${url}: ${String((reason as Error)?.message ?? reason)}`);
  }
  if (!response.ok) {
    // Read to its end, so that the request is over (and the connection free) before it is reported.
    await response.arrayBuffer().catch(() => {});
    throw ViewerError.fromHttpStatus(response.status, response.statusText, url);
  }
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Tiles as files under a folder URL: `{folder}/{z}/{x}_{y}.{png|jpg}`. */
export class FolderTileSource implements TileSource {
  readonly name: string;
  private readonly folder: string;

  constructor(url: string, private readonly init: TileRequestInit) {
    this.folder = url.split(/[?#]/)[0].replace(/\/?$/, '/');
    this.name = this.folder;
  }

  async read(path: string, signal?: AbortSignal): Promise<Blob> {
    const { bytes } = await fetchBytes(new URL(path, this.folder).href, this.init, signal);
    return new Blob([bytes as BlobPart]);
  }

  has(): Promise<boolean | null> {
    return Promise.resolve(null);
  }
}

/** A single image (a document's `image` resource): the one tile of a one-level pyramid, whatever its path. */
export class SingleImageSource implements TileSource {
  readonly name: string;

  constructor(private readonly url: string, private readonly init: TileRequestInit) {
    this.name = url;
  }

  async read(_path: string, signal?: AbortSignal): Promise<Blob> {
    const { bytes } = await fetchBytes(this.url, this.init, signal);
    return new Blob([bytes as BlobPart]);
  }

  has(): Promise<boolean | null> {
    return Promise.resolve(null);
  }
}

/**
 * Tiles as entries of a zip, by the same paths. With the leaflet node's central directory offset and length
 * the directory and each tile are read with HTTP Range requests; a server that answers a range request with
 * the whole file (200), or a node without them, has the zip read once, whole.
 */
export class ZipTileSource implements TileSource {
  readonly name: string;
  private directory: Promise<{ entries: Map<string, ZipEntry>; whole: Uint8Array | null }> | null = null;

  constructor(
    private readonly url: string,
    private readonly init: TileRequestInit,
    private readonly zip: LeafletParams['zip'],
  ) {
    this.name = url;
  }

  /** Whether tiles are read by range (known once the directory is read). */
  async readsRanges(): Promise<boolean> {
    return (await this.readDirectory()).whole === null;
  }

  async has(path: string): Promise<boolean | null> {
    return (await this.readDirectory()).entries.has(path);
  }

  async read(path: string, signal?: AbortSignal): Promise<Blob> {
    const { entries, whole } = await this.readDirectory();
    const entry = entries.get(path);
    if (!entry) throw new ViewerError(ErrorCode.NETWORK_FILE_NOT_FOUND, `Error: 404 ${path} is not in ${this.url}`, 404);
    let data: Uint8Array | null;
    if (whole) data = entryData(whole.subarray(entry.localHeaderOffset), entry, this.url);
    else {
      const start = entry.localHeaderOffset;
      let span = entrySpan(entry);
      const answer = await fetchBytes(this.url, this.init, signal, [start, start + span]);
      // A server that answers this range with the whole file (200): the entry is read from it.
      data = entryData(answer.status === 206 ? answer.bytes : answer.bytes.subarray(start), entry, this.url);
      if (!data) {
        // A local extra field longer than the room left for it: read exactly what the header says.
        const header = (await fetchBytes(this.url, this.init, signal, [start, start + 30])).bytes;
        const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
        span = 30 + view.getUint16(26, true) + view.getUint16(28, true) + entry.compressedSize;
        data = entryData((await fetchBytes(this.url, this.init, signal, [start, start + span])).bytes, entry, this.url);
      }
    }
    if (!data) throw new ViewerError(ErrorCode.BAD_DATA, `${this.url} is not a readable zip: ${path} is cut short.`);
    return new Blob([data as BlobPart]);
  }

  private readDirectory(): Promise<{ entries: Map<string, ZipEntry>; whole: Uint8Array | null }> {
    this.directory ??= (async () => {
      const offset = Number(this.zip?.centralDirOffset);
      const length = Number(this.zip?.length);
      if (offset >= 0 && length > 0) {
        const { status, bytes } = await fetchBytes(this.url, this.init, undefined, [offset, offset + length]);
        // 206: the range; 200: the server sent the whole file instead.
        if (status === 206 && bytes.length === length) return { entries: readCentralDirectory(bytes, this.url), whole: null };
        if (status === 200) return wholeZip(bytes, this.url);
      }
      return wholeZip((await fetchBytes(this.url, this.init)).bytes, this.url);
    })();
    this.directory.catch(() => (this.directory = null));
    return this.directory;
  }
}

function wholeZip(bytes: Uint8Array, url: string): { entries: Map<string, ZipEntry>; whole: Uint8Array } {
  const { offset, length } = findCentralDirectory(bytes, url);
  return { entries: readCentralDirectory(bytes.subarray(offset, offset + length), url), whole: bytes };
}
