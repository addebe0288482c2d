/**
 * sfc32: a small, fast, well-tested 32-bit generator. Its whole state is four
 * uint32 numbers kept as plain data in the game state, so a game is fully
 * determined by its seed and its moves, and undo restores the luck too.
 */
export type RngState = readonly [number, number, number, number];

/** Largest seed; seeds are uint32 so they fit a link and a text field. */
export const MAX_SEED = 0xffffffff;

export function isValidSeed(seed: unknown): seed is number {
  return Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= MAX_SEED;
}

/** A generator state from a uint32 seed, warmed up so nearby seeds diverge at once. */
export function seedRng(seed: number): RngState {
  if (!isValidSeed(seed)) throw new RangeError(`seed must be an integer from 0 to ${MAX_SEED}, got ${String(seed)}`);
  let state: RngState = [0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0];
  for (let i = 0; i < 12; i++) state = nextUint32(state)[1];
  return state;
}

/** One step: the next uint32 and the state after it. */
export function nextUint32(state: RngState): [number, RngState] {
  let [a, b, c, d] = state;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return [t >>> 0, [a >>> 0, b >>> 0, c >>> 0, d >>> 0]];
}

/** A uniform integer in [0, n) without modulo bias, and the state after it. */
export function nextInt(state: RngState, n: number): [number, RngState] {
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`bound must be a positive integer ≤ 2^32, got ${n}`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  let s = state;
  for (;;) {
    const [x, after] = nextUint32(s);
    s = after;
    if (x < limit) return [x % n, s];
  }
}

/** A uint32 seed from any text (for daily challenges and typed seeds), via FNV-1a then a finaliser. */
export function seedFromText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function isValidRngState(value: unknown): value is RngState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffffffff) &&
    value.some((x) => x !== 0)
  );
}
