// A screenshot of the full GUI: model browser, properties of a selected object, toolbar with a tooltip.
// Usage: node demo/gui-screenshot.mjs <demo url> <out.png> [language] [width] [height] [theme]
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, out, language = 'en', width = '1280', height = '800', theme = 'light'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
page.on('console', (m) => console.log(`[page ${m.type()}] ${m.text()}`));
page.on('crash', () => console.log('[page crashed]'));
await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
const target = new URL(url);
target.searchParams.set('setLng', language);
await page.goto(target.href);
await page.waitForFunction(() => window.__loaded === true, null, { timeout: 60000 });
await page.evaluate((theme) => document.querySelector('design-viewer').setAttribute('theme', theme), theme);
// The page's setLng parameter picks the language (spec 001 §5); wait until its strings are in.
await page.waitForFunction((lng) => document.querySelector('design-viewer').viewer?.getLanguage() === lng, language);
await page.locator('design-viewer [data-item="browser"] button').click();
await page.locator('design-viewer [data-item="properties"] button').click();
// Select an object from the tree: the second row (the first child of the root).
await page.locator('design-viewer .dv-tree-row').nth(2).click();
await page.waitForTimeout(800);
await page.locator('design-viewer [data-item="orbit"] button').hover();
await page.waitForTimeout(900);
await page.screenshot({ path: out });
await browser.close();
console.log(`wrote ${out}`);
