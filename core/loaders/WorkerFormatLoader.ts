import { Model } from '../model/Model.js';
import type { TopologySource } from '../model/ModelTopology.js';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import { createLoaderWorker } from './createLoaderWorker.js';
import type { ModelLoader, ModelLoadRequest, ModelLoadSink } from './LoaderRegistry.js';
import { WorkerChannel } from './WorkerChannel.js';

/**
 * Loads a model with one of the loader worker's format parsers: the header becomes a Model at once,
 * chunks fill its batches as they arrive, and the worker stays as the model's property database.
 */
export class WorkerFormatLoader implements ModelLoader {
  constructor(private readonly format: string) {}

  load(request: ModelLoadRequest, sink: ModelLoadSink): Promise<Model> {
    // The worker fetches the file itself: a stream handed over from this thread would be pumped
    // through it, and this thread is busiest exactly while a model starts loading.
    const channel = new WorkerChannel(request.workers?.take() ?? createLoaderWorker());
    return new Promise<Model>((resolve, reject) => {
      let model: Model | null = null;
      const fail = (error: ViewerError) => {
        channel.terminate();
        model?.dispose();
        reject(error);
      };
      channel.onStream((message) => {
        if (model?.isDisposed && message.type !== 'error') return fail(new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'Loading was cancelled.'));
        switch (message.type) {
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
          case 'geometry-done':
            if (!model) return fail(new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${request.fileName} has no geometry to show.`));
            model.pickStructure = message.bvh;
            model.isGeometryLoaded = true;
            resolve(model);
            break;
          case 'done':
            if (!model) return fail(new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${request.fileName} has no geometry to show.`));
            model.setHasProperties(message.hasProperties);
            model.isGeometryLoaded = true;
            resolve(model);
            break;
          case 'error':
            fail(ViewerError.from(message.error, ErrorCode.BAD_DATA));
            break;
        }
      });
      const load = {
        type: 'load' as const,
        format: this.format,
        url: request.url,
        fileName: request.fileName,
        resourceRoot: request.resourceRoot,
        headers: request.headers,
        withCredentials: request.withCredentials,
        options: request.options,
      };
      channel.post(load);
    });
  }
}
