import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMode, GameSummary } from '../../src/history/entry';
import { GAME_MODES } from '../../src/history/entry';
import { dayNumber, filterGames, statisticsOf } from '../../src/history/statistics';

const DAY_MS = 86_400_000;
const TODAY = '2026-12-01';

/** A day string `offset` days from TODAY (negative: before), computed without a clock. */
const dayAt = (offset: number): string => {
  const base = Date.UTC(2026, 11, 1);
  return new Date(base + offset * DAY_MS).toISOString().slice(0, 10);
};

let next = 0;
/** A kept game; unnamed fields get plain values (a 4×4 normal game to 2048 that did not win). */
const game = (fields: Partial<GameSummary> = {}): GameSummary => {
  const n = ++next;
  return {
    id: `g${n}`,
    size: 4,
    seed: n,
    target: 2048,
    score: 1000,
    maxTile: 256,
    moveCount: 100,
    end: 'over',
    mode: 'normal',
    startedAt: n * 1000,
    endedAt: n * 1000 + 500,
    playedMs: 400,
    ...fields,
  };
};

const arbGame: fc.Arbitrary<GameSummary> = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 8 }),
    size: fc.integer({ min: 3, max: 8 }),
    cube: fc.boolean(),
    seed: fc.nat(),
    target: fc.constantFrom(8, 64, 2048),
    score: fc.nat({ max: 100_000 }),
    tileExp: fc.integer({ min: 0, max: 14 }),
    moveCount: fc.nat({ max: 5000 }),
    end: fc.constantFrom('over' as const, 'left' as const),
    mode: fc.constantFrom(...GAME_MODES),
    dayOffset: fc.integer({ min: -20, max: 0 }),
    startedAt: fc.nat({ max: 1e9 }),
    length: fc.nat({ max: 1e7 }),
    playedMs: fc.nat({ max: 1e7 }),
  })
  .map(({ tileExp, dayOffset, length, cube, ...g }): GameSummary => ({
    ...g,
    ...(cube ? { dimensions: 3 as const } : {}),
    maxTile: tileExp === 0 ? 0 : 2 ** tileExp,
    endedAt: g.startedAt + length,
    ...(g.mode === 'daily' ? { day: dayAt(dayOffset) } : {}),
  }));
const arbGames = fc.array(arbGame, { maxLength: 40 });

