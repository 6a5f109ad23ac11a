import type { Browser, Page } from 'playwright-core';
import type { BenchPage, CameraPose, LoadFigures, MemoryFigures, ModelToolFigures, OrbitFigures, PickFigures, SnapFigures } from './pages/contract.js';
import { pickPoints } from './pages/contract.js';
import { launch, rendererAndGpuRss, warmGpuProcess } from './browser.js';
import { median } from './report.js';

export type PageKind = 'design-viewer' | 'three.js';

export interface RunFigures {
  kind: PageKind;
  model: string;
  /** The median of the loads' times (see `loads`). */
  load: LoadFigures;
  /** Each load of the model, in a fresh browser each. */
  loads: LoadFigures[];
  orbit: OrbitFigures;
  picks: PickFigures;
  memory: MemoryFigures & { rendererRss: number; gpuRss: number };
  /**
   * Input probes, ms: while the page and the viewer start (probes sent before the page asked for the
   * model), while the model loads (both over every load), and while displayed.
   */
  inputWhileStarting: InputTiming[];
  inputWhileLoading: InputTiming[];
  inputWhileDisplayed: InputTiming[];
  camera: CameraPose;
  /** design-viewer only: explode, cut planes and states on the loaded model (measured last). */
  modelTools?: ModelToolFigures;
  /** design-viewer only: the measure tool's snap query at SNAP_QUERIES points (measured after the tools). */
  snaps?: SnapFigures;
}

/** The snap bench: this many pointer positions over the model. */
export const SNAP_QUERIES = 200;

export interface RunOptions {
  baseUrl: string;
  modelUrl: string;
  modelName: string;
  width: number;
  height: number;
  /** Multisampling on both pages (off at 1280×720 and above, issue 34: as the peers are measured there). */
  antialias: boolean;
  orbitSteps: number;
  pickCount: number;
  /** Loads of the page to take the load times' medians from (each in a fresh browser). */
  loads: number;
  /** design-viewer's camera, for the naive page to pick along the same rays. */
  camera?: CameraPose;
  timeoutMs: number;
}

/** One probe: a CDP mouse move. */
export interface InputTiming {
  /** Sent until the page's first `mousemove` listener ran: the input handled. */
  handledMs: number;
  /** Sent until the harness saw the browser's acknowledgement (also counts the way back to the harness). */
  roundTripMs: number;
  /** When it was sent, ms from the page's navigation start (where in the load a slow probe came). */
  sentAtMs: number;
}

declare global {
  interface Window {
    bench: BenchPage;
    benchResult?: LoadFigures;
    /** Each `mousemove` the page handled: x, y, and when (ms since the epoch), from a listener added before any page script. */
    benchMoves?: [number, number, number][];
  }
}

interface Probe {
  x: number;
  y: number;
  /** ms since the epoch, the harness's clock. */
  sentAt: number;
  roundTripMs: number;
}

/** Probes move the pointer to distinct points near the centre (400 of them), so each event names its probe. */
function probePoint(centre: { x: number; y: number }, i: number): { x: number; y: number } {
  return { x: centre.x - 10 + (i % 20), y: centre.y - 10 + (Math.floor(i / 20) % 20) };
}

/** Sends one mouse move and times it until the browser acknowledges it. */
async function sendProbe(page: Page, point: { x: number; y: number }): Promise<Probe> {
  const start = performance.now();
  await page.mouse.move(point.x, point.y).catch(() => {});
  return { ...point, sentAt: performance.timeOrigin + start, roundTripMs: performance.now() - start };
}

/**
 * The page's clock minus the harness's (both count ms since the epoch), from the tightest of 20 round
 * trips; they agree within a millisecond here, but the pairing should not rely on it.
 */
async function clockOffset(page: Page): Promise<number> {
  let offset = 0;
  let tightest = Infinity;
  for (let i = 0; i < 20; i++) {
    const before = performance.timeOrigin + performance.now();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = performance.timeOrigin + performance.now();
    if (after - before < tightest) {
      tightest = after - before;
      offset = pageNow - (before + after) / 2;
    }
  }
  return offset;
}

/**
 * Pairs each probe with the page's handling of it (same point, handled after it was sent). A probe whose
 * event the page never handled (sent before the listener existed) counts its round trip.
 */
function timeProbes(probes: Probe[], moves: [number, number, number][], offset: number, pageOrigin: number): InputTiming[] {
  return probes.map((probe) => {
    const sent = probe.sentAt + offset;
    const move = moves.find(([x, y, at]) => x === probe.x && y === probe.y && at >= sent - 2 && at <= sent + probe.roundTripMs + 5);
    return { handledMs: move ? Math.max(0, move[2] - sent) : probe.roundTripMs, roundTripMs: probe.roundTripMs, sentAtMs: sent - pageOrigin };
  });
}

/** One load of a page in a fresh browser, until the model is drawn whole; the browser is left open. */
interface OpenedLoad {
  browser: Browser;
  page: Page;
  marker: string;
  load: LoadFigures;
  inputWhileStarting: InputTiming[];
  inputWhileLoading: InputTiming[];
  /** The page's clock minus the harness's. */
  offset: number;
  /** The page's navigation start, ms since the epoch. */
  pageOrigin: number;
  centre: { x: number; y: number };
}

