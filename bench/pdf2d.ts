import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launch, openBenchPage } from './browser.js';
import { ensurePlanPdf, type PlanSize } from './generatorPdf/writePlanPdf.js';
import { median } from './pages/contract2d.js';
import type { PdfBenchPage, PdfLoadFigures, PdfStepFigures, Sharpness } from './pages/contractPdf.js';
import { benchRoot, startBenchServer, warmBenchServer } from './server.js';
import { benchVersions, writeBenchResults } from './writeResults.js';

/**
 * `npm run bench:pdf [-- --pages sample,10k,100k --peers design-viewer,pdf.js --loads 3 --steps 10 --zooms 3 --zoom 32 --width 400 --height 300 --no-build]`:
 * the PDF rows of the 2D bench (issue 32). Each PDF page opens in design-viewer (the CDN build: vector
 * geometry) and in pdf.js (rendering to a canvas of the same size), each load in a fresh browser, the same
 * run: the first picture, a zoom to 32× the fit, pans there, sharpness, memory. Prints the table and writes
 * bench/results/benchPdf-<time>.json and bench/results/latestPdf.md.
 */
type Kind = 'design-viewer' | 'pdf.js';
const KINDS: Kind[] = ['design-viewer', 'pdf.js'];

interface Document {
  name: string;
  /** In the screenshots' names. */
  slug: string;
  /** URL path on the bench server. */
  path: string;
  file: string;
  /** Where the zoom goes: the page point at these fractions of its width and height (from its top left). */
  at: [number, number];
}

interface PageFigures {
  kind: Kind;
  failed?: string;
  loads: PdfLoadFigures[];
  firstFrameMs?: number;
  wholePageMs?: number;
  /** Each zoom from the fitted view to `zoom`×, one frame each. */
  zooms?: PdfStepFigures[];
  pan?: PdfStepFigures;
  /** pdf.js: its viewer's detail render (3 × 3 the canvas) at the zoom, ms, `zooms` times. */
  detail?: number[];
  fitted?: Sharpness;
  zoomed?: Sharpness;
  memory?: { jsHeap: number; pageMemory: number | null };
  held?: Record<string, number>;
}

declare global {
  interface Window {
    benchPdf?: PdfBenchPage;
    benchPdfResult?: PdfLoadFigures;
  }
}

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: 'sample,10k,100k' },
    peers: { type: 'string', default: KINDS.join(',') },
    loads: { type: 'string' },
    steps: { type: 'string' },
    zooms: { type: 'string' },
    zoom: { type: 'string', default: '32' },
    width: { type: 'string', default: '400' },
    height: { type: 'string', default: '300' },
    timeout: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
  },
});
const width = Number(args.width);
const height = Number(args.height);
/** Loads of each page (a fresh browser each; the first picture is their median), and pan steps: fewer on the 100k plan. */
const loadsFor = (d: Document) => Math.max(1, Number(args.loads ?? (d.slug === 'plan-100k' ? 1 : 3)));
const stepsFor = (d: Document) => Math.max(1, Number(args.steps ?? (d.slug === 'plan-100k' ? 5 : 10)));
/** Zooms from the fitted view to `zoom`× (the figure is their median): 3, and 1 on the 100k plan. */
const zoomsFor = (d: Document) => Math.max(1, Number(args.zooms ?? (d.slug === 'plan-100k' ? 1 : 3)));
const zoom = Number(args.zoom);
const kinds = args.peers.split(',') as Kind[];
const timeoutMs = Number(args.timeout) * 60_000;
const started = performance.now();

if (!args['no-build']) {
  console.log('Building the CDN script (vite build --mode cdn)…');
  execFileSync('npx', ['vite', 'build', '--mode', 'cdn', '--logLevel', 'warn'], { cwd: benchRoot, stdio: 'inherit' });
}
const dir = join(benchRoot, 'bench/models/pdf');
const SAMPLE = 'pdfjs_Test-plusminus_ocg.pdf';
const documents: Document[] = [];
for (const name of args.pages.split(',').map((s) => s.trim())) {
  if (name === 'sample') documents.push({ name: `sample (${SAMPLE})`, slug: 'sample', path: `/samples/2d/${SAMPLE}`, file: join(benchRoot, 'demo/samples/2d', SAMPLE), at: [0.76, 0.86] });
  else documents.push({ name: `plan ${name}`, slug: `plan-${name}`, path: `/models/pdf/plan-${name}.pdf`, file: await ensurePlanPdf(dir, name as PlanSize), at: [0.5, 0.5] });
}
mkdirSync(dir, { recursive: true });

