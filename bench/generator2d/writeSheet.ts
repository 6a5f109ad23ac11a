import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateDxfSheet, SHEET_SIZES, type SheetOptions } from './generateDxf.js';

export type SheetSize = keyof typeof SHEET_SIZES;

/** Writes a generated sheet to a file, chunk by chunk; returns its figures. */
export function writeSheet(file: string, options: SheetOptions) {
  const started = performance.now();
  const sheet = generateDxfSheet(options);
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w');
  try {
    for (const chunk of sheet.chunks) writeSync(fd, chunk, null, 'latin1');
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  return { file, bytes: sheet.bytes, entities: sheet.entities, figures: sheet.figures, seconds: (performance.now() - started) / 1000 };
}

/** The bench's sheet of this size in `dir` (bench/models/2d), generated once and then cached. */
export function ensureSheet(dir: string, size: SheetSize): string {
  const file = join(dir, `plan-${size}.dxf`);
  if (existsSync(file)) return file;
  console.log(`Generating the ${size} sheet…`);
  const written = writeSheet(file, SHEET_SIZES[size]);
  console.log(`  ${written.entities} entities, ${written.figures.rooms} rooms, ${written.figures.dimensions} dimensions, ${(written.bytes / 2 ** 20).toFixed(1)} MiB in ${written.seconds.toFixed(1)} s`);
  return file;
}
