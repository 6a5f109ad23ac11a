import type { PropertyDatabase } from '../model/PropertyDatabase.js';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import { workerFormats } from './workerFormats.js';
import { WorkerLoadContext } from './WorkerLoadContext.js';
import type { CallRequest, LoadRequest, WorkerMessage } from './WorkerProtocol.js';

type Post = (message: WorkerMessage, transfer?: Transferable[]) => void;

/**
 * One model's life in the loader worker: its format's parser streams it back, then its property database
 * answers queries until the model is unloaded. `file` is the model file, already asked for.
 */
export class WorkerSession {
  private database: PropertyDatabase | null = null;

  constructor(private readonly post: Post) {}

  async load(request: LoadRequest, file: Promise<Response>): Promise<void> {
    const parse = workerFormats[request.format];
    try {
      if (!parse) throw new ViewerError(ErrorCode.UNSUPPORTED_FILE_EXTENSION, 'File extension not supported');
      const context = new WorkerLoadContext(request, this.post, file);
      this.database = await parse(context);
      if (context.handedToPage) return;
      context.geometryDone(); // for parsers that do not say so themselves
      this.post({ type: 'done', hasProperties: this.database !== null && !this.database.isEmpty });
    } catch (reason) {
      this.post({ type: 'error', error: ViewerError.from(reason, ErrorCode.BAD_DATA).toDetail() });
    }
  }

  answer(request: CallRequest): void {
    try {
      if (!this.database) throw new ViewerError(ErrorCode.BAD_DATA, "Model doesn't have any properties");
      const db = this.database as unknown as Record<string, (...args: unknown[]) => unknown>;
      if (!QUERIES.has(request.method)) throw new ViewerError(ErrorCode.BAD_DATA, `Unknown property query ${request.method}`);
      this.post({ type: 'result', id: request.id, result: db[request.method](...request.args) });
    } catch (reason) {
      this.post({ type: 'result', id: request.id, error: ViewerError.from(reason, ErrorCode.BAD_DATA).toDetail() });
    }
  }
}

const QUERIES = new Set(['getProperties', 'getBulkProperties', 'search', 'getExternalIdMapping', 'estimateByteSize']);
