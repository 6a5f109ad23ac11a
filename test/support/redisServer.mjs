// A real Redis for the live review tests: Debian's redis-server (`.ci/run` installs it), started on a free
// loopback port with nothing saved to disk, stopped with the process that started it.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** The redis-server binary, or null when it is not installed. */
export function redisServerPath() {
  for (const candidate of ['redis-server', '/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, timeoutMs) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
}

/** Starts a Redis; resolves with { url, stop } (null when redis-server is not installed). */
export async function startRedis() {
  const binary = redisServerPath();
  if (!binary) return null;
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  await waitForPort(port, 10000);
  return { url: `redis://127.0.0.1:${port}`, stop };
}
