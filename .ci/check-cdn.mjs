// Opens the built CDN script the way a host page does: a plain HTML page with one <script> tag, served
// with res/ beside the script and nothing else, and checks that a sample model loads and is drawn.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.png': 'image/png', '.glb': 'model/gltf-binary', '.html': 'text/html', '.wasm': 'application/wasm' };
const page = `<!doctype html><html><body style="margin:0">
<design-viewer src="/samples/car.glb" style="width:400px;height:300px" language="de"></design-viewer>
<script type="module" src="/cdn/design-viewer.js"></script></body></html>`;

const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  let file = null;
  if (path === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  if (path.startsWith('/cdn/')) file = join('dist/cdn', normalize(path.slice(5)));
  if (path === '/samples/car.glb') file = 'demo/samples/gltf/car.glb';
  if (!file || !existsSync(file) || !statSync(file).isFile()) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
// Decoders (Draco, web-ifc) are fetched from res/ when a file needs them: a build that inlined one as a
// data: URL would make every page and every loader worker decode and compile it.
const inlined = readFileSync('dist/cdn/design-viewer.js', 'utf8').match(/data:(application\/wasm|text\/javascript);base64,/g);
if (inlined) throw new Error(`The CDN script inlines ${inlined.length} decoder file(s) as data: URLs`);

await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const executablePath = chromiumPath();
const browser = await chromium.launch({
  executablePath,
  args: chromiumArgs,
});
try {
  const tab = await browser.newPage();
  const failures = [];
  tab.on('pageerror', (e) => failures.push(e.message));
  tab.on('requestfailed', (r) => failures.push(`request failed: ${r.url()}`));
  tab.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`));
  await tab.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
  await tab.goto(url);
  await tab.waitForFunction(() => window.__loaded === true, null, { timeout: 60000 });
  const result = await tab.evaluate(async () => {
    const element = document.querySelector('design-viewer');
    const { data } = element.viewer.capturePixels(200, 150);
    let model = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) model++;
    await new Promise((r) => setTimeout(r, 500));
    return { share: model / (200 * 150), language: element.viewer.getLanguage(), spinner: !!element.shadowRoot.querySelector('.dv-spinner') };
  });
  if (failures.length) throw new Error(`CDN page problems:\n${failures.join('\n')}`);
  if (result.share < 0.1) throw new Error(`The model is not drawn (model pixels: ${(result.share * 100).toFixed(1)}%)`);
  if (result.language !== 'de') throw new Error(`language attribute not applied: ${result.language}`);
  console.log(`CDN script OK: model covers ${(result.share * 100).toFixed(1)}% of the view; language ${result.language}.`);
} finally {
  await browser.close();
  server.close();
}
