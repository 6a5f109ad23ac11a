/**
 * A seeded pseudo-random stream (mulberry32). The benchmark compares runs across machines and
 * commits, so every model must be reproducible bit for bit from its seed; Math.random cannot be seeded.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A number in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

/**
 * Mixes two integers into a 32-bit seed (murmur3's finaliser), so per-element streams such as GUIDs
 * stay stable when unrelated layout choices change the order of draws from the main stream.
 */
export function hash32(a: number, b: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
