/**
 * One kept game: what the player's history stores for each finished or left game, in the
 * browser's database and in the terminal's JSON-lines file alike. Pure: no DOM, no storage.
 * The moves make the game replayable (and verifiable); everything else is its summary.
 */
import type { Dimensions, ParseResult } from '../engine';
import { MAX_CUBE_SIZE, MAX_SIZE, isValidDimensions, isValidSeed, isValidSize, isValidTarget, isWinningTile } from '../engine';
import { fail, isRecord, own } from '../engine/untrusted';
import type { GameRecord } from '../replay/record';
import { MAX_RECORD_MOVES } from '../replay/record';

/** How the game began: a fresh game, the daily challenge, a chosen seed, played on from a replay, or an imported record. */
export type GameMode = 'normal' | 'daily' | 'seeded' | 'forked' | 'imported';
export const GAME_MODES: readonly GameMode[] = ['normal', 'daily', 'seeded', 'forked', 'imported'];

/** Why it was kept: no move was left, or the player started another game. */
export type GameEnd = 'over' | 'left';

export interface GameSummary {
  /** Same game, same id: shape, size, target, seed and moves decide it, so duplicates merge. */
  readonly id: string;
  readonly size: number;
  /** 3 for a cube; absent for a square, as in every entry kept before cubes. */
  readonly dimensions?: Dimensions;
  readonly seed: number;
  readonly target: number;
  readonly score: number;
  /** The largest tile's value (2048, not 11). */
  readonly maxTile: number;
  readonly moveCount: number;
  readonly end: GameEnd;
  readonly mode: GameMode;
  /** The daily challenge's UTC day (YYYY-MM-DD); only for `mode: 'daily'`. */
  readonly day?: string;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  readonly endedAt: number;
  /** Time spent playing: the gaps between moves, each capped, so a game left open overnight is not a night played. */
  readonly playedMs: number;
  /** Moves the AI made (autoplay); absent when none, as in every entry kept before it was counted. */
  readonly aiMoves?: number;
  /** Hints shown during the game; absent when none. */
  readonly hints?: number;
}

export interface HistoryEntry extends GameSummary {
  /** One letter per move (L, R, U, D, and I, O in a cube), as in a game record. */
  readonly moves: string;
}

/** Whether the game reached its target tile (kept going or not). */
export const isWin = (game: Pick<GameSummary, 'maxTile' | 'target'>): boolean => isWinningTile(game.maxTile, game.target);

/** Whether the player had help: the AI made a move or a hint was shown. Such a game is not the player's own in statistics and best scores. */
export const isAssisted = (game: Pick<GameSummary, 'aiMoves' | 'hints'>): boolean => (game.aiMoves ?? 0) > 0 || (game.hints ?? 0) > 0;

/** The help counts as an entry holds them: a count of 0 is left out, so an entry without help reads as it always did. */
export const helpFields = (aiMoves = 0, hints = 0): Pick<GameSummary, 'aiMoves' | 'hints'> => ({
  ...(aiMoves > 0 ? { aiMoves } : {}),
  ...(hints > 0 ? { hints } : {}),
});

/** Two 32-bit FNV-1a hashes of the text (different offsets), in base 36: a short id with no practical collisions among one player's games. */
function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36).padStart(7, '0');
}

/** The shape an entry or record states: a square unless it says 3. */
export const shapeOf = (game: { readonly dimensions?: Dimensions }): Dimensions => game.dimensions ?? 2;

/** The `dimensions` field as entries and records write it: only for a cube, so a square's reads as it always did. */
export const shapeField = (dimensions: Dimensions): { readonly dimensions?: 3 } => (dimensions === 3 ? { dimensions } : {});

/** A square's id is what it always was ("4-2048-…"); a cube's names its shape ("4x4x4-32768-…"), so the two never meet. */
export const entryId = (game: Pick<HistoryEntry, 'size' | 'dimensions' | 'target' | 'seed' | 'moves'>): string =>
  `${shapeOf(game) === 3 ? `${game.size}x${game.size}x${game.size}` : game.size}-${game.target}-${game.seed.toString(36)}-${hash64(game.moves)}`;

