/**
 * Writes a generated building as a GLB and prints its figures.
 *
 * Node 20 cannot run TypeScript directly (no --experimental-strip-types before Node 22.6), so bundle
 * the CLI with esbuild first:
 *
 *   npx esbuild --bundle --platform=node --format=esm bench/generator/cli.ts --outfile=/tmp/generate-building.mjs
 *   node /tmp/generate-building.mjs S out.glb          # size: XS, S, M or L; optional third argument: seed
 */
import { writeFileSync } from 'node:fs';
import { BUILDING_SIZES, generateBuilding } from './generateBuilding.js';

type Size = keyof typeof BUILDING_SIZES;

const [sizeArgument, outFile, seedArgument] = process.argv.slice(2);
const size = (sizeArgument ?? '').toUpperCase() as Size;
if (!(size in BUILDING_SIZES) || !outFile) {
  console.error(`usage: node generate-building.mjs <${Object.keys(BUILDING_SIZES).join('|')}> <out.glb> [seed]`);
  process.exit(2);
}
const options = { ...BUILDING_SIZES[size], ...(seedArgument !== undefined ? { seed: Number(seedArgument) } : {}) };

const started = performance.now();
const building = generateBuilding(options);
const seconds = (performance.now() - started) / 1000;
writeFileSync(outFile, building.glb);

const format = (value: number) => value.toLocaleString('en-US');
console.log(`${size} (seed ${options.seed}) -> ${outFile}`);
console.log(`  objects    ${format(building.objectCount)}`);
console.log(`  triangles  ${format(building.triangleCount)}`);
console.log(`  materials  ${format(building.materialCount)}`);
console.log(`  nodes      ${format(building.nodeCount)}`);
console.log(`  bytes      ${format(building.glb.byteLength)} (${(building.glb.byteLength / 2 ** 20).toFixed(1)} MiB)`);
console.log(`  generated  ${seconds.toFixed(2)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
