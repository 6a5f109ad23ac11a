/// <reference lib="webworker" />
import { fetchModelFile } from './fetchModelFile.js';
import type { WorkerMessage, WorkerRequest } from './WorkerProtocol.js';
import type { WorkerSession } from './workerSession.js';

/**
 * The loader worker: parses one model off the main thread, streams it back, then keeps the model's
 * property database and answers queries about it until the model is unloaded.
 *
 * This entry stays small so the worker is ready soon after it starts: a load asks for the model file at
 * once, and the parsers (three.js, the decoders) are evaluated while the file arrives.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

let session: Promise<WorkerSession> | null = null;
const newSession = () => import('./workerSession.js').then(({ WorkerSession }) => new WorkerSession(post));

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'load') {
    // An SVF's manifest and assets must agree: the browser's cached copy counts only once the server confirms it.
    // An SVG was read on the page: its drawing comes with the request, and its file is not fetched again.
    const file = request.format === 'svg' ? Promise.resolve(new Response(null)) : fetchModelFile(request.url, request.headers, request.withCredentials, request.format === 'svf' ? 'no-cache' : 'default');
    file.catch(() => {}); // a failure reaches the parser, when it reads the file
    session = newSession().then(async (loading) => {
      await loading.load(request, file);
      return loading;
    });
  } else if (request.type === 'call') {
    session ??= newSession();
    void session.then((loaded) => loaded.answer(request));
  }
};
