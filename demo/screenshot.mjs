// Takes a screenshot of a page with Debian's Chromium (or CHROME_PATH), with real WebGL via SwiftShader.
// Usage: node demo/screenshot.mjs <url> <out.png> [width] [height] [waitForEvent]
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [url, out, width = '1280', height = '800', waitFor = 'geometry-loaded'] = process.argv.slice(2);
const executablePath = process.env.CHROME_PATH || ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking', '--disable-dev-shm-usage'],
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
