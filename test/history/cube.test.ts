import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeArchive, encodeArchive } from '../../src/history/archive';
import type { HistoryEntry } from '../../src/history/entry';
import { entryId, parseEntry, recordOfEntry } from '../../src/history/entry';
import { entryOf, idOfGame, metaFits, parseMeta, startMeta } from '../../src/history/keep';
import { verifyRecord } from '../../src/replay/record';
import { playGame } from './games';

const keptCube = (seed: number, moves?: number, size = 3): HistoryEntry => {
  const game = playGame({ size, dimensions: 3, seed, ...(moves !== undefined ? { moves } : {}) });
  return entryOf(game, game.status === 'over' ? 'over' : 'left', startMeta(game, 'normal', 1_000), 5_000);
};
const keptSquare = (seed: number, moves?: number, size = 3): HistoryEntry => {
  const game = playGame({ size, seed, ...(moves !== undefined ? { moves } : {}) });
  return entryOf(game, game.status === 'over' ? 'over' : 'left', startMeta(game, 'normal', 1_000), 5_000);
};

describe('a kept cube game', () => {
  it('says it is a cube, and parseEntry reads it back as entryOf made it, after a trip through JSON', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 3, max: 5 }),
        (seed, n, size) => {
          const entry = keptCube(seed, n, size);
          expect(entry.dimensions).toBe(3);
          expect(parseEntry(JSON.parse(JSON.stringify(entry)))).toEqual({ ok: true, value: entry });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('replays to its own score and tile, moves in and out included', () => {
    const entry = keptCube(9);
    expect(entry.end).toBe('over');
    expect(entry.moves).toMatch(/I/);
    expect(verifyRecord(recordOfEntry(entry))).toMatchObject({ invalidAt: null, problem: null });
    expect(recordOfEntry(entry).dimensions).toBe(3);
  });

  it('never shares an id with a square game of the same size, seed, target and moves', () => {
    const square = keptSquare(4, 0);
    const cube = { ...square, dimensions: 3 as const };
    expect(entryId(cube)).not.toBe(square.id);
    expect(entryId(cube)).toMatch(/^3x3x3-/);
    expect(idOfGame(playGame({ dimensions: 3, seed: 4, moves: 12 }))).toBe(keptCube(4, 12).id);
  });

  it('leaves a square entry as it always was: no dimensions field, the same id', () => {
    const square = keptSquare(4, 20);
    expect(square).not.toHaveProperty('dimensions');
    // The id this game had before cubes existed.
    expect(square.id).toBe('3-512-4-13cb9wd1m9zm0n');
    expect(parseEntry({ ...square, dimensions: 2 })).toEqual({ ok: true, value: square });
  });

  it.each([
    ['dimensions of 4', { dimensions: 4 }, 'its dimensions are not 2 or 3'],
    ['a cube of size 6', { size: 6 }, 'its board size is not 3 to 5'],
    ['a move that is no direction', { moves: 'LIX' }, 'its moves are not a string of L, R, U and D (and I, O)'],
  ])('refuses a cube entry with %s', (_name, change, error) => {
    expect(parseEntry({ ...keptCube(2, 10), ...change })).toEqual({ ok: false, error });
  });

  it('refuses in and out moves in a square entry', () => {
    expect(parseEntry({ ...keptSquare(2, 3), moves: 'LIR' })).toEqual({ ok: false, error: 'its moves are not a string of L, R, U and D' });
  });
});

describe('a history file with cube games', () => {
  const games = [keptSquare(1), keptCube(2, 25), keptCube(3, undefined, 4)];

  it('writes the shape after the size, only for cubes, and reads every game back', () => {
    const text = encodeArchive(games);
    const lines = text.split('\n');
    expect(lines[1]).not.toContain('dimensions');
    expect(lines[2]).toMatch(/^\{"id":"3x3x3-[^"]+","size":3,"dimensions":3,"seed":2,/);
    const decoded = decodeArchive(text);
    expect(decoded).toEqual({ ok: true, value: { games, skipped: [], duplicates: 0 } });
  });

  it('catches a cube game whose moves do not give its score, and one that claims to be a square', () => {
    const file = JSON.parse(encodeArchive(games)) as { games: Record<string, unknown>[] };
    (file.games[1] as Record<string, unknown>).score = 999_999;
    delete (file.games[2] as Record<string, unknown>).dimensions;
    const decoded = decodeArchive(JSON.stringify(file));
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value.games).toEqual([games[0]]);
    expect(decoded.value.skipped.map((s) => s.reason)).toEqual([
      expect.stringMatching(/^Game 2: its moves do not match its score and tile/),
      'Game 3: its moves are not a string of L, R, U and D.',
    ]);
  });
});

describe("a cube game's meta", () => {
  it('belongs to the cube only, not to a square of the same size and seed', () => {
    const cube = playGame({ dimensions: 3, seed: 7, moves: 3 });
    const square = playGame({ seed: 7, moves: 3 });
    const meta = startMeta(cube, 'seeded', 100);
    expect(metaFits(meta, cube)).toBe(true);
    expect(metaFits(meta, square)).toBe(false);
    expect(metaFits(startMeta(square, 'seeded', 100), cube)).toBe(false);
  });

  it('keeps its shape through storage, and an old meta without one is a square', () => {
    const meta = startMeta(playGame({ dimensions: 3, seed: 7, moves: 3 }), 'normal', 100);
    expect(parseMeta(JSON.parse(JSON.stringify(meta)))).toEqual(meta);
    const { dimensions: _cube, ...old } = meta;
    expect(parseMeta(old)).not.toHaveProperty('dimensions');
    expect(parseMeta({ ...meta, dimensions: 5 })).toBeNull();
  });
});
