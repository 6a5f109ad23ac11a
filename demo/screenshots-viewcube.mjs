// Screenshots of the orientation cube with its context menu, the rewind strip and the transform gizmo for
// docs/screenshots, taken from the demo with real mouse input in Chromium (SwiftShader WebGL).
// Usage: node demo/screenshots-viewcube.mjs <demo url> [out dir = docs/screenshots] [width] [height]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, outDir = 'docs/screenshots', width = '1440', height = '800'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-viewcube.mjs <demo url> [out dir] [width] [height]');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, deviceScaleFactor: 1 });
page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
await page.addInitScript(() => {
  document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true });
});
await page.goto(url);
await page.waitForFunction(() => window.__loaded === true, null, { timeout: 90000 });
await page.waitForTimeout(800);
const viewer = page.locator('design-viewer');
const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const centreOf = async (locator) => {
  const box = await locator.boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
};

// The cube with its menu: hover the cube's front face, open the menu with the secondary button at its
// lower left corner, so the menu opens below and left of the cube.
await page.evaluate(() => document.querySelector('design-viewer').viewer.goHome(true));
await settle();
const [fx, fy] = await centreOf(viewer.locator('.dv-viewcube-zone[data-target="front"]').first());
await page.mouse.move(fx, fy);
await page.waitForTimeout(200);
const [tx, ty] = await centreOf(viewer.locator('.dv-viewcube-face[data-face="front"] .dv-viewcube-zone[data-target="bottom front left"]'));
await page.mouse.move(tx, ty);
await page.waitForTimeout(300);
await page.mouse.click(tx, ty, { button: 'right' });
await page.waitForTimeout(300);
// The pointer rests on the radio set's last item.
const item = viewer.locator('.dv-viewcube-menu-item[data-label="Perspective with Ortho Faces"]');
await page.mouse.move(...(await centreOf(item)));
await page.waitForTimeout(250);
await page.screenshot({ path: `${outDir}/viewcube-menu.png` });
console.log(`wrote ${outDir}/viewcube-menu.png`);
await page.keyboard.press('Escape');
await page.mouse.move(5, Number(height) - 5);

// The rewind strip: a few views, then slide back to an earlier one and hold it there.
for (const face of ['front', 'top front left', 'left', 'top back right', 'right', 'top front']) {
  await page.evaluate((f) => document.querySelector('design-viewer').viewer.setViewCube(f), face);
  await page.waitForTimeout(900);
}
await page.evaluate(() => document.querySelector('design-viewer').viewer.goHome());
await page.waitForTimeout(1400);
await page.mouse.click(...(await centreOf(viewer.locator('.dv-rewind-button'))));
await page.waitForTimeout(300);
const [vx, vy] = await centreOf(viewer.locator('.dv-rewind-viewport'));
await page.mouse.move(vx, vy);
await page.mouse.down();
// Three thumbnails back (68 px apart: 56 px thumbnails, 12 px gaps).
for (let dx = 8; dx <= 3 * 68; dx += 8) await page.mouse.move(vx + dx, vy);
await page.mouse.move(vx + 3 * 68, vy);
await settle();
await page.waitForTimeout(300);
await page.screenshot({ path: `${outDir}/rewind.png` });
console.log(`wrote ${outDir}/rewind.png`);
await page.mouse.up();
await page.keyboard.press('Escape');

// The transform gizmo on the car's body, rotating about the vertical axis.
await page.evaluate(async () => {
  const v = document.querySelector('design-viewer').viewer;
  await v.goHome(true);
  const rect = v.canvas.getBoundingClientRect();
  const hit = v.hitTest(rect.left + rect.width / 2, rect.top + rect.height / 2);
  if (hit) v.select([hit.dbId], hit.model);
  v.transformGizmo.show('rotate');
});
await settle();
const ring = await page.evaluate(() => {
  const v = document.querySelector('design-viewer').viewer;
  const g = v.transformGizmo;
  const origin = g.getPosition();
  const s = g.getWorldScale() * 0.5;
  const p = origin.clone().add({ x: Math.cos(0.9) * s, y: 0, z: Math.sin(0.9) * s }).project(v.navigation.getThreeCamera());
  const rect = v.canvas.getBoundingClientRect();
  return [rect.left + ((p.x + 1) / 2) * rect.width, rect.top + ((1 - p.y) / 2) * rect.height];
});
await page.mouse.move(ring[0], ring[1]);
await page.mouse.down();
for (let i = 1; i <= 8; i++) await page.mouse.move(ring[0] - i * 6, ring[1] + i * 2);
await settle();
await page.screenshot({ path: `${outDir}/gizmo.png` });
console.log(`wrote ${outDir}/gizmo.png`);
await page.mouse.up();
await browser.close();
