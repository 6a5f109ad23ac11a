import type { Model } from '../model/Model.js';
import type { GeometryChunk } from '../model/GeometryBatch.js';
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
  headers: Record<string, string>;
  withCredentials: boolean;
  options: Record<string, unknown>;
  /** The viewer's loader workers (one may already be running). */
  workers?: LoaderWorkers;
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
}

export interface ModelLoader {
  load(request: ModelLoadRequest, sink: ModelLoadSink): Promise<Model>;
}

/** Loaders by file extension (lower case, without the dot). */
export class LoaderRegistry {
  private readonly loaders = new Map<string, ModelLoader>();

  register(extensions: readonly string[], loader: ModelLoader): void {
    for (const extension of extensions) this.loaders.set(extension.toLowerCase(), loader);
  }

  unregister(extensions: readonly string[]): void {
    for (const extension of extensions) this.loaders.delete(extension.toLowerCase());
  }

  getLoader(extension: string): ModelLoader | undefined {
    return this.loaders.get(extension.toLowerCase());
  }

  getExtensions(): string[] {
    return [...this.loaders.keys()];
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
