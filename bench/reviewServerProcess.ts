import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEMO_REVIEW_SECRET, startReviewServer } from '../server/review/reviewServer.js';

/**
 * One live review server for the review bench (bench/review.ts), in a process of its own so that its CPU time
 * is its own and not the simulated clients': `node --import tsx bench/reviewServerProcess.ts [redisUrl]`,
 * started by `fork` (an IPC channel). It starts the server on a free loopback port and sends
 * `{ type: 'ready', url }`; it answers `{ type: 'usage', id }` with its CPU time (`process.cpuUsage()`), its
 * memory and its connection count, and `{ type: 'close' }` by closing the server and exiting. It exits when
 * the bench that started it goes (the IPC channel closes). `{ type: 'usage', id, reset: true }` also starts
 * the event loop's delay histogram afresh.
 */
export interface ServerUsage {
  type: 'usage';
  id: number;
  /** `process.cpuUsage()`: user and system CPU time, µs. */
  cpu: NodeJS.CpuUsage;
  /** `process.memoryUsage()`: resident set size and V8 heap, bytes. */
  rss: number;
  heapUsed: number;
  /** `performance.timeOrigin + performance.now()` when it was read, ms. */
  time: number;
  connections: number;
  /** The event loop's delay since the last reset: how late a 10 ms timer ran, ms, 99th percentile and maximum. */
  loopDelayP99: number;
  loopDelayMax: number;
}

const redisUrl = process.argv[2] || null;
const server = await startReviewServer({ port: 0, host: '127.0.0.1', secret: DEMO_REVIEW_SECRET, redisUrl });
const send = (message: unknown) => process.send?.(message);
send({ type: 'ready', url: server.url, pid: process.pid });
/** The histogram holds the timer's whole interval: its 10 ms are taken off. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - 10);
loopDelay.enable();

process.on('message', (message: { type?: string; id?: number; reset?: boolean }) => {
  if (message.type === 'usage') {
    const memory = process.memoryUsage();
    const usage: ServerUsage = {
      type: 'usage',
      id: message.id ?? 0,
      cpu: process.cpuUsage(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      time: performance.timeOrigin + performance.now(),
      connections: server.connectionCount(),
      loopDelayP99: late(loopDelay.percentile(99)),
      loopDelayMax: late(loopDelay.max),
    };
    if (message.reset) loopDelay.reset();
    send(usage);
  } else if (message.type === 'close') {
    void server.close().then(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