const { server, url } = await startBenchServer(benchRoot);
const pageFiles = ['/bench/pages/viewerPdf.ts', '/bench/pages/viewer2d.ts', '/bench/pages/pdfjs.ts', '/bench/pages/contract.ts', '/bench/pages/contract2d.ts', '/bench/pages/contractPdf.ts', '/cdn/res/pdfjs/pdf.min.mjs', '/cdn/res/pdfjs/pdf.worker.min.mjs'];
await warmBenchServer(url, [...pageFiles, ...documents.map((d) => d.path)]);
const results: { document: Document; bytes: number; pages: PageFigures[] }[] = [];
try {
  for (const document of documents) {
    const pages: PageFigures[] = [];
    for (const kind of KINDS) {
      if (!kinds.includes(kind)) pages.push({ kind, failed: 'not measured in this run', loads: [] });
      else {
        console.log(`\n${document.name}: ${kind}…`);
        pages.push(await measurePage(kind, document));
      }
    }
    results.push({ document, bytes: statSync(document.file).size, pages });
  }
} finally {
  server.close();
}

const { chromium, commit } = benchVersions();
const report = formatReport();
console.log(`\n${report}`);
const written = writeBenchResults('benchPdf', 'latestPdf.md', report, { width, height, loads: documents.map(loadsFor), steps: documents.map(stepsFor), zoom, chromium, commit, results });
console.log(`\nWrote bench/results/${written} and bench/results/latestPdf.md (${((performance.now() - started) / 1000).toFixed(0)} s)`);

/** Loads the document `loads` times (a fresh browser each), then measures the last load. */
async function measurePage(kind: Kind, document: Document): Promise<PageFigures> {
  const figures: PageFigures = { kind, loads: [] };
  const loads = loadsFor(document);
  for (let i = 0; i < loads; i++) {
    const browser = await launch(`pdf-${kind}-${Date.now()}`);
    try {
      const file = kind === 'design-viewer' ? 'viewerPdf.html' : 'pdfjs.html';
      // Both the load's figures and the page's measuring functions are there once the page has loaded.
      const { page, problems } = await openBenchPage(browser, `${url}/bench/pages/${file}?model=${encodeURIComponent(document.path)}&width=${width}&height=${height}`, { width, height, timeoutMs, ready: 'benchPdfResult' });
      await page.waitForFunction(() => window.benchPdf !== undefined, null, { polling: 50 });
      const load = (await page.evaluate(() => window.benchPdfResult))!;
      figures.loads.push(load);
      console.log(`  load ${i + 1}: first picture ${load.firstFrame.toFixed(0)} ms, whole page ${load.wholePage.toFixed(0)} ms (s: ${Object.entries(load.milestones).map(([name, at]) => `${name} ${(at / 1000).toFixed(2)}`).join(', ')})`);
      if (i === loads - 1) await measureLoaded(page, kind, document, figures);
      if (problems.length) console.log(`  page errors: ${problems.join('; ')}`);
    } catch (error) {
      figures.failed = (error as Error).message;
      console.log(`  failed: ${figures.failed}`);
      return figures;
    } finally {
      await browser.close();
    }
  }
  figures.firstFrameMs = median(figures.loads.map((l) => l.firstFrame));
  figures.wholePageMs = median(figures.loads.map((l) => l.wholePage));
  return figures;
}

/** The fitted page's sharpness, zooms to `zoom`× (from the fitted view each time), pans there, memory. */
async function measureLoaded(page: Page, kind: Kind, document: Document, figures: PageFigures): Promise<void> {
  const slug = `${kind.replace('.', '')}-${document.slug}-${width}x${height}`;
  const shoot = async (name: string) => writeFileSync(join(dir, `${slug}${name}.png`), await page.screenshot({ clip: { x: 0, y: 0, width, height } }));
  figures.held = await page.evaluate(() => window.benchPdf!.describe());
  figures.fitted = await page.evaluate(() => window.benchPdf!.sharpness());
  await shoot('');
  figures.zooms = [];
  const [u, v] = document.at;
  for (let i = 0; i < zoomsFor(document); i++) {
    await page.evaluate(() => window.benchPdf!.view(1, 0.5, 0.5));
    figures.zooms.push(await page.evaluate((a) => window.benchPdf!.view(a.zoom, a.u, a.v), { zoom, u, v }));
  }
  figures.zoomed = await page.evaluate(() => window.benchPdf!.sharpness());
  await shoot(`-${zoom}x`);
  if (kind === 'pdf.js') {
    figures.detail = [];
    for (let i = 0; i < zoomsFor(document); i++) figures.detail.push(await page.evaluate(() => window.benchPdf!.detail!()));
  }
  figures.pan = await page.evaluate((n) => window.benchPdf!.pan(n, 12, 6), stepsFor(document));
  figures.memory = await page.evaluate(() => window.benchPdf!.memory());
  const zoomed = figures.zooms.map((z) => z.frameMs[0]);
  console.log(`  zoom ${median(zoomed).toFixed(1)} ms, pan ${median(figures.pan.ms).toFixed(2)} / ${median(figures.pan.frameMs).toFixed(2)} ms, heap ${(figures.memory.jsHeap / 2 ** 20).toFixed(1)} MiB, edge step ${figures.zoomed.edgeStep.toFixed(3)} at ${zoom}×`);
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] : 0;
}

