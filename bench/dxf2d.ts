import { execFileSync } from 'node:child_process';
import { copyFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Page } from 'playwright-core';
import { launch, openBenchPage } from './browser.js';
import { SHEET_SIZES } from './generator2d/generateDxf.js';
import { ensureSheet, type SheetSize } from './generator2d/writeSheet.js';
import { pickPoints } from './pages/contract.js';
import { type Bench2dPage, type Frame2dFigures, type Load2dFigures, median } from './pages/contract2d.js';
import { benchRoot, startBenchServer, warmBenchServer } from './server.js';
import { benchVersions, writeBenchResults } from './writeResults.js';
import { parseArgs } from './args.js';

/**
 * `npm run bench:2d [-- --sizes 10k,100k,1M --pages design-viewer,dxf-viewer --loads 3 --steps 20 --width 400 --height 300 --timeout 15 --no-build]`:
 * generates the seeded floor-plan sheets (bench/generator2d), loads each into design-viewer (the CDN
 * build) and into dxf-viewer in the same run, each load in a fresh browser, measures both, prints the
 * table and writes bench/results/bench2d-<time>.json and bench/results/latest2d.md.
 */
type Kind = 'design-viewer' | 'dxf-viewer';
const KINDS: Kind[] = ['design-viewer', 'dxf-viewer'];

interface PageFigures {
  kind: Kind;
  /** What stopped the page, when it did not load (a crash, a time-out, an error). */
  failed?: string;
  loads: Load2dFigures[];
  firstFrameMs?: number;
  pan?: Frame2dFigures;
  zoom?: Frame2dFigures;
  picks?: { ms: number[]; hits: number } | null;
  memory?: { jsHeap: number; pageMemory: number | null };
  held?: Record<string, number>;
  /** Share of the canvas that is not white in the fitted view: the drawing is on it. */
  ink?: number;
}

declare global {
  interface Window {
    bench2d: Bench2dPage;
    bench2dResult?: Load2dFigures;
  }
}

const args = parseArgs(process.argv.slice(2));
const sizes = (args.sizes ?? '10k,100k,1M').split(',').map((s) => s.trim()) as SheetSize[];
const width = Number(args.width ?? 400);
const height = Number(args.height ?? 300);
/** Loads of each page per sheet, each in a fresh browser (the load time is their median): 3, and 1 of the 1M sheet. */
const loadsFor = (size: string) => Math.max(1, Number(args.loads ?? (size === '1M' ? 1 : 3)));
/** Pan and zoom steps: 20, and 2 on the 1M sheet (each step waits for SwiftShader to finish its frame: 1–2 minutes there). */
const stepsFor = (size: string) => Number(args.steps ?? (size === '1M' ? 2 : 20));
const kinds = (args.pages ?? KINDS.join(',')).split(',') as Kind[];
const timeoutMs = Number(args.timeout ?? 15) * 60_000;
for (const size of sizes) if (!(size in SHEET_SIZES)) throw new Error(`Unknown sheet size ${size}: ${Object.keys(SHEET_SIZES).join(', ')}`);

if (!args['no-build']) {
  console.log('Building the CDN script (vite build --mode cdn)…');
  execFileSync('npx', ['vite', 'build', '--mode', 'cdn', '--logLevel', 'warn'], { cwd: benchRoot, stdio: 'inherit' });
}
const dir = join(benchRoot, 'bench/models/2d');
const sheets = Object.fromEntries(sizes.map((size) => [size, ensureSheet(dir, size)]));
copyFileSync(join(benchRoot, 'res/fonts/DejaVuSans.ttf'), join(dir, 'DejaVuSans.ttf'));
await bundleDxfViewerPage();

const { server, url } = await startBenchServer(benchRoot);
const pageFiles = ['/bench/pages/viewer2d.ts', '/bench/pages/contract.ts', '/bench/pages/contract2d.ts', '/models/2d/bundle/dxfviewer2d.js', '/models/2d/bundle/dxfviewer2d.worker.js', '/models/2d/DejaVuSans.ttf'];
await warmBenchServer(url, [...pageFiles, ...sizes.map((size) => `/models/2d/plan-${size}.dxf`)]);
const results: { size: string; bytes: number; pages: PageFigures[] }[] = [];
try {
  for (const size of sizes) {
    const pages: PageFigures[] = [];
    for (const kind of KINDS) {
      if (!kinds.includes(kind)) {
        pages.push({ kind, failed: 'not measured in this run', loads: [] });
        continue;
      }
      console.log(`\n${size}: ${kind}…`);
      pages.push(await measurePage(kind, `/models/2d/plan-${size}.dxf`, size));
    }
    results.push({ size, bytes: statSync(sheets[size]).size, pages });
  }
} finally {
  server.close();
}

