import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/engine';
import { DIRECTIONS, boardsEqual, fromRows, move, toRows } from '../../src/engine';
import {
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

/** 4×4 boards with tiles up to 32768 (exponent 15), at most one 32768, as a real game holds. */
const arbBoard: fc.Arbitrary<Board> = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 14 }) }), {
    minLength: 16,
    maxLength: 16,
  })
  .chain((cells) => fc.tuple(fc.constant(cells), fc.option(fc.integer({ min: 0, max: 15 }))))
  .map(([cells, top]) => {
    const board = Uint8Array.from(cells);
    if (top !== null) board[top] = 15;
    return { size: 4, cells: board };
  });

const slide = (board: Board, code: number): Board => {
  const [lo, hi] = fromBoard(board);
  moveInto(lo, hi, code);
  return toBoard(moved[0] as number, moved[1] as number);
};

describe('the bitboard', () => {
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
    const two32768 = fromRows([
      [32768, 32768, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(fitsBitboard(two32768)).toBe(false);
    expect(fitsBitboard({ size: 4, cells: Uint8Array.from({ length: 16 }, (_, i) => (i === 0 ? 16 : 0)) })).toBe(false);
    expect(fitsBitboard(fromRows([[2, 0, 0], [0, 0, 0], [0, 0, 0]]))).toBe(false);
  });
});
