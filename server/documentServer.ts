import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DocumentStore, documentFile, fileInside, type ServedDocument } from './documents/DocumentStore.js';
import { PARTIAL_BUNDLE_CACHE_CONTROL, PartialBundles } from './documents/PartialBundles.js';
import { PROBLEM_STATUSES, problemIdOf, problemManifests } from './documents/problemDocuments.js';
import { type TiledSheet, tiledSheet } from './documents/TiledSheets.js';
import { TokenStore } from './documents/TokenStore.js';

export interface DocumentServerOptions {
  /** Folder of SVF sample folders (default demo/samples/svf). */
  samplesDir?: string;
  /** Folder whose PDF plots are every document's 2D sheets (default demo/samples/2d). */
  sheetsDir?: string;
  /**
   * DXF drawings plotted as tiled images (leaflets), every document's tiled sheets (default the curtain
   * wall details of the sheets folder, dxf-parser_api-cw750-details.dxf).
   */
  tiledDrawings?: string[];
  /** Where the tile pyramids are kept between starts (default node_modules/.cache/design-viewer/tiled-sheets). */
  cacheDir?: string;
  /** Tokens accepted besides those /auth/token issues. */
  tokens?: string[];
}

/** The cookie that carries the token after POST /auth/settoken (spec 001 §7). */
export const TOKEN_COOKIE = 'dv-access-token';
/** Paths under this prefix behave the same, except that the server does not take tokens as cookies. */
export const HEADER_ONLY_PREFIX = '/header-only';
/** Lifetime of tokens from /auth/token unless `expires_in` asks otherwise. */
const DEFAULT_TOKEN_LIFETIME_S = 3600;

const MIME: Record<string, string> = { '.json': 'application/json', '.png': 'image/png', '.svf': 'application/zip', '.zip': 'application/zip', '.txt': 'text/plain', '.pdf': 'application/pdf' };
const COMPRESSIBLE = new Set(['.json', '.svf', '.pf', '.pack', '.bin', '.txt']);
/** The drawing of the sheets folder that every document also offers as a tiled image. */
const TILED_DRAWING = 'dxf-parser_api-cw750-details.dxf';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The local document server: the SVF samples as documents under the derivative service's path shapes
 * (spec 001 §7: derivativeV2, modelDerivativeV2 and fluent), their 2D sheets the PDF plots of the sheets
 * folder and a DXF of it plotted as a tiled image (TiledSheets, at start, kept in a cache folder), with
 * bearer-token and cookie auth; offline bundles (folder with bubble.json, and zip) under /bundles/;
 * bundles with files taken away under /partial/ (PartialBundles); range requests and gzip on every file.
 */
