/**
 * The player's statistics, from the kept games' summaries: one pure function shared by the
 * page's statistics view and `cube2048 stats`. No clock: "today" is passed in as a UTC day.
 * Field names are stable: `cube2048 stats --json` prints these objects as they are.
 */
import type { Dimensions } from '../engine';
import type { GameMode, GameSummary } from './entry';
import { isAssisted, isWin, shapeField, shapeOf } from './entry';

/** How many games ended with each largest tile. */
export interface TileBucket {
  /** A tile value (2, 4, … 2048 …); 0 only for a game with no tile at all. */
  readonly tile: number;
  /** Games whose largest tile was exactly `tile`. */
  readonly games: number;
  /** Games whose largest tile was `tile` or more ("reached 512"). */
  readonly reached: number;
}

/** One game on the scores-over-time chart. */
export interface ScorePoint {
  readonly id: string;
  readonly endedAt: number;
  readonly score: number;
  readonly size: number;
  /** 3 for a cube's game; absent for a square's. */
  readonly dimensions?: 3;
}

/** A run of consecutive days (or games). */
export interface Streak {
  /** The run still going: ending at the latest game (wins), or today or yesterday (daily challenge). */
  readonly current: number;
  /** The longest run ever. */
  readonly best: number;
}

export interface GroupStatistics {
  /** Games kept. */
  readonly played: number;
  /** Games that reached their target tile. */
  readonly wins: number;
  /** wins / played, from 0 to 1; 0 with no games. */
  readonly winRate: number;
  /** 0 with no games, as are the other scores and tiles. */
  readonly bestScore: number;
  readonly bestTile: number;
  readonly meanScore: number;
  /** The middle score; the mean of the two middle ones for an even count. */
  readonly medianScore: number;
  /** The game with the most moves (the earliest of equals), or null with no games. */
  readonly longestGame: { readonly id: string; readonly moves: number } | null;
  /** Consecutive wins, games ordered by when they ended. */
  readonly winStreak: Streak;
  /** Consecutive UTC days with a daily-challenge game kept. */
  readonly dailyStreak: Streak;
  readonly totalMoves: number;
  /** Milliseconds, as counted by each game's `playedMs`. */
  readonly totalPlayedMs: number;
  /** Every power of two from the smallest to the largest tile seen, so a chart has no gaps; the counts sum to `played`. */
  readonly tileHistogram: readonly TileBucket[];
  /** Every game, oldest first. */
  readonly scores: readonly ScorePoint[];
}

export interface SizeStatistics extends GroupStatistics {
  readonly size: number;
  /** 3 for a cube's games; absent for a square's. */
  readonly dimensions?: 3;
}

export interface Statistics {
  /** The UTC day (YYYY-MM-DD) the daily streaks were counted for. */
  readonly today: string;
  /** Games the AI helped with (it moved, or a hint was shown) among those given: left out unless `withAssisted`. */
  readonly assisted: number;
  /** Whether those games are counted below. */
  readonly withAssisted: boolean;
  readonly overall: GroupStatistics;
  /** One entry per board shape and size that has games: squares smallest first, then cubes. */
  readonly bySize: readonly SizeStatistics[];
}

