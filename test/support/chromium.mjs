// Debian's Chromium with real WebGL2 through SwiftShader (no GPU): one place for the executable and
// the flags, used by the tests, the benchmark, the CI checks and the screenshot scripts.
import { existsSync } from 'node:fs';

/** Headless Chromium flags: SwiftShader WebGL, no sandbox (root in CI), no network chatter. */
export const chromiumArgs = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--disable-component-update',
  '--no-first-run',
];

/** CHROME_PATH, else Debian's chromium. Playwright cannot download its own browsers here. */
export function chromiumPath() {
  const path = process.env.CHROME_PATH || ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
  if (!path) throw new Error("No Chromium found: set CHROME_PATH or install Debian's chromium (apt-get install -y chromium).");
  return path;
}
