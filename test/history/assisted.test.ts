/**
 * Games the AI helped with: each kept game says how many moves the AI made and how many hints
 * were shown, old entries and files without those fields still load as they did, and the
 * statistics count the player's own games unless asked to count the others too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeArchive, encodeArchive, entryLine } from '../../src/history/archive';
import type { GameSummary, HistoryEntry } from '../../src/history/entry';
import { GAME_MODES, isAssisted, isWin, parseEntry } from '../../src/history/entry';
import { entryOf, helpMeta, parseMeta, startMeta, tickMeta } from '../../src/history/keep';
import { statisticsOf } from '../../src/history/statistics';
import { playGame } from './games';

const TODAY = '2026-12-01';

/** A kept game of `moves` moves from `seed`, with the AI's moves and hints counted in its meta. */
const kept = (seed: number, moves: number, help: { aiMoves?: number; hints?: number } = {}): HistoryEntry => {
  const game = playGame({ seed, moves });
  let meta = tickMeta(startMeta(game, 'normal', 1_000 + seed), 3_000 + seed);
  for (let i = 0; i < (help.aiMoves ?? 0); i++) meta = helpMeta(meta, 'aiMoves');
  for (let i = 0; i < (help.hints ?? 0); i++) meta = helpMeta(meta, 'hints');
  return entryOf(game, game.status === 'over' ? 'over' : 'left', meta, 9_000 + seed);
};

/** An entry as the versions before the help was counted wrote it (the file's fields in their order then). */
const OLD_LINE =
  '{"id":"3-512-7-csrbml0x927ef","size":3,"seed":7,"target":512,"score":52,"maxTile":16,"moveCount":12,"end":"left","mode":"normal","startedAt":1000,"endedAt":2000,"playedMs":0,"moves":"LLLLLLLLLLLD"}';

describe('the help a kept game had', () => {
  it('is written into the entry as the meta counted it, and read back the same after a trip through JSON', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 500 }),
        fc.integer({ min: 1, max: 40 }),
        fc.nat({ max: 40 }),
        fc.nat({ max: 5 }),
        (seed, moves, ai, hints) => {
          const entry = kept(seed, moves, { aiMoves: Math.min(ai, moves), hints });
          expect(entry.aiMoves).toBe(Math.min(ai, moves) > 0 ? Math.min(ai, moves) : undefined);
          expect(entry.hints).toBe(hints > 0 ? hints : undefined);
          expect(isAssisted(entry)).toBe(Math.min(ai, moves) > 0 || hints > 0);
          expect(parseEntry(JSON.parse(entryLine(entry)))).toEqual({ ok: true, value: entry });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves an entry without help exactly as entries were before: no new fields, the same line', () => {
    const entry = kept(3, 12);
    expect(Object.keys(entry)).not.toContain('aiMoves');
    expect(Object.keys(entry)).not.toContain('hints');
    expect(entryLine(entry)).not.toMatch(/aiMoves|hints/);
  });

  it('loads an entry written before the help was counted as the player’s own game', () => {
    const parsed = parseEntry(JSON.parse(OLD_LINE));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(isAssisted(parsed.value)).toBe(false);
  });

  it('loads an export made before the help was counted, and one made with it', () => {
    const old = `{"format":"cube2048-history","v":1,"games":[\n${OLD_LINE}\n]}\n`;
    const before = decodeArchive(old);
    expect(before.ok && before.value.games.length === 1 && !isAssisted(before.value.games[0] as HistoryEntry)).toBe(true);
    const games = [kept(1, 20, { aiMoves: 20 }), kept(2, 15, { hints: 2 }), kept(4, 30)];
    expect(decodeArchive(encodeArchive(games))).toEqual({ ok: true, value: { games, skipped: [], duplicates: 0 } });
  });

  it('refuses a count that is not a whole number from 0 up', () => {
    const entry = JSON.parse(OLD_LINE) as Record<string, unknown>;
    for (const bad of [-1, 1.5, '3', null]) {
      expect(parseEntry({ ...entry, aiMoves: bad }).ok).toBe(false);
      expect(parseEntry({ ...entry, hints: bad }).ok).toBe(false);
    }
  });

  it('is kept beside the game in progress: a meta read back keeps its counts, and an old meta has none', () => {
    const game = playGame({ seed: 5, moves: 3 });
    const meta = helpMeta(helpMeta(startMeta(game, 'daily', 10, TODAY), 'aiMoves'), 'hints');
    expect(parseMeta(JSON.parse(JSON.stringify(meta)))).toEqual(meta);
    expect(parseMeta(JSON.parse(JSON.stringify(startMeta(game, 'normal', 10))))).not.toHaveProperty('aiMoves');
    expect(parseMeta({ ...meta, aiMoves: -2 })).toBeNull();
  });
});

