import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryId, isWin, parseEntry, recordOfEntry, summaryOf } from '../../src/history/entry';
import type { HistoryEntry } from '../../src/history/entry';
import { entryOf, startMeta } from '../../src/history/keep';
import { verifyRecord } from '../../src/replay/record';
import { playGame } from './games';

const kept = (seed: number, moves?: number): HistoryEntry => {
  const game = playGame({ seed, ...(moves !== undefined ? { moves } : {}) });
  return entryOf(game, game.status === 'over' ? 'over' : 'left', startMeta(game, 'seeded', 1_000), 5_000);
};

describe('a kept game entry', () => {
  it('is accepted by parseEntry as entryOf made it, after a trip through JSON', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 60 }), (seed, moves) => {
        const entry = kept(seed, moves);
        expect(parseEntry(JSON.parse(JSON.stringify(entry)))).toEqual({ ok: true, value: entry });
      }),
      { numRuns: 40 },
    );
  });

  it('replays to its own score and tile', () => {
    const entry = kept(9);
    expect(entry.end).toBe('over');
    expect(verifyRecord(recordOfEntry(entry)).problem).toBeNull();
  });

  it('has the same id for the same game and another for a game one move different', () => {
    const a = kept(4, 20);
    expect(kept(4, 20).id).toBe(a.id);
    expect(kept(4, 21).id).not.toBe(a.id);
    expect(entryId({ ...a, moves: `${a.moves.slice(0, -1)}${a.moves.endsWith('L') ? 'R' : 'L'}` })).not.toBe(a.id);
    expect(kept(5, 20).id).not.toBe(a.id);
  });

  it('never trusts a stored id: parseEntry computes it again', () => {
    const entry = kept(4, 20);
    const parsed = parseEntry({ ...entry, id: 'forged', moveCount: 3 });
    expect(parsed).toEqual({ ok: true, value: entry });
  });

  it('is a win once its largest tile reaches the target', () => {
    expect(isWin({ maxTile: 2048, target: 2048 })).toBe(true);
    expect(isWin({ maxTile: 4096, target: 2048 })).toBe(true);
    expect(isWin({ maxTile: 1024, target: 2048 })).toBe(false);
  });

  it('drops its moves in its summary', () => {
    const entry = kept(4, 20);
    expect(summaryOf(entry)).not.toHaveProperty('moves');
    expect(summaryOf(entry).id).toBe(entry.id);
  });

  const base = kept(2, 15);
  const cases: [string, unknown, string][] = [
    ['not an object', [base], 'it is not an object'],
    ['a size of 9', { ...base, size: 9 }, 'its board size is not 3 to 8'],
    ['a negative seed', { ...base, seed: -1 }, 'its seed is not a whole number from 0 to 4294967295'],
    ['a target of 100', { ...base, target: 100 }, 'its target is not a power of two from 8 up'],
    ['moves with an X', { ...base, moves: 'LRX' }, 'its moves are not a string of L, R, U and D'],
    ['a fractional score', { ...base, score: 1.5 }, 'its score is not a whole number'],
    ['a largest tile of 3', { ...base, maxTile: 3 }, 'its largest tile is not a power of two'],
    ['no end', { ...base, end: 'quit' }, 'it does not say how it ended'],
    ['an unknown mode', { ...base, mode: 'ranked' }, 'its mode is unknown'],
    ['a daily game without a day', { ...base, mode: 'daily' }, 'its daily-challenge day is wrong'],
    ['a day on a normal game', { ...base, day: '2026-12-01' }, 'its daily-challenge day is wrong'],
    ['an end before its start', { ...base, startedAt: 10, endedAt: 5 }, 'its start and end times are wrong'],
    ['a negative time played', { ...base, playedMs: -1 }, 'its time played is wrong'],
  ];
  it.each(cases)('is refused with %s, with a message that names the field', (_what, input, message) => {
    expect(parseEntry(input)).toEqual({ ok: false, error: message });
  });
});