/** The games of one shape, size or mode (or several); absent criteria match everything. */
export const filterGames = <T extends GameSummary>(
  games: readonly T[],
  filter: { readonly size?: number; readonly dimensions?: Dimensions; readonly mode?: GameMode },
): T[] =>
  games.filter(
    (g) =>
      (filter.size === undefined || g.size === filter.size) &&
      (filter.dimensions === undefined || shapeOf(g) === filter.dimensions) &&
      (filter.mode === undefined || g.mode === filter.mode),
  );

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a YYYY-MM-DD string, or null if it is no calendar day (the civil-from-days rule, no Date). */
export function dayNumber(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (length === undefined || date < 1 || date > length) return null;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + date - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** Ends first, then starts, then ids: the same order for the same games, whatever order they came in. */
const byEnd = (a: GameSummary, b: GameSummary): number =>
  a.endedAt - b.endedAt || a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function winStreak(ordered: readonly GameSummary[]): Streak {
  let run = 0;
  let best = 0;
  for (const game of ordered) {
    run = isWin(game) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return { current: run, best };
}

function dailyStreak(games: readonly GameSummary[], today: number | null): Streak {
  const days = [
    ...new Set(
      games.flatMap((g) => (g.mode === 'daily' && g.day !== undefined ? [dayNumber(g.day)] : [])).filter((d): d is number => d !== null),
    ),
  ].sort((a, b) => a - b);
  let run = 0;
  let best = 0;
  let previous: number | null = null;
  for (const day of days) {
    run = previous !== null && day === previous + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  // The latest run is still alive if it reaches yesterday: today's challenge may not be played yet.
  const current = previous !== null && today !== null && previous >= today - 1 ? run : 0;
  return { current, best };
}

function tileHistogram(games: readonly GameSummary[]): TileBucket[] {
  if (games.length === 0) return [];
  const counts = new Map<number, number>();
  for (const g of games) counts.set(g.maxTile, (counts.get(g.maxTile) ?? 0) + 1);
  // Every largest tile is a power of two (parseEntry checks it), so doubling from the smallest meets them all.
  const tiles = [...counts.keys()].filter((t) => t > 0);
  const buckets: number[] = counts.has(0) ? [0] : [];
  if (tiles.length > 0) for (let t = Math.min(...tiles), top = Math.max(...tiles); t <= top; t *= 2) buckets.push(t);
  let reached = games.length;
  return buckets.map((tile) => {
    const bucket = { tile, games: counts.get(tile) ?? 0, reached };
    reached -= bucket.games;
    return bucket;
  });
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function groupOf(games: readonly GameSummary[], today: number | null): GroupStatistics {
  const ordered = [...games].sort(byEnd);
  const played = ordered.length;
  const wins = ordered.filter(isWin).length;
  const scores = ordered.map((g) => g.score).sort((a, b) => a - b);
  let longest: GameSummary | null = null;
  for (const g of ordered) if (longest === null || g.moveCount > longest.moveCount) longest = g;
  const total = scores.reduce((sum, s) => sum + s, 0);
  return {
    played,
    wins,
    winRate: played === 0 ? 0 : wins / played,
    bestScore: scores[scores.length - 1] ?? 0,
    bestTile: ordered.reduce((best, g) => Math.max(best, g.maxTile), 0),
    meanScore: played === 0 ? 0 : total / played,
    medianScore: median(scores),
    longestGame: longest === null ? null : { id: longest.id, moves: longest.moveCount },
    winStreak: winStreak(ordered),
    dailyStreak: dailyStreak(ordered, today),
    totalMoves: ordered.reduce((sum, g) => sum + g.moveCount, 0),
    totalPlayedMs: ordered.reduce((sum, g) => sum + g.playedMs, 0),
    tileHistogram: tileHistogram(ordered),
    scores: ordered.map((g) => ({ id: g.id, endedAt: g.endedAt, score: g.score, size: g.size, ...shapeField(shapeOf(g)) })),
  };
}

/**
 * The statistics of `games`, overall and per board size. `today` is the UTC day
 * (YYYY-MM-DD) the daily-challenge streak counts to; an invalid day gives no current streak.
 * They count the player's own games: those the AI helped with only `withAssisted`, so an
 * autoplayed game is no one's win, best score or daily result unless asked.
 */
export function statisticsOf(games: readonly GameSummary[], today: string, { withAssisted = false } = {}): Statistics {
  const day = dayNumber(today);
  const own = games.filter((g) => !isAssisted(g));
  const counted = withAssisted ? games : own;
  // One group per shape and size, keyed so that squares sort before cubes and small before large.
  const boards = [...new Set(counted.map((g) => shapeOf(g) * 100 + g.size))].sort((a, b) => a - b);
  return {
    today,
    assisted: games.length - own.length,
    withAssisted,
    overall: groupOf(counted, day),
    bySize: boards.map((key) => {
      const [size, dimensions] = [key % 100, Math.floor(key / 100) as Dimensions];
      return { size, ...shapeField(dimensions), ...groupOf(filterGames(counted, { size, dimensions }), day) };
    }),
  };
}
