import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board, CubeDirection, GameState } from '../../src/engine';
import { CUBE_DIRECTIONS, DIRECTIONS, continueGame, fromLayers, move, newGame, playMove } from '../../src/engine';
import { createAi } from '../../src/ai';
import { flatEvaluate } from '../../src/ai/flat';
import { answer } from '../../src/ai/protocol';
import { playGame } from '../../src/ai/selfplay';

/** A position from a cube game played by random moves, in and out among them. */
const arbCube: fc.Arbitrary<GameState> = fc
  .tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(3, 4), fc.array(fc.constantFrom(...CUBE_DIRECTIONS), { maxLength: 120 }))
  .map(([seed, size, moves]) => moves.reduce((state, dir) => playMove(state, dir).state, newGame({ seed, size, dimensions: 3 })));

const ai = createAi({ tableBits: 12 });

const legalMoves = (board: Board): CubeDirection[] =>
  (board.dimensions === 3 ? CUBE_DIRECTIONS : DIRECTIONS).filter((d) => move(board, d).moved);

/** The same cube with its rows and layers swapped: each line across the layers becomes a column. */
function rowsForLayers(board: Board): Board {
  const { size } = board;
  const cells = new Uint8Array(board.cells.length);
  for (let layer = 0; layer < size; layer++)
    for (let row = 0; row < size; row++)
      for (let col = 0; col < size; col++)
        cells[(row * size + layer) * size + col] = board.cells[(layer * size + row) * size + col] as number;
  return { ...board, cells };
}

describe('the AI on a cube', () => {
  it('picks one of the six directions that changes the board, and rates exactly those', () => {
    fc.assert(
      fc.property(arbCube, fc.constantFrom(0, 1), (state, depth) => {
        const { dir, scores } = ai.chooseMove(state, { depth });
        const legal = legalMoves(state.board);
        if (legal.length === 0) return dir === null;
        expect(legal).toContain(dir);
        expect(Object.keys(scores).sort()).toEqual([...CUBE_DIRECTIONS].sort());
        for (const d of CUBE_DIRECTIONS) expect(scores[d] === null, d).toBe(!legal.includes(d));
        return true;
      }),
      { numRuns: 40 },
    );
  });

  it('moves in or out when only the layers can merge', () => {
    // Every layer is a checkerboard, so nothing slides within one; the first two layers are equal.
    const a = [
      [2, 4, 2],
      [4, 2, 4],
      [2, 4, 2],
    ];
    const b = [
      [8, 16, 8],
      [16, 8, 16],
      [8, 16, 8],
    ];
    const board = fromLayers([a, a, b]);
    for (const options of [{ depth: 0 }, { depth: 1 }, { preset: 'fast' as const }]) {
      const { dir, scores } = ai.chooseMove({ board }, options);
      expect(['in', 'out']).toContain(dir);
      expect([scores.left, scores.right, scores.up, scores.down]).toEqual([null, null, null, null]);
    }
  });

  it('never suggests in or out on a square, and rates only its four directions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(3, 4, 5), (seed, size) => {
        const { dir, scores } = ai.chooseMove(newGame({ seed, size }), { depth: 1 });
        expect(DIRECTIONS).toContain(dir);
        expect(Object.keys(scores).sort()).toEqual([...DIRECTIONS].sort());
      }),
      { numRuns: 20 },
    );
  });

  it('weighs the lines across the layers as it weighs rows and columns', () => {
    const board = playGame(ai, { seed: 5, size: 4, dimensions: 3, depth: 0, maxMoves: 60 });
    const state = continueGame(newGame({ seed: 5, size: 4, dimensions: 3 }), board.record).state;
    expect(flatEvaluate(rowsForLayers(state.board))).toBeCloseTo(flatEvaluate(state.board), 6);
  });

  it('plays a seeded 3×3×3 game to its end, with moves in and out', () => {
    const summary = playGame(ai, { seed: 11, size: 3, dimensions: 3, depth: 0 });
    const replayed = continueGame(newGame({ seed: 11, size: 3, dimensions: 3 }), summary.record);
    expect(replayed.invalidAt).toBeNull();
    expect(replayed.state.status === 'over' || replayed.state.status === 'won').toBe(true);
    expect(summary.record).toMatch(/I/);
    expect(summary.record).toMatch(/O/);
    expect(summary.maxTile).toBeGreaterThanOrEqual(128);
  });

  it('answers a hint on the largest cube well under a second, and keeps to its node budget with the clock off', () => {
    const played = playGame(ai, { seed: 2, size: 5, dimensions: 3, depth: 0, maxMoves: 40 });
    const board = continueGame(newGame({ seed: 2, size: 5, dimensions: 3 }), played.record).state.board;
    const hint = ai.chooseMove({ board }, { preset: 'fast' });
    expect(hint.dir).not.toBeNull();
    // The fast preset's budget is 10 ms; a loaded machine may stretch it, never to a second.
    expect(hint.elapsedMs).toBeLessThan(1000);
    const counted = ai.chooseMove({ board }, { preset: 'strong', timeBudgetMs: Infinity, nodeBudget: 20_000 });
    expect(counted.depth).toBeGreaterThanOrEqual(1);
    // A search stops at the first check past the budget, at most one chance node's replies (every cell, both spawns, six moves) late.
    expect(counted.nodes).toBeLessThan(20_000 + 125 * 2 * 6);
  });

  it('is answered through the worker protocol like a square', () => {
    const board = newGame({ seed: 3, size: 3, dimensions: 3 }).board;
    const response = answer(ai, { id: 4, board, options: { depth: 1 } });
    expect(response.ok && CUBE_DIRECTIONS.includes(response.suggestion.dir as CubeDirection)).toBe(true);
  });
});
