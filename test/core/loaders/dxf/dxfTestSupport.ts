import { Vector3 } from 'three';
import type { Viewer } from '../../../../core/index.js';

/** Group code, value pairs, flat: [code, value, code, value, ...]. */
export type Groups = (string | number)[];

/**
 * A DXF of the given entities (flat group lists), after the given tables (each a TABLE's records, flat), with
 * a header of the given variables; nothing else.
 */
export function dxf(entities: Groups[], tables: { name: string; records: Groups[] }[] = [], header: Groups = []): string {
  const groups: Groups = [];
  if (header.length) groups.push(0, 'SECTION', 2, 'HEADER', ...header, 0, 'ENDSEC');
  if (tables.length) {
    groups.push(0, 'SECTION', 2, 'TABLES');
    for (const table of tables) groups.push(0, 'TABLE', 2, table.name, 70, table.records.length, ...table.records.flat(), 0, 'ENDTAB');
    groups.push(0, 'ENDSEC');
  }
  groups.push(0, 'SECTION', 2, 'ENTITIES', ...entities.flat(), 0, 'ENDSEC', 0, 'EOF');
  const lines: string[] = [];
  for (let i = 0; i < groups.length; i += 2) lines.push(`${groups[i]}`, `${groups[i + 1]}`);
  return lines.join('\n') + '\n';
}

/** The colour under a drawing point. */
export function colourAt(viewer: Viewer, pixels: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const v = new Vector3(x, y, 0).project(viewer.navigation.getThreeCamera());
  const px = Math.round(((v.x + 1) / 2) * viewer.canvas.clientWidth);
  const py = Math.round(((1 - v.y) / 2) * viewer.canvas.clientHeight);
  const o = (py * pixels.width + px) * 4;
  return [pixels.data[o], pixels.data[o + 1], pixels.data[o + 2]];
}

/** Whether two colours are within 24 of each other in every channel (the sheet's even light is not exactly 1). */
export function near(rgb: number[], expected: number[]): boolean {
  return rgb.every((c, i) => Math.abs(c - expected[i]) <= 24);
}

/**
 * How many separate runs of a colour (its channel clearly above the others) along a drawing row, looking
 * `band` drawing units above and below it (a one-pixel line may fall on the next pixel row).
 */
export function runsAlong(viewer: Viewer, pixels: { width: number; data: Uint8Array }, y: number, x0: number, x1: number, channel: number, band = 0): number {
  const inkAt = (x: number, yy: number) => {
    const rgb = colourAt(viewer, pixels, x, yy);
    return rgb[channel] > Math.max(...rgb.filter((_, i) => i !== channel)) + 60;
  };
  let runs = 0;
  let inRun = false;
  for (let x = x0; x <= x1; x += 0.25) {
    let ink = false;
    for (let dy = -band; dy <= band && !ink; dy += 0.25) ink = inkAt(x, y + dy);
    if (ink && !inRun) runs++;
    inRun = ink;
  }
  return runs;
}
