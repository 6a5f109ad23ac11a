import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { TileSource } from './tileSources.js';

/** Tiles fetched at once at most. */
const MAX_IN_FLIGHT = 6;
/** Bytes of decoded tiles kept (4 a pixel): 128 tiles of 512 px. Tiles of the current view are kept beyond it. */
export const DEFAULT_TILE_CACHE_BYTES = 128 * 2 ** 20;

/** What happens to the tiles: one arrived (redraw), one failed for good (report), one left the cache (free its texture). */
export interface TileStoreListener {
  arrived(key: string): void;
  failed(key: string, error: ViewerError): void;
  evicted(key: string): void;
}

/** A decoded tile: flipped bottom row first (WebGL's order), as textures take an ImageBitmap. */
export type TileImage = ImageBitmap;

/**
 * The tiles of one pyramid: fetched on demand (the wanted list of the view, in order, 6 at a time), decoded
 * to bitmaps, kept in a bounded cache (least recently used goes first, never the root nor a wanted tile).
 * A tile that fails is asked for once more, then reported and left blank. Once disposed (the model
 * unloaded) requests in flight are aborted and their answers ignored.
 */
export class TileStore {
  private readonly images = new Map<string, TileImage>();
  private readonly failures = new Map<string, number>();
  private readonly inFlight = new Map<string, AbortController>();
  private queue: string[] = [];
  private wanted = new Set<string>();
  private bytes = 0;
  private disposed = false;
  private readonly listeners = new Set<TileStoreListener>();
  /** Counts every tile request made (the retries too). */
  requestCount = 0;

  constructor(
    private readonly source: TileSource,
    /** The file extension of the tiles (png or jpg). */
    readonly extension: string,
    /** The key of the root tile, always kept. */
    readonly rootKey: string,
    private readonly maxBytes = DEFAULT_TILE_CACHE_BYTES,
  ) {}

  listen(listener: TileStoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A loaded tile, or null (marks it recently used). */
  get(key: string): TileImage | null {
    const image = this.images.get(key);
    if (!image) return null;
    this.images.delete(key);
    this.images.set(key, image);
    return image;
  }

  /** Whether a tile failed twice (it stays blank). */
  hasFailed(key: string): boolean {
    return (this.failures.get(key) ?? 0) >= 2;
  }

  /** Tiles asked for and not in yet (queued or fetching). */
  get pendingCount(): number {
    return this.queue.length + this.inFlight.size;
  }

  /** Decoded tiles kept. */
  get cachedCount(): number {
    return this.images.size;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /**
   * The tiles the view wants, most wanted first: those not loaded are fetched in that order. Tiles queued
   * before and no longer wanted are dropped (those in flight finish and are kept).
   */
  want(keys: readonly string[]): void {
    if (this.disposed) return;
    this.wanted = new Set(keys);
    this.queue = keys.filter((key) => !this.images.has(key) && !this.inFlight.has(key) && !this.hasFailed(key));
    this.pump();
  }

  /** Puts a tile read elsewhere (the loader reads the root first). */
  put(key: string, image: TileImage): void {
    if (this.disposed) return image.close();
    const old = this.images.get(key);
    if (old) {
      this.bytes -= old.width * old.height * 4;
      old.close();
      this.images.delete(key);
    }
    this.images.set(key, image);
    this.bytes += image.width * image.height * 4;
    this.evict();
  }

  /** Asks for a redraw of the picture (the tile layer needs another frame), through the listeners' arrival. */
  requestRedraw(): void {
    if (!this.disposed) for (const listener of this.listeners) listener.arrived('');
  }

  dispose(): void {
    this.disposed = true;
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    this.queue = [];
    for (const image of this.images.values()) image.close();
    this.images.clear();
    this.listeners.clear();
  }

  private pump(): void {
    while (!this.disposed && this.inFlight.size < MAX_IN_FLIGHT && this.queue.length) {
      const key = this.queue.shift()!;
      if (this.images.has(key) || this.inFlight.has(key)) continue;
      void this.fetch(key);
    }
  }

  private async fetch(key: string): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(key, controller);
    this.requestCount++;
    let image: TileImage | null = null;
    let error: ViewerError | null = null;
    try {
      image = await readTile(this.source, `${key}.${this.extension}`, controller.signal);
    } catch (reason) {
      error = ViewerError.from(reason, ErrorCode.NETWORK_FAILURE);
    }
    if (this.disposed || controller.signal.aborted) {
      image?.close();
      return;
    }
    this.inFlight.delete(key);
    if (image) {
      this.put(key, image);
      for (const listener of this.listeners) listener.arrived(key);
    } else if (error) {
      const tries = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, tries);
      // Asked for once more (at the end of the queue, while the view still wants it); then it stays blank.
      if (tries < 2 && this.wanted.has(key)) this.queue.push(key);
      else if (tries >= 2) for (const listener of this.listeners) listener.failed(key, error);
    }
    this.pump();
  }

  private evict(): void {
    if (this.bytes <= this.maxBytes) return;
    for (const [key, image] of this.images) {
      if (this.bytes <= this.maxBytes) break;
      if (key === this.rootKey || this.wanted.has(key)) continue;
      this.images.delete(key);
      this.bytes -= image.width * image.height * 4;
      image.close();
      for (const listener of this.listeners) listener.evicted(key);
    }
  }
}

/** A tile's bytes, decoded and flipped for WebGL; a file that is not an image is bad data (code 2). */
export async function readTile(source: TileSource, path: string, signal?: AbortSignal): Promise<TileImage> {
  const blob = await source.read(path, signal);
  try {
    return await createImageBitmap(blob, { imageOrientation: 'flipY', premultiplyAlpha: 'none' });
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `The tile ${path} of ${source.name} is not an image: ${(reason as Error)?.message ?? reason}`);
  }
}
