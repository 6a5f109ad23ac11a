// IFC figures for `npm run bench`: the IFC samples and the generated M building (bench/ifcExport), each
// loaded in headless Chromium (the test flags: SwiftShader WebGL) through bench/ifc.html and bench/ifc.ts.
// Usage: tsx bench/runIfcBench.ts [S|M|L ...]   (default: M). Writes bench/results/ifc.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import type { IfcFigures } from './ifc.js';
import { writeBenchIfc } from './ifcExport/writeBenchIfc.js';

const SAMPLES: [string, string][] = [
  ['/demo/samples/ifc/AC20-FZK-Haus.ifc', 'wand'],
  ['/demo/samples/ifc/duplex.ifc', 'wall'],
  ['/demo/samples/ifc/example.ifc', 'wall'],
  ['/demo/samples/ifc/IfcOpenHouse_IFC4.ifc', 'wall'],
  ['/demo/samples/ifc/KIT-Simple-Road-Test-Web-IFC4x3_RC2.ifc', 'pavement'],
];

export async function runIfcBench(sizes: string[]): Promise<IfcFigures[]> {
  const files = [...SAMPLES];
  for (const size of sizes) {
    const path = `bench/models/bench-${size}.ifc`;
    if (!existsSync(path)) console.log(`wrote ${JSON.stringify(writeBenchIfc(size, path))}`);
    files.push([`/${path}`, 'north']); // the zone of about a fifth of the objects
  }
  const server = await createServer({ configFile: 'vite.config.ts', server: { port: 0 }, logLevel: 'error' });
  await server.listen();
  const address = server.httpServer!.address() as { port: number };
  const executablePath = process.env.CHROME_PATH || ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const results: IfcFigures[] = [];
    for (const file of files) {
      // One page per file, so one model's heap and caches do not weigh on the next.
      const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
      page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
      await page.goto(`http://localhost:${address.port}/bench/ifc.html?files=${encodeURIComponent(JSON.stringify([file]))}`);
      await page.waitForFunction(() => (window as unknown as { __results?: unknown }).__results !== undefined, null, { timeout: 600_000 });
      const figures = await page.evaluate(() => (window as unknown as { __results: unknown }).__results);
      await page.close();
      if (!Array.isArray(figures)) throw new Error(`${file[0]}: ${JSON.stringify(figures)}`);
      results.push(...(figures as IfcFigures[]));
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}

export function ifcTable(results: IfcFigures[]): string {
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(0));
  const mb = (v: number) => (v / 1e6).toFixed(2);
  const rows = results.map((r) =>
    `| ${r.file} | ${r.objects} | ${r.fragments} | ${r.triangles} | ${ms(r.firstFrameMs)} | ${ms(r.geometryLoadedMs)} | ${ms(r.getPropertiesMedianMs)} (${ms(r.getPropertiesFirstMs)}) | ${ms(r.searchMs)} (${r.searchHits} hits), miss ${ms(r.searchMissMs)} | ${mb(r.propertyDbBytes)} / ${mb(r.propertyJsonBytes)} = ${(r.propertyDbBytes / r.propertyJsonBytes).toFixed(2)} |`,
  );
  return [
    '| IFC file | objects | fragments | triangles | first frame ms | geometry-loaded ms | getProperties median (first) ms | search ms | property DB / plain JSON MB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

if (process.argv[1]?.endsWith('runIfcBench.ts')) {
  const sizes = process.argv.slice(2);
  const results = await runIfcBench(sizes.length ? sizes : ['M']);
  console.log(ifcTable(results));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/ifc.json', JSON.stringify(results, null, 2));
}
