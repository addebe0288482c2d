/** Bits of the default transposition table: 2^20 entries of 16 bytes, 16 MB. */
export const DEFAULT_TABLE_BITS = 20;

/** Generations live in the upper 24 bits of an entry's third word. */
const MAX_GENERATION = 0x7fffff;

/**
 * Chance-node values from the current search, keyed on both 32-bit halves compared exactly
 * (a `hi * 2 ** 32 + lo` number would lose the low bits once hi passes 2^21). 16 bytes an
 * entry, [lo, hi, generation << 8 | depth, value as float32], in buckets of two that share a
 * cache line. A new generation empties the table without touching its memory.
 */
export class TranspositionTable {
  readonly entries: Int32Array;
  /** The same memory as `entries`, for the values in word 3. */
  readonly values: Float32Array;
  private readonly bucketMask: number;
  private generation = 1;

  constructor(bits: number = DEFAULT_TABLE_BITS) {
    if (!Number.isInteger(bits) || bits < 1 || bits > 26) throw new RangeError(`tableBits must be an integer from 1 to 26, got ${bits}`);
    const buffer = new ArrayBuffer((1 << bits) * 16);
    this.bucketMask = (1 << (bits - 1)) - 1;
    this.entries = new Int32Array(buffer);
    this.values = new Float32Array(buffer);
  }

  newGeneration(): void {
    this.generation++;
    if (this.generation === MAX_GENERATION) {
      this.entries.fill(0);
      this.generation = 1;
    }
  }

  /**
   * The word index of the entry holding (lo, hi) in this generation; otherwise -1 minus
   * the index where it should go: a free entry of its bucket, else the one nearer the
   * leaves (the cheaper to redo).
   */
  locate(lo: number, hi: number): number {
    let h = Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1);
    h ^= h >>> 15;
    const bucket = (h & this.bucketMask) << 3;
    const entries = this.entries;
    const gen = this.generation << 8;
    let free = -1;
    for (let e = bucket; e < bucket + 8; e += 4) {
      if (((entries[e + 2] as number) & ~0xff) !== gen) {
        if (free < 0) free = e;
      } else if (entries[e] === lo && entries[e + 1] === hi) {
        return e;
      }
    }
    if (free < 0) free = ((entries[bucket + 2] as number) & 0xff) >= ((entries[bucket + 6] as number) & 0xff) ? bucket : bucket + 4;
    return -1 - free;
  }

  /** The depth below the root at which the entry at `index` was searched. */
  depthAt(index: number): number {
    return (this.entries[index + 2] as number) & 0xff;
  }

  /** Writes the key of the entry at `index`; its value goes to `values[index + 3]`. */
  claim(index: number, lo: number, hi: number, depth: number): void {
    const entries = this.entries;
    entries[index] = lo;
    entries[index + 1] = hi;
    entries[index + 2] = (this.generation << 8) | depth;
  }

  store(index: number, lo: number, hi: number, depth: number, value: number): void {
    this.claim(index, lo, hi, depth);
    this.values[index + 3] = value;
  }
}
