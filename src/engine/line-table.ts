import type { Board } from './board';
import { move } from './move';

/** Lines of four tiles with 4-bit exponents: 65,536 of them. */
export const LINE_COUNT = 0x10000;

/**
 * Every line of four tiles, slid towards its wall by the engine's own `move`, for code
 * that moves 4×4 boards by table lookup (the CLI judge, the AI's bitboard): they then
 * share the one merge rule instead of restating it.
 *
 * A line is four exponents packed from the wall outwards, w = e0 | e1 << 4 | e2 << 8 | e3 << 12,
 * and `table[w * 4 + k]` is the exponent at position k (from the wall) after the move.
 * Exponents go up to 16: two 2^15 tiles merge into 2^16.
 */
export function buildLineTable(): Uint8Array {
  const table = new Uint8Array(LINE_COUNT * 4);
  const cells = new Uint8Array(16);
  const board: Board = { size: 4, dimensions: 2, cells };
  // Four lines per engine call: each row of the board is one packed word, moved left.
  for (let first = 0; first < LINE_COUNT; first += 4) {
    for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) cells[r * 4 + k] = ((first + r) >>> (4 * k)) & 15;
    table.set(move(board, 'left').board.cells, first * 4);
  }
  return table;
}
