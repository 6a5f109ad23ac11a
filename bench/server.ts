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

export const benchRoot = resolve(join(import.meta.dirname, '..'));
