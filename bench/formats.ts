import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IfcFigures } from './ifc.js';
import { launch } from './browser.js';
import { writeBenchIfc } from './ifcExport/writeBenchIfc.js';

/** A file the formats stage measures: its URL on the bench server and a text many of its objects hold. */
interface FormatFile {
  label: string;
  url: string;
  search: string;
}

/** The IFC samples, the generated M-size IFC, and the SVF sample (the largest SVF there is). */
export function formatFiles(root: string): FormatFile[] {
  if (!existsSync(join(root, 'bench/models/bench-M.ifc'))) {
    console.log('Writing the M-size IFC (bench/ifcExport)…');
    writeBenchIfc('M', join(root, 'bench/models/bench-M.ifc'));
  }
  return [
    { label: 'AC20-FZK-Haus.ifc', url: '/samples/ifc/AC20-FZK-Haus.ifc', search: 'wand' },
    { label: 'duplex.ifc', url: '/samples/ifc/duplex.ifc', search: 'wall' },
    { label: 'example.ifc', url: '/samples/ifc/example.ifc', search: 'wall' },
    { label: 'IfcOpenHouse_IFC4.ifc', url: '/samples/ifc/IfcOpenHouse_IFC4.ifc', search: 'wall' },
    { label: 'KIT road (IFC4X3)', url: '/samples/ifc/KIT-Simple-Road-Test-Web-IFC4x3_RC2.ifc', search: 'road' },
    { label: 'generated M building (IFC4)', url: '/models/bench-M.ifc', search: 'north' },
    { label: 'bim-sample (SVF)', url: '/samples/svf/bim-sample/0.svf', search: 'ifc' },
  ];
}

/** Loads each file in a fresh browser page (the CDN build) and measures it. */
export async function measureFormats(baseUrl: string, files: FormatFile[]): Promise<(IfcFigures & { label: string })[]> {
  const rows: (IfcFigures & { label: string })[] = [];
  for (const file of files) {
    const browser = await launch(`formats-${Date.now()}`);
    try {
      const page = await browser.newPage({ viewport: { width: 440, height: 340 } });
      page.setDefaultTimeout(10 * 60_000);
      await page.goto(`${baseUrl}/bench/pages/formats.html`);
      await page.waitForFunction(() => (window as unknown as { formatsReady?: boolean }).formatsReady === true);
      const figures = await page.evaluate(
        ([url, search]) => (window as unknown as { measureModel(u: string, s: string): Promise<IfcFigures> }).measureModel(url, search),
        [file.url, file.search] as const,
      );
      rows.push({ ...figures, label: file.label });
      console.log(`  ${file.label}: geometry-loaded ${figures.geometryLoadedMs.toFixed(0)} ms`);
    } finally {
      await browser.close();
    }
  }
  return rows;
}

export function formatsTable(rows: (IfcFigures & { label: string })[]): string {
  const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(2));
  const lines = [
    '### IFC and SVF',
    '',
    '| file | objects | fragments | triangles | first frame ms | geometry-loaded ms | getProperties median (first) ms | search ms (hits) | search miss ms | property DB / plain JSON |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.objects} | ${r.fragments} | ${r.triangles} | ${ms(r.firstFrameMs)} | ${ms(r.geometryLoadedMs)} | ${ms(r.getPropertiesMedianMs)} (${ms(r.getPropertiesFirstMs)}) | ${ms(r.searchMs)} (${r.searchHits}) | ${ms(r.searchMissMs)} | ${(r.propertyDbBytes / 2 ** 20).toFixed(2)} / ${(r.propertyJsonBytes / 2 ** 20).toFixed(2)} MiB = ${(r.propertyDbBytes / r.propertyJsonBytes).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}
