import { hash32, Prng } from './prng.js';

/** The character set of IFC's compressed GUIDs (IfcGloballyUniqueId), in digit order. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/**
 * A 22-character IFC-style GUID for element `serial` of the model built from `seed`: 128 pseudo-random
 * bits, written as IFC does (2 bits, then 21 six-bit digits). Deterministic, so property panels and
 * searches in the benchmark see the same ids every run.
 */
export function ifcGuid(seed: number, serial: number): string {
  const random = new Prng(hash32(seed, serial));
  const w0 = random.nextUint32();
  const w1 = random.nextUint32();
  const w2 = random.nextUint32();
  const w3 = random.nextUint32();
  // Three 42-bit groups stay exact in a double, which avoids BigInt in a hot path.
  const groups = [
    (w0 & 0x3fffffff) * 4096 + (w1 >>> 20),
    (w1 & 0xfffff) * 4194304 + (w2 >>> 10),
    (w2 & 0x3ff) * 4294967296 + w3,
  ];
  let text = ALPHABET[w0 >>> 30];
  for (const group of groups) {
    let digits = '';
    let rest = group;
    for (let i = 0; i < 7; i++) {
      digits = ALPHABET[rest % 64] + digits;
      rest = Math.floor(rest / 64);
    }
    text += digits;
  }
  return text;
}