/** The replayable record of a kept game (for the replay viewer, links and `verifyRecord`). */
export const recordOfEntry = (e: HistoryEntry): GameRecord => ({
  size: e.size,
  ...shapeField(shapeOf(e)),
  seed: e.seed,
  target: e.target,
  moves: e.moves,
  score: e.score,
  maxTile: e.maxTile,
});

export const summaryOf = (e: HistoryEntry): GameSummary => {
  const { moves: _moves, ...summary } = e;
  return summary;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isTime = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** An entry's fields in one fixed order: what is read from a file, and the order written (archive.ts), so the same games always make the same text. */
export const ENTRY_FIELDS: readonly (keyof HistoryEntry)[] = [
  'id',
  'size',
  'dimensions',
  'seed',
  'target',
  'score',
  'maxTile',
  'moveCount',
  'end',
  'mode',
  'day',
  'startedAt',
  'endedAt',
  'playedMs',
  'aiMoves',
  'hints',
  'moves',
];

/**
 * Checks an entry read from storage or a file, field by field; the id is recomputed, never
 * trusted. It does not replay the moves: `verifyRecord(recordOfEntry(e))` does that.
 */
export function parseEntry(input: unknown): ParseResult<HistoryEntry> {
  if (!isRecord(input)) return fail('it is not an object');
  const { size, dimensions, seed, target, score, maxTile, moves, end, mode, day, startedAt, endedAt, playedMs, aiMoves, hints } =
    Object.fromEntries(ENTRY_FIELDS.map((k) => [k, own(input, k)]));
  const shape = dimensions ?? 2;
  if (!isValidDimensions(shape)) return fail('its dimensions are not 2 or 3');
  if (typeof size !== 'number' || !isValidSize(size, shape))
    return fail(`its board size is not 3 to ${shape === 3 ? MAX_CUBE_SIZE : MAX_SIZE}`);
  if (typeof seed !== 'number' || !isValidSeed(seed)) return fail('its seed is not a whole number from 0 to 4294967295');
  if (!isValidTarget(target, size, shape)) return fail('its target is not a power of two from 8 up');
  if (typeof moves !== 'string' || !(shape === 3 ? /^[LRUDIO]*$/ : /^[LRUD]*$/).test(moves))
    return fail(`its moves are not a string of L, R, U and D${shape === 3 ? ' (and I, O)' : ''}`);
  if (moves.length > MAX_RECORD_MOVES) return fail('it has too many moves');
  if (!isTime(score)) return fail('its score is not a whole number');
  if (typeof maxTile !== 'number' || !Number.isSafeInteger(maxTile) || maxTile < 0 || (maxTile & (maxTile - 1)) !== 0)
    return fail('its largest tile is not a power of two');
  if (end !== 'over' && end !== 'left') return fail('it does not say how it ended');
  if (typeof mode !== 'string' || !GAME_MODES.includes(mode as GameMode)) return fail('its mode is unknown');
  if (mode === 'daily' ? typeof day !== 'string' || !DAY.test(day) : day !== undefined) return fail('its daily-challenge day is wrong');
  if (!isTime(startedAt) || !isTime(endedAt) || endedAt < startedAt) return fail('its start and end times are wrong');
  if (!isTime(playedMs)) return fail('its time played is wrong');
  if (aiMoves !== undefined && !isTime(aiMoves)) return fail("its count of the AI's moves is wrong");
  if (hints !== undefined && !isTime(hints)) return fail('its count of hints is wrong');
  const entry: HistoryEntry = {
    id: entryId({ size, dimensions: shape, target, seed, moves }),
    size,
    ...shapeField(shape),
    seed,
    target,
    score,
    maxTile,
    moveCount: moves.length,
    end,
    mode: mode as GameMode,
    ...(mode === 'daily' ? { day: day as string } : {}),
    startedAt,
    endedAt,
    playedMs,
    ...helpFields(aiMoves, hints),
    moves,
  };
  return { ok: true, value: entry };
}
