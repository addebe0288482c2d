import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import {
  DIRECTIONS,
  FOUR_CHANCE,
  UNDO_DEPTH,
  canMove,
  fromRows,
  keepGoing,
  maxTile,
  newGame,
  nextInt,
  playMove,
  popUndo,
  pushUndo,
  replay,
  seedFromText,
  seedRng,
  sumOfTiles,
  toRows,
  toValues,
} from '../../src/engine';
import { firstRow } from './boards';

const arbSeed = fc.integer({ min: 0, max: 0xffffffff });
const arbMoves = fc.array(fc.constantFrom(...DIRECTIONS), { maxLength: 120 });

const play = (state: GameState, moves: readonly Direction[]): GameState => moves.reduce((s, d) => playMove(s, d).state, state);
const withBoard = (state: GameState, rows: number[][]): GameState => ({ ...state, board: fromRows(rows) });

describe('a new game', () => {
  it('starts with two tiles of 2 or 4 on an otherwise empty board', () => {
    fc.assert(
      fc.property(arbSeed, fc.integer({ min: 3, max: 8 }), (seed, size) => {
        const g = newGame({ seed, size });
        const tiles = toValues(g.board).filter((v) => v !== 0);
        expect(tiles).toHaveLength(2);
        expect(tiles.every((v) => v === 2 || v === 4)).toBe(true);
        expect(g).toMatchObject({ score: 0, status: 'playing', record: '', size });
      }),
    );
  });

  it('is decided by its seed: the same seed and moves give the same game', () => {
    fc.assert(
      fc.property(arbSeed, arbMoves, (seed, moves) => {
        expect(play(newGame({ seed }), moves)).toEqual(play(newGame({ seed }), moves));
      }),
    );
  });

  it('differs between nearby seeds', () => {
    const boards = new Set(Array.from({ length: 50 }, (_, seed) => toValues(newGame({ seed }).board).join()));
    expect(boards.size).toBeGreaterThan(30);
  });

  it('refuses sizes, seeds and targets out of range with a clear message', () => {
    expect(() => newGame({ seed: 1, size: 9 })).toThrow(/size must be an integer from 3 to 8/);
    expect(() => newGame({ seed: -1 })).toThrow(/seed must be an integer/);
    expect(() => newGame({ seed: 1, target: 1000 })).toThrow(/target must be a power of two/);
  });
});

describe('spawning', () => {
  it('adds exactly one tile after a move that changed the board, and none otherwise', () => {
    fc.assert(
      fc.property(arbSeed, arbMoves, fc.constantFrom(...DIRECTIONS), (seed, moves, dir) => {
        const before = play(newGame({ seed }), moves);
        const { state, report } = playMove(before, dir);
        if (!report.moved) {
          expect(state).toBe(before);
          return;
        }
        const spawns = report.steps.filter((s) => s.kind === 'spawn');
        expect(spawns).toHaveLength(1);
        expect(sumOfTiles(state.board)).toBe(sumOfTiles(before.board) + (spawns[0]?.kind === 'spawn' ? spawns[0].value : 0));
      }),
    );
  });

  it('places a 2 nine times in ten and a 4 otherwise, uniformly over empty cells', () => {
    let fours = 0;
    const perCell = new Array<number>(16).fill(0);
    for (let seed = 0; seed < 4000; seed++) {
      const g = newGame({ seed, size: 4 });
      for (const v of toValues(g.board)) if (v === 4) fours++;
      g.board.cells.forEach((e, i) => {
        if (e !== 0) perCell[i]!++;
      });
    }
    expect(fours / 8000).toBeGreaterThan(0.08);
    expect(fours / 8000).toBeLessThan(0.12);
    // The odds the AI reads are the ones spawnTile draws with.
    expect(FOUR_CHANCE).toBe(0.1);
    for (const count of perCell) expect(count).toBeGreaterThan(400); // 500 expected per cell
  });

  it('draws bounded integers without bias', () => {
    let state = seedRng(7);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30000; i++) {
      const [x, next] = nextInt(state, 3);
      counts[x]!++;
      state = next;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });

  it('derives seeds from text the same way every time', () => {
    expect(seedFromText('2026-11-29')).toBe(seedFromText('2026-11-29'));
    expect(seedFromText('2026-11-29')).not.toBe(seedFromText('2026-11-30'));
  });
});