export function createDocumentHandler(options: DocumentServerOptions = {}): Handler {
  const sheetsDir = resolve(options.sheetsDir ?? 'demo/samples/2d');
  const drawings = options.tiledDrawings ?? [join(sheetsDir, TILED_DRAWING)].filter((file) => existsSync(file));
  const tiled = tiledSheets(drawings.map((file) => resolve(file)), resolve(options.cacheDir ?? 'node_modules/.cache/design-viewer/tiled-sheets'));
  const store = new DocumentStore(resolve(options.samplesDir ?? 'demo/samples/svf'), sheetsDir, tiled);
  const tokens = new TokenStore(options.tokens);
  const problems = problemManifests(store.documents[0]);
  const problemById = new Map(Object.keys({ ...problems, ...PROBLEM_STATUSES }).map((name) => [problemIdOf(name), name]));
  const partial = new PartialBundles((name) => store.byName(name));

  return (req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = decodeURIComponent(url.pathname);
    const acceptsCookies = !path.startsWith(HEADER_ONLY_PREFIX);
    if (!acceptsCookies) path = path.slice(HEADER_ONLY_PREFIX.length) || '/';
    const base = `http://${req.headers.host}${acceptsCookies ? '' : HEADER_ONLY_PREFIX}`;

    if (path === '/auth/token' && req.method === 'POST') {
      const lifetime = Number(url.searchParams.get('expires_in')) || DEFAULT_TOKEN_LIFETIME_S;
      return json(res, 200, tokens.issue(lifetime));
    }
    if (path === '/auth/settoken' && req.method === 'POST') {
      if (!acceptsCookies) return json(res, 404, { error: 'This service does not take tokens as cookies' });
      return void readBody(req).then((body) => {
        const token = new URLSearchParams(body).get('access-token');
        if (!tokens.isValid(token)) return json(res, 401, { error: 'Invalid token' });
        res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`);
        json(res, 200, { ok: true });
      });
    }
    if (path === '/cdnurl') return text(res, 200, base);
    // An app that answers every path with its index page, as a bundler's dev server or a single-page app's
    // server does for a file it does not have (a host that did not serve res/).
    if (path.startsWith('/spa/')) return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><html><body><div id="app"></div></body></html>');
    if (path === '/documents.json') return json(res, 200, listDocuments(store, base, Object.keys(problems), Object.keys(PROBLEM_STATUSES)));
    if (path.startsWith('/bundles/')) return serveBundle(req, res, store, path.slice('/bundles/'.length));
    if (path.startsWith('/partial/')) {
      const answer = partial.answer(req.method ?? 'GET', path.slice('/partial/'.length), url.searchParams);
      if (!answer) return json(res, 404, { error: 'Not found' });
      if ('status' in answer) return json(res, answer.status, { error: answer.error });
      const extension = extname(answer.file).toLowerCase();
      return sendBytes(req, res, Buffer.from(answer.bytes), MIME[extension] ?? 'application/octet-stream', false, PARTIAL_BUNDLE_CACHE_CONTROL);
    }

    // A host's own protected file endpoint: a sample model file (demo/samples/…), for a valid bearer token only.
    if (path.startsWith('/protected/')) {
      if (!tokens.isValid(tokenOf(req, false))) return json(res, 401, { error: 'Unauthorized: a valid bearer token is required' });
      const file = fileInside(resolve('demo/samples'), path.slice('/protected/'.length));
      return file ? serveFile(req, res, file) : json(res, 404, { error: 'Not found' });
    }
    const route = matchServiceRoute(path);
    if (!route) return json(res, 404, { error: 'Not found' });
    if (!tokens.isValid(tokenOf(req, acceptsCookies))) return json(res, 401, { error: 'Unauthorized: a valid bearer token or cookie is required' });
    if (route.kind === 'manifest') {
      const id = route.urn.replace(/^urn:/, '');
      const problem = problemById.get(id);
      if (problem && PROBLEM_STATUSES[problem]) return json(res, PROBLEM_STATUSES[problem], { error: problem });
      if (problem) return json(res, 200, problems[problem]);
      const document = store.byId(id);
      if (!document) return json(res, 404, { error: `No document ${route.urn}` });
      return json(res, 200, route.api === 'modelDerivativeV2' ? modelDerivativeManifest(document) : document.bubble);
    }
    if (route.kind === 'thumbnail') {
      const document = store.byId(route.urn.replace(/^urn:/, ''));
      const width = Number(url.searchParams.get('width')) || 200;
      const sizes = [100, 200, 400];
      const size = sizes.find((s) => s >= width) ?? 400;
      const file = document ? fileInside(document.folder, `${document.svf.replace(/\.svf$/i, '')}_${size}.png`) : null;
      return file ? serveFile(req, res, file) : json(res, 404, { error: 'No thumbnail' });
    }
    const found = store.resolveDerivative(route.urn);
    return found ? serveFile(req, res, found.file) : json(res, 404, { error: `No derivative ${route.urn}` });
  };
}

/** The drawings as tile pyramids (made once, then read from the cache); one that cannot be plotted is left out, with a warning. */
function tiledSheets(drawings: string[], cacheDir: string): TiledSheet[] {
  return drawings.flatMap((drawing) => {
    try {
      return [tiledSheet(drawing, cacheDir)];
    } catch (reason) {
      console.warn(`document server: ${drawing} is not offered as a tiled sheet: ${(reason as Error)?.message ?? reason}`);
      return [];
    }
  });
}

/** Starts the server; port 0 picks a free one. */
export async function startDocumentServer(options: DocumentServerOptions & { port?: number; host?: string } = {}): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(createDocumentHandler(options));
  await new Promise<void>((ready) => server.listen(options.port ?? 0, options.host ?? 'localhost', ready));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? 'localhost'}:${port}`;
  return { url, server, close: () => new Promise((done) => server.close(() => done())) };
}

type ServiceRoute = { kind: 'manifest' | 'item' | 'thumbnail'; urn: string; api: string };

/** Spec 001 §7: the path shapes of the three API flavours. */
function matchServiceRoute(path: string): ServiceRoute | null {
  let m: RegExpExecArray | null;
  if ((m = /^\/derivativeservice\/v2\/manifest\/([^/]+)$/.exec(path))) return { kind: 'manifest', urn: m[1], api: 'derivativeV2' };
  if ((m = /^\/derivativeservice\/v2\/derivatives\/(.+)$/.exec(path))) return { kind: 'item', urn: m[1], api: 'derivativeV2' };
  if ((m = /^\/derivativeservice\/v2\/thumbnails\/([^/]+)$/.exec(path))) return { kind: 'thumbnail', urn: m[1], api: 'derivativeV2' };
  if ((m = /^\/modelderivative\/v2\/designdata\/([^/]+)\/manifest$/.exec(path))) return { kind: 'manifest', urn: m[1], api: 'modelDerivativeV2' };
  if ((m = /^\/modelderivative\/v2\/designdata\/([^/]+)\/manifest\/(.+)$/.exec(path))) return { kind: 'item', urn: m[2], api: 'modelDerivativeV2' };
  if ((m = /^\/modelderivative\/v2\/designdata\/([^/]+)\/thumbnail$/.exec(path))) return { kind: 'thumbnail', urn: m[1], api: 'modelDerivativeV2' };
  if ((m = /^\/modeldata\/manifest\/([^/]+)$/.exec(path))) return { kind: 'manifest', urn: m[1], api: 'fluent' };
  if ((m = /^\/modeldata\/file\/(.+)$/.exec(path))) return { kind: 'item', urn: m[1], api: 'fluent' };
  return null;
}

/** The model derivative API's manifest: the same viewables under `derivatives`. */
function modelDerivativeManifest(document: ServedDocument): Record<string, unknown> {
  const bubble = document.bubble as { children: unknown[]; name: string };
  return { type: 'manifest', urn: document.id, status: 'success', progress: 'complete', region: 'US', version: '1.0', derivatives: [{ name: bubble.name, outputType: 'svf', status: 'success', progress: 'complete', children: bubble.children }] };
}

function listDocuments(store: DocumentStore, base: string, problems: string[], statuses: string[]) {
  return {
    documents: store.documents.map((d) => ({
      name: d.name,
      urn: `urn:${d.id}`,
      manifests: {
        derivativeV2: `${base}/derivativeservice/v2/manifest/${d.id}`,
        modelDerivativeV2: `${base}/modelderivative/v2/designdata/${d.id}/manifest`,
        fluent: `${base}/modeldata/manifest/${d.id}`,
      },
      bundles: { folder: `${base}/bundles/${d.name}/`, bubble: `${base}/bundles/${d.name}/bubble.json`, zip: `${base}/bundles/${d.name}.zip`, svf: `${base}/bundles/${d.name}/${d.svf}` },
    })),
    problems: Object.fromEntries([...problems, ...statuses].map((name) => [name, `urn:${problemIdOf(name)}`])),
    tokenUrl: `${base}/auth/token`,
  };
}

function serveBundle(req: IncomingMessage, res: ServerResponse, store: DocumentStore, rest: string): void {
  if (rest === '' || rest === 'index.json') return json(res, 200, store.documents.map((d) => ({ name: d.name, folder: `${d.name}/`, zip: `${d.name}.zip` })));
  const zipName = /^([^/]+)\.zip$/.exec(rest);
  if (zipName) {
    const document = store.byName(zipName[1]);
    return document ? sendBytes(req, res, Buffer.from(document.zip), 'application/zip', false) : json(res, 404, { error: 'No bundle' });
  }
  const [name, ...parts] = rest.split('/');
  const document = store.byName(name);
  if (!document) return json(res, 404, { error: 'No bundle' });
  const inner = parts.join('/');
  if (inner === '' || inner === 'bubble.json') return json(res, 200, document.offlineBubble);
  const file = documentFile(document, inner);
  return file ? serveFile(req, res, file) : json(res, 404, { error: 'Not found' });
}

function serveFile(req: IncomingMessage, res: ServerResponse, file: string): void {
  const extension = extname(file).toLowerCase();
  sendBytes(req, res, readFileSync(file), MIME[extension] ?? 'application/octet-stream', COMPRESSIBLE.has(extension));
}

const gzipCache = new WeakMap<Buffer, Buffer>();

/** A file's bytes: a range (206) when asked for, else the whole, gzipped when the client takes it. */
function sendBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer, type: string, compressible: boolean, cacheControl = 'no-cache'): void {
  res.setHeader('Content-Type', type);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', cacheControl);
  const range = req.headers.range;
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = m && m[1] ? Number(m[1]) : NaN;
    let end = m && m[2] ? Number(m[2]) : bytes.length - 1;
    if (m && !m[1] && m[2]) {
      start = Math.max(0, bytes.length - Number(m[2]));
      end = bytes.length - 1;
    }
    if (!m || Number.isNaN(start) || start >= bytes.length || end < start) {
      res.writeHead(416, { 'Content-Range': `bytes */${bytes.length}` });
      return void res.end();
    }
    end = Math.min(end, bytes.length - 1);
    res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${bytes.length}`, 'Content-Length': end - start + 1 });
    return void res.end(req.method === 'HEAD' ? undefined : bytes.subarray(start, end + 1));
  }
  const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (compressible && !isGzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    let zipped = gzipCache.get(bytes);
    if (!zipped) gzipCache.set(bytes, (zipped = gzipSync(bytes)));
    res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': zipped.length, Vary: 'Accept-Encoding' });
    return void res.end(req.method === 'HEAD' ? undefined : zipped);
  }
  res.writeHead(200, { 'Content-Length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Any page may ask, with credentials: the origin is echoed (a local development server). */
function cors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  }
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Range, Content-Type');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Length, Content-Encoding, Accept-Ranges');
}

function tokenOf(req: IncomingMessage, acceptsCookies: boolean): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  if (!acceptsCookies) return null;
  const cookie = String(req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === TOKEN_COOKIE);
  return cookie ? decodeURIComponent(cookie.slice(1).join('=')) : null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => done(body));
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain' });
  res.end(body);
}

// `tsx server/documentServer.ts` runs it on its own (PORT, default 5180).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startDocumentServer({ port: Number(process.env.PORT ?? 5180) });
  console.log(`design-viewer document server: ${url}/documents.json`);
}
