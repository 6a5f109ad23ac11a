// Screenshots of the navigation widgets for docs/screenshots: the roll tool's heads-up ring and the
// pivot sphere, taken from the demo with real mouse input in Chromium (SwiftShader WebGL).
// Usage: node demo/screenshots-navigation.mjs <demo url> [out dir = docs/screenshots] [width] [height]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, outDir = 'docs/screenshots', width = '1280', height = '800'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-navigation.mjs <demo url> [out dir] [width] [height]');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
await page.addInitScript(() => {
  document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true });
});
await page.goto(url);
await page.waitForFunction(() => window.__loaded === true, null, { timeout: 90000 });
await page.waitForTimeout(800);

/** The viewer's canvas box on the page. */
const box = await page.evaluate(() => {
  const rect = document.querySelector('design-viewer').viewer.canvas.getBoundingClientRect();
  return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
});
const cx = box.x + box.width / 2;
const cy = box.y + box.height / 2;
const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// The roll ring: the roll tool (the viewer's camera menu, or the API as here), then turn the world a little by the ring.
await page.evaluate(() => document.querySelector('design-viewer').viewer.toolController.activateTool('worldup'));
const radius = Math.min(box.width, box.height) * 0.33;
const at = (degrees) => [cx + radius * Math.cos((degrees * Math.PI) / 180), cy + radius * Math.sin((degrees * Math.PI) / 180)];
await page.mouse.move(...at(-20));
await page.mouse.down();
for (let d = -20; d <= -8; d += 2) await page.mouse.move(...at(d));
await settle();
await page.screenshot({ path: `${outDir}/roll-ring.png` });
console.log(`wrote ${outDir}/roll-ring.png`);
await page.mouse.up();

// The pivot: back to orbit and home, then hold an orbit drag that started on the model.
await page.evaluate(() => {
  const tools = document.querySelector('design-viewer').viewer.toolController;
  tools.deactivateTool('worldup');
  tools.activateTool('orbit');
});
await page.evaluate(() => document.querySelector('design-viewer').viewer.goHome(true));
await page.waitForTimeout(300);
// Start on the bonnet, where the green reads well against the paint.
const start = [cx - box.width * 0.1, cy + box.height * 0.12];
await page.mouse.move(...start);
await page.mouse.down();
for (let i = 1; i <= 8; i++) await page.mouse.move(start[0] + i * 7, start[1] + i);
await settle();
await page.screenshot({ path: `${outDir}/pivot.png` });
console.log(`wrote ${outDir}/pivot.png`);
await page.mouse.up();
await browser.close();
