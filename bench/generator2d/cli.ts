/**
 * Writes a generated floor-plan sheet (DXF) and prints its figures:
 *
 *   npx tsx bench/generator2d/cli.ts 10k out.dxf          # size: 10k, 100k or 1M; optional third argument: seed
 */
import { SHEET_SIZES } from './generateDxf.js';
import { type SheetSize, writeSheet } from './writeSheet.js';

const [size, outFile, seedArgument] = process.argv.slice(2) as [SheetSize, string, string | undefined];
if (!(size in SHEET_SIZES) || !outFile) {
  console.error(`usage: tsx bench/generator2d/cli.ts <${Object.keys(SHEET_SIZES).join('|')}> <out.dxf> [seed]`);
  process.exit(2);
}
const options = { ...SHEET_SIZES[size], ...(seedArgument !== undefined ? { seed: Number(seedArgument) } : {}) };
const written = writeSheet(outFile, options);
const f = written.figures;
console.log(`${size} (seed ${options.seed}) -> ${outFile}`);
console.log(`  entities    ${written.entities.toLocaleString('en-US')} (top level)`);
console.log(`  rooms       ${f.rooms.toLocaleString('en-US')} on a ${f.columns} × ${f.rows} grid, ${(f.width / 1000).toFixed(1)} × ${(f.height / 1000).toFixed(1)} m`);
console.log(`  dimensions  ${f.dimensions.toLocaleString('en-US')} (one *D block each)`);
console.log(`  bytes       ${written.bytes.toLocaleString('en-US')} (${(written.bytes / 2 ** 20).toFixed(1)} MiB) in ${written.seconds.toFixed(1)} s`);
