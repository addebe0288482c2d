/**
 * A 4×4 board packed as sixteen 4-bit exponents in two 32-bit halves: `lo` holds rows 0–1,
 * `hi` rows 2–3; cell i of the flat engine board (row-major) is nibble i. JavaScript has no
 * fast 64-bit integer (BigInt allocates), so every routine takes and returns the halves as
 * int32 numbers. A move is four lookups in 65,536-entry row tables; columns go through a
 * transpose. The idea and the transpose masks come from nneonneo/2048-ai.
 *
 * Exponents stop at 15 (32768). A merge of two 32768s saturates at 32768, as in nneonneo's
 * solver; `fitsBitboard` tells when a position must be searched on the flat engine instead.
 */
import type { Board } from '../engine';
import { LINE_COUNT, buildLineTable } from '../engine';

export const ROW_COUNT = LINE_COUNT;
export const MAX_NIBBLE = 15;

/** Each row's result after sliding towards nibble 0 (left), or towards nibble 3 (right). */
export const ROW_LEFT = new Uint16Array(ROW_COUNT);
export const ROW_RIGHT = new Uint16Array(ROW_COUNT);

const reverseRow = (row: number): number => ((row >>> 12) | ((row >>> 4) & 0x00f0) | ((row << 4) & 0x0f00) | (row << 12)) & 0xffff;

// The rows come from the engine's own move, so the search and the game share one merge rule
// (a row is packed from nibble 0, its left wall, as the line table packs a line). Building
// them takes some 25 ms at start-up. A merge of two 32768s (exponent 16) saturates at 15.
{
  const lines = buildLineTable();
  const nibble = (at: number): number => Math.min(lines[at] as number, MAX_NIBBLE);
  for (let row = 0; row < ROW_COUNT; row++) {
    const at = row * 4;
    const left = nibble(at) | (nibble(at + 1) << 4) | (nibble(at + 2) << 8) | (nibble(at + 3) << 12);
    ROW_LEFT[row] = left;
    ROW_RIGHT[reverseRow(row)] = reverseRow(left);
  }
}

/** One half's share of the transpose: swaps the off-diagonal nibbles inside each 2×2 block. */
const transposeStep = (x: number): number => (x & 0xf0f00f0f) | ((x & 0x0000f0f0) << 12) | ((x & 0x0f0f0000) >>> 12);

/** The low half of the transposed board (rows become columns). */
export function transposeLo(lo: number, hi: number): number {
  return (transposeStep(lo) & 0x00ff00ff) | ((transposeStep(hi) & 0x00ff00ff) << 8);
}

/** The high half of the transposed board. */
export function transposeHi(lo: number, hi: number): number {
  return (transposeStep(hi) & 0xff00ff00) | ((transposeStep(lo) & 0xff00ff00) >>> 8);
}

/**
 * Direction codes for the search's loops: each is its direction's index in the engine's
 * DIRECTIONS, whose order search.ts relies on (codes below 2 slide rows; even codes slide
 * towards nibble 0). Literals, so the loops compare with constants; test/ai/bitboard.test.ts
 * holds them to DIRECTIONS.
 */
export const LEFT = 0;
export const RIGHT = 1;
export const UP = 2;
export const DOWN = 3;

/** A move result is written here so that no call allocates: [lo, hi]. */
export const moved = new Int32Array(2);

/** Slides the board in `dir` (a direction code) and writes the result to `moved`. No spawn. */
export function moveInto(lo: number, hi: number, dir: number): void {
  if (dir === LEFT || dir === RIGHT) {
    const table = dir === LEFT ? ROW_LEFT : ROW_RIGHT;
    moved[0] = (table[lo & 0xffff] as number) | ((table[lo >>> 16] as number) << 16);
    moved[1] = (table[hi & 0xffff] as number) | ((table[hi >>> 16] as number) << 16);
    return;
  }
  const table = dir === UP ? ROW_LEFT : ROW_RIGHT;
  const tlo = transposeLo(lo, hi);
  const thi = transposeHi(lo, hi);
  const mlo = (table[tlo & 0xffff] as number) | ((table[tlo >>> 16] as number) << 16);
  const mhi = (table[thi & 0xffff] as number) | ((table[thi >>> 16] as number) << 16);
  moved[0] = transposeLo(mlo, mhi);
  moved[1] = transposeHi(mlo, mhi);
}

/** The number of empty cells (zero nibbles) in one half, 0–8. */
export function emptyInHalf(x: number): number {
  let y = x | ((x >>> 2) & 0x33333333);
  y |= y >>> 1;
  y = ~y & 0x11111111;
  return Math.imul(y, 0x11111111) >>> 28;
}

export const countEmpty = (lo: number, hi: number): number => emptyInHalf(lo) + emptyInHalf(hi);

/** The number of different tile values on the board; the search deepens as it grows. */
export function distinctTiles(lo: number, hi: number): number {
  let seen = 0;
  for (let s = 0; s < 32; s += 4) seen |= (1 << ((lo >>> s) & 15)) | (1 << ((hi >>> s) & 15));
  seen &= ~1;
  let count = 0;
  while (seen !== 0) {
    seen &= seen - 1;
    count++;
  }
  return count;
}

export function maxNibble(lo: number, hi: number): number {
  let max = 0;
  for (let s = 0; s < 32; s += 4) {
    const a = (lo >>> s) & 15;
    const b = (hi >>> s) & 15;
    if (a > max) max = a;
    if (b > max) max = b;
  }
  return max;
}

export const cellOf = (lo: number, hi: number, index: number): number => ((index < 8 ? lo : hi) >>> ((index & 7) * 4)) & 15;

/**
 * Whether the bitboard plays this position exactly: a 4×4 square (not a cube) with every tile at most
 * 32768 and at most one 32768 (so no move of this turn can merge past 4 bits).
 */
export function fitsBitboard(board: Board): boolean {
  if (board.size !== 4 || board.dimensions !== 2) return false;
  let top = 0;
  for (const e of board.cells) {
    if (e > MAX_NIBBLE) return false;
    if (e === MAX_NIBBLE) top++;
  }
  return top <= 1;
}

/** Packs a flat 4×4 engine board; exponents above 15 are clamped (check `fitsBitboard` first). */
export function fromBoard(board: Board): [lo: number, hi: number] {
  if (board.size !== 4) throw new RangeError(`the bitboard holds 4×4 boards, got ${board.size}×${board.size}`);
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < 16; i++) {
    const e = Math.min(board.cells[i] as number, MAX_NIBBLE);
    if (i < 8) lo |= e << (i * 4);
    else hi |= e << ((i - 8) * 4);
  }
  return [lo, hi];
}

export function toBoard(lo: number, hi: number): Board {
  const cells = new Uint8Array(16);
  for (let i = 0; i < 16; i++) cells[i] = cellOf(lo, hi, i);
  return { size: 4, dimensions: 2, cells };
}
