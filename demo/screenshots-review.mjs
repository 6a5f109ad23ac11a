// Two viewers in one live review (docs/screenshots/live-review.png), as a team uses the demo: Ann opens the
// demo, clicks the live review button, enters her name and starts the review; Bob opens the invitation's URL
// in another browser page, enters his and joins. Ann turns the model and points at it; Bob's view follows and
// shows her pointer; they chat. Both pages side by side in one picture.
// Usage: node demo/screenshots-review.mjs <demo url> [out file = docs/screenshots/live-review.png]
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, out = 'docs/screenshots/live-review.png'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-review.mjs <demo url> [out file]');
mkdirSync(dirname(out), { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 900, height: 640 }, deviceScaleFactor: 1 });

async function open(pageUrl) {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && console.log(`[console] ${m.text().slice(0, 300)}`));
  await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
  await page.goto(pageUrl);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 120000 });
  return page;
}

const inViewer = (page, selector) => page.locator('design-viewer').locator(selector);
async function startOrJoin(page, name, { viaButton = true } = {}) {
  if (viaButton) await inViewer(page, '.dv-toolbar [data-item="collaborate"] button').click();
  await inViewer(page, '.dv-review-name').fill(name);
  await inViewer(page, '.dv-review-start').click();
  await inViewer(page, '.dv-review-chat').waitFor();
}

const start = new URL(url);
start.searchParams.set('model', 'samples/ifc/AC20-FZK-Haus.ifc');
start.searchParams.set('setLng', 'en');
const ann = await open(start.href);
await startOrJoin(ann, 'Ann');
await inViewer(ann, '.dv-review-invite-button').click();
const invitation = await inViewer(ann, '.dv-review-invite-url').inputValue();
console.log(`invitation: ${invitation}`);
await inViewer(ann, '.dv-review-invite-close').click();
const bob = await open(invitation);
const joinTitle = await inViewer(bob, '.dv-review-prompt-title').textContent(); // opened by the invitation itself
console.log(`Bob's prompt: ${joinTitle}`);
await startOrJoin(bob, 'Bob', { viaButton: false });

// Ann turns the model, selects a wall, points at the roof; both chat.
await ann.evaluate(() => document.querySelector('design-viewer').viewer.navigation.orbit(0.5, 0.15));
const canvas = await inViewer(ann, 'canvas').boundingBox();
await ann.mouse.move(canvas.x + canvas.width * 0.3, canvas.y + canvas.height * 0.45);
await ann.mouse.move(canvas.x + canvas.width * 0.32, canvas.y + canvas.height * 0.42);
for (const [page, text] of [
  [ann, 'The roof overhang on the south side: is that 60 cm?'],
  [bob, 'Yes, 60 cm. I will check the gutter detail.'],
]) {
  await inViewer(page, '.dv-review-input').fill(text);
  await inViewer(page, '.dv-review-input').press('Enter');
}
await bob.waitForFunction(() => document.querySelector('design-viewer').shadowRoot.querySelector('.dv-review-pointer') !== null, null, { timeout: 20000 });
const settle = (page) =>
  page.evaluate(async () => {
    const viewer = document.querySelector('design-viewer').viewer;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await viewer.waitForCompleteFrame();
    const { position, target } = viewer.navigation.getCamera();
    return [...position.toArray(), ...target.toArray()].map((v) => v.toFixed(3)).join(' ');
  });
console.log(`cameras: Ann ${await settle(ann)} / Bob ${await settle(bob)}`);
const shots = [await ann.screenshot(), await bob.screenshot()];
await sharp({ create: { width: 1810, height: 640, channels: 3, background: '#888' } })
  .composite([
    { input: shots[0], left: 0, top: 0 },
    { input: shots[1], left: 910, top: 0 },
  ])
  .png()
  .toFile(out);
console.log(`wrote ${out}`);
await browser.close();
