import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { type ChatEntry, type JoinOk, newRoomId, REVIEW_LIMITS, type RoomMessage } from '../core/collab/reviewProtocol.js';
import { DEMO_REVIEW_SECRET } from '../server/review/reviewServer.js';
import type { ServerUsage } from './reviewServerProcess.js';
import { benchRoot } from './server.js';
import { writeBenchResults } from './writeResults.js';
import { parseArgs } from './args.js';

/**
 * `npm run bench:review [-- --clients 200 --seconds 10 --rate 30 --chats 100]`: a load bench of the live review
 * server (issue 35), on loopback. Two setups: (a) one server process with its memory store, (b) two server
 * processes sharing a real Redis (redis-server started here on a free port, nothing saved to disk), the
 * clients split between them. In each, N socket.io clients (in this process) join one room; one of them, the
 * leader, sends camera messages at R Hz for S seconds, each carrying its sequence number and send time, and
 * every other client times its arrival; meanwhile `--chats` chat messages, each from a different client, are
 * sent with acknowledgements, and every acknowledged id must reach every member. Each server runs in a child
 * process (bench/reviewServerProcess.ts) that reports its CPU time and memory. Afterwards a late joiner's
 * history (a), or, after both server processes are killed and started again on the same Redis, a rejoining
 * client's history on each (b), must hold every acknowledged chat message. Prints a table and writes
 * bench/results/review-<time>.json and bench/results/latest-review.md.
 */
const args = parseArgs(process.argv.slice(2));
const clientCount = Math.max(2, Math.round(Number(args.clients ?? 200)));
const seconds = Math.max(1, Number(args.seconds ?? 10));
const rate = Math.max(1, Number(args.rate ?? 30));
/** Chat messages per setup; below the history bound (200), so that the history must hold every one. */
const chatCount = Math.max(0, Math.min(REVIEW_LIMITS.historyLength - 10, Math.round(Number(args.chats ?? 100))));
/** Clients connecting and joining at once. */
const JOIN_BATCH = 20;
/** After the last message, how long the bench waits for every delivery. */
const DRAIN_MS = 5000;
const P95_TARGET_MS = 50;

const children = new Set<ChildProcess>();
const killChildren = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.once('exit', killChildren);
// A bound on the whole run: whatever hangs, the children go and the bench fails.
const watchdog = setTimeout(
  () => {
    console.error('The review bench ran past its time limit.');
    killChildren();
    process.exit(1);
  },
  (2 * (seconds + 60) + 60) * 1000,
);
watchdog.unref();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** CPU seconds of a process by its /proc entry (Linux), or null elsewhere. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
function procCpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3 of stat(5), utime 14 and stime 15.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * The main thread's time on a CPU and time runnable but waiting for one (/proc/<pid>/schedstat, Linux), ms:
 * the second is what the other processes on these cores cost it.
 */
function schedStat(pid: number | undefined): { run: number; wait: number } | null {
  if (!pid) return null;
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return { run: run / 1e6, wait: wait / 1e6 };
  } catch {
    return null;
  }
}

interface RedisProcess {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** redis-server on a free loopback port, nothing saved to disk. */
async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.stdout!.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => stopChild(child, 'SIGTERM'),
  };
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
  children.delete(child);
}

interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Its figures now; `reset` starts its event loop delay histogram afresh. */
  usage(reset?: boolean): Promise<ServerUsage>;
  /** Closes the server (its sockets first) and waits for the process to end. */
  close(): Promise<void>;
  /** Kills the process (SIGKILL: no chance to close anything). */
  kill(): Promise<void>;
}