describe('statisticsOf, for any games', () => {
  it('keeps rates between 0 and 1 and wins within the games played', () => {
    fc.assert(
      fc.property(arbGames, (games) => {
        const stats = statisticsOf(games, TODAY);
        for (const group of [stats.overall, ...stats.bySize]) {
          expect(group.winRate).toBeGreaterThanOrEqual(0);
          expect(group.winRate).toBeLessThanOrEqual(1);
          expect(group.wins).toBeLessThanOrEqual(group.played);
        }
      }),
    );
  });

  it('adds up: the shapes and sizes sum to the overall counts, and the tile histogram sums to the games played', () => {
    fc.assert(
      fc.property(arbGames, (games) => {
        const { overall, bySize } = statisticsOf(games, TODAY);
        expect(overall.played).toBe(games.length);
        const sum = (pick: (g: (typeof bySize)[number]) => number): number => bySize.reduce((s, g) => s + pick(g), 0);
        expect(sum((g) => g.played)).toBe(overall.played);
        expect(sum((g) => g.wins)).toBe(overall.wins);
        expect(sum((g) => g.totalMoves)).toBe(overall.totalMoves);
        expect(sum((g) => g.totalPlayedMs)).toBe(overall.totalPlayedMs);
        for (const group of [overall, ...bySize]) {
          expect(group.tileHistogram.reduce((s, b) => s + b.games, 0)).toBe(group.played);
          expect(group.scores).toHaveLength(group.played);
          expect(group.tileHistogram[0]?.reached ?? 0).toBe(group.played);
        }
        const boards = (list: readonly { size: number; dimensions?: number }[]): string[] =>
          list.map((g) => `${g.dimensions ?? 2}:${g.size}`);
        expect(boards(bySize)).toEqual([...new Set(boards(games))].sort());
      }),
    );
  });

  it('lists every power of two between the smallest and largest tile, so a chart has no gaps', () => {
    fc.assert(
      fc.property(arbGames, (games) => {
        const tiles = statisticsOf(games, TODAY)
          .overall.tileHistogram.map((b) => b.tile)
          .filter((t) => t > 0);
        tiles.slice(1).forEach((t, i) => expect(t).toBe((tiles[i] as number) * 2));
      }),
    );
  });

  it('puts the mean and median between the lowest and highest score', () => {
    fc.assert(
      fc.property(fc.array(arbGame, { minLength: 1, maxLength: 40 }), (games) => {
        const stats = statisticsOf(games, TODAY);
        for (const group of [stats.overall, ...stats.bySize]) {
          const scores = group.scores.map((p) => p.score);
          const low = Math.min(...scores);
          expect(group.medianScore).toBeGreaterThanOrEqual(low);
          expect(group.medianScore).toBeLessThanOrEqual(group.bestScore);
          expect(group.meanScore).toBeGreaterThanOrEqual(low - 1e-9);
          expect(group.meanScore).toBeLessThanOrEqual(group.bestScore + 1e-9);
        }
      }),
    );
  });

  it('never has a current streak longer than the best one, nor a win streak longer than the wins', () => {
    fc.assert(
      fc.property(arbGames, (games) => {
        const { overall } = statisticsOf(games, TODAY);
        expect(overall.winStreak.best).toBeGreaterThanOrEqual(overall.winStreak.current);
        expect(overall.winStreak.best).toBeLessThanOrEqual(overall.wins);
        expect(overall.dailyStreak.best).toBeGreaterThanOrEqual(overall.dailyStreak.current);
        expect(overall.dailyStreak.best).toBeLessThanOrEqual(new Set(games.flatMap((g) => (g.day ? [g.day] : []))).size);
      }),
    );
  });

  it('gives the same answer whatever order the games come in, with scores oldest first', () => {
    fc.assert(
      fc.property(arbGames, fc.nat(), (games, shift) => {
        const k = games.length === 0 ? 0 : shift % games.length;
        const rotated = [...games.slice(k), ...games.slice(0, k)].reverse();
        const stats = statisticsOf(games, TODAY);
        expect(statisticsOf(rotated, TODAY)).toEqual(stats);
        const ends = stats.overall.scores.map((p) => p.endedAt);
        expect(ends).toEqual([...ends].sort((a, b) => a - b));
      }),
    );
  });
});

