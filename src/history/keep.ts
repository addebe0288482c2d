/**
 * When a game goes into the history, decided once for the page, the embeds and the terminal:
 * a store change in, what to keep (or take back) out. Pure: times are passed in.
 */
import type { GameState } from '../engine';
import { isValidDimensions, maxTile } from '../engine';
import { isRecord } from '../engine/untrusted';
import type { GameEnd, GameMode, HistoryEntry } from './entry';
import { GAME_MODES, entryId, helpFields, shapeField, shapeOf } from './entry';

/** A game replaced by a new one is kept once it has this many moves (or reached its target). */
export const KEEP_AFTER_MOVES = 10;
/** The longest gap between two moves that counts as playing; longer, the player was away. */
export const MAX_PLAY_GAP_MS = 60_000;

export type HistoryEffect =
  /** Keep `game`: it ended (`over`) or was left for a new one (`left`). */
  | { readonly kind: 'keep'; readonly game: GameState; readonly end: GameEnd }
  /** Take `game` back out: it was kept at game over, and the player undid the last move to play on. */
  | { readonly kind: 'retract'; readonly game: GameState };

/**
 * What a change from `before` to `after` does to the history. `kind` is the store's change
 * kind; a change that came from another tab (`sync`) does nothing here: that tab keeps it.
 */
export function historyEffect(before: GameState, after: GameState, kind: string): HistoryEffect | null {
  if (kind === 'move' && after.status === 'over' && before.status !== 'over') return { kind: 'keep', game: after, end: 'over' };
  if (kind === 'undo' && before.status === 'over' && after.status !== 'over') return { kind: 'retract', game: before };
  if (
    kind === 'new' &&
    before !== after &&
    before.status !== 'over' &&
    (before.status === 'won' || before.status === 'keepPlaying' || before.record.length >= KEEP_AFTER_MOVES)
  )
    return { kind: 'keep', game: before, end: 'left' };
  return null;
}

/** The game in progress, as the history needs it beyond the store's save: when it began, how it began, time played. */
export interface GameMeta {
  /** Which game it is about (a save restored later must match it). */
  readonly size: number;
  /** 3 for a cube; absent for a square. */
  readonly dimensions?: 3;
  readonly seed: number;
  readonly mode: GameMode;
  readonly day?: string;
  readonly startedAt: number;
  /** When the last move was made (or the game began). */
  readonly lastAt: number;
  readonly playedMs: number;
  /** The game ended and was kept: a later start (a reload) must not keep it again. */
  readonly kept?: boolean;
  /** Moves the AI made and hints shown so far (absent: none), for the entry's `aiMoves` and `hints`. */
  readonly aiMoves?: number;
  readonly hints?: number;
}

/** The kinds of help a player can have with a game: a move the AI made, a hint shown. */
export type Help = 'aiMoves' | 'hints';

/** The meta after one more help of that kind. */
export const helpMeta = (meta: GameMeta, help: Help): GameMeta => ({ ...meta, [help]: (meta[help] ?? 0) + 1 });

type Shaped = Pick<GameState, 'size' | 'seed'> & { readonly board: { readonly dimensions: GameState['board']['dimensions'] } };

export const startMeta = (game: Shaped, mode: GameMode, now: number, day?: string): GameMeta => ({
  size: game.size,
  ...shapeField(game.board.dimensions),
  seed: game.seed,
  mode,
  ...(mode === 'daily' && day !== undefined ? { day } : {}),
  startedAt: now,
  lastAt: now,
  playedMs: 0,
});

/** The meta after a move at `now`: the gap since the last one counts, up to MAX_PLAY_GAP_MS. */
export const tickMeta = (meta: GameMeta, now: number): GameMeta => ({
  ...meta,
  lastAt: Math.max(meta.lastAt, now),
  playedMs: meta.playedMs + Math.min(MAX_PLAY_GAP_MS, Math.max(0, now - meta.lastAt)),
});

const isTime = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** A meta read back from storage (the page's localStorage, the terminal's file), checked field by field; null when it is not one. */
export function parseMeta(input: unknown): GameMeta | null {
  if (!isRecord(input)) return null;
  const { size, dimensions = 2, seed, mode, day, startedAt, lastAt, playedMs, kept, aiMoves = 0, hints = 0 } = input;
  if (!isValidDimensions(dimensions)) return null;
  if (!isTime(size) || !isTime(seed) || !isTime(startedAt) || !isTime(lastAt) || !isTime(playedMs)) return null;
  if (!isTime(aiMoves) || !isTime(hints)) return null;
  if (typeof mode !== 'string' || !GAME_MODES.includes(mode as GameMode)) return null;
  if (day !== undefined && typeof day !== 'string') return null;
  return {
    size,
    ...shapeField(dimensions),
    seed,
    mode: mode as GameMode,
    ...(typeof day === 'string' ? { day } : {}),
    startedAt,
    lastAt,
    playedMs,
    ...(kept === true ? { kept } : {}),
    ...helpFields(aiMoves, hints),
  };
}

/** Whether a meta read back from storage belongs to this game. */
export const metaFits = (meta: GameMeta, game: Shaped): boolean =>
  meta.size === game.size && shapeOf(meta) === game.board.dimensions && meta.seed === game.seed;

/** The history id of a game as it stands (what `entryOf` keeps it under, and what a retraction removes). */
export const idOfGame = (game: GameState): string =>
  entryId({ size: game.size, dimensions: game.board.dimensions, target: game.target, seed: game.seed, moves: game.record });

/** The entry to keep for a finished or left game. */
export function entryOf(game: GameState, end: GameEnd, meta: GameMeta, now: number): HistoryEntry {
  const fits = metaFits(meta, game);
  const startedAt = fits ? meta.startedAt : now;
  return {
    id: idOfGame(game),
    size: game.size,
    ...shapeField(game.board.dimensions),
    seed: game.seed,
    target: game.target,
    score: game.score,
    maxTile: maxTile(game.board),
    moveCount: game.record.length,
    end,
    mode: fits ? meta.mode : 'normal',
    ...(fits && meta.mode === 'daily' && meta.day !== undefined ? { day: meta.day } : {}),
    startedAt: Math.min(startedAt, now),
    endedAt: now,
    playedMs: fits ? meta.playedMs : 0,
    ...(fits ? helpFields(meta.aiMoves, meta.hints) : {}),
    moves: game.record,
  };
}
