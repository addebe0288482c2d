/**
 * What `cube2048 ai` prints: a line per game, the progress line, and the summary, as text
 * or as one JSON document. Pure formatting: the games come from src/cli/ai-runner.ts.
 */
import type { GameSummary } from '../ai/selfplay';

const MILESTONES = [2048, 4096, 8192, 16384, 32768] as const;

export interface Summary {
  readonly games: number;
  readonly reached: Record<string, number>;
  readonly meanScore: number;
  readonly medianScore: number;
  readonly maxTile: number;
  /** Slides evaluated per second of search, per thread. */
  readonly nodesPerSecond: number;
  readonly msPerMove: number;
  readonly slowestMoveMs: number;
  readonly wallSeconds: number;
}

export function summarize(games: readonly GameSummary[], wallSeconds: number): Summary {
  const n = games.length;
  const scores = games.map((g) => g.score).sort((a, b) => a - b);
  const median =
    n === 0 ? 0 : n % 2 === 1 ? (scores[(n - 1) / 2] as number) : ((scores[n / 2 - 1] as number) + (scores[n / 2] as number)) / 2;
  const reached: Record<string, number> = {};
  for (const tile of MILESTONES) reached[tile] = n === 0 ? 0 : games.filter((g) => g.maxTile >= tile).length / n;
  const nodes = games.reduce((sum, g) => sum + g.nodes, 0);
  const searchMs = games.reduce((sum, g) => sum + g.searchMs, 0);
  const moves = games.reduce((sum, g) => sum + g.moves, 0);
  return {
    games: n,
    reached,
    meanScore: n === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / n,
    medianScore: median,
    maxTile: games.reduce((max, g) => Math.max(max, g.maxTile), 0),
    nodesPerSecond: searchMs > 0 ? (nodes / searchMs) * 1000 : 0,
    msPerMove: moves > 0 ? searchMs / moves : 0,
    slowestMoveMs: games.reduce((max, g) => Math.max(max, g.slowestMoveMs), 0),
    wallSeconds,
  };
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);
const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
const movesPerSecond = (g: Pick<GameSummary, 'moves' | 'seconds'>): number => (g.seconds > 0 ? g.moves / g.seconds : 0);

const TABLE_HEAD = `${pad('seed', 10)} ${pad('max tile', 8)} ${pad('score', 8)} ${pad('moves', 6)} ${pad('seconds', 8)} ${pad('moves/s', 8)}\n`;

/** What the run is about to do, and the head of the table of games. */
export function headText(
  run: {
    readonly games: number;
    readonly preset: string;
    readonly seed: number;
    readonly workers: number;
    readonly journal: string | null;
    readonly size: number;
    readonly dimensions: 2 | 3;
  },
  resumed: number,
): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const { size } = run;
  const board = run.dimensions === 3 ? `${size}×${size}×${size} cube` : `${size}×${size} board`;
  let text = `cube2048 ai: ${plural(run.games, 'game')} on a ${board}, preset ${run.preset}, seeds from ${run.seed}, ${plural(run.workers, 'worker')}\n`;
  if (resumed > 0) text += `${resumed} of them already in ${run.journal}, counted without playing them again\n`;
  return text + TABLE_HEAD;
}

export const gameLine = (g: GameSummary): string =>
  `${pad(g.seed, 10)} ${pad(g.maxTile, 8)} ${pad(g.score, 8)} ${pad(g.moves, 6)} ${pad(g.seconds.toFixed(1), 8)} ${pad(movesPerSecond(g).toFixed(0), 8)}\n`;

export function summaryText(s: Summary): string {
  const reached = MILESTONES.map((tile) => `${tile} ${pct(s.reached[tile] ?? 0)}`).join('  ');
  return (
    `\n${s.games} games in ${s.wallSeconds.toFixed(1)} s, best tile ${s.maxTile}\n` +
    `reached  ${reached}\n` +
    `score    mean ${Math.round(s.meanScore)}  median ${Math.round(s.medianScore)}\n` +
    `search   ${(s.nodesPerSecond / 1e6).toFixed(2)} M nodes/s per thread, ${s.msPerMove.toFixed(2)} ms a move, slowest ${s.slowestMoveMs.toFixed(0)} ms\n`
  );
}

const formatDuration = (seconds: number): string => {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/** A game still being played, as its progress reports last left it. */
export interface LiveGame {
  readonly moves: number;
  readonly maxTile: number;
}

/** The one-line progress report: games done and playing, moves, best tile, time so far. */
export function progressLine(total: number, done: readonly GameSummary[], live: ReadonlyMap<number, LiveGame>, seconds: number): string {
  const moves = [...live.values()].reduce((sum, g) => sum + g.moves, 0) + done.reduce((sum, g) => sum + g.moves, 0);
  const best = Math.max(0, ...[...live.values()].map((g) => g.maxTile), ...done.map((g) => g.maxTile));
  return `games ${done.length}/${total} done, ${live.size} playing · ${moves} moves · best tile ${best} · ${formatDuration(seconds)}`;
}

/** The run as one JSON document: the settings, every game (without its move record) and the summary. */
export function jsonReport(
  run: {
    readonly preset: string;
    readonly seed: number;
    readonly workers: number;
    readonly size: number;
    readonly dimensions: number;
    readonly deterministic: boolean;
    readonly interrupted: boolean;
    readonly resumed: number;
  },
  done: readonly GameSummary[],
  live: ReadonlyMap<number, LiveGame>,
  summary: Summary,
): string {
  const games = done.map(({ record: _record, ...g }) => ({ ...g, movesPerSecond: movesPerSecond(g) }));
  const unfinished = [...live].map(([seed, g]) => ({ seed, moves: g.moves, maxTile: g.maxTile }));
  const { preset, seed, workers, size, dimensions, deterministic, interrupted, resumed } = run;
  return `${JSON.stringify({ preset, seed, workers, size, dimensions, deterministic, interrupted, resumed, games, unfinished, summary })}\n`;
}

/** The text lines after an interrupted run: how many games finished, and where each unfinished one stood. */
export function interruptedText(total: number, done: number, live: ReadonlyMap<number, LiveGame>): string {
  let text = `\ninterrupted after ${done} of ${total} games\n`;
  for (const [seed, g] of live) text += `unfinished: seed ${seed} at move ${g.moves}, best tile ${g.maxTile}\n`;
  return text;
}
