import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/engine';
import { DIRECTIONS, LINE_COUNT, buildLineTable, linesFor, move } from '../../src/engine';

const table = buildLineTable();

/** A 4×4 board moved by table lookups, one per line, as the judge and the bitboard do it. */
function moveByTable(board: Board, dir: (typeof DIRECTIONS)[number]): Uint8Array {
  const cells = board.cells.slice();
  for (const line of linesFor(4, dir)) {
    const word = [...line].reduce((w, cell, k) => w | ((board.cells[cell] as number) << (4 * k)), 0);
    line.forEach((cell, k) => (cells[cell] = table[word * 4 + k] as number));
  }
  return cells;
}

describe('the line table', () => {
  it('agrees with the engine for every line of four tiles, in every direction', () => {
    // Each word is put in each line position for each direction: one board per (word, direction).
    for (const dir of DIRECTIONS) {
      for (let word = 0; word < LINE_COUNT; word += 1) {
        const cells = new Uint8Array(16);
        // Line 0 of `dir`, read from its wall: for left row 0 from column 0, for down column 0 from the bottom.
        const line = dir === 'left' ? [0, 1, 2, 3] : dir === 'right' ? [3, 2, 1, 0] : dir === 'up' ? [0, 4, 8, 12] : [12, 8, 4, 0];
        line.forEach((cell, k) => (cells[cell] = (word >>> (4 * k)) & 15));
        const moved = move({ size: 4, dimensions: 2, cells }, dir).board.cells;
        line.forEach((cell, k) => {
          if (moved[cell] !== table[word * 4 + k])
            throw new Error(`word ${word.toString(16)} ${dir}: position ${k} is ${table[word * 4 + k]}, engine says ${moved[cell]}`);
        });
      }
    }
  });

  it('moves whole 4×4 boards as the engine does, every line at once', () => {
    const arbCells = fc.uint8Array({ minLength: 16, maxLength: 16, max: 15 });
    fc.assert(
      fc.property(arbCells, fc.constantFrom(...DIRECTIONS), (cells, dir) => {
        const board = { size: 4, dimensions: 2 as const, cells };
        expect(Array.from(moveByTable(board, dir))).toEqual(Array.from(move(board, dir).board.cells));
      }),
      { numRuns: 2000 },
    );
  });

  it('merges two 32768s into 65536, exponent 16: the table itself never saturates', () => {
    expect(Array.from(table.subarray(0xff * 4, 0xff * 4 + 4))).toEqual([16, 0, 0, 0]);
  });
});
