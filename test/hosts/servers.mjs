// The servers the host apps run behind: a static file server for the built apps (vite, webpack, the CDN
// page), `next start` for the Next.js app and vite's dev server.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.bin': 'application/octet-stream',
  '.woff2': 'font/woff2',
};

/**
 * Serves `root` as a typical single-page host does: a path with no file behind it gets the app's
 * index.html (status 200, text/html). That is what made a missing res/ file look like a bug in issue 29
 * ("… is not valid JSON"); the page check flags any such HTML answer to a non-page request.
 */
export async function serveStatic(root) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://host').pathname);
    let file = join(base, normalize(path));
    if (file !== base && !file.startsWith(base + sep)) return response.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) file = join(base, 'index.html');
    if (!existsSync(file)) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(done)) };
}

async function freePort() {
  const probe = createNetServer();
  await new Promise((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address();
  await new Promise((done) => probe.close(done));
  return port;
}

/** A host's own server, `node_modules/.bin/<bin> <args>` in `appDir`, on a free port; resolves once it answers. */
async function startServer(appDir, env, bin, args) {
  const port = await freePort();
  const child = spawn(join(appDir, 'node_modules/.bin', bin), args(port), { cwd: appDir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}/`;
  const close = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${bin} exited with ${child.exitCode}:\n${log}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(5000) });
      return { url, close, log: () => log };
    } catch {
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  await close();
  throw new Error(`${bin} did not answer within 60 s:\n${log}`);
}

/** `next start`: the production server of a built Next.js app, rendering on each request. */
export const startNext = (appDir, env) => startServer(appDir, env, 'next', (port) => ['start', '-p', String(port), '-H', '127.0.0.1']);

/** `vite`: the dev server a host runs while developing (no build). */
export const startViteDev = (appDir, env) => startServer(appDir, env, 'vite', (port) => ['--port', String(port), '--strictPort', '--host', '127.0.0.1']);
