import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHEET_SIZES } from '../generator2d/generateDxf.js';
import { generatePlanPdf } from './planPdf.js';

export type PlanSize = keyof typeof SHEET_SIZES;

/** The bench's floor-plan PDF of this size in `dir` (bench/models/pdf), generated once and then cached. */
export async function ensurePlanPdf(dir: string, size: PlanSize): Promise<string> {
  const file = join(dir, `plan-${size}.pdf`);
  if (existsSync(file)) return file;
  console.log(`Generating the ${size} floor-plan PDF…`);
  const started = performance.now();
  const pdf = await generatePlanPdf(SHEET_SIZES[size]);
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${file}.partial`, pdf.bytes);
  renameSync(`${file}.partial`, file);
  console.log(`  ${pdf.entities} entities, ${pdf.drawn} drawn paths and texts, ${pdf.layers} layers, 1:${Math.round(pdf.scale)} on A0, ${(pdf.bytes.length / 2 ** 20).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return file;
}

// `npx tsx bench/generatorPdf/writePlanPdf.ts 10k [dir]`
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const size = (process.argv[2] ?? '10k') as PlanSize;
  if (!(size in SHEET_SIZES)) throw new Error(`Unknown size ${size}: ${Object.keys(SHEET_SIZES).join(', ')}`);
  await ensurePlanPdf(process.argv[3] ?? 'bench/models/pdf', size);
}