describe('statisticsOf, by example', () => {
  it('has zeros and empty lists when no game is kept', () => {
    const { overall, bySize } = statisticsOf([], TODAY);
    expect(bySize).toEqual([]);
    expect(overall).toMatchObject({
      played: 0,
      wins: 0,
      winRate: 0,
      bestScore: 0,
      bestTile: 0,
      meanScore: 0,
      medianScore: 0,
      longestGame: null,
      totalMoves: 0,
      tileHistogram: [],
      scores: [],
    });
    expect(overall.winStreak).toEqual({ current: 0, best: 0 });
  });

  it('counts a loss then three wins as a current streak of three, and two earlier wins as a shorter best', () => {
    const win = { maxTile: 2048 };
    const games = [game(win), game(win), game(), game(win), game(win), game(win)];
    const { overall } = statisticsOf(games.reverse(), TODAY);
    expect(overall.wins).toBe(5);
    expect(overall.winRate).toBeCloseTo(5 / 6);
    expect(overall.winStreak).toEqual({ current: 3, best: 3 });
  });

  it('ends the current win streak with a lost game', () => {
    const { overall } = statisticsOf([game({ maxTile: 2048 }), game({ maxTile: 2048 }), game()], TODAY);
    expect(overall.winStreak).toEqual({ current: 0, best: 2 });
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    const { overall } = statisticsOf(
      [100, 200, 400, 1000].map((score) => game({ score })),
      TODAY,
    );
    expect(overall.medianScore).toBe(300);
    expect(overall.meanScore).toBe(425);
    expect(overall.bestScore).toBe(1000);
  });

  it('names the longest game by its id and moves', () => {
    const long = game({ moveCount: 900 });
    expect(statisticsOf([game(), long, game({ moveCount: 900 })], TODAY).overall.longestGame).toEqual({ id: long.id, moves: 900 });
  });

  it('shows 512 and 1024 with no games between a 256 and a 2048, and counts who reached each', () => {
    const { tileHistogram } = statisticsOf([game({ maxTile: 256 }), game({ maxTile: 2048 }), game({ maxTile: 256 })], TODAY).overall;
    expect(tileHistogram).toEqual([
      { tile: 256, games: 2, reached: 3 },
      { tile: 512, games: 0, reached: 1 },
      { tile: 1024, games: 0, reached: 1 },
      { tile: 2048, games: 1, reached: 1 },
    ]);
  });

  it('keeps each size apart, only the sizes played', () => {
    const { bySize } = statisticsOf([game({ size: 3, score: 50 }), game({ size: 5 }), game({ size: 3, score: 70 })], TODAY);
    expect(bySize.map((g) => [g.size, g.played, g.bestScore])).toEqual([
      [3, 2, 70],
      [5, 1, 1000],
    ]);
  });

  it('counts a daily streak that reaches yesterday as current, and one that stopped two days ago as past', () => {
    const daily = (offset: number): GameSummary => game({ mode: 'daily', day: dayAt(offset) });
    expect(statisticsOf([daily(-1), daily(-2), daily(-3), daily(-3)], TODAY).overall.dailyStreak).toEqual({ current: 3, best: 3 });
    expect(statisticsOf([daily(-2), daily(-3)], TODAY).overall.dailyStreak).toEqual({ current: 0, best: 2 });
    expect(statisticsOf([daily(0), daily(-2), daily(-3), daily(-4)], TODAY).overall.dailyStreak).toEqual({ current: 1, best: 3 });
  });

  it('counts streak days across a month end and a leap day', () => {
    const days = ['2024-02-28', '2024-02-29', '2024-03-01'];
    expect(
      statisticsOf(
        days.map((day) => game({ mode: 'daily', day })),
        '2024-03-02',
      ).overall.dailyStreak,
    ).toEqual({ current: 3, best: 3 });
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber(TODAY)).toBe(Date.UTC(2026, 11, 1) / DAY_MS);
    expect(dayNumber('2023-02-29')).toBeNull();
  });

  it('keeps cube games apart from square games of the same size: squares first, then cubes', () => {
    const { bySize, overall } = statisticsOf(
      [game({ size: 4, dimensions: 3, score: 9000 }), game({ size: 4, score: 300 }), game({ size: 3, dimensions: 3 }), game({ size: 5 })],
      TODAY,
    );
    expect(bySize.map((g) => [g.size, g.dimensions ?? 2, g.played, g.bestScore])).toEqual([
      [4, 2, 1, 300],
      [5, 2, 1, 1000],
      [3, 3, 1, 1000],
      [4, 3, 1, 9000],
    ]);
    expect(bySize[0]).not.toHaveProperty('dimensions');
    expect(overall.played).toBe(4);
  });

  it('filters games by shape', () => {
    const games = [game({ size: 4 }), game({ size: 4, dimensions: 3 }), game({ size: 3, dimensions: 3 })];
    expect(filterGames(games, { dimensions: 3 })).toEqual([games[1], games[2]]);
    expect(filterGames(games, { dimensions: 2 })).toEqual([games[0]]);
    expect(filterGames(games, { size: 4, dimensions: 3 })).toEqual([games[1]]);
    expect(filterGames(games, { size: 4 })).toHaveLength(2);
  });

  it('filters games by size and mode', () => {
    const games = [game({ size: 3 }), game({ size: 3, mode: 'seeded' as GameMode }), game({ size: 4, mode: 'seeded' })];
    expect(filterGames(games, { size: 3 })).toHaveLength(2);
    expect(filterGames(games, { mode: 'seeded' })).toHaveLength(2);
    expect(filterGames(games, { size: 3, mode: 'seeded' })).toEqual([games[1]]);
    expect(filterGames(games, {})).toEqual(games);
  });
});