function formatReport(): string {
  const ms = (v?: number) => (v === undefined || !Number.isFinite(v) ? '–' : v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(2)} ms`);
  const mib = (v?: number | null) => (v === undefined || v === null ? '–' : `${(v / 2 ** 20).toFixed(1)} MiB`);
  const share = (v?: number) => (v === undefined ? '–' : `${(v * 100).toFixed(1)}%`);
  const step = (v?: number) => (v === undefined ? '–' : v.toFixed(3));
  const lines = [`## PDF pages: design-viewer against pdf.js (${chromium}, SwiftShader, ${width}×${height}, commit ${commit}, ${new Date().toISOString().slice(0, 10)}, zoom ${zoom}×, ${[...new Set(documents.map(stepsFor))].join('/')} pan steps)`, ''];
  for (const { document, bytes, pages } of results) {
    const { name, at } = document;
    const [dv, pj] = pages;
    lines.push(`### ${name} (${bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`}; zoom at ${at.map((f) => f.toFixed(2)).join(', ')} of the page)`, '', '| figure | design-viewer | pdf.js | ratio |', '|---|---|---|---|');
    if (dv.failed) lines.push(`| design-viewer did not load | ${dv.failed} | | |`);
    if (pj.failed) lines.push(`| pdf.js did not load | | ${pj.failed} | |`);
    const row = (figure: string, a: number | undefined, b: number | undefined, format: (v: number) => string) => {
      const ratio = a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(3)}×` : '–';
      lines.push(`| ${figure} | ${a === undefined ? '–' : format(a)} | ${b === undefined ? '–' : format(b)} | ${ratio} |`);
    };
    const zoomFrame = (f: PageFigures) => f.zooms && median(f.zooms.map((z) => z.frameMs[0]));
    const zoomScript = (f: PageFigures) => f.zooms && median(f.zooms.map((z) => z.ms[0]));
    row(`navigation start → first picture (median of ${loadsFor(document)})`, dv.firstFrameMs, pj.firstFrameMs, ms);
    row(`navigation start → whole page drawn (median of ${loadsFor(document)})`, dv.wholePageMs, pj.wholePageMs, ms);
    row(`zoom to ${zoom}×: until painted (median of ${zoomsFor(document)})`, zoomFrame(dv), zoomFrame(pj), ms);
    row(`zoom to ${zoom}×: main thread (render call / render())`, zoomScript(dv), zoomScript(pj), ms);
    row(`pan at ${zoom}×: frame script, median`, dv.pan && median(dv.pan.ms), pj.pan && median(pj.pan.ms), ms);
    row(`pan at ${zoom}×: frame script, p95`, dv.pan && p95(dv.pan.ms), pj.pan && p95(pj.pan.ms), ms);
    row(`pan at ${zoom}×: until painted, median`, dv.pan && median(dv.pan.frameMs), pj.pan && median(pj.pan.frameMs), ms);
    row(`pan at ${zoom}×: until painted, p95`, dv.pan && p95(dv.pan.frameMs), pj.pan && p95(pj.pan.frameMs), ms);
    row(`pdf.js viewer's detail render at ${zoom}× (3×3 the canvas), median`, undefined, pj.detail && median(pj.detail), ms);
    row('canvas not white, fitted', dv.fitted?.ink, pj.fitted?.ink, share);
    row(`canvas not white, ${zoom}×`, dv.zoomed?.ink, pj.zoomed?.ink, share);
    row(`edge pixels, ${zoom}×`, dv.zoomed?.edges, pj.zoomed?.edges, share);
    row(`edge step (0–1, crisp = high), ${zoom}×`, dv.zoomed?.edgeStep, pj.zoomed?.edgeStep, step);
    row('edge step, fitted', dv.fitted?.edgeStep, pj.fitted?.edgeStep, step);
    row('JS heap after GC, main thread', dv.memory?.jsHeap, pj.memory?.jsHeap, mib);
    row('page memory incl. workers', dv.memory?.pageMemory ?? undefined, pj.memory?.pageMemory ?? undefined, mib);
    lines.push(`| draw calls per frame | ${dv.pan ? Math.max(dv.pan.drawCalls, ...(dv.zooms ?? []).map((z) => z.drawCalls)) : '–'} | a 2D canvas | |`, '');
    lines.push(`Held: design-viewer ${JSON.stringify(dv.held ?? {})}; pdf.js ${JSON.stringify(pj.held ?? {})}.`, '');
  }
  return lines.join('\n');
}
