import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';
import type { WorkerMessage, WorkerRequest } from './WorkerProtocol.js';

type StreamMessage = Exclude<WorkerMessage, { type: 'result' }>;

/**
 * A loader worker seen from the main thread: streamed messages (header, chunks, progress) go to one
 * handler, and `call` is a request/response over the same port (property queries after loading).
 */
export class WorkerChannel {
  private nextCallId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (reason: ViewerError) => void }>();
  private streamHandler: (message: StreamMessage) => void = () => {};
  private terminated = false;

  constructor(private readonly worker: Worker) {
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.failAll(new ViewerError(ErrorCode.UNKNOWN_FAILURE, `Loader worker failed: ${event.message || 'unknown error'}`));
      this.streamHandler({ type: 'error', error: { code: ErrorCode.UNKNOWN_FAILURE, message: event.message || 'Loader worker failed' } });
    };
  }

  get isTerminated(): boolean {
    return this.terminated;
  }

  onStream(handler: (message: StreamMessage) => void): void {
    this.streamHandler = handler;
  }

  post(request: WorkerRequest, transfer: Transferable[] = []): void {
    if (!this.terminated) this.worker.postMessage(request, transfer);
  }

  call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.terminated) {
      return Promise.reject(new ViewerError(ErrorCode.BAD_DATA, 'The model was unloaded.'));
    }
    const id = this.nextCallId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ type: 'call', id, method, args } satisfies WorkerRequest);
    });
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.worker.terminate();
    this.failAll(new ViewerError(ErrorCode.BAD_DATA, 'The model was unloaded.'));
  }

  private receive(message: WorkerMessage): void {
    if (message.type === 'result') {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(ViewerError.from(message.error));
      else waiter.resolve(message.result);
      return;
    }
    this.streamHandler(message);
  }

  private failAll(error: ViewerError): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
