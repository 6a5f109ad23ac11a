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

/**
 * The same groups as a binary DXF (written here as AutoCAD documents the format, to check the reader against):
 * the sentinel, then each group's code (two bytes little-endian; with `oneByteCodes`, as R12 wrote them: one
 * byte, or 255 and two) and its value by its code's type. Strings are written in UTF-8.
 */
export function binaryDxf(ascii: string, oneByteCodes = false): Uint8Array {
  const lines = ascii.split(/\r?\n/);
  const parts: number[] = [...'AutoCAD Binary DXF\r\n\x1a\0'].map((c) => c.charCodeAt(0));
  const within = (code: number, ...pairs: [number, number][]) => pairs.some(([from, to]) => code >= from && code < to);
  const bytesOf = (size: number, write: (view: DataView) => void) => {
    const view = new DataView(new ArrayBuffer(size));
    write(view);
    parts.push(...new Uint8Array(view.buffer));
  };
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = Number(lines[i].trim());
    const value = lines[i + 1];
    if (!oneByteCodes) bytesOf(2, (v) => v.setUint16(0, code, true));
    else if (code < 255) parts.push(code);
    else bytesOf(3, (v) => (v.setUint8(0, 255), v.setUint16(1, code, true)));
    if (within(code, [10, 60], [110, 150], [210, 240], [460, 470], [1010, 1060])) bytesOf(8, (v) => v.setFloat64(0, Number(value), true));
    else if (within(code, [60, 80], [170, 180], [270, 290], [370, 390], [400, 410], [1060, 1071])) bytesOf(2, (v) => v.setInt16(0, Number(value), true));
    else if (within(code, [90, 100], [420, 430], [440, 460], [1071, 1072])) bytesOf(4, (v) => v.setInt32(0, Number(value), true));
    else if (within(code, [160, 170])) bytesOf(8, (v) => v.setBigInt64(0, BigInt(value.trim()), true));
    else if (within(code, [290, 300])) parts.push(Number(value));
    else if (within(code, [310, 320], [1004, 1005])) {
      const hex = value.trim().match(/../g) ?? [];
      parts.push(hex.length, ...hex.map((h) => parseInt(h, 16)));
    } else parts.push(...new TextEncoder().encode(value), 0);
  }
  return new Uint8Array(parts);
}
