import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `npm run bench` reports for SVF (issue 8). */
export interface SvfLoadFigures {
  url: string;
  /** From the load call to the first frame that drew geometry of the model. */
  firstFrameMs: number;
  /** From the load call to `geometry-loaded`. */
  geometryLoadedMs: number;
  fragments: number;
  objects: number;
  triangles: number;
}

/** The part of a Playwright page this needs. */
export interface PageLike {
  evaluate<T>(script: string): Promise<T>;
}

/**
 * A script for `page.evaluate` in a page holding a `<design-viewer>` (the demo): unloads what it shows,
 * loads `url` with the core viewer and times the first frame with triangles (polled each animation
 * frame) and `geometry-loaded`. A string, so that no bundler helper leaks into the page.
 */
export function svfLoadScript(url: string): string {
  return `(async () => {
    const element = document.querySelector('design-viewer');
    while (!element.viewer) await new Promise((r) => requestAnimationFrame(r));
    const viewer = element.viewer;
    for (const model of viewer.getVisibleModels()) viewer.unloadModel(model);
    await new Promise((r) => requestAnimationFrame(r));
    const start = performance.now();
    let firstFrameMs = -1;
    let polling = true;
    const poll = () => {
      if (!polling) return;
      if (firstFrameMs < 0 && viewer.getVisibleModels().length && viewer.getFrameStats().triangles > 0) firstFrameMs = performance.now() - start;
      requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
    const loaded = new Promise((r) => viewer.addEventListener('geometry-loaded', () => r(performance.now() - start), { once: true }));
    const model = await viewer.loadModel(${JSON.stringify(url)});
    const geometryLoadedMs = await loaded;
    while (firstFrameMs < 0 && performance.now() - start < 60000) await new Promise((r) => requestAnimationFrame(r));
    polling = false;
    const stats = viewer.renderNow();
    return { url: ${JSON.stringify(url)}, firstFrameMs, geometryLoadedMs, fragments: model.fragments.count, objects: model.instanceTree.nodeCount - 1, triangles: stats.triangles };
  })()`;
}

/** Measures an SVF load in a page that holds a `<design-viewer>`. */
export function measureSvfLoad(page: PageLike, url: string): Promise<SvfLoadFigures> {
  return page.evaluate<SvfLoadFigures>(svfLoadScript(url));
}

/** The largest SVF sample (by the bytes of its folder): its folder name and .svf file, for a URL under demo/samples/svf/. */
export function largestSvfSample(svfDir = 'demo/samples/svf'): { name: string; svf: string; bytes: number } | null {
  if (!existsSync(svfDir)) return null;
  let best: { name: string; svf: string; bytes: number } | null = null;
  for (const name of readdirSync(svfDir)) {
    const folder = join(svfDir, name);
    if (!statSync(folder).isDirectory()) continue;
    const files = readdirSync(folder);
    const svf = files.find((f) => f.toLowerCase().endsWith('.svf'));
    if (!svf) continue;
    const bytes = files.reduce((sum, f) => sum + statSync(join(folder, f)).size, 0);
    if (!best || bytes > best.bytes) best = { name, svf, bytes };
  }
  return best;
}

// `tsx bench/svf.ts <demo page URL>`: measures the largest sample, served from the page's own origin.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('playwright-core');
  const pageUrl = process.argv[2] ?? 'http://localhost:5173/demo/';
  const sample = largestSvfSample();
  if (!sample) throw new Error('No SVF sample under demo/samples/svf');
  const executablePath = process.env.CHROME_PATH || ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(pageUrl);
  const url = new URL(`/demo/samples/svf/${sample.name}/${sample.svf}`, pageUrl).href;
  const runs: SvfLoadFigures[] = [];
  for (let i = 0; i < 3; i++) runs.push(await measureSvfLoad(page, url));
  await browser.close();
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(JSON.stringify({ sample: sample.name, bytes: sample.bytes, runs, firstFrameMs: median(runs.map((r) => r.firstFrameMs)), geometryLoadedMs: median(runs.map((r) => r.geometryLoadedMs)) }, null, 2));
}
