import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { transformSync } from 'esbuild';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.ts': 'text/javascript',
  '.json': 'application/json',
  '.glb': 'model/gltf-binary',
  '.ifc': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

/** URL prefix → folder. Pages are TypeScript, transpiled on request. */
const ROUTES: [string, string][] = [
  ['/cdn/', 'dist/cdn'],
  ['/models/', 'bench/models'],
  ['/bench/', 'bench'],
  ['/node_modules/', 'node_modules'],
  ['/samples/', 'demo/samples'],
];

/**
 * The benchmark's static server. Cross-origin isolated (COOP/COEP), so the pages may use
 * performance.measureUserAgentSpecificMemory().
 */
export function startBenchServer(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const route = ROUTES.find(([prefix]) => path.startsWith(prefix));
    const file = route ? resolve(root, route[1], normalize(path.slice(route[0].length))) : '';
    if (!route || !file.startsWith(resolve(root, route[1])) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    };
    if (extname(file) === '.ts') {
      const { code } = transformSync(readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022' });
      response.writeHead(200, headers).end(code);
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    done({ server, url: `http://127.0.0.1:${port}` });
  }));
}

/** What both pages fetch as they start (the naive page's three.js modules are many: these are the large ones). */
const PAGE_FILES = ['/cdn/design-viewer.js', '/bench/pages/viewer.ts', '/bench/pages/naive.ts', '/bench/pages/contract.ts', '/node_modules/three/build/three.module.js', '/node_modules/three/build/three.core.js', '/node_modules/three/examples/jsm/loaders/GLTFLoader.js'];

/**
 * Fetches every file the pages will ask for once, and the models, before anything is measured: the first
 * page measured would otherwise pay alone for reading them from disk and for starting esbuild (which
 * transpiles the pages), and design-viewer's page is measured first.
 */
export async function warmBenchServer(url: string, models: string[]): Promise<void> {
  for (const path of [...PAGE_FILES, ...models]) {
    const response = await fetch(url + path);
    if (!response.ok) throw new Error(`The bench server did not serve ${path}: ${response.status}`);
    for await (const _ of response.body!) {
      // read and drop
    }
  }
}

export const benchRoot = resolve(join(import.meta.dirname, '..'));
