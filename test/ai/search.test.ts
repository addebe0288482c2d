import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board, CubeDirection, Direction, GameState } from '../../src/engine';
import { DIRECTIONS, fromRows, move, newGame, playMove } from '../../src/engine';
import { createAi } from '../../src/ai';
import { TranspositionTable } from '../../src/ai/transposition';
import { flatEvaluate } from '../../src/ai/flat';

/** A position from a game played by random moves: the boards a player really meets. */
const arbPosition: fc.Arbitrary<GameState> = fc
  .tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.array(fc.constantFrom(...DIRECTIONS), { maxLength: 150 }))
  .map(([seed, moves]) => moves.reduce((state, dir) => playMove(state, dir).state, newGame({ seed })));

const ai = createAi({ tableBits: 16 });

const stuck = fromRows([
  [2, 4, 2, 4],
  [4, 2, 4, 2],
  [2, 4, 2, 4],
  [4, 2, 4, 2],
]);

describe('choosing a move', () => {
  it('always picks a move that changes the board while one exists', () => {
    fc.assert(
      fc.property(arbPosition, fc.constantFrom(0, 1, 2), (state, depth) => {
        const { dir, scores } = ai.chooseMove(state, { depth });
        if (state.status === 'over') return dir === null;
        if (dir === null) return false;
        const legal: CubeDirection[] = DIRECTIONS.filter((d) => move(state.board, d).moved);
        return legal.includes(dir) && DIRECTIONS.every((d) => (scores[d] === null) === !legal.includes(d));
      }),
      { numRuns: 60 },
    );
  });

  it('answers null, with no scores, when no move changes the board', () => {
    const suggestion = ai.chooseMove({ board: stuck }, { preset: 'strong' });
    expect(suggestion.dir).toBeNull();
    expect(Object.values(suggestion.scores)).toEqual([null, null, null, null]);
  });

  it('takes the only move that changes the board', () => {
    const board = fromRows([
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 0],
    ]);
    const { dir, scores } = ai.chooseMove({ board }, { preset: 'fast' });
    expect(['right', 'down']).toContain(dir);
    expect(scores.left).toBeNull();
    expect(scores.up).toBeNull();
  });

  it('is deterministic at a fixed depth: two AIs give the same scores and count the same nodes', () => {
    const state = playMove(playMove(newGame({ seed: 7 }), 'left').state, 'down').state;
    const a = createAi({ tableBits: 12 }).chooseMove(state, { depth: 3 });
    const b = createAi({ tableBits: 18 }).chooseMove(state, { depth: 3 });
    expect(a.dir).toBe(b.dir);
    expect(a.nodes).toBeGreaterThan(1000);
    expect(createAi({ tableBits: 12 }).chooseMove(state, { depth: 3 })).toEqual({ ...a, elapsedMs: expect.any(Number) });
  });

  it('scores each direction as the expectimax of the flat engine one ply deep', () => {
    // The reference: average over every empty cell and both spawns of the best slide's heuristic.
    const reference = (board: Board, dir: Direction): number | null => {
      const after = move(board, dir);
      if (!after.moved) return null;
      const empty = [...after.board.cells.keys()].filter((i) => after.board.cells[i] === 0);
      let sum = 0;
      for (const at of empty) {
        for (const [exponent, chance] of [
          [1, 0.9],
          [2, 0.1],
        ] as const) {
          const cells = after.board.cells.slice();
          cells[at] = exponent;
          const spawned = { size: 4, dimensions: 2 as const, cells };
          sum +=
            chance *
            Math.max(
              0,
              ...DIRECTIONS.map((d) => move(spawned, d))
                .filter((m) => m.moved)
                .map((m) => flatEvaluate(m.board)),
            );
        }
      }
      return sum / empty.length;
    };
    fc.assert(
      fc.property(arbPosition, (state) => {
        const { scores } = ai.chooseMove(state, { depth: 1 });
        for (const dir of DIRECTIONS) {
          const expected = reference(state.board, dir);
          if (expected === null) expect(scores[dir]).toBeNull();
          else expect(Math.abs((scores[dir] as number) - expected) / expected).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('searches deeper as the board holds more distinct tiles', () => {
    const early = fromRows([
      [2, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 4, 0],
      [0, 0, 0, 0],
    ]);
    const late = fromRows([
      [2, 4, 8, 16],
      [256, 128, 64, 32],
      [512, 1024, 0, 0],
      [0, 0, 0, 2],
    ]);
    const options = { preset: 'fast', timeBudgetMs: Infinity, nodeBudget: Infinity } as const;
    expect(ai.chooseMove({ board: late }, options).depth).toBeGreaterThan(ai.chooseMove({ board: early }, options).depth);
  });

  it('answers from a shallower search when the time budget runs out, with a legal move', () => {
    let clock = 0;
    const slowClock = createAi({ tableBits: 12, now: () => (clock += 5) });
    const state = playMove(newGame({ seed: 3 }), 'up').state;
    const suggestion = slowClock.chooseMove(state, { preset: 'strong' });
    expect(suggestion.depth).toBeLessThan(3);
    expect(move(state.board, suggestion.dir as Direction).moved).toBe(true);
  });

  it('stops at the node budget, the same way every time', () => {
    const state = playMove(newGame({ seed: 11 }), 'left').state;
    const run = () => createAi({ tableBits: 12 }).chooseMove(state, { preset: 'strong', timeBudgetMs: Infinity, nodeBudget: 2000 });
    const first = run();
    expect(first.nodes).toBeLessThan(20_000);
    expect({ ...run(), elapsedMs: 0 }).toEqual({ ...first, elapsedMs: 0 });
  });

  it('plays boards of other sizes with the flat search', () => {
    for (const size of [3, 5, 8]) {
      const state = playMove(newGame({ seed: size, size }), 'left').state;
      const { dir } = ai.chooseMove(state, { preset: 'fast' });
      expect(dir !== null && move(state.board, dir).moved).toBe(true);
    }
  });

  it('plays a 4×4 board beyond the bitboard (two 32768s) with the flat search', () => {
    const board = fromRows([
      [32768, 32768, 2, 4],
      [8, 16, 32, 64],
      [2, 4, 8, 16],
      [4, 2, 4, 0],
    ]);
    expect(ai.chooseMove({ board }, { preset: 'fast' }).dir).toBe('left');
  });

  it('rejects options it cannot honour with a clear message', () => {
    const state = newGame({ seed: 1 });
    expect(() => ai.chooseMove(state, { preset: 'slow' as 'fast' })).toThrow(/preset must be "fast" or "strong"/);
    expect(() => ai.chooseMove(state, { depth: -1 })).toThrow(/depth must be an integer/);
    expect(() => ai.chooseMove(state, { timeBudgetMs: 0 })).toThrow(/timeBudgetMs must be a positive number/);
  });
});

describe('the transposition table', () => {
  it('tells apart positions whose `hi * 2 ** 32 + lo` number is the same', () => {
    const table = new TranspositionTable(4);
    // hi >= 2^21 leaves the number too few bits for all of lo: cells 0 and 1 differ, the numbers do not.
    const hi = 0x7edcba98;
    const a = 0x12345670;
    const b = 0x12345671;
    expect(hi * 2 ** 32 + a).toBe(hi * 2 ** 32 + b);
    table.store(-1 - table.locate(a, hi), a, hi, 2, 1234.5);
    expect(table.locate(a, hi)).toBeGreaterThanOrEqual(0);
    expect(table.locate(b, hi)).toBeLessThan(0);
    const found = table.locate(a, hi);
    expect([table.depthAt(found), table.values[found + 3]]).toEqual([2, 1234.5]);
  });

  it('forgets everything at a new generation', () => {
    const table = new TranspositionTable(4);
    table.store(-1 - table.locate(5, 6), 5, 6, 1, 1);
    table.newGeneration();
    expect(table.locate(5, 6)).toBeLessThan(0);
  });
});