/** A review server in a child process (bench/reviewServerProcess.ts under tsx). */
async function startServerProcess(name: string, redisUrl: string | null): Promise<ServerProcess> {
  const child = fork(join(benchRoot, 'bench/reviewServerProcess.ts'), redisUrl ? [redisUrl] : [], { cwd: benchRoot, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`review server ${name} did not start within 30 s`)), 30_000);
    child.once('exit', (code) => reject(new Error(`review server ${name} exited (${code}) before it started`)));
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.url!);
    });
  });
  let asked = 0;
  const waiting = new Map<number, (usage: ServerUsage) => void>();
  child.on('message', (message: ServerUsage) => {
    if (message.type !== 'usage') return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return {
    name,
    url,
    child,
    usage: (reset = false) =>
      new Promise((resolve, reject) => {
        const id = ++asked;
        const timer = setTimeout(() => reject(new Error(`review server ${name} did not report its usage`)), 10_000);
        waiting.set(id, (usage) => {
          clearTimeout(timer);
          resolve(usage);
        });
        child.send({ type: 'usage', id, reset });
      }),
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'close' });
      await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
      children.delete(child);
    },
    kill: () => stopChild(child, 'SIGKILL'),
  };
}

interface BenchClient {
  index: number;
  userId: string;
  /** Which server process it is connected to. */
  server: number;
  socket: Socket;
  /** Camera sequence numbers received (1: received). */
  seen: Uint8Array;
  chatIds: Set<string>;
}

/** The figures of one run of one setup. */
interface RunState {
  /** Camera delivery latencies, ms, by the server process of the follower. */
  latencies: number[][];
  delivered: number;
  duplicates: number;
  outOfRange: number;
  /** Latencies by the second of the stream the message was sent in. */
  bySecond: number[][];
  userListChanges: number;
  socketErrors: { code: string; message: string }[];
  disconnects: string[];
}

function connectClient(url: string, sessionId: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], query: { sessionId }, auth: { token: DEMO_REVIEW_SECRET }, forceNew: true, reconnection: false, timeout: 20_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`${sessionId} could not connect to ${url}: ${error.message}`)));
  });
}

async function joinRoom(socket: Socket, roomId: string, name: string): Promise<JoinOk> {
  const reply = (await socket.timeout(20_000).emitWithAck('join', { roomId, name })) as JoinOk | { error: { code: string; message: string } };
  if ('error' in reply) throw new Error(`join refused: ${reply.error.code} ${reply.error.message}`);
  return reply;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);
function latencyFigures(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return { samples: sorted.length, median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN, mean };
}

interface ServerFigures {
  name: string;
  clients: number;
  cpuPercent: number;
  cpuSeconds: number;
  rssIdleMB: number;
  rssJoinedMB: number;
  rssPeakMB: number;
  heapUsedPeakMB: number;
  /** CPU time over the joins (connections, joins and their user lists), s. */
  joinCpuSeconds: number;
  /** Its event loop's delay over the stream: how late a 10 ms timer ran, ms (a blocked loop or waiting for a core). */
  loopDelayP99: number;
  loopDelayMax: number;
  /** Its main thread's time runnable but waiting for a core, over the window, % of wall time. */
  runQueueWaitPercent: number | null;
}

interface SetupFigures {
  setup: string;
  label: string;
  processes: number;
  redis: boolean;
  clients: number;
  clientsPerProcess: number[];
  joinSeconds: number;
  cameraSent: number;
  sendSeconds: number;
  sendRateHz: number;
  expected: number;
  delivered: number;
  duplicates: number;
  outOfRange: number;
  drainMs: number;
  latency: ReturnType<typeof latencyFigures>;
  latencyByProcess: (ReturnType<typeof latencyFigures> & { process: string })[];
  servers: ServerFigures[];
  /** Over the same window as the servers' CPU: this process (the clients) and redis-server. */
  clientProcessCpuPercent: number;
  clientLoopDelayP99: number;
  clientLoopDelayMax: number;
  clientRunQueueWaitPercent: number | null;
  redisCpuPercent: number | null;
  latencyBySecond: { second: number; samples: number; median: number; p95: number; max: number }[];
  userListChanges: number;
  settleSeconds: number;
  windowSeconds: number;
  loadAverage: { beforeJoin: number[]; afterStream: number[] };
  chat: { sent: number; acked: number; refused: string[]; noAck: number; members: number; lostDeliveries: number; idsNotEverywhere: number };
  history: { kind: 'late joiner' | 'after restart'; checks: { process: string; found: number; of: number; historyLength: number }[] };
  socketErrors: { code: string; message: string }[];
  disconnects: string[];
}

