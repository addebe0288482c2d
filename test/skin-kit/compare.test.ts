import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/engine';
import { motionProblems, restProblems } from '../../src/skin-kit';
import type { TileView } from '../../src/skins';
import { arbBoard } from '../engine/arbitraries';

const board = (size: number, cells: number[]): Board => ({ size, dimensions: 2 as const, cells: Uint8Array.from(cells) });
/** A tile at full size and opacity unless `look` says otherwise. */
const tile = (value: number, row: number, col: number, look: Partial<Pick<TileView, 'scale' | 'opacity'>> = {}): TileView => ({
  value,
  row,
  col,
  scale: 1,
  opacity: 1,
  ...look,
});

/** The tiles a faithful skin shows for `board` at rest. */
const faithful = (board: Board): TileView[] =>
  [...board.cells].flatMap((e, i) => (e === 0 ? [] : [tile(2 ** e, Math.floor(i / board.size), i % board.size)]));

describe('the kit compares what a skin shows at rest with the board, and', () => {
  it('finds nothing wrong with a faithful picture, in any order, with hidden tiles beside it', () => {
    fc.assert(
      fc.property(arbBoard(), fc.nat(), (b, shift) => {
        const tiles = faithful(b);
        const rotated = [...tiles.slice(shift % (tiles.length || 1)), ...tiles.slice(0, shift % (tiles.length || 1))];
        const hidden: TileView = tile(2, 0.5, 0.5, { scale: 0, opacity: 0 });
        expect(restProblems([...rotated, hidden], b, 'at rest')).toEqual([]);
      }),
    );
  });

  it('names one problem, at the cell a player would call it, for any one tile taken away', () => {
    fc.assert(
      fc.property(
        arbBoard().filter((b) => b.cells.some((e) => e !== 0)),
        fc.nat(),
        (b, pick) => {
          const tiles = faithful(b);
          const [gone] = tiles.splice(pick % tiles.length, 1);
          const problems = restProblems(tiles, b, 'after move 3 (left)');
          expect(problems).toEqual([
            `after move 3 (left), the skin does not show the ${gone!.value} at row ${gone!.row + 1}, column ${gone!.col + 1}`,
          ]);
        },
      ),
    );
  });

  it('calls a tile on an empty cell stale, and a wrong value wrong', () => {
    const b = board(3, [1, 0, 0, 0, 3, 0, 0, 0, 0]);
    const tiles: TileView[] = [tile(4, 0, 0), tile(8, 1, 1), tile(2, 2, 2)];
    expect(restProblems(tiles, b, 'after undo')).toEqual([
      'after undo, the skin shows 4 at row 1, column 1, where the board has 2',
      'after undo, the skin shows a stale 2 at row 3, column 3, where the board is empty',
    ]);
  });

  it('catches two tiles on one cell, a tile between cells, half-faded tiles and tiles off the board', () => {
    const b = board(3, [1, 1, 0, 0, 0, 0, 0, 0, 0]);
    const tiles: TileView[] = [tile(2, 0, 0), tile(2, 0, 0), tile(2, 0, 0.5), tile(2, 0, 1, { opacity: 0.5 }), tile(4, 3, 0)];
    expect(restProblems(tiles, b, 'now')).toEqual([
      'now, the skin shows a 2 between cells (row 1, column 1.50) although nothing moves',
      'now, the 2 at row 1, column 2 is shown at scale 1 and opacity 0.50, not at full size',
      'now, the skin shows a 4 at row 4, column 1, outside the 3×3 board',
      'now, the skin shows 2 tiles (2, 2) at row 1, column 1, where the board has one 2',
    ]);
  });
});

describe('the kit checks tiles mid-animation, and', () => {
  it('lets tiles slide between cells, but not with reduced motion', () => {
    const sliding: TileView[] = [tile(8, 1, 1.4)];
    expect(motionProblems(sliding, 4, 'halfway', false)).toEqual([]);
    expect(motionProblems(sliding, 4, 'halfway', true)).toEqual([
      'halfway, with reduced motion the skin still slides an 8 (at row 2, column 2.40); cross-fade instead, as timelineFor(change, board, true) does',
    ]);
  });

  it('never lets a visible tile leave the board', () => {
    expect(motionProblems([tile(2, -0.5, 0)], 4, 'mid-move', false)).toHaveLength(1);
    expect(motionProblems([tile(2, -0.5, 0, { scale: 0, opacity: 0 })], 4, 'mid-move', false)).toEqual([]);
  });
});
