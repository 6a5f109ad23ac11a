import { Model } from '../model/Model.js';
import type { TopologySource } from '../model/ModelTopology.js';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import { createLoaderWorker } from './createLoaderWorker.js';
import { loadCancelledError } from './loadCancellation.js';
import type { ModelLoader, ModelLoadRequest, ModelLoadSink } from './LoaderRegistry.js';
import { WorkerChannel } from './WorkerChannel.js';

/**
 * Loads a model with one of the loader worker's format parsers: the header becomes a Model at once,
 * chunks fill its batches as they arrive, and the worker stays as the model's property database.
 */
export class WorkerFormatLoader implements ModelLoader {
  readonly drawsText: boolean;
  private readonly onPage: Record<string, ModelLoader>;

  /**
   * `onPage`: the loaders of formats the page reads, for a file the worker hands back (read-on-page);
   * `drawsText`: the format's models are drawings with text.
   */
  constructor(
    private readonly format: string,
    { onPage = {}, drawsText = false }: { onPage?: Record<string, ModelLoader>; drawsText?: boolean } = {},
  ) {
    this.onPage = onPage;
    this.drawsText = drawsText;
  }

  load(request: ModelLoadRequest, sink: ModelLoadSink): Promise<Model> {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(loadCancelledError());
    // The worker fetches the file itself: a stream handed over from this thread would be pumped
    // through it, and this thread is busiest exactly while a model starts loading.
    const channel = new WorkerChannel(request.workers?.take() ?? createLoaderWorker());
    return new Promise<Model>((resolve, reject) => {
      let model: Model | null = null;
      const fail = (error: ViewerError) => {
        signal?.removeEventListener('abort', cancel);
        channel.terminate();
        model?.dispose();
        reject(error);
      };
      // A cancelled load stops its worker at once, wherever the parser is.
      const cancel = () => fail(loadCancelledError());
      signal?.addEventListener('abort', cancel, { once: true });
      const succeed = (loaded: Model) => {
        signal?.removeEventListener('abort', cancel);
        resolve(loaded);
      };
      let handedOver = false;
      channel.onStream((message) => {
        if (handedOver) return;
        if (model?.isDisposed && message.type !== 'error') return fail(loadCancelledError());
        switch (message.type) {
          case 'read-on-page': {
            const loader = this.onPage[message.format];
            if (!loader) return fail(new ViewerError(ErrorCode.UNSUPPORTED_FILE_EXTENSION, `File extension not supported: ${request.fileName} is ${message.format}, which this loader cannot read.`));
            handedOver = true;
            signal?.removeEventListener('abort', cancel);
            channel.terminate();
            loader.load(request, sink).then(resolve, reject);
            break;
          }
          case 'header':
            model = new Model(
              { url: request.url, fileName: request.fileName, nameOverride: request.nameOverride, topology: request.options.topology as TopologySource | undefined },
              message.header,
              channel,
              request.id,
            );
            sink.modelCreated(model);
            break;
          case 'chunk':
            if (!model) return;
            model.applyChunk(message.chunk);
            sink.chunkArrived(model, message.chunk);
            break;
          case 'textures':
            if (!model) return;
            model.applyTextures(message.material, message.textures);
            sink.texturesArrived(model, message.material);
            break;
          case 'progress':
            sink.progress(message.percent);
            break;
          case 'log':
            if (message.level === 'warn') sink.warn(message.message);
            else sink.debug(message.message);
            break;
          case 'missing-parts':
            if (!model) return;
            model.setMissingParts(message.parts);
            sink.warn(`${request.fileName} is incomplete: ${message.parts.length} missing part${message.parts.length === 1 ? '' : 's'} (${message.parts.join(', ')}).`);
            if (message.error) sink.error(ViewerError.from(message.error, ErrorCode.NETWORK_FILE_NOT_FOUND));
            break;
          case 'geometry-done':
            if (!model) return fail(new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${request.fileName} has no geometry to show.`));
            model.pickStructure = message.bvh;
            model.isGeometryLoaded = true;
            succeed(model);
            break;
          case 'done':
            if (!model) return fail(new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${request.fileName} has no geometry to show.`));
            model.setHasProperties(message.hasProperties);
            model.isGeometryLoaded = true;
            succeed(model);
            break;
          case 'error':
            fail(ViewerError.from(message.error, ErrorCode.BAD_DATA));
            break;
        }
      });
      // The signal stays on this thread (it cannot cross to the worker).
      const { signal: _signal, ...options } = request.options;
      const load = {
        type: 'load' as const,
        format: this.format,
        url: request.url,
        fileName: request.fileName,
        resourceRoot: request.resourceRoot,
        resourceUrls: request.resourceUrls,
        headers: request.headers,
        withCredentials: request.withCredentials,
        options,
      };
      channel.post(load);
    });
  }
}