const arbGame: fc.Arbitrary<GameSummary> = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 8 }),
    size: fc.integer({ min: 3, max: 8 }),
    seed: fc.nat(),
    score: fc.nat({ max: 100_000 }),
    tileExp: fc.integer({ min: 1, max: 14 }),
    moveCount: fc.nat({ max: 5000 }),
    mode: fc.constantFrom(...GAME_MODES),
    dayOffset: fc.integer({ min: -5, max: 0 }),
    startedAt: fc.nat({ max: 1e9 }),
    aiMoves: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
    hints: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
  })
  .map(({ tileExp, dayOffset, aiMoves, hints, ...g }): GameSummary => ({
    ...g,
    target: 2048,
    end: 'over',
    maxTile: 2 ** tileExp,
    endedAt: g.startedAt + 1000,
    playedMs: 1000,
    ...(g.mode === 'daily' ? { day: new Date(Date.UTC(2026, 11, 1 + dayOffset)).toISOString().slice(0, 10) } : {}),
    ...(aiMoves !== undefined ? { aiMoves } : {}),
    ...(hints !== undefined ? { hints } : {}),
  }));

describe('statistics, with games the AI helped with among the player’s own', () => {
  it('count only the player’s own games by default: the same figures as without the assisted games at all', () => {
    fc.assert(
      fc.property(fc.array(arbGame, { maxLength: 30 }), (games) => {
        const own = games.filter((g) => !isAssisted(g));
        const stats = statisticsOf(games, TODAY);
        const { assisted: _a, withAssisted: _w, ...figures } = stats;
        const { assisted: _b, withAssisted: _v, ...ownFigures } = statisticsOf(own, TODAY);
        expect(figures).toEqual(ownFigures);
        expect(stats.assisted).toBe(games.length - own.length);
        expect(stats.withAssisted).toBe(false);
      }),
    );
  });

  it('never let an assisted game set the best score, best tile, a win, a winning streak or a daily result', () => {
    fc.assert(
      fc.property(fc.array(arbGame, { maxLength: 30 }), (games) => {
        const own = games.filter((g) => !isAssisted(g));
        const { overall } = statisticsOf(games, TODAY);
        expect(overall.bestScore).toBe(Math.max(0, ...own.map((g) => g.score)));
        expect(overall.bestTile).toBe(Math.max(0, ...own.map((g) => g.maxTile)));
        expect(overall.wins).toBe(own.filter(isWin).length);
        expect(overall.winStreak.best).toBeLessThanOrEqual(overall.wins);
        expect(overall.dailyStreak).toEqual(statisticsOf(own, TODAY).overall.dailyStreak);
      }),
    );
  });

  it('count every game when asked to include the assisted ones', () => {
    fc.assert(
      fc.property(fc.array(arbGame, { maxLength: 30 }), (games) => {
        const withThem = statisticsOf(games, TODAY, { withAssisted: true });
        expect(withThem.overall.played).toBe(games.length);
        expect(withThem.withAssisted).toBe(true);
        expect(withThem.overall.bestScore).toBe(Math.max(0, ...games.map((g) => g.score)));
      }),
    );
  });

  it('by example: an autoplayed win does not count, the player’s own loss does', () => {
    const base = { size: 4, seed: 1, target: 2048, moveCount: 900, end: 'over', mode: 'daily', day: TODAY, playedMs: 1 } as const;
    const mine: GameSummary = { ...base, id: 'mine', score: 3000, maxTile: 256, startedAt: 1, endedAt: 2 };
    const ai: GameSummary = { ...base, id: 'ai', score: 40_000, maxTile: 2048, startedAt: 3, endedAt: 4, aiMoves: 900 };
    const { overall, assisted } = statisticsOf([mine, ai], TODAY);
    expect(assisted).toBe(1);
    expect(overall).toMatchObject({ played: 1, wins: 0, bestScore: 3000, bestTile: 256, winStreak: { current: 0, best: 0 } });
    expect(statisticsOf([ai], TODAY).overall.dailyStreak).toEqual({ current: 0, best: 0 });
  });
});
