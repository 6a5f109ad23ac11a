// Checks that the first visit after `npm start` is the only load: starts the demo's dev server (the same
// vite.config.ts as `npm start`) with a fresh dependency cache of its own (a temporary folder, so a running
// `npm start` keeps its cache), opens the demo in Chromium and counts the page's loads until the model is
// in and a while after. Fails when vite's optimiser reloads the page ("optimized dependencies changed").
// The file watcher is off, so an edit made meanwhile cannot reload the page either.
// Usage: node demo/check-first-visit.mjs [port = 5391]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const port = Number(process.argv[2] ?? 5391);
const cacheDir = mkdtempSync(join(tmpdir(), 'design-viewer-vite-'));
const lines = [];
const record = (message) => lines.push(String(message).trim());
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  cacheDir,
  server: { port, strictPort: true, host: 'localhost', watch: { ignored: () => true } },
  customLogger: { info: record, warn: record, warnOnce: record, error: record, clearScreen() {}, hasErrorLogged: () => false, hasWarned: false },
});
await vite.listen();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const started = Date.now();
let loads = 0;
page.on('load', () => record(`page load ${++loads} at ${Date.now() - started} ms`));
await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
await page.goto(`http://localhost:${port}/demo/`);
const modelIn = await page
  .waitForFunction(() => window.__loaded === true, null, { timeout: 120000 })
  .then(() => Date.now() - started)
  .catch(() => null);
// A late optimiser pass would reload within seconds of the worker's first imports.
await page.waitForTimeout(8000);
await browser.close();
await vite.close();
rmSync(cacheDir, { recursive: true, force: true });

for (const line of lines) if (/optimi|reload|page load/i.test(line)) console.log(`  ${line}`);
const reloaded = lines.some((line) => line.includes('optimized dependencies changed'));
console.log(`loads: ${loads}, model drawn after ${modelIn ?? '—'} ms`);
if (loads !== 1 || reloaded || modelIn === null) {
  console.error('The first visit was not the only load.');
  process.exit(1);
}
console.log('The first visit is the only load.');