/** Opens a fresh browser, loads the page with the model while probing input, and waits for a complete frame. */
async function openAndLoad(kind: PageKind, options: RunOptions): Promise<OpenedLoad> {
  const marker = `${kind}-${options.modelName}-${Date.now()}`;
  const browser = await launch(marker);
  try {
    await warmGpuProcess(browser);
    const page = await browser.newPage({ viewport: { width: options.width + 40, height: options.height + 40 } });
    page.setDefaultTimeout(options.timeoutMs);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const file = kind === 'design-viewer' ? 'viewer.html' : 'naive.html';
    const url = `${options.baseUrl}/bench/pages/${file}?model=${encodeURIComponent(options.modelUrl)}&width=${options.width}&height=${options.height}&antialias=${options.antialias ? 1 : 0}`;
    const centre = { x: Math.round(options.width / 2), y: Math.round(options.height / 2) };
    await page.addInitScript(() => {
      const moves: [number, number, number][] = (window.benchMoves = []);
      addEventListener('mousemove', (e: MouseEvent) => moves.push([e.clientX, e.clientY, performance.timeOrigin + performance.now()]), { capture: true });
    });

    // Navigate without waiting, then probe input handling until the model is loaded.
    await page.goto(url, { waitUntil: 'commit' });
    const probes: Probe[] = [];
    // Probe until loading is over (before the pages block on the GPU to measure a complete frame).
    const loadingOver = page.waitForFunction(() => (window as unknown as { benchLoaded?: boolean }).benchLoaded === true, null, { timeout: options.timeoutMs, polling: 100 });
    let done = false;
    void loadingOver.then(() => (done = true), () => (done = true));
    while (!done) {
      probes.push(await sendProbe(page, probePoint(centre, probes.length)));
      await new Promise((r) => setTimeout(r, 50));
    }
    await loadingOver;
    await page.evaluate(() => ((window as unknown as { benchProceed?: boolean }).benchProceed = true));
    await page.waitForFunction(() => window.benchResult !== undefined, null, { timeout: options.timeoutMs, polling: 100 });
    if (errors.length) throw new Error(`${kind} page errors: ${errors.join('; ')}`);
    const load = (await page.evaluate(() => window.benchResult))!;
    // A probe belongs to the load once the page has asked for the model (both clocks are the epoch's).
    const offset = await clockOffset(page);
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const loadRequestedAt = pageOrigin + load.loadRequested - offset;
    const loadingMoves = await page.evaluate(() => window.benchMoves!.splice(0));
    const inputWhileStarting = timeProbes(probes.filter((p) => p.sentAt < loadRequestedAt), loadingMoves, offset, pageOrigin);
    const inputWhileLoading = timeProbes(probes.filter((p) => p.sentAt >= loadRequestedAt), loadingMoves, offset, pageOrigin);
    return { browser, page, marker, load, inputWhileStarting, inputWhileLoading, offset, pageOrigin, centre };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * Loads one model into one page kind `options.loads` times, each in a fresh browser, and measures every
 * figure: the load times are the medians of the loads, input while loading counts the probes of every
 * load, and the rest is measured once the last load is drawn.
 */
export async function measure(kind: PageKind, options: RunOptions): Promise<RunFigures> {
  const loads: LoadFigures[] = [];
  const inputWhileStarting: InputTiming[] = [];
  const inputWhileLoading: InputTiming[] = [];
  const loadOnce = async () => {
    const opened = await openAndLoad(kind, options);
    loads.push(opened.load);
    inputWhileStarting.push(...opened.inputWhileStarting);
    inputWhileLoading.push(...opened.inputWhileLoading);
    return opened;
  };
  for (let i = 1; i < options.loads; i++) await (await loadOnce()).browser.close();
  const { browser, page, marker, offset, pageOrigin, centre } = await loadOnce();
  try {
    if (options.camera) await page.evaluate((pose) => window.bench.setCamera(pose), options.camera);
    const camera = await page.evaluate(() => window.bench.getCamera());
    const picks = await page.evaluate((points) => window.bench.picks(points), pickPoints(options.width, options.height, options.pickCount));
    const memory = await page.evaluate(() => window.bench.memory());
    const rss = rendererAndGpuRss(marker);
    const orbit = await page.evaluate((steps) => window.bench.orbit(steps), options.orbitSteps);
    const drag = await dragAndTime(page, centre);
    const inputWhileDisplayed = timeProbes(drag, await page.evaluate(() => window.benchMoves!.splice(0)), offset, pageOrigin);
    const memoryFigures = { ...memory, rendererRss: rss.renderer, gpuRss: rss.gpu };
    const points = pickPoints(options.width, options.height, options.pickCount);
    const modelTools = (await page.evaluate((at) => window.bench.modelTools?.(at) ?? null, points)) ?? undefined;
    const snapPoints = pickPoints(options.width, options.height, SNAP_QUERIES);
    const snaps = (await page.evaluate((at) => window.bench.snaps?.(at) ?? null, snapPoints)) ?? undefined;
    return { kind, model: options.modelName, load: medianLoad(loads), loads, orbit, picks, memory: memoryFigures, inputWhileStarting, inputWhileLoading, inputWhileDisplayed, camera, modelTools, snaps };
  } finally {
    await browser.close();
  }
}

/** The last load, with each time replaced by the median over the loads. */
function medianLoad(loads: LoadFigures[]): LoadFigures {
  const of = (pick: (load: LoadFigures) => number) => median(loads.map(pick));
  return {
    ...loads[loads.length - 1],
    firstFrame: of((l) => l.firstFrame),
    geometryLoaded: of((l) => l.geometryLoaded),
    fullyDrawn: of((l) => l.fullyDrawn),
    loadRequested: of((l) => l.loadRequested),
  };
}

/** A real mouse drag across the view (design-viewer orbits; the naive page has no controls), each move timed. */
async function dragAndTime(page: Page, centre: { x: number; y: number }): Promise<Probe[]> {
  const probes: Probe[] = [];
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) {
    probes.push(await sendProbe(page, { x: centre.x + i * 4, y: centre.y + Math.round(Math.sin(i / 5) * 10) }));
    await new Promise((r) => setTimeout(r, 16));
  }
  await page.mouse.up();
  return probes;
}
