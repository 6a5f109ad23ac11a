import type { Model } from '../model/Model.js';
import type { GeometryChunk } from '../model/GeometryBatch.js';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import type { LoaderWorkers } from './LoaderWorkers.js';

/** What the viewer asks a loader to open. */
export interface ModelLoadRequest {
  /** Absolute URL of the file. */
  url: string;
  fileName: string;
  id: string;
  nameOverride?: string;
  /** Absolute URL of res/. */
  resourceRoot: string;
  /** URLs of the files under res/wasm/ the loaders use, by path (where the host's bundler put them). */
  resourceUrls: Record<string, string>;
  headers: Record<string, string>;
  withCredentials: boolean;
  options: Record<string, unknown>;
  /** The viewer's loader workers (one may already be running). */
  workers?: LoaderWorkers;
  /** Cancels the load: it rejects with LOAD_CANCELLED_MESSAGE and its worker stops at once. */
  signal?: AbortSignal;
}

/** How a loader reports progress back to the viewer while it streams a model in. */
export interface ModelLoadSink {
  /** The structure is known (tree, fragments, materials): the model can be added before its geometry. */
  modelCreated(model: Model): void;
  chunkArrived(model: Model, chunk: GeometryChunk): void;
  texturesArrived(model: Model, material: number): void;
  progress(percent: number): void;
  warn(message: string): void;
  debug(message: string): void;
  /** A failure that does not stop the load (a file the model refers to is missing): raised, and the model stays. */
  error(error: ViewerError): void;
}

export interface ModelLoader {
  load(request: ModelLoadRequest, sink: ModelLoadSink): Promise<Model>;
  /** Its models are drawings with text: the viewer fetches the text font as such a load starts, beside the file's reading. */
  readonly drawsText?: boolean;
}

/** Spec 001 §8 code 13's text, which the message of an unsupported file begins with. */
export const UNSUPPORTED_EXTENSION_MESSAGE = 'File extension not supported';

/** Loaders by file extension (lower case, without the dot). */
export class LoaderRegistry {
  private readonly loaders = new Map<string, ModelLoader>();
  private sniffer: ModelLoader | null = null;

  register(extensions: readonly string[], loader: ModelLoader): void {
    for (const extension of extensions) this.loaders.set(extension.toLowerCase(), loader);
  }

  unregister(extensions: readonly string[]): void {
    for (const extension of extensions) this.loaders.delete(extension.toLowerCase());
  }

  /** The loader of a URL without an extension (a download endpoint): it tells the format by the file's first bytes. */
  setContentSniffer(loader: ModelLoader | null): void {
    this.sniffer = loader;
  }

  /** The loader for an extension; for none (""), the content sniffer. */
  getLoader(extension: string): ModelLoader | undefined {
    if (extension === '') return this.sniffer ?? undefined;
    return this.loaders.get(extension.toLowerCase());
  }

  getExtensions(): string[] {
    return [...this.loaders.keys()];
  }

  /**
   * Spec 001 §8 code 13 for a file no loader reads: the spec's text, then the extension and the formats
   * that do load, so that the user knows what to try instead.
   */
  unsupportedExtensionError(extension: string, fileName: string): ViewerError {
    const formats = this.getExtensions()
      .sort()
      .map((e) => `.${e}`)
      .join(', ');
    const what = extension ? `".${extension}" (${fileName})` : `${fileName} has no extension`;
    return new ViewerError(ErrorCode.UNSUPPORTED_FILE_EXTENSION, `${UNSUPPORTED_EXTENSION_MESSAGE}: ${what}. Formats that load: ${formats}.`);
  }

  /** The extension of a URL's file name: "house.glb?v=2#x" gives "glb"; none gives "". */
  static extensionOf(url: string): string {
    const path = fileNameOf(url);
    const dot = path.lastIndexOf('.');
    return dot > 0 ? path.slice(dot + 1).toLowerCase() : '';
  }
}

/** The last path segment of a URL, without query or hash, decoded. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0];
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
