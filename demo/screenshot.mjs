// Takes a screenshot of a page with Debian's Chromium (or CHROME_PATH), with real WebGL via SwiftShader.
// Usage: node demo/screenshot.mjs <url> <out.png> [width] [height] [waitForEvent]
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, out, width = '1280', height = '800', waitFor = 'geometry-loaded'] = process.argv.slice(2);
const executablePath = chromiumPath();
const browser = await chromium.launch({
  executablePath,
  args: chromiumArgs,
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => console.log(`[page ${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
await page.addInitScript((name) => {
  document.addEventListener(name, () => (window.__screenshotReady = true), { capture: true });
}, waitFor);
await page.goto(url);
await page.waitForFunction(() => window.__screenshotReady === true, null, { timeout: 60000 }).catch(() => console.log(`no ${waitFor} event within 60 s`));
await page.waitForTimeout(1500);
await page.screenshot({ path: out });
await browser.close();
console.log(`wrote ${out}`);
