import {
  MAX_CUBE_SIZE,
  MAX_SIZE,
  MIN_SIZE,
  canMove,
  cellCount,
  exponentOf,
  isValidDimensions,
  isValidSize,
  maxExponent,
  maxTile,
  toValues,
} from './board';
import type { GameState, Status } from './game';
import { STATUSES, isValidTarget, isWinningTile } from './game';
import { isValidRngState, isValidSeed } from './rng';
import type { ParseResult } from './untrusted';
import { fail, isRecord, own, parseJson } from './untrusted';

export type { ParseResult } from './untrusted';

/** Version of the saved-game JSON; bump it when the shape changes and keep reading the old one. */
export const SAVE_VERSION = 1;
/** A generous bound on a game's length: far beyond any real game, small enough to parse at once. */
export const MAX_RECORD_LENGTH = 1_000_000;

export interface SavedGame {
  readonly v: typeof SAVE_VERSION;
  readonly size: number;
  /** 3 for a cube; absent (as in every save made before cubes) for a square. */
  readonly dimensions?: 3;
  /** Tile values in the board's order (`(layer * size + row) * size + col`), 0 for empty. */
  readonly cells: number[];
  readonly score: number;
  readonly status: Status;
  readonly record: string;
  readonly seed: number;
  readonly rng: [number, number, number, number];
  readonly target: number;
}

export function serializeGame(state: GameState): SavedGame {
  return {
    v: SAVE_VERSION,
    size: state.size,
    // A square save stays byte for byte what it was, so older versions of the game still read it.
    ...(state.board.dimensions === 3 ? { dimensions: 3 as const } : {}),
    cells: toValues(state.board),
    score: state.score,
    status: state.status,
    record: state.record,
    seed: state.seed,
    rng: [...state.rng],
    target: state.target,
  };
}

/**
 * Validates anything (usually `JSON.parse` output) as a saved game. Never throws and
 * never returns a half-valid state: every field, and the way they fit together, is checked.
 */
export function parseGame(input: unknown): ParseResult<GameState> {
  if (!isRecord(input)) return fail('the save is not an object');
  const v = own(input, 'v');
  if (v !== SAVE_VERSION) return fail(`unsupported save version ${JSON.stringify(v) ?? 'undefined'}`);
  const dimensions = own(input, 'dimensions') ?? 2;
  const size = own(input, 'size');
  if (!isValidDimensions(dimensions) || !isValidSize(size, dimensions))
    return fail(`board size must be an integer from ${MIN_SIZE} to ${MAX_SIZE} (a cube's to ${MAX_CUBE_SIZE})`);
  const count = cellCount(size, dimensions);
  const cells = own(input, 'cells');
  if (!Array.isArray(cells) || cells.length !== count) return fail(`the board must have ${count} cells`);
  const exponents = new Uint8Array(count);
  for (let i = 0; i < cells.length; i++) {
    const value: unknown = cells[i];
    const e = typeof value === 'number' ? exponentOf(value) : -1;
    if (e < 0 || e > maxExponent(size, dimensions))
      return fail(`cell ${i} holds ${JSON.stringify(value) ?? 'nothing'}, not 0 or a power of two`);
    exponents[i] = e;
  }
  const score = own(input, 'score');
  if (!Number.isSafeInteger(score) || (score as number) < 0) return fail('score must be a non-negative whole number');
  const status = own(input, 'status');
  if (!STATUSES.includes(status as Status)) return fail('status is not one of playing, won, keepPlaying, over');
  const record = own(input, 'record');
  if (typeof record !== 'string' || record.length > MAX_RECORD_LENGTH || !(dimensions === 3 ? /^[LRUDIO]*$/ : /^[LRUD]*$/).test(record))
    return fail('the move record is not a string of L, R, U, D (and I, O in a cube)');
  const seed = own(input, 'seed');
  if (!isValidSeed(seed)) return fail('seed must be an integer from 0 to 4294967295');
  const rng = own(input, 'rng');
  if (!isValidRngState(rng)) return fail('random generator state is not four non-zero uint32 numbers');
  const target = own(input, 'target');
  if (!isValidTarget(target, size, dimensions)) return fail('target must be a power of two from 8 up');

  const board = { size, dimensions, cells: exponents };
  const reached = isWinningTile(maxTile(board), target);
  const movable = canMove(board);
  const s = status as Status;
  if (s === 'playing' && (reached || !movable)) return fail(`status "playing" does not fit the board`);
  if ((s === 'won' || s === 'keepPlaying') && !reached) return fail(`status "${s}" but no tile has reached ${target}`);
  if (s === 'keepPlaying' && !movable) return fail('status "keepPlaying" but no move is possible');
  if (s === 'over' && movable) return fail('status "over" but a move is still possible');
  if (exponents.every((e) => e === 0)) return fail('the board is empty');

  return {
    ok: true,
    value: { size, board, score: score as number, status: s, record, seed, rng: [rng[0], rng[1], rng[2], rng[3]], target },
  };
}

/** Parses JSON text as a saved game; malformed JSON is an error like any other. */
export function parseGameJson(text: string): ParseResult<GameState> {
  const data = parseJson(text);
  return data === undefined ? fail('the save is not valid JSON') : parseGame(data);
}
