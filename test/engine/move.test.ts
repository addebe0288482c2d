import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board, Direction } from '../../src/engine';
import { DIRECTIONS, fromRows, move, sumOfTiles, toRows, valueOf } from '../../src/engine';
import { arbBoard } from './arbitraries';
import { firstRow } from './boards';

const slideRow = (row: number[], dir: Direction = 'left'): number[] => {
  return toRows(move(fromRows(firstRow(row)), dir).board)[0] as number[];
};

const transpose = (b: Board): Board => fromRows(toRows(b)[0]!.map((_, c) => toRows(b).map((row) => row[c] as number)));
const mirror = (b: Board): Board => fromRows(toRows(b).map((row) => [...row].reverse()));

describe('a move', () => {
  it.each([
    [
      [2, 2, 2, 2],
      [4, 4, 0, 0],
    ],
    [
      [2, 2, 4, 0],
      [4, 4, 0, 0],
    ],
    [
      [4, 4, 8, 8],
      [8, 16, 0, 0],
    ],
    [
      [8, 8, 16, 0],
      [16, 16, 0, 0],
    ],
    [
      [2, 0, 2, 4],
      [4, 4, 0, 0],
    ],
    [
      [0, 0, 0, 2],
      [2, 0, 0, 0],
    ],
    [
      [2, 4, 8, 16],
      [2, 4, 8, 16],
    ],
    [
      [4, 0, 0, 4],
      [8, 0, 0, 0],
    ],
    [
      [2, 2, 2, 0],
      [4, 2, 0, 0],
    ],
    [
      [32768, 32768, 0, 0],
      [65536, 0, 0, 0],
    ],
  ])('slides %j left to %j, each tile merging at most once, nearest the wall first', (row, expected) => {
    expect(slideRow(row)).toEqual(expected);
  });

  it('applies the same rules to a whole board in every direction', () => {
    const board = fromRows([
      [2, 2, 4, 0],
      [0, 4, 4, 4],
      [8, 0, 8, 2],
      [2, 2, 2, 2],
    ]);
    expect(toRows(move(board, 'left').board)).toEqual([
      [4, 4, 0, 0],
      [8, 4, 0, 0],
      [16, 2, 0, 0],
      [4, 4, 0, 0],
    ]);
    expect(toRows(move(board, 'right').board)).toEqual([
      [0, 0, 4, 4],
      [0, 0, 4, 8],
      [0, 0, 16, 2],
      [0, 0, 4, 4],
    ]);
    expect(toRows(move(board, 'up').board)).toEqual([
      [2, 2, 8, 4],
      [8, 4, 8, 4],
      [2, 2, 2, 0],
      [0, 0, 0, 0],
    ]);
    expect(toRows(move(board, 'down').board)).toEqual([
      [0, 0, 0, 0],
      [2, 2, 8, 0],
      [8, 4, 8, 4],
      [2, 2, 2, 4],
    ]);
  });

  it('reports slides and merges as cell indices with the values they carry', () => {
    const result = move(
      fromRows([
        [2, 0, 2, 4],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 8],
      ]),
      'left',
    );
    expect(result.moved).toBe(true);
    expect(result.gained).toBe(4);
    expect(result.steps).toEqual([
      { kind: 'merge', from: [0, 2], to: 0, value: 4 },
      { kind: 'slide', from: 3, to: 1, value: 4 },
      { kind: 'slide', from: 15, to: 12, value: 8 },
    ]);
  });

  it('reports a merge whose leading tile had to slide from where it started', () => {
    expect(move(fromRows(firstRow([0, 2, 0, 2])), 'left').steps).toEqual([{ kind: 'merge', from: [1, 3], to: 0, value: 4 }]);
  });

  it('works on every board size from 3 to 8', () => {
    expect(slideRow([2, 2, 2])).toEqual([4, 2, 0]);
    expect(slideRow([2, 2, 2, 2, 4, 4, 8, 0])).toEqual([4, 4, 8, 8, 0, 0, 0, 0]);
  });

  it('is not idempotent: a second left move can merge again', () => {
    const once = move(fromRows(firstRow([2, 2, 4, 0])), 'left').board;
    expect(toRows(once)[0]).toEqual([4, 4, 0, 0]);
    expect(toRows(move(once, 'left').board)[0]).toEqual([8, 0, 0, 0]);
  });
});

describe('move properties', () => {
  it('keeps the sum of all tiles', () => {
    fc.assert(fc.property(arbBoard(), fc.constantFrom(...DIRECTIONS), (b, dir) => sumOfTiles(move(b, dir).board) === sumOfTiles(b)));
  });

  it('gains exactly the sum of the merged values', () => {
    fc.assert(
      fc.property(arbBoard(), fc.constantFrom(...DIRECTIONS), (b, dir) => {
        const r = move(b, dir);
        const merged = r.steps.reduce((sum, s) => sum + (s.kind === 'merge' ? s.value : 0), 0);
        return r.gained === merged;
      }),
    );
  });

  it('moves right as the mirror of moving the mirrored board left', () => {
    fc.assert(
      fc.property(arbBoard(), (b) => {
        expect(toRows(move(b, 'right').board)).toEqual(toRows(mirror(move(mirror(b), 'left').board)));
      }),
    );
  });

  it('moves up as moving the transposed board left', () => {
    fc.assert(
      fc.property(arbBoard(), (b) => {
        expect(toRows(move(b, 'up').board)).toEqual(toRows(transpose(move(transpose(b), 'left').board)));
      }),
    );
  });

  it('leaves the board identical and reports nothing when it does not move', () => {
    fc.assert(
      fc.property(arbBoard(), fc.constantFrom(...DIRECTIONS), (b, dir) => {
        const r = move(b, dir);
        if (r.moved) return true;
        return r.board === b && r.steps.length === 0 && r.gained === 0;
      }),
    );
  });

  it('explains the next board by its steps: every tile is slid, merged, or stayed', () => {
    fc.assert(
      fc.property(arbBoard(), fc.constantFrom(...DIRECTIONS), (b, dir) => {
        const r = move(b, dir);
        const rebuilt = new Array<number>(b.cells.length).fill(0);
        const touched = new Set<number>();
        for (const s of r.steps) {
          if (s.kind === 'slide') {
            rebuilt[s.to] = s.value;
            touched.add(s.from);
            expect(valueOf(b.cells[s.from]!)).toBe(s.value);
          } else if (s.kind === 'merge') {
            rebuilt[s.to] = s.value;
            for (const f of s.from) {
              touched.add(f);
              expect(valueOf(b.cells[f]!) * 2).toBe(s.value);
            }
          }
        }
        b.cells.forEach((e, i) => {
          if (e !== 0 && !touched.has(i)) rebuilt[i] = valueOf(e);
        });
        expect(rebuilt).toEqual(Array.from(r.board.cells, valueOf));
        return true;
      }),
    );
  });
});