const MB = 2 ** 20;

/**
 * One setup: `serverCount` server processes (with Redis when `redis` is given), the clients spread over them
 * in turn, the leader (client 0) on the first.
 */
async function runSetup(setup: string, label: string, serverCount: number, redis: RedisProcess | null): Promise<SetupFigures> {
  console.log(`\n${label}: starting ${serverCount} server process${serverCount > 1 ? 'es' : ''}…`);
  const servers: ServerProcess[] = [];
  const clients: BenchClient[] = [];
  try {
    for (let i = 0; i < serverCount; i++) servers.push(await startServerProcess(String.fromCharCode(65 + i), redis?.url ?? null));
    const idle = await Promise.all(servers.map((server) => server.usage()));
    const roomId = newRoomId('bench-review');
    const total = Math.round(seconds * rate);
    const state: RunState = { latencies: servers.map(() => []), delivered: 0, duplicates: 0, outOfRange: 0, bySecond: Array.from({ length: Math.ceil(seconds) }, () => []), userListChanges: 0, socketErrors: [], disconnects: [] };
    const loadBeforeJoin = loadavg();

    // Connect and join, JOIN_BATCH at a time.
    console.log(`${label}: ${clientCount} clients join room ${roomId}…`);
    const joinStart = performance.now();
    for (let first = 0; first < clientCount; first += JOIN_BATCH) {
      const batch = Array.from({ length: Math.min(JOIN_BATCH, clientCount - first) }, (_, k) => first + k);
      clients.push(
        ...(await Promise.all(
          batch.map(async (index) => {
            const userId = `bench${setup}${String(index).padStart(4, '0')}`;
            const serverIndex = index % serverCount;
            const socket = await connectClient(servers[serverIndex].url, userId);
            const client: BenchClient = { index, userId, server: serverIndex, socket, seen: new Uint8Array(total), chatIds: new Set() };
            socket.on('camera', (event: RoomMessage<unknown[]>) => {
              const now = performance.now();
              const seq = event.msg[2] as number;
              const sentAt = event.msg[3] as number;
              if (!(seq >= 0 && seq < total)) return void state.outOfRange++;
              if (client.seen[seq]) return void state.duplicates++;
              client.seen[seq] = 1;
              state.delivered++;
              state.latencies[serverIndex].push(now - sentAt);
              state.bySecond[Math.min(state.bySecond.length - 1, Math.floor(seq / rate))].push(now - sentAt);
            });
            socket.on('txt', (entry: ChatEntry) => client.chatIds.add(entry.id));
            socket.on('userListChange', () => void state.userListChanges++);
            socket.on('socketError', (error: { code: string; message: string }) => state.socketErrors.push(error));
            socket.on('disconnect', (reason) => {
              if (reason !== 'io client disconnect') state.disconnects.push(`${userId}: ${reason}`);
            });
            await joinRoom(socket, roomId, `Bench ${index}`);
            return client;
          }),
        )),
      );
    }
    const joinSeconds = (performance.now() - joinStart) / 1000;
    // The joins' user lists (each join sends the room's whole list to every member) settle first: 1 s without one.
    const settleStart = performance.now();
    for (let seen = -1; seen !== state.userListChanges && performance.now() - settleStart < 15_000; ) {
      seen = state.userListChanges;
      await sleep(1000);
    }
    const settleSeconds = (performance.now() - settleStart) / 1000;
    const joined = await Promise.all(servers.map((server) => server.usage()));
    console.log(`${label}: joined in ${joinSeconds.toFixed(1)} s; ${joined.map((usage, i) => `${servers[i].name}: ${usage.connections} connections`).join(', ')}`);

    // The stream, the chat alongside it, and the servers' memory sampled every 500 ms.
    const leader = clients[0];
    const peaks = servers.map((_, i) => ({ rss: joined[i].rss, heapUsed: joined[i].heapUsed }));
    const sampling = setInterval(() => {
      for (const [i, server] of servers.entries()) {
        void server.usage().then(
          (usage) => {
            peaks[i].rss = Math.max(peaks[i].rss, usage.rss);
            peaks[i].heapUsed = Math.max(peaks[i].heapUsed, usage.heapUsed);
          },
          () => undefined,
        );
      }
    }, 500);
    const acked: string[] = [];
    const refused: string[] = [];
    let noAck = 0;
    const chatSends: Promise<void>[] = [];
    const startUsage = await Promise.all(servers.map((server) => server.usage(true)));
    const startClientCpu = process.cpuUsage();
    const startRedisCpu = procCpuSeconds(redis?.pid);
    const startSched = [...servers.map((server) => schedStat(server.child.pid)), schedStat(process.pid)];
    const clientLoopDelay = monitorEventLoopDelay({ resolution: 10 });
    clientLoopDelay.enable();
    const period = 1000 / rate;
    console.log(`${label}: the leader sends ${total} camera messages at ${rate} Hz; ${chatCount} chat messages from ${Math.min(chatCount, clientCount - 1)} clients…`);
    const streamStart = performance.now();
    for (let k = 0; k < chatCount; k++) {
      // Spread over the stream, each from another client (the leader aside); the discrete bucket is 10/s a socket.
      const sender = clients[1 + (k % (clientCount - 1))];
      const at = ((k + 0.5) * seconds * 1000) / chatCount;
      setTimeout(() => {
        chatSends.push(
          sender.socket
            .timeout(10_000)
            .emitWithAck('message', { type: 'txt', msg: `bench chat ${k} from ${sender.userId}` })
            .then(
              (reply: { ok?: boolean; id?: string; error?: { code: string } }) => {
                if (reply.ok && reply.id) acked.push(reply.id);
                else refused.push(reply.error?.code ?? JSON.stringify(reply));
              },
              () => void noAck++,
            ),
        );
      }, at);
    }
    for (let seq = 0; seq < total; seq++) {
      const wait = streamStart + seq * period - performance.now();
      if (wait > 1) await sleep(wait);
      // [sender, in control, position (sequence number, send time, 0), target, up]: the server checks finite numbers only.
      leader.socket.emit('message', { type: 'camera', msg: [leader.userId, 1, seq, performance.now(), 0, 0, 0, 0, 0, 1, 0] });
    }
    const sendSeconds = (performance.now() - streamStart) / 1000;
    // Every chat sent (the last is due half a step before the stream's end), and acknowledged or not.
    while (chatSends.length < chatCount && performance.now() - streamStart < seconds * 1000 + DRAIN_MS) await sleep(10);
    await Promise.all(chatSends);
    const followers = clientCount - 1;
    const expected = followers * total;
    const drainStart = performance.now();
    const chatComplete = () => clients.every((client) => acked.every((id) => client.chatIds.has(id)));
    while ((state.delivered < expected || !chatComplete()) && performance.now() - drainStart < DRAIN_MS) await sleep(20);
    const drainMs = performance.now() - drainStart;
    const endUsage = await Promise.all(servers.map((server) => server.usage()));
    const endClientCpu = process.cpuUsage(startClientCpu);
    const endRedisCpu = procCpuSeconds(redis?.pid);
    const endSched = [...servers.map((server) => schedStat(server.child.pid)), schedStat(process.pid)];
    clientLoopDelay.disable();
    clearInterval(sampling);
    const windowSeconds = (endUsage[0].time - startUsage[0].time) / 1000;
    const waitPercent = (i: number) => {
      const [start, end] = [startSched[i], endSched[i]];
      return start && end ? (100 * (end.wait - start.wait)) / 1000 / windowSeconds : null;
    };
    const loadAfterStream = loadavg();

    let lostDeliveries = 0;
    let idsNotEverywhere = 0;
    for (const id of acked) {
      const missing = clients.filter((client) => !client.chatIds.has(id)).length;
      lostDeliveries += missing;
      if (missing) idsNotEverywhere++;
    }

    const serverFigures: ServerFigures[] = servers.map((server, i) => {
      const cpuMicros = endUsage[i].cpu.user + endUsage[i].cpu.system - (startUsage[i].cpu.user + startUsage[i].cpu.system);
      const wall = (endUsage[i].time - startUsage[i].time) / 1000;
      return {
        name: server.name,
        clients: clients.filter((client) => client.server === i).length,
        cpuSeconds: cpuMicros / 1e6,
        cpuPercent: (100 * cpuMicros) / 1e6 / wall,
        rssIdleMB: idle[i].rss / MB,
        rssJoinedMB: joined[i].rss / MB,
        rssPeakMB: Math.max(peaks[i].rss, endUsage[i].rss) / MB,
        heapUsedPeakMB: Math.max(peaks[i].heapUsed, endUsage[i].heapUsed) / MB,
        joinCpuSeconds: (joined[i].cpu.user + joined[i].cpu.system - (idle[i].cpu.user + idle[i].cpu.system)) / 1e6,
        loopDelayP99: endUsage[i].loopDelayP99,
        loopDelayMax: endUsage[i].loopDelayMax,
        runQueueWaitPercent: waitPercent(i),
      };
    });

    // The history: a late joiner (memory store), or every server process killed and started again (Redis).
    for (const client of clients) client.socket.disconnect();
    const history: SetupFigures['history'] = { kind: redis ? 'after restart' : 'late joiner', checks: [] };
    if (redis) {
      console.log(`${label}: killing the server processes (SIGKILL) and starting them again on the same Redis…`);
      for (const server of servers.splice(0)) await server.kill();
      for (let i = 0; i < serverCount; i++) servers.push(await startServerProcess(String.fromCharCode(65 + i), redis.url));
    }
    for (const [i, server] of servers.entries()) {
      const socket = await connectClient(server.url, `bench${setup}late${i}`);
      try {
        const ok = await joinRoom(socket, roomId, `Late ${i}`);
        const ids = new Set(ok.history.map((entry) => entry.id));
        history.checks.push({ process: server.name, found: acked.filter((id) => ids.has(id)).length, of: acked.length, historyLength: ok.history.length });
      } finally {
        socket.disconnect();
      }
    }

    const all = latencyFigures(state.latencies.flat());
    const figures: SetupFigures = {
      setup,
      label,
      processes: serverCount,
      redis: !!redis,
      clients: clientCount,
      clientsPerProcess: serverFigures.map((server) => server.clients),
      joinSeconds,
      cameraSent: total,
      sendSeconds,
      sendRateHz: total / sendSeconds,
      expected,
      delivered: state.delivered,
      duplicates: state.duplicates,
      outOfRange: state.outOfRange,
      drainMs,
      latency: all,
      latencyByProcess: state.latencies.map((values, i) => ({ process: servers[i]?.name ?? String(i), ...latencyFigures(values) })),
      servers: serverFigures,
      clientProcessCpuPercent: (100 * (endClientCpu.user + endClientCpu.system)) / 1e6 / windowSeconds,
      // The histogram holds the timer's whole interval: its 10 ms are taken off.
      clientLoopDelayP99: Math.max(0, clientLoopDelay.percentile(99) / 1e6 - 10),
      clientLoopDelayMax: Math.max(0, clientLoopDelay.max / 1e6 - 10),
      clientRunQueueWaitPercent: waitPercent(servers.length),
      latencyBySecond: state.bySecond.map((values, second) => {
        const { samples, median, p95, max } = latencyFigures(values);
        return { second, samples, median, p95, max };
      }),
      userListChanges: state.userListChanges,
      settleSeconds,
      redisCpuPercent: startRedisCpu !== null && endRedisCpu !== null ? (100 * (endRedisCpu - startRedisCpu)) / windowSeconds : null,
      windowSeconds,
      loadAverage: { beforeJoin: loadBeforeJoin, afterStream: loadAfterStream },
      chat: { sent: chatCount, acked: acked.length, refused, noAck, members: clients.length, lostDeliveries, idsNotEverywhere },
      history,
      socketErrors: state.socketErrors,
      disconnects: state.disconnects,
    };
    console.log(
      `${label}: ${figures.delivered}/${expected} delivered, latency median ${all.median.toFixed(1)} ms, p95 ${all.p95.toFixed(1)} ms; server CPU ${serverFigures.map((s) => `${s.cpuPercent.toFixed(0)}%`).join(' + ')}; chat ${acked.length} acked, ${lostDeliveries} deliveries lost; history ${history.checks.map((c) => `${c.found}/${c.of}`).join(', ')}`,
    );
    return figures;
  } finally {
    for (const client of clients) client.socket.disconnect();
    await Promise.all(servers.map((server) => server.close()));
  }
}

