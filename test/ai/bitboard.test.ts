import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/engine';
import { DIRECTIONS, boardsEqual, fromRows, move, toRows } from '../../src/engine';
import {
  DOWN,
  LEFT,
  RIGHT,
  ROW_COUNT,
  ROW_LEFT,
  ROW_RIGHT,
  UP,
  countEmpty,
  distinctTiles,
  fitsBitboard,
  fromBoard,
  moveInto,
  moved,
  toBoard,
  transposeHi,
  transposeLo,
} from '../../src/ai/bitboard';
import { firstRow } from '../engine/boards';

/** 4×4 boards with tiles up to 32768 (exponent 15), at most one 32768, as a real game holds. */
const arbBoard: fc.Arbitrary<Board> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) },
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 14 }) },
    ),
    {
      minLength: 16,
      maxLength: 16,
    },
  )
  .chain((cells) => fc.tuple(fc.constant(cells), fc.option(fc.integer({ min: 0, max: 15 }))))
  .map(([cells, top]) => {
    const board = Uint8Array.from(cells);
    if (top !== null) board[top] = 15;
    return { size: 4, dimensions: 2, cells: board };
  });

/** A row of four nibbles (nibble 0 is the left cell) moved by the flat engine, exponents capped at 15 as the bitboard holds them. */
function engineRow(row: number, dir: 'left' | 'right'): number {
  const cells = new Uint8Array(16);
  for (let k = 0; k < 4; k++) cells[k] = (row >>> (4 * k)) & 15;
  const after = move({ size: 4, dimensions: 2, cells }, dir).board.cells;
  let packed = 0;
  for (let k = 0; k < 4; k++) packed |= Math.min(after[k] as number, 15) << (4 * k);
  return packed;
}

const slide = (board: Board, code: number): Board => {
  const [lo, hi] = fromBoard(board);
  moveInto(lo, hi, code);
  return toBoard(moved[0] as number, moved[1] as number);
};

describe('the bitboard', () => {
  it("has row tables equal to the engine's move on every row, left and right", () => {
    for (let row = 0; row < ROW_COUNT; row++) {
      if (ROW_LEFT[row] !== engineRow(row, 'left'))
        throw new Error(
          `row ${row.toString(16)} left: ${ROW_LEFT[row]?.toString(16)}, the engine says ${engineRow(row, 'left').toString(16)}`,
        );
      if (ROW_RIGHT[row] !== engineRow(row, 'right'))
        throw new Error(
          `row ${row.toString(16)} right: ${ROW_RIGHT[row]?.toString(16)}, the engine says ${engineRow(row, 'right').toString(16)}`,
        );
    }
  });

  it('saturates a merge of two 32768s at 32768, whatever the direction', () => {
    const pair = 0x00ff; // 32768, 32768, empty, empty
    expect(ROW_LEFT[pair]).toBe(0x000f);
    expect(ROW_RIGHT[pair]).toBe(0xf000);
    const board = fromRows(firstRow([32768, 32768, 0, 0]));
    expect(toRows(slide(board, LEFT))[0]).toEqual([32768, 0, 0, 0]);
    expect(toRows(slide(board, RIGHT))[0]).toEqual([0, 0, 0, 32768]);
  });

  it("numbers the directions by their place in the engine's DIRECTIONS", () => {
    expect([LEFT, RIGHT, UP, DOWN].map((code) => DIRECTIONS[code])).toEqual(['left', 'right', 'up', 'down']);
  });

  it('agrees with the flat engine on every direction for random boards with tiles up to 32768', () => {
    fc.assert(
      fc.property(arbBoard, (board) => DIRECTIONS.every((dir, code) => boardsEqual(slide(board, code), move(board, dir).board))),
      { numRuns: 2000 },
    );
  });

  it('merges a 16384 pair into the 32768 a full row can hold', () => {
    const board = fromRows([
      [16384, 16384, 2, 2],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [32768, 0, 0, 0],
    ]);
    expect(fitsBitboard(board)).toBe(true);
    expect(toRows(slide(board, 0))[0]).toEqual([32768, 4, 0, 0]);
  });

  it('packs and unpacks a board without loss, each half holding two rows', () => {
    fc.assert(
      fc.property(arbBoard, (board) => {
        const [lo, hi] = fromBoard(board);
        expect(Array.from(toBoard(lo, hi).cells)).toEqual(Array.from(board.cells));
        expect(Number.isInteger(lo) && lo === (lo | 0) && hi === (hi | 0)).toBe(true);
      }),
    );
  });

  it('transposes rows into columns, and twice is the identity', () => {
    fc.assert(
      fc.property(arbBoard, (board) => {
        const [lo, hi] = fromBoard(board);
        const t = toBoard(transposeLo(lo, hi), transposeHi(lo, hi));
        for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) expect(t.cells[c * 4 + r]).toBe(board.cells[r * 4 + c]);
        const tlo = transposeLo(lo, hi);
        const thi = transposeHi(lo, hi);
        expect([transposeLo(tlo, thi), transposeHi(tlo, thi)]).toEqual([lo, hi]);
      }),
    );
  });

  it('counts empty cells and distinct tile values', () => {
    fc.assert(
      fc.property(arbBoard, (board) => {
        const [lo, hi] = fromBoard(board);
        expect(countEmpty(lo, hi)).toBe(board.cells.filter((e) => e === 0).length);
        expect(distinctTiles(lo, hi)).toBe(new Set(Array.from(board.cells).filter((e) => e > 0)).size);
      }),
    );
  });

  it('leaves to the flat engine the boards it cannot play exactly: two 32768s, bigger tiles, other sizes', () => {
    const two32768 = fromRows(firstRow([32768, 32768, 0, 0]));
    expect(fitsBitboard(two32768)).toBe(false);
    expect(fitsBitboard({ size: 4, dimensions: 2, cells: Uint8Array.from({ length: 16 }, (_, i) => (i === 0 ? 16 : 0)) })).toBe(false);
    expect(
      fitsBitboard(
        fromRows([
          [2, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
        ]),
      ),
    ).toBe(false);
  });
});
