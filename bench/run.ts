import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILDING_SIZES, generateBuilding } from './generator/generateBuilding.js';
import { relocateGlb } from './generator/relocateGlb.js';
import { formatFiles, formatsTable, measureFormats } from './formats.js';
import { measure, type RunFigures } from './measure.js';
import { type Canvas, farTable, formatReport, LARGE_CANVAS_WIDTH, summarise } from './report.js';
import { chromiumPath, webglRendererName } from './browser.js';
import { benchRoot, startBenchServer, warmBenchServer } from './server.js';
import { parseArgs } from './args.js';

/**
 * `npm run bench [-- --sizes S,M,L --canvases 400x300,1280x720,1920x1080:S --antialias auto --loads 3 --steps 24
 * --no-build --no-formats --no-far --no-review]`: generates the seeded building models, loads each into
 * design-viewer (the production CDN build) and into a naive three.js page in the same run, at each canvas
 * (a canvas may name the sizes it measures: `1920x1080:S`; `--width W --height H` is one canvas), measures the
 * IFC and SVF files, loads S moved 7.5e8 mm (750 km) from the origin into design-viewer, prints the tables and
 * writes bench/results/; then, unless `--no-review`, runs the live review server's load bench (bench/review.ts,
 * with its defaults). Antialiasing (`--antialias on|off|auto`): auto is on below 1280 px wide and off from
 * 1280 (issue 34 measures the peers there without it), on both pages alike.
 */
const args = parseArgs(process.argv.slice(2));
const sizes = (args.sizes ?? 'S,M,L').split(',').map((s) => s.trim().toUpperCase()) as (keyof typeof BUILDING_SIZES)[];
/** The canvases, each with the sizes it measures (all of --sizes unless it names some). */
const canvases: (Canvas & { sizes: string[] })[] = (args.width || args.height ? `${args.width ?? 400}x${args.height ?? 300}` : (args.canvases ?? '400x300,1280x720,1920x1080:S'))
  .split(',')
  .map((text) => {
    const [size, only] = text.trim().split(':');
    const [width, height] = size.split('x').map(Number);
    const antialias = args.antialias === 'on' ? true : args.antialias === 'off' ? false : width < LARGE_CANVAS_WIDTH;
    return { width, height, antialias, sizes: only ? only.split('+').map((s) => s.toUpperCase()) : sizes };
  })
  .map((canvas) => ({ ...canvas, sizes: canvas.sizes.filter((size) => sizes.includes(size as keyof typeof BUILDING_SIZES)) }))
  .filter((canvas) => canvas.sizes.length > 0);
/** Loads of each page per size; the load times are their medians (one load varies by ±15% here). */
const loads = Math.max(1, Number(args.loads ?? 3));

if (!args['no-build']) {
  console.log('Building the CDN script (vite build --mode cdn)…');
  execFileSync('npx', ['vite', 'build', '--mode', 'cdn', '--logLevel', 'warn'], { cwd: benchRoot, stdio: 'inherit' });
}

const modelsDir = join(benchRoot, 'bench/models');
mkdirSync(modelsDir, { recursive: true });
for (const size of sizes) {
  const file = join(modelsDir, `${size}.glb`);
  if (existsSync(file)) continue;
  console.log(`Generating model ${size}…`);
  const started = performance.now();
  const building = generateBuilding(BUILDING_SIZES[size]);
  writeFileSync(file, building.glb);
  console.log(`  ${building.objectCount} objects, ${building.triangleCount} triangles, ${(building.glb.byteLength / 2 ** 20).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** S moved 750 km out by a root node's translation (metres), for the cost of the global offset. */
const FAR_TRANSLATION: [number, number, number] = [750_000.137, 35.5, -250_000.291];
const measureFar = !args['no-far'] && sizes.includes('S');
if (measureFar) writeFileSync(join(modelsDir, 'S-far.glb'), relocateGlb(new Uint8Array(readFileSync(join(modelsDir, 'S.glb'))), FAR_TRANSLATION));

const { server, url } = await startBenchServer(benchRoot);
await warmBenchServer(url, sizes.map((size) => `/models/${size}.glb`));
const results: { canvas: Canvas; size: string; viewer: RunFigures; naive: RunFigures | null }[] = [];
let formats: Awaited<ReturnType<typeof measureFormats>> = [];
let far: { near: RunFigures; far: RunFigures } | null = null;
try {
  if (!args['no-formats']) {
    console.log('\nIFC and SVF…');
    formats = await measureFormats(url, formatFiles(benchRoot));
  }
  for (const { sizes: canvasSizes, ...canvas } of canvases) {
    for (const size of canvasSizes as (keyof typeof BUILDING_SIZES)[]) {
      const steps = Number(args.steps ?? (size === 'L' ? 12 : 24));
      const common = { baseUrl: url, modelUrl: `/models/${size}.glb`, modelName: size, ...canvas, orbitSteps: steps, pickCount: 50, loads, timeoutMs: 20 * 60_000 };
      const at = `${size} at ${canvas.width}×${canvas.height}`;
      console.log(`\n${at}: design-viewer…`);
      const viewer = await measure('design-viewer', common);
      console.log(`${at}: naive three.js…`);
      const naive = args['no-naive'] ? null : await measure('three.js', { ...common, camera: viewer.camera });
      results.push({ canvas, size, viewer, naive });
      if (size === 'S' && measureFar && !far) {
        console.log('S moved 7.5e8 mm from the origin: design-viewer…');
        far = { near: viewer, far: await measure('design-viewer', { ...common, modelUrl: '/models/S-far.glb', modelName: 'S-far' }) };
      }
    }
  }
} finally {
  server.close();
}

const chromium = execFileSync(chromiumPath(), ['--version']).toString().trim();
const gpu = await webglRendererName();
const summaries = results.map((r) => ({ canvas: r.canvas, summary: summarise(r.size, r.viewer, r.naive, r.canvas) }));
const tables = canvases.map(({ sizes: _sizes, ...canvas }) =>
  formatReport(summaries.filter((s) => s.canvas.width === canvas.width && s.canvas.height === canvas.height).map((s) => s.summary), { ...canvas, chromium, gpu }),
);
const report = [...tables, formats.length ? formatsTable(formats) : '', far ? farTable(far.near, far.far) : ''].filter(Boolean).join('\n\n');
console.log(`\n${report}`);
const resultsDir = join(benchRoot, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(resultsDir, `bench-${stamp}.json`), JSON.stringify({ canvases, gpu, results, summaries, formats, far }, null, 2));
writeFileSync(join(resultsDir, 'latest.md'), `${report}\n`);
console.log(`\nWrote bench/results/bench-${stamp}.json and bench/results/latest.md`);

if (!args['no-review']) {
  console.log('\nLive review server (npm run bench:review)…');
  const review = spawnSync(process.execPath, ['--import', 'tsx', join(benchRoot, 'bench/review.ts')], { cwd: benchRoot, stdio: 'inherit' });
  if (review.status !== 0) process.exitCode = review.status ?? 1;
}
