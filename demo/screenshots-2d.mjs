// The 2D screenshot for the README (docs/screenshots/dxf-layers.png): the curtain-wall detail sheet
// (dxf-parser_api-cw750-details.dxf, 22 layers) with every layer on, framed, and its Layers panel open.
// Usage: node demo/screenshots-2d.mjs <demo url> [out dir = docs/screenshots]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, outDir = 'docs/screenshots'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-2d.mjs <demo url> [out dir]');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
const target = new URL(url);
target.searchParams.set('model', 'samples/2d/dxf-parser_api-cw750-details.dxf');
target.searchParams.set('setLng', 'en');
await page.goto(target.href);
await page.waitForFunction(() => window.__loaded === true, null, { timeout: 120000 });
await page.evaluate(async () => {
  const viewer = document.querySelector('design-viewer').viewer;
  viewer.layers.showAll();
  await viewer.fitToView(null, null, true);
});
await page.locator('design-viewer [data-item="layers"] button').click();
await page.mouse.move(1200, 120);
// Until the glyphs and every layer are drawn.
await page.waitForTimeout(3000);
await page.screenshot({ path: `${outDir}/dxf-layers.png` });
console.log(`wrote ${outDir}/dxf-layers.png`);
await browser.close();
