/** Needs are sorted into buckets of this many bytes of the file. */
const BUCKET_BYTES = 1 << 20;

/**
 * Fragments waiting for their bytes while a GLB downloads, handed out in plan order (largest first, which
 * is fragId order) as the bytes they need arrive. Each fragment's need (where its last byte ends in the
 * binary chunk) is sorted into a bucket once, so a look at what has arrived touches only what became
 * ready, not every fragment still waiting (on a model of 100k fragments, going over all of them after each
 * read of the download took longer than the read).
 */
export class ArrivalQueue {
  /** fragIds by need / BUCKET_BYTES; buckets before `next` are empty. */
  private readonly buckets: number[][] = [];
  private next = 0;
  /** What only a full-file reader can read (need Infinity). */
  private readonly whole: number[] = [];
  private count = 0;
  /** Each fragment's need, by fragId. */
  private readonly needs: Float64Array;

  /** `need(fragId)`: bytes of the binary chunk that fragment needs, Infinity if only the whole file will do. */
  constructor(fragIds: readonly number[], need: (fragId: number) => number) {
    this.needs = new Float64Array(fragIds.reduce((max, fragId) => Math.max(max, fragId + 1), 0));
    for (const fragId of fragIds) {
      const bytes = (this.needs[fragId] = need(fragId));
      if (bytes === Infinity) {
        this.whole.push(fragId);
      } else {
        const index = Math.max(0, Math.floor(bytes / BUCKET_BYTES));
        (this.buckets[index] ??= []).push(fragId);
      }
      this.count++;
    }
  }

  /** Bytes of the binary chunk a fragment needs (Infinity: the whole file). */
  needOf(fragId: number): number {
    return this.needs[fragId];
  }

  /** Fragments still waiting. */
  get size(): number {
    return this.count;
  }

  /**
   * Takes the fragments whose bytes are all within `available` (Infinity: every one with a finite need),
   * and, with `whole`, those that need the whole file too; in plan order.
   */
  take(available: number, whole = false): number[] {
    const ready: number[] = [];
    for (; this.next < this.buckets.length; this.next++) {
      const bucket = this.buckets[this.next];
      if (!bucket) continue;
      if ((this.next + 1) * BUCKET_BYTES <= available) {
        for (const fragId of bucket) ready.push(fragId);
        this.buckets[this.next] = [];
        continue;
      }
      // The bucket the download is in: some of it may be there.
      const waiting: number[] = [];
      for (const fragId of bucket) (this.needs[fragId] <= available ? ready : waiting).push(fragId);
      this.buckets[this.next] = waiting;
      break;
    }
    if (whole) {
      for (const fragId of this.whole) ready.push(fragId);
      this.whole.length = 0;
    }
    this.count -= ready.length;
    return ready.sort((a, b) => a - b);
  }

  /** Every fragment still waiting, in plan order. */
  remaining(): number[] {
    return [...this.buckets.flat(), ...this.whole].sort((a, b) => a - b);
  }
}
