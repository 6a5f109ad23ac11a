const ASCII = /^\p{ASCII}*$/u;
const encoder = new TextEncoder();

/** Bytes `text` takes as UTF-8; the generator's text is ASCII, so this is nearly always its length. */
export function utf8Length(text: string): number {
  return ASCII.test(text) ? text.length : encoder.encode(text).byteLength;
}

/** Writes `text` as UTF-8 into `target` at `at` and returns the bytes written. */
export function writeUtf8(text: string, target: Uint8Array, at: number): number {
  return encoder.encodeInto(text, target.subarray(at)).written;
}

/**
 * The shortest decimal that reads back as the same float32, so accessor min/max equal the stored
 * data exactly (after rounding to float32) without printing 17 digits of float64 noise.
 */
export function compactFloat32(value: number): number {
  const tenths = Math.round(value * 1e4) / 1e4;
  if (Math.fround(tenths) === value) return tenths;
  for (let digits = 6; digits < 9; digits++) {
    const shorter = Number(value.toPrecision(digits));
    if (Math.fround(shorter) === value) return shorter;
  }
  return Number(value.toPrecision(9));
}
