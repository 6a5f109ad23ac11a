// Writes the bench's generated building as IFC4: `tsx bench/ifcExport/writeBenchIfc.ts M [out.ifc]`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateBuildingLayout, LAYOUT_SIZES } from './buildingLayout.js';
import { exportBuildingIfc } from './exportBuildingIfc.js';

/** Writes bench/models/bench-{size}.ifc (or `out`) and returns its path and object count. */
export function writeBenchIfc(size: string, out = `bench/models/bench-${size}.ifc`): { path: string; objects: number; bytes: number } {
  const layoutSize = LAYOUT_SIZES[size];
  if (!layoutSize) throw new Error(`Unknown size ${size}: use ${Object.keys(LAYOUT_SIZES).join(', ')}`);
  const layout = generateBuildingLayout(layoutSize);
  const text = exportBuildingIfc(layout, out.split('/').pop()!);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  return { path: out, objects: layout.elements.length, bytes: Buffer.byteLength(text) };
}

if (process.argv[1]?.endsWith('writeBenchIfc.ts')) {
  const [size = 'M', out] = process.argv.slice(2);
  const started = performance.now();
  const { path, objects, bytes } = writeBenchIfc(size, out);
  console.log(`${path}: ${objects} elements, ${(bytes / 1e6).toFixed(1)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