describe('score and status', () => {
  it('adds the merged values to the score', () => {
    const g = withBoard(newGame({ seed: 1 }), firstRow([2, 2, 4, 4]));
    expect(playMove(g, 'left').state.score).toBe(12);
  });

  it('wins on first reaching the target, even with the last possible move', () => {
    const rows = [
      [1024, 1024, 2, 4],
      [4, 8, 16, 32],
      [64, 128, 256, 512],
      [2, 4, 8, 16],
    ];
    const { state } = playMove(withBoard(newGame({ seed: 3 }), rows), 'left');
    expect(maxTile(state.board)).toBe(2048);
    expect(state.status).toBe('won');
  });

  it('accepts no moves after a win until the player keeps going, and never wins again after', () => {
    const won: GameState = {
      ...withBoard(newGame({ seed: 3 }), [
        [2048, 0, 0, 0],
        [0, 2, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 2],
      ]),
      status: 'won',
    };
    expect(playMove(won, 'right').report.moved).toBe(false);
    const going = keepGoing(won);
    expect(going.status).toBe('keepPlaying');
    const after = playMove(
      withBoard(going, [
        [1024, 1024, 0, 0],
        [0, 2, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 2048],
      ]),
      'left',
    ).state;
    expect(after.status).toBe('keepPlaying');
  });

  it('ends when no move can change the board', () => {
    const rows = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 0],
    ];
    const g = withBoard(newGame({ seed: 11 }), rows);
    const outcomes = DIRECTIONS.map((d) => playMove(g, d)).filter((r) => r.report.moved);
    for (const { state } of outcomes) expect(state.status).toBe(canMove(state.board) ? 'playing' : 'over');
    const over = {
      ...withBoard(g, [
        [2, 4, 2, 4],
        [4, 2, 4, 2],
        [2, 4, 2, 4],
        [4, 2, 4, 2],
      ]),
      status: 'over' as const,
    };
    for (const d of DIRECTIONS) expect(playMove(over, d).report.moved).toBe(false);
  });

  it('records every move as a letter, and replays to the same game', () => {
    fc.assert(
      fc.property(arbSeed, arbMoves, (seed, moves) => {
        const live = play(newGame({ seed }), moves);
        expect(live.record).toMatch(/^[LRUD]*$/);
        expect(replay({ seed }, live.record)).toEqual({ state: live, invalidAt: null });
      }),
    );
  });

  it('points at the first recorded move that changes nothing', () => {
    const g = newGame({ seed: 5 });
    const first = DIRECTIONS.find((d) => !playMove(g, d).report.moved);
    if (!first) return;
    expect(replay({ seed: 5 }, first[0]!.toUpperCase()).invalidAt).toBe(0);
  });
});

describe('undo', () => {
  it('restores the whole state, so the same move then gives the same spawn', () => {
    fc.assert(
      fc.property(arbSeed, arbMoves, fc.constantFrom(...DIRECTIONS), (seed, moves, dir) => {
        const before = play(newGame({ seed }), moves);
        const first = playMove(before, dir);
        if (!first.report.moved) return;
        const undone = popUndo(pushUndo([], before));
        expect(undone?.state).toBe(before);
        expect(playMove(undone!.state, dir)).toEqual(first);
      }),
    );
  });

  it(`keeps the last ${UNDO_DEPTH} snapshots and drops older ones`, () => {
    let past: readonly GameState[] = [];
    const states = Array.from({ length: UNDO_DEPTH + 20 }, (_, seed) => newGame({ seed }));
    for (const s of states) past = pushUndo(past, s);
    expect(past).toHaveLength(UNDO_DEPTH);
    expect(past[0]).toBe(states[20]);
    expect(popUndo([])).toBeNull();
  });
});

describe('board helpers', () => {
  it('round-trips rows of values', () => {
    const rows = [
      [0, 2, 4],
      [8, 0, 16],
      [32, 64, 0],
    ];
    expect(toRows(fromRows(rows))).toEqual(rows);
    expect(() =>
      fromRows([
        [3, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ]),
    ).toThrow(/not 0 or a power of two/);
    expect(() =>
      fromRows([
        [2, 0],
        [0, 0, 0],
        [0, 0, 0],
      ]),
    ).toThrow(/row 0 has 2 cells/);
  });
});
