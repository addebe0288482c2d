import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkArchiveGame, decodeArchive, encodeArchive, MAX_ARCHIVE_CHARS, mergeEntries, openArchive } from '../../src/history/archive';
import type { HistoryEntry } from '../../src/history/entry';
import { entryOf, startMeta, tickMeta } from '../../src/history/keep';
import { playGame } from './games';

const kept = (seed: number, moves?: number, mode: 'normal' | 'daily' = 'normal'): HistoryEntry => {
  const game = playGame({ seed, ...(moves !== undefined ? { moves } : {}) });
  const meta = tickMeta(startMeta(game, mode, 1_000 + seed, '2026-11-30'), 3_000 + seed);
  return entryOf(game, game.status === 'over' ? 'over' : 'left', meta, 9_000 + seed);
};
const games = [kept(1), kept(2, 12), kept(3, 30, 'daily')];
const decoded = (text: string) => {
  const result = decodeArchive(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
/** The export with game `index`'s JSON changed by `change`. */
const tampered = (index: number, change: (game: Record<string, unknown>) => void): string => {
  const file = JSON.parse(encodeArchive(games)) as { games: Record<string, unknown>[] };
  const game = file.games[index] as Record<string, unknown>;
  change(game);
  return JSON.stringify(file);
};

describe('the history export file', () => {
  it('reads back the games it was written with, whatever they are', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ seed: fc.nat({ max: 1000 }), moves: fc.integer({ min: 0, max: 80 }) }), { maxLength: 6 }),
        (specs) => {
          const entries = mergeEntries(
            [],
            specs.map(({ seed, moves }) => kept(seed, moves)),
          );
          expect(decoded(encodeArchive(entries))).toEqual({ games: entries, skipped: [], duplicates: 0 });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('puts one game on each line, so two exports diff line by line', () => {
    const lines = encodeArchive(games).trimEnd().split('\n');
    expect(lines[0]).toBe('{"format":"cube2048-history","v":1,"games":[');
    expect(lines.slice(1, -1)).toHaveLength(3);
    expect(lines.at(-1)).toBe(']}');
    expect(encodeArchive([])).toBe('{"format":"cube2048-history","v":1,"games":[]}\n');
  });

  it('catches a raised score by replaying the moves, names the game, and keeps the others', () => {
    const { games: read, skipped } = decoded(tampered(1, (g) => (g.score = Number(g.score) + 4)));
    expect(read.map((g) => g.id)).toEqual([games[0]?.id, games[2]?.id]);
    expect(skipped).toEqual([
      {
        index: 1,
        reason: `Game 2: its moves do not match its score and tile (they give ${games[1]?.score} and ${games[1]?.maxTile}, it says ${(games[1]?.score ?? 0) + 4} and ${games[1]?.maxTile}).`,
      },
    ]);
  });

  it('names a game whose move does not change the board', () => {
    const { skipped } = decoded(tampered(0, (g) => (g.moves = `${String(g.moves)}L`)));
    expect(skipped[0]?.reason).toMatch(/^Game 1: its move \d+ does not change the board\.$/);
  });

  it('names a game said to be over that has a move left', () => {
    const { skipped } = decoded(tampered(1, (g) => (g.end = 'over')));
    expect(skipped).toEqual([{ index: 1, reason: 'Game 2: it says the game was over, but its moves leave a move to play.' }]);
  });

  it('names a corrupt game by its number and what is wrong with it', () => {
    const { games: read, skipped } = decoded(tampered(2, (g) => (g.size = 12)));
    expect(read).toHaveLength(2);
    expect(skipped).toEqual([{ index: 2, reason: 'Game 3: its board size is not 3 to 8.' }]);
    expect(decoded(tampered(0, (g) => delete g.mode)).skipped).toEqual([{ index: 0, reason: 'Game 1: its mode is unknown.' }]);
  });

  it('merges a game that appears twice in the file into one', () => {
    const again = { ...games[0], startedAt: 5 } as HistoryEntry;
    const { games: read, duplicates } = decoded(encodeArchive([...games, again]));
    expect(read).toEqual(games);
    expect(duplicates).toBe(1);
  });

  it.each([
    ['text that is not JSON', 'games: 3', 'The file is not valid JSON.'],
    ['another kind of file', '{"format":"cube2048-record","v":1}', 'The file is not a cube2048 history.'],
    ['a list', '[]', 'The file is not a cube2048 history.'],
    [
      'a file from a newer version',
      '{"format":"cube2048-history","v":2,"games":[]}',
      'The file was made by a newer version of cube2048 (history format 2); update cube2048 to read it.',
    ],
    ['a file with no games list', '{"format":"cube2048-history","v":1}', 'The file is not a cube2048 history: it has no list of games.'],
  ])('refuses %s as a whole', (_what, text, error) => {
    expect(decodeArchive(text)).toEqual({ ok: false, error });
  });

  it('refuses a file over 64 MB before parsing it', () => {
    expect(decodeArchive(' '.repeat(MAX_ARCHIVE_CHARS + 1))).toEqual({
      ok: false,
      error: 'The file is too large to be a cube2048 history (over 64 MB).',
    });
  });
});

describe('an export checked a game at a time (for a progress bar)', () => {
  it('finds what decodeArchive finds', () => {
    const text = tampered(1, (g) => (g.score = 1));
    const list = openArchive(text);
    if (!list.ok) throw new Error(list.error);
    const checked = list.value.map(checkArchiveGame);
    expect(checked.flatMap((c) => (c.ok ? [c.value] : []))).toEqual(decoded(text).games);
    expect(checked[1]).toEqual({ ok: false, error: decoded(text).skipped[0]?.reason });
    expect(openArchive('[]')).toEqual(decodeArchive('[]'));
  });
});

describe('mergeEntries', () => {
  it('adds only the games not kept yet, each once, given the kept games or their ids', () => {
    const [a, b, c] = games as [HistoryEntry, HistoryEntry, HistoryEntry];
    expect(mergeEntries([a], [a, b, c, b])).toEqual([b, c]);
    expect(mergeEntries(new Set([b.id]), [a, b, c])).toEqual([a, c]);
    expect(mergeEntries([], [])).toEqual([]);
  });
});
