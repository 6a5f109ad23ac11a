/// <reference lib="webworker" />
import type { PropertyDatabase } from '../model/PropertyDatabase.js';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import { workerFormats } from './workerFormats.js';
import { WorkerLoadContext } from './WorkerLoadContext.js';
import type { CallRequest, LoadRequest, WorkerMessage, WorkerRequest } from './WorkerProtocol.js';

/**
 * The loader worker: parses one model off the main thread, streams it back, then keeps the model's
 * property database and answers queries about it until the model is unloaded.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

let database: PropertyDatabase | null = null;
let loaded: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'load') loaded = load(request);
  else if (request.type === 'call') void loaded.then(() => answer(request));
};

async function load(request: LoadRequest): Promise<void> {
  const parse = workerFormats[request.format];
  try {
    if (!parse) throw new ViewerError(ErrorCode.UNSUPPORTED_FILE_EXTENSION, 'File extension not supported');
    const context = new WorkerLoadContext(request, post);
    database = await parse(context);
    context.geometryDone(); // for parsers that do not say so themselves
    post({ type: 'done', hasProperties: database !== null && !database.isEmpty });
  } catch (reason) {
    post({ type: 'error', error: ViewerError.from(reason, ErrorCode.BAD_DATA).toDetail() });
  }
}

function answer(request: CallRequest): void {
  try {
    if (!database) throw new ViewerError(ErrorCode.BAD_DATA, "Model doesn't have any properties");
    const db = database as unknown as Record<string, (...args: unknown[]) => unknown>;
    if (!QUERIES.has(request.method)) throw new ViewerError(ErrorCode.BAD_DATA, `Unknown property query ${request.method}`);
    post({ type: 'result', id: request.id, result: db[request.method](...request.args) });
  } catch (reason) {
    post({ type: 'result', id: request.id, error: ViewerError.from(reason, ErrorCode.BAD_DATA).toDetail() });
  }
}

const QUERIES = new Set(['getProperties', 'getBulkProperties', 'search', 'getExternalIdMapping', 'estimateByteSize']);