const { chromium, commit } = benchVersions();
const report = formatReport();
console.log(`\n${report}`);
const written = writeBenchResults('bench2d', 'latest2d.md', report, { width, height, loads: sizes.map(loadsFor), steps: sizes.map(stepsFor), sizes, chromium, commit, results });
console.log(`\nWrote bench/results/${written} and bench/results/latest2d.md`);

/** The dxf-viewer page and its worker, with `three` (and dxf-viewer's three/src imports) the project's own. */
async function bundleDxfViewerPage(): Promise<void> {
  const three = join(benchRoot, 'node_modules/three');
  const projectThree: Plugin = {
    name: 'project-three',
    setup(b) {
      b.onResolve({ filter: /^three$/ }, () => ({ path: join(three, 'build/three.module.js') }));
      b.onResolve({ filter: /^three\/src\// }, (a) => ({ path: join(three, a.path.slice('three/'.length)) }));
    },
  };
  const pages = join(benchRoot, 'bench/pages');
  await build({
    entryPoints: [join(pages, 'dxfviewer2d.ts'), join(pages, 'dxfviewer2d.worker.ts')],
    outdir: join(dir, 'bundle'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    plugins: [projectThree],
    logLevel: 'warning',
  });
}

/** Loads the sheet `loads` times (a fresh browser each), then measures the last load. */
async function measurePage(kind: Kind, sheet: string, size: string): Promise<PageFigures> {
  const figures: PageFigures = { kind, loads: [] };
  const loads = loadsFor(size);
  for (let i = 0; i < loads; i++) {
    const last = i === loads - 1;
    const browser = await launch(`2d-${kind}-${size}-${Date.now()}`);
    try {
      const file = kind === 'design-viewer' ? 'viewer2d.html' : 'dxfviewer2d.html';
      const font = '/models/2d/DejaVuSans.ttf';
      const { page, problems } = await openBenchPage(browser, `${url}/bench/pages/${file}?model=${encodeURIComponent(sheet)}&font=${font}&width=${width}&height=${height}`, { width, height, timeoutMs, ready: 'bench2dResult' });
      const load = (await page.evaluate(() => window.bench2dResult))!;
      figures.loads.push(load);
      const marks = Object.entries(load.milestones).map(([name, at]) => `${name} ${(at / 1000).toFixed(1)}`).join(', ');
      console.log(`  load ${i + 1}: first frame ${load.firstFrame.toFixed(0)} ms (s: ${marks})`);
      if (last) await measureLoaded(page, kind, size, figures);
      if (problems.length) console.log(`  page errors: ${problems.join("; ")}`);
    } catch (error) {
      figures.failed = (error as Error).message;
      console.log(`  failed: ${figures.failed}`);
      return figures;
    } finally {
      await browser.close();
    }
  }
  figures.firstFrameMs = median(figures.loads.map((l) => l.firstFrame));
  return figures;
}

/**
 * Measures the loaded page: pan, wheel zoom, picks and memory. Below 1M, also screenshots of the fitted and
 * the zoomed view once the page settles (bench/models/2d/<page>-<size>-<w>x<h>[-zoomed].png), to look at.
 */
async function measureLoaded(page: Page, kind: Kind, size: string, figures: PageFigures): Promise<void> {
  const steps = stepsFor(size);
  const shots = size !== '1M';
  const shoot = async (name: string) => {
    await settle(page);
    writeFileSync(join(dir, `${kind}-${size}-${width}x${height}${name}.png`), await page.screenshot({ clip: { x: 0, y: 0, width, height } }));
  };
  // What costs no frame first: on the 1M sheet a SwiftShader frame takes one to two minutes here.
  figures.held = await page.evaluate(() => window.bench2d.describe());
  figures.picks = await page.evaluate((points) => window.bench2d.picks(points), pickPoints(width, height, 50));
  figures.memory = await page.evaluate(() => window.bench2d.memory());
  if (shots) {
    await shoot('');
    figures.ink = await page.evaluate(() => window.bench2d.ink());
  }
  figures.pan = await page.evaluate((n) => window.bench2d.pan(n, 12, 6), steps);
  if (shots) await page.evaluate(() => window.bench2d.fit());
  const at = { n: steps, x: Math.round(width * 0.6), y: Math.round(height * 0.45) };
  figures.zoom = await page.evaluate((a) => window.bench2d.zoom(a.n, 0.9, a.x, a.y), at);
  if (shots) await shoot('-zoomed');
  console.log(`  pan ${median(figures.pan.ms).toFixed(2)} ms, zoom ${median(figures.zoom.ms).toFixed(2)} ms, ${figures.pan.drawCalls} draw calls, heap ${(figures.memory.jsHeap / 2 ** 20).toFixed(1)} MiB, ink ${((figures.ink ?? NaN) * 100).toFixed(1)}%`);
}

/** Waits until the page's own frames show the whole drawing (design-viewer draws moving frames, then refines). */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(200);
  await page.waitForFunction(() => window.bench2d.settled(), null, { timeout: timeoutMs, polling: 100 });
}

function formatReport(): string {
  const ms = (v?: number) => (v === undefined || !Number.isFinite(v) ? '–' : v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(2)} ms`);
  const mib = (v?: number | null) => (v === undefined || v === null ? '–' : `${(v / 2 ** 20).toFixed(1)} MiB`);
  const stepsText = [...new Set(sizes.map(stepsFor))].join('/');
  const lines = [`## 2D sheets: design-viewer against dxf-viewer (${chromium}, SwiftShader, ${width}×${height}, commit ${commit}, ${new Date().toISOString().slice(0, 10)}, ${stepsText} pan and zoom steps)`, ''];
  for (const { size, bytes, pages } of results) {
    const [dv, dx] = pages;
    lines.push(`### ${size} entities (${(bytes / 2 ** 20).toFixed(1)} MiB)`, '', '| figure | design-viewer | dxf-viewer | ratio | target | met |', '|---|---|---|---|---|---|');
    if (dv.failed) lines.push(`| design-viewer did not load | ${dv.failed} | | | | |`);
    if (dx.failed) lines.push(`| dxf-viewer did not load | | ${dx.failed} | | | |`);
    const row = (figure: string, a: number | undefined, b: number | undefined, format: (v: number) => string, target?: { max: number; of: 'ratio' | 'value'; text: string }) => {
      const ratio = a !== undefined && b !== undefined && b > 0 ? a / b : undefined;
      const measured = target?.of === 'ratio' ? ratio : a;
      const met = target && measured !== undefined ? (measured <= target.max ? 'yes' : 'no') : '';
      lines.push(`| ${figure} | ${a === undefined ? '–' : format(a)} | ${b === undefined ? '–' : format(b)} | ${ratio === undefined ? "–" : `${ratio.toFixed(3)}×`} | ${target?.text ?? ''} | ${met} |`);
    };
    const n = (v: number) => String(Math.round(v));
    row(`navigation start → first frame (median of ${loadsFor(size)})`, dv.firstFrameMs, dx.firstFrameMs, ms, { max: 0.5, of: 'ratio', text: '≤ 0.5×' });
    row('pan frame script, median', dv.pan && median(dv.pan.ms), dx.pan && median(dx.pan.ms), ms, { max: 1, of: 'value', text: '≤ 1 ms' });
    row('wheel zoom frame script, median', dv.zoom && median(dv.zoom.ms), dx.zoom && median(dx.zoom.ms), ms, { max: 1, of: 'value', text: '≤ 1 ms' });
    row('pan, whole frame (GPU finished), median', dv.pan && median(dv.pan.frameMs), dx.pan && median(dx.pan.frameMs), ms);
    row('draw calls per frame', dv.pan && Math.max(dv.pan.drawCalls, dv.zoom!.drawCalls), dx.pan && Math.max(dx.pan.drawCalls, dx.zoom!.drawCalls), n, { max: 32, of: 'value', text: '≤ 32' });
    row('JS heap, main thread', dv.memory?.jsHeap, dx.memory?.jsHeap, mib, { max: 0.5, of: 'ratio', text: '≤ 0.5×' });
    row('page memory incl. workers', dv.memory?.pageMemory ?? undefined, dx.memory?.pageMemory ?? undefined, mib);
    row('pick, median of 50', dv.picks ? median(dv.picks.ms) : undefined, undefined, ms, { max: 1, of: 'value', text: '≤ 1 ms' });
    lines.push(`| picks that hit an object | ${dv.picks ? `${dv.picks.hits} of 50` : '–'} | no pick API | | | |`);
    lines.push(`| canvas not white, fitted | ${dv.ink === undefined ? '–' : `${(dv.ink * 100).toFixed(1)}%`} | ${dx.ink === undefined ? '–' : `${(dx.ink * 100).toFixed(1)}%`} | | | |`, '');
    lines.push(`Held: design-viewer ${JSON.stringify(dv.held ?? {})}; dxf-viewer ${JSON.stringify(dx.held ?? {})}.`, '');
  }
  return lines.join('\n');
}
