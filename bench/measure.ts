import type { Page } from 'playwright-core';
import type { BenchPage, CameraPose, LoadFigures, MemoryFigures, OrbitFigures, PickFigures } from './pages/contract.js';
import { pickPoints } from './pages/contract.js';
import { launch, rendererAndGpuRss, warmGpuProcess } from './browser.js';

export type PageKind = 'design-viewer' | 'three.js';

export interface RunFigures {
  kind: PageKind;
  model: string;
  load: LoadFigures;
  orbit: OrbitFigures;
  picks: PickFigures;
  memory: MemoryFigures & { rendererRss: number; gpuRss: number };
  /**
   * Input round trips (CDP mouse event until the page acknowledged it), ms: while the page and the viewer
   * start (probes sent before the page asked for the model), while the model loads, and while displayed.
   */
  inputWhileStarting: number[];
  inputWhileLoading: number[];
  inputWhileDisplayed: number[];
  camera: CameraPose;
}

export interface RunOptions {
  baseUrl: string;
  modelUrl: string;
  modelName: string;
  width: number;
  height: number;
  orbitSteps: number;
  pickCount: number;
  /** design-viewer's camera, for the naive page to pick along the same rays. */
  camera?: CameraPose;
  timeoutMs: number;
}

declare global {
  interface Window {
    bench: BenchPage;
    benchResult?: LoadFigures;
  }
}

/** Loads one model into one page kind in a fresh browser and measures every figure. */
export async function measure(kind: PageKind, options: RunOptions): Promise<RunFigures> {
  const marker = `${kind}-${options.modelName}-${Date.now()}`;
  const browser = await launch(marker);
  try {
    await warmGpuProcess(browser);
    const page = await browser.newPage({ viewport: { width: options.width + 40, height: options.height + 40 } });
    page.setDefaultTimeout(options.timeoutMs);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const file = kind === 'design-viewer' ? 'viewer.html' : 'naive.html';
    const url = `${options.baseUrl}/bench/pages/${file}?model=${encodeURIComponent(options.modelUrl)}&width=${options.width}&height=${options.height}`;
    const centre = { x: options.width / 2, y: options.height / 2 };

    // Navigate without waiting, then probe input handling until the model is loaded.
    const navigation = page.goto(url, { waitUntil: 'commit' });
    await navigation;
    const probes: { sentAt: number; ms: number }[] = [];
    // Probe until loading is over (before the pages block on the GPU to measure a complete frame).
    const loadingOver = page.waitForFunction(() => (window as unknown as { benchLoaded?: boolean }).benchLoaded === true, null, { timeout: options.timeoutMs, polling: 100 });
    let done = false;
    void loadingOver.then(() => (done = true), () => (done = true));
    while (!done) {
      const start = performance.now();
      await page.mouse.move(centre.x + (probes.length % 2), centre.y).catch(() => {});
      probes.push({ sentAt: performance.timeOrigin + start, ms: performance.now() - start });
      await new Promise((r) => setTimeout(r, 50));
    }
    await loadingOver;
    await page.evaluate(() => ((window as unknown as { benchProceed?: boolean }).benchProceed = true));
    await page.waitForFunction(() => window.benchResult !== undefined, null, { timeout: options.timeoutMs, polling: 100 });
    if (errors.length) throw new Error(`${kind} page errors: ${errors.join('; ')}`);
    const load = (await page.evaluate(() => window.benchResult))!;
    // A probe belongs to the load once the page has asked for the model (both clocks are the epoch's).
    const loadRequestedAt = (await page.evaluate(() => performance.timeOrigin)) + load.loadRequested;
    const inputWhileStarting = probes.filter((p) => p.sentAt < loadRequestedAt).map((p) => p.ms);
    const inputWhileLoading = probes.filter((p) => p.sentAt >= loadRequestedAt).map((p) => p.ms);

    if (options.camera) await page.evaluate((pose) => window.bench.setCamera(pose), options.camera);
    const camera = await page.evaluate(() => window.bench.getCamera());
    const picks = await page.evaluate((points) => window.bench.picks(points), pickPoints(options.width, options.height, options.pickCount));
    const memory = await page.evaluate(() => window.bench.memory());
    const rss = rendererAndGpuRss(marker);
    const orbit = await page.evaluate((steps) => window.bench.orbit(steps), options.orbitSteps);
    const inputWhileDisplayed = await dragAndTime(page, centre);
    return { kind, model: options.modelName, load, orbit, picks, memory: { ...memory, rendererRss: rss.renderer, gpuRss: rss.gpu }, inputWhileStarting, inputWhileLoading, inputWhileDisplayed, camera };
  } finally {
    await browser.close();
  }
}

/** A real mouse drag across the view (design-viewer orbits; the naive page has no controls), each move timed. */
async function dragAndTime(page: Page, centre: { x: number; y: number }): Promise<number[]> {
  const times: number[] = [];
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) {
    const start = performance.now();
    await page.mouse.move(centre.x + i * 4, centre.y + Math.sin(i / 5) * 10);
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 16));
  }
  await page.mouse.up();
  return times;
}
