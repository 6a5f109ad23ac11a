import type { ModelLoader, ModelLoadRequest, ModelLoadSink } from '../../core/loaders/LoaderRegistry.js';
import type { LoadRequest, ModelHeader, WorkerMessage } from '../../core/loaders/WorkerProtocol.js';
import { WorkerSession } from '../../core/loaders/workerSession.js';
import type { BatchPlan, GeometryChunk } from '../../core/model/GeometryBatch.js';
import { Model } from '../../core/model/Model.js';
import type { Viewer } from '../../core/index.js';
import { frames } from './helpers.js';

/** What the loader worker sent for one model, in order. */
export interface RecordedLoad {
  header: ModelHeader;
  chunks: GeometryChunk[];
  /** Messages after the header other than chunks: textures, geometry-done, done. */
  rest: WorkerMessage[];
}

/**
 * Loads a file with the loader worker's own session (WorkerSession, the parsers, the packer), run on
 * this page instead of in a worker, and records what it sends: the same messages, for a test to replay.
 */
export async function recordLoad(url: string, format: string, fileName: string): Promise<RecordedLoad> {
  const messages: WorkerMessage[] = [];
  const request: LoadRequest = { type: 'load', format, url, fileName, resourceRoot: new URL('/res/', location.href).href, headers: {}, withCredentials: false, options: {} };
  await new WorkerSession((message) => messages.push(message)).load(request, fetch(url));
  const failed = messages.find((m) => m.type === 'error');
  if (failed) throw new Error(`recordLoad: ${fileName} failed: ${JSON.stringify(failed.error)}`);
  const header = messages.find((m) => m.type === 'header')!.header;
  const chunks = messages.flatMap((m) => (m.type === 'chunk' ? [m.chunk] : []));
  const rest = messages.filter((m) => m.type === 'textures' || m.type === 'geometry-done' || m.type === 'done');
  return { header, chunks, rest };
}

/** Each batch's plan sized exactly to what its chunks hold: a plan that is never short. */
export function exactPlans(load: RecordedLoad): BatchPlan[] {
  return load.header.batches.map((plan, batch) => {
    const chunks = load.chunks.filter((c) => c.batch === batch);
    const vertexCount = Math.max(0, ...chunks.map((c) => c.vertexStart + c.positions.length / 4));
    const indexCount = Math.max(0, ...chunks.map((c) => c.indexStart + c.indices.length));
    return { ...plan, vertexCount, indexCount };
  });
}

/** Chunks delivered together, then a frame drawn: one group after another. */
export type ArrivalOrder = (chunks: GeometryChunk[]) => GeometryChunk[][];

/**
 * Replays a recorded load into a real viewer, the way WorkerFormatLoader applies a worker's messages,
 * with the batches planned as given and the chunks arriving in the groups the order makes, an animation
 * frame (the viewer uploads and draws) after each group. Within a batch, chunks keep their order (a
 * batch fills as a prefix); across batches, any order is one a worker could send.
 */
export async function replayLoad(viewer: Viewer, load: RecordedLoad, plans: BatchPlan[], order: ArrivalOrder): Promise<Model> {
  const extension = 'replayed-load';
  const loader: ModelLoader = {
    async load(request: ModelLoadRequest, sink: ModelLoadSink): Promise<Model> {
      // Copies: a model writes into its header's arrays, and the recording serves several replays.
      const header = structuredClone({ ...load.header, batches: plans });
      const model = new Model({ url: request.url, fileName: request.fileName }, header, null, request.id);
      sink.modelCreated(model);
      for (const group of order(structuredClone(load.chunks))) {
        for (const chunk of group) {
          model.applyChunk(chunk);
          sink.chunkArrived(model, chunk);
        }
        await frames(1);
      }
      for (const message of structuredClone(load.rest)) {
        if (message.type === 'textures') {
          model.applyTextures(message.material, message.textures);
          sink.texturesArrived(model, message.material);
        } else if (message.type === 'geometry-done') model.pickStructure = message.bvh;
      }
      // The replay has no property database (the recording's stayed on the page that recorded it).
      model.setHasProperties(false);
      model.isGeometryLoaded = true;
      return model;
    },
  };
  viewer.loaders.register([extension], loader);
  try {
    return await viewer.loadModel(`memory:replay.${extension}`, { fileName: 'replay' });
  } finally {
    viewer.loaders.unregister([extension]);
  }
}

/** Every chunk as it was sent, one per frame. */
export const asSent: ArrivalOrder = (chunks) => chunks.map((c) => [c]);

/** Everything before the first frame: the model in one piece. */
export const allAtOnce: ArrivalOrder = (chunks) => [chunks];

/** The last batch's chunks first, then the one before it, ...: one per frame. */
export const lastBatchFirst: ArrivalOrder = (chunks) => [...chunks].sort((a, b) => b.batch - a.batch).map((c) => [c]);

/** The first chunk of every batch, then every batch's second, ...: one per frame. */
export const roundRobin: ArrivalOrder = (chunks) => {
  const seen = new Map<number, number>();
  const rank = new Map(chunks.map((c) => [c, seen.set(c.batch, (seen.get(c.batch) ?? -1) + 1).get(c.batch)!]));
  return [...chunks].sort((a, b) => rank.get(a)! - rank.get(b)! || a.batch - b.batch).map((c) => [c]);
};
