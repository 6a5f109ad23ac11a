// Screenshots of the controls issue 30 item 6 settled, for docs/screenshots: the settings panel's Appearance
// and Environment tabs with their "Not yet drawn" notes (English and German), its Navigation tab (Fusion
// style orbit, the pivot click), and the free orbit tool's Fusion-style ring with its handles.
// Usage: node demo/screenshots-controls.mjs <demo url> [out dir = docs/screenshots]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, outDir = 'docs/screenshots'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-controls.mjs <demo url> [out dir]');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });

async function openDemo(language) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
  const target = new URL(url);
  target.searchParams.set('setLng', language);
  await page.goto(target.href);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 90000 });
  await page.waitForFunction((lng) => document.querySelector('design-viewer').viewer?.getLanguage() === lng, language);
  await page.waitForTimeout(800);
  return page;
}
async function shoot(page, name, options = {}) {
  await page.screenshot({ path: `${outDir}/${name}`, ...options });
  console.log(`wrote ${outDir}/${name}`);
}
async function settingsTab(page, tab, name) {
  await page.locator(`design-viewer [data-panel="settings"] [data-tab="${tab}"]`).click();
  await page.waitForTimeout(300);
  const box = await page.locator('design-viewer [data-panel="settings"]').boundingBox();
  await shoot(page, name, { clip: { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: box.height + 16 } });
}

for (const language of ['en', 'de']) {
  const page = await openDemo(language);
  await page.locator('design-viewer [data-item="settings"] button').click();
  await page.waitForTimeout(400);
  await settingsTab(page, 'appearance', `settings-appearance-${language}.png`);
  await settingsTab(page, 'environment', `settings-environment-${language}.png`);
  if (language === 'en') await settingsTab(page, 'navigation', 'settings-navigation-en.png');
  await page.close();
}

// The free orbit tool with Fusion style orbit (and its handles) on.
const page = await openDemo('en');
await page.locator('design-viewer [data-combo-arrow="orbit"]').click();
await page.locator('design-viewer .dv-toolbar-menu [data-entry="freeorbit"]').click();
await page.mouse.move(1100, 120);
await page.waitForTimeout(600);
await shoot(page, 'fusion-orbit-ring.png');
await page.close();
await browser.close();
