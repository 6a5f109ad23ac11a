// The measure screenshot for the README (docs/screenshots/measure.png): AC20-FZK-Haus.ifc with a distance,
// an angle and an area made with the real mouse in the measure tool (each pick lands where the snapper
// finds a corner near the point asked for), the measure panel open beside them.
// Usage: node demo/screenshots-measure.mjs <demo url> [out dir = docs/screenshots]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, outDir = 'docs/screenshots'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-measure.mjs <demo url> [out dir]');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
const target = new URL(url);
target.searchParams.set('model', 'samples/ifc/AC20-FZK-Haus.ifc');
target.searchParams.set('setLng', 'en');
await page.goto(target.href);
await page.waitForFunction(() => window.__loaded === true, null, { timeout: 120000 });
// Until everything is drawn (the terrain, the windows' frames).
await page.waitForTimeout(3000);

// Closer to the house, and left of the middle (the panel opens on the right).
await page.evaluate(async () => {
  const viewer = document.querySelector('design-viewer').viewer;
  const { position, target } = viewer.navigation.getCamera();
  const eye = target.clone().add(position.clone().sub(target).multiplyScalar(0.8));
  const right = target.clone().sub(eye).cross(viewer.navigation.getCamera().up).normalize().multiplyScalar(2.5);
  await viewer.setView(eye.add(right), target.clone().add(right), { immediate: true });
});
await page.locator('design-viewer [data-item="measure"] button').click();
await page.waitForTimeout(800);

/** The page point of the corner the snapper finds near a point of the canvas (fractions of its size). */
async function cornerNear(fx, fy) {
  return page.evaluate(([fx, fy]) => {
    const viewer = document.querySelector('design-viewer').viewer;
    const rect = viewer.canvas.getBoundingClientRect();
    const tool = viewer.getExtension('measure').getTool();
    const snap = tool.snapAt(fx * rect.width, fy * rect.height, true);
    if (!snap) throw new Error(`Nothing to snap to near ${fx}, ${fy}`);
    const camera = viewer.navigation.getThreeCamera();
    const v = snap.intersectPoint.clone().project(camera);
    return [rect.left + ((v.x + 1) / 2) * rect.width, rect.top + ((1 - v.y) / 2) * rect.height];
  }, [fx, fy]);
}
/** Real clicks, a pause between them (no double click), on the corners near the points given. */
async function pick(points) {
  for (const [fx, fy] of points) {
    const [x, y] = await cornerNear(fx, fy);
    await page.mouse.move(x, y);
    await page.waitForTimeout(150);
    await page.mouse.click(x, y);
    await page.waitForTimeout(450);
  }
}
async function mode(name) {
  await page.locator(`design-viewer [data-panel="measure"] [data-mode="${name}"]`).click();
  await page.waitForTimeout(200);
}

// The front wall's foot; the eaves' corner; the front slope of the roof (closed on its first corner).
await mode('distance');
await pick([[0.2539, 0.5753], [0.4437, 0.8566]]);
await mode('angle');
await pick([[0.2203, 0.4664], [0.4375, 0.7744], [0.6586, 0.5049]]);
await mode('area');
await pick([[0.2203, 0.4664], [0.3266, 0.2673], [0.5687, 0.4823], [0.4375, 0.7744], [0.2203, 0.4664]]);
await page.mouse.move(640, 120);
await page.waitForTimeout(600);
await page.screenshot({ path: `${outDir}/measure.png` });
console.log(`wrote ${outDir}/measure.png`);
const made = await page.evaluate(() => document.querySelector('design-viewer').viewer.getExtension('measure').getMeasurements().map((m) => [m.measurementType, m.results]));
console.log(JSON.stringify(made));
await browser.close();