const started = new Date();
const results: SetupFigures[] = [];
results.push(await runSetup('a', '(a) 1 process, memory store', 1, null));
const redis = await startRedis().catch((error: NodeJS.ErrnoException) => {
  // No redis-server on this machine: setup (b) is left out, and said so.
  if (error.code !== 'ENOENT') throw error;
  console.warn('\nredis-server is not installed: setup (b), two processes sharing a Redis, is left out.');
  return null;
});
if (redis) {
  try {
    results.push(await runSetup('b', '(b) 2 processes + Redis', 2, redis));
  } finally {
    await redis.stop();
  }
}
const finished = new Date();

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: benchRoot }).toString().trim();
const ms = (value: number) => `${value.toFixed(1)} ms`;
const percent = (value: number) => `${value.toFixed(0)}%`;
const lines = [
  `## Live review server: ${clientCount} clients in one room, the leader's camera at ${rate} Hz for ${seconds} s (commit ${commit}, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  '| setup | clients | camera messages sent | delivered / expected | latency median | latency p95 | p95 ≤ 50 ms | server CPU % | server RSS MB | chat acked / lost | history after restart |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map((r) => {
    const cpu = r.servers.map((s) => percent(s.cpuPercent)).join(' + ');
    const rss = r.servers.map((s) => s.rssPeakMB.toFixed(0)).join(' + ');
    const history = r.history.checks.map((c) => `${c.found}/${c.of}`).join(', ');
    return `| ${r.label} | ${r.clients}${r.processes > 1 ? ` (${r.clientsPerProcess.join(' + ')})` : ''} | ${r.cameraSent} | ${r.delivered} / ${r.expected} | ${ms(r.latency.median)} | ${ms(r.latency.p95)} | ${r.latency.p95 <= P95_TARGET_MS ? 'yes' : 'no'} | ${cpu} | ${rss} | ${r.chat.acked} / ${r.chat.idsNotEverywhere} | ${r.history.kind === 'after restart' ? `${history} (one rejoin per process)` : `— (memory store; late joiner ${history})`} |`;
  }),
  '',
  ...results.map((r) =>
    [
      `${r.label}: joins took ${r.joinSeconds.toFixed(1)} s (server CPU ${r.servers.map((s) => `${s.joinCpuSeconds.toFixed(1)} s`).join(' + ')}; ${r.userListChanges} user lists received, settled ${r.settleSeconds.toFixed(1)} s); the leader sent at ${r.sendRateHz.toFixed(1)} Hz;`,
      `latency p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}${r.processes > 1 ? ` (by the follower's process: ${r.latencyByProcess.map((l) => `${l.process} median ${ms(l.median)}, p95 ${ms(l.p95)}`).join('; ')})` : ''};`,
      `server RSS idle ${r.servers.map((s) => s.rssIdleMB.toFixed(0)).join(' + ')} MB, ${r.clients} joined ${r.servers.map((s) => s.rssJoinedMB.toFixed(0)).join(' + ')} MB, peak under load ${r.servers.map((s) => s.rssPeakMB.toFixed(0)).join(' + ')} MB;`,
      `latency p95 by second of the stream: ${r.latencyBySecond.map((s) => s.p95.toFixed(0)).join(', ')} ms;`,
      `over the ${r.windowSeconds.toFixed(1)} s window the clients' process used ${percent(r.clientProcessCpuPercent)} CPU${r.redisCpuPercent !== null ? `, redis-server ${percent(r.redisCpuPercent)}` : ''};`,
      `event loop delay p99 / max: server ${r.servers.map((s) => `${s.loopDelayP99.toFixed(0)} / ${s.loopDelayMax.toFixed(0)}`).join(' and ')} ms, clients ${r.clientLoopDelayP99.toFixed(0)} / ${r.clientLoopDelayMax.toFixed(0)} ms;`,
      `main thread runnable but waiting for a core: server ${r.servers.map((s) => (s.runQueueWaitPercent === null ? '?' : percent(s.runQueueWaitPercent))).join(' and ')}, clients ${r.clientRunQueueWaitPercent === null ? '?' : percent(r.clientRunQueueWaitPercent)} of the window;`,
      `load average (1 min) ${r.loadAverage.beforeJoin[0].toFixed(2)} before the joins, ${r.loadAverage.afterStream[0].toFixed(2)} after the stream;`,
      `chat: ${r.chat.acked} acknowledged of ${r.chat.sent}${r.chat.refused.length ? ` (refused: ${r.chat.refused.join(', ')})` : ''}${r.chat.noAck ? `, ${r.chat.noAck} without an ack` : ''}, ${r.chat.lostDeliveries} (member, message) deliveries missing;`,
      `${r.socketErrors.length} socketError events, ${r.disconnects.length} unexpected disconnects, ${r.duplicates} duplicate camera messages.`,
    ].join(' '),
  ),
  '',
  `Loopback, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}: the ${clientCount} socket.io clients (one Node process, this one), the server process(es) and Redis share these cores, so the latencies include the clients' own queueing. Latency: the leader's send time (performance.now() in the message) to the follower's \`camera\` handler, same process, same clock. Server CPU %: process.cpuUsage() of each server process over the stream and its drain / wall time (100% = one core). RSS: process.memoryUsage().rss, the peak of samples every 500 ms. Lost: acknowledged chat ids that did not reach every member. Event loop delay: how late a 10 ms timer ran (perf_hooks.monitorEventLoopDelay), from a blocked loop or from waiting for a core; waiting for a core: /proc/<pid>/schedstat's run-queue time of the main thread.`,
];
const report = lines.join('\n');
console.log(`\n${report}`);
const json = writeBenchResults('review', 'latest-review.md', report, {
  started: started.toISOString(),
  finished: finished.toISOString(),
  commit,
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  options: { clients: clientCount, seconds, rate, chats: chatCount, joinBatch: JOIN_BATCH, drainMs: DRAIN_MS },
  results,
});
console.log(`\nWrote bench/results/${json} and bench/results/latest-review.md`);
clearTimeout(watchdog);
const failed = results.some((r) => r.delivered < r.expected || r.chat.idsNotEverywhere > 0 || r.chat.acked < r.chat.sent || r.history.checks.some((c) => c.found < c.of));
if (failed) {
  console.error('\nThe review bench found lost messages (see the table).');
  process.exitCode = 1;
}
