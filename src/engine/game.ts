import type { Board, Dimensions } from './board';
import { DEFAULT_DIMENSIONS, DEFAULT_SIZE, canMove, emptyBoard, emptyCells, maxExponent, maxTile, valueOf } from './board';
import type { CubeDirection, MoveResult, Step } from './move';
import { checkDirection, directionsFor, move } from './move';
import type { RngState } from './rng';
import { nextInt, seedRng } from './rng';

export type Status = 'playing' | 'won' | 'keepPlaying' | 'over';
export const STATUSES: readonly Status[] = ['playing', 'won', 'keepPlaying', 'over'];

/** Everything that decides the game's future; plain data, never mutated. */
export interface GameState {
  readonly size: number;
  readonly board: Board;
  readonly score: number;
  readonly status: Status;
  /** The moves made since the seed, one letter each (L, R, U, D; I, O on a cube): the game's own replay. */
  readonly record: string;
  readonly seed: number;
  readonly rng: RngState;
  /** The tile value that wins (2048 by default). */
  readonly target: number;
}

export interface MoveReport extends MoveResult {
  readonly dir: CubeDirection;
}

export interface NewGameOptions {
  readonly size?: number;
  /** 2 (a square, the default) or 3 (a cube of `size` layers). */
  readonly dimensions?: Dimensions;
  readonly seed: number;
  readonly target?: number;
}

export const DEFAULT_TARGET = 2048;
const MOVE_LETTERS: Record<CubeDirection, string> = { left: 'L', right: 'R', up: 'U', down: 'D', in: 'I', out: 'O' };
const LETTER_MOVES: Readonly<Record<string, CubeDirection>> = { L: 'left', R: 'right', U: 'up', D: 'down', I: 'in', O: 'out' };

export const letterOf = (dir: CubeDirection): string => MOVE_LETTERS[dir];
/** The direction of a record's letter, or undefined for a letter that is none (`in`/`out` fit a cube only). */
export const directionOf = (letter: string): CubeDirection | undefined =>
  Object.hasOwn(LETTER_MOVES, letter) ? LETTER_MOVES[letter] : undefined;

/**
 * Each cube's default goal (measured by bench/cube-targets.ts; docs/cube-targets.md says how):
 * 3×3×3 asks as many doublings above what greedy play reaches as 2048 does on 4×4; larger
 * cubes are not lost by greedy or even random play, so their goal bounds only the game's length.
 */
export const CUBE_TARGETS: Readonly<Record<number, number>> = { 3: 4096, 4: 32768, 5: 32768 };

/** A 3×3 board cannot reasonably reach 2048, so its default goal is lower; a cube's is higher (CUBE_TARGETS). */
export const defaultTarget = (size: number, dimensions: Dimensions = DEFAULT_DIMENSIONS): number =>
  dimensions === 3 ? (CUBE_TARGETS[size] ?? DEFAULT_TARGET) : size === 3 ? 512 : DEFAULT_TARGET;

export function isValidTarget(target: unknown, size: number, dimensions: Dimensions = DEFAULT_DIMENSIONS): target is number {
  if (!Number.isSafeInteger(target)) return false;
  const e = Math.log2(target as number);
  return Number.isInteger(e) && e >= 3 && e <= maxExponent(size, dimensions);
}

export const moveCount = (state: GameState): number => state.record.length;

/** A spawn rolls one of this many equally likely numbers to choose its tile. */
export const SPAWN_ROLLS = 10;
/** How many of those rolls (the lowest) spawn a 4; every other roll spawns a 2. */
export const FOUR_ROLLS = 1;
/** The chance that a spawned tile is a 4 (0.1); a 2 otherwise. The AI weighs its chance nodes by it. */
export const FOUR_CHANCE = FOUR_ROLLS / SPAWN_ROLLS;

/** Places a 2 or a 4 (`FOUR_CHANCE`: 10%) in a uniformly chosen empty cell. */
export function spawnTile(board: Board, rng: RngState): { board: Board; rng: RngState; step: Step | null } {
  const empty = emptyCells(board);
  if (empty.length === 0) return { board, rng, step: null };
  const [pick, afterPick] = nextInt(rng, empty.length);
  const [roll, afterRoll] = nextInt(afterPick, SPAWN_ROLLS);
  const at = empty[pick] as number;
  const exponent = roll < FOUR_ROLLS ? 2 : 1;
  const cells = board.cells.slice();
  cells[at] = exponent;
  return {
    board: { size: board.size, dimensions: board.dimensions, cells },
    rng: afterRoll,
    step: { kind: 'spawn', at, value: valueOf(exponent) },
  };
}

export function newGame(options: NewGameOptions): GameState {
  const size = options.size ?? DEFAULT_SIZE;
  const dimensions = options.dimensions ?? DEFAULT_DIMENSIONS;
  // emptyBoard and seedRng refuse a bad shape and a bad seed, each with its own message.
  let board = emptyBoard(size, dimensions);
  let rng = seedRng(options.seed);
  const target = options.target ?? defaultTarget(size, dimensions);
  if (!isValidTarget(target, size, dimensions)) throw new RangeError(`target must be a power of two from 8 up, got ${String(target)}`);
  for (let i = 0; i < 2; i++) ({ board, rng } = spawnTile(board, rng));
  return { size, board, score: 0, status: 'playing', record: '', seed: options.seed, rng, target };
}

/** Whether moves are accepted: not after a win (until "keep going") and not after game over. */
export const acceptsMoves = (state: GameState): boolean => state.status === 'playing' || state.status === 'keepPlaying';

/** The win rule: a tile of the target's value or more. The history counts wins by it too. */
export const isWinningTile = (value: number, target: number): boolean => value >= target;

function reachedTarget(board: Board, target: number): boolean {
  return isWinningTile(maxTile(board), target);
}

/**
 * One turn: the move, then (only if it changed the board) a spawn, the score and
 * the status. A move that changes nothing returns the same state and `moved: false`.
 * A direction the board has no axis for (`in`/`out` on a square, or none at all) throws.
 */
export function playMove(state: GameState, dir: CubeDirection): { state: GameState; report: MoveReport } {
  checkDirection(state.board, dir);
  if (!acceptsMoves(state)) return { state, report: { dir, board: state.board, moved: false, gained: 0, steps: [] } };
  const result = move(state.board, dir);
  if (!result.moved) return { state, report: { ...result, dir } };
  const spawned = spawnTile(result.board, state.rng);
  const board = spawned.board;
  let status: Status = state.status;
  if (status === 'playing' && reachedTarget(board, state.target)) status = 'won';
  else if (!canMove(board)) status = 'over';
  const steps = spawned.step ? [...result.steps, spawned.step] : result.steps;
  return {
    state: {
      ...state,
      board,
      rng: spawned.rng,
      score: state.score + result.gained,
      status,
      record: state.record + MOVE_LETTERS[dir],
    },
    report: { dir, board, moved: true, gained: result.gained, steps },
  };
}

/** After a win: play on past the target. The win is never announced again for this game. */
export function keepGoing(state: GameState): GameState {
  if (state.status !== 'won') return state;
  return { ...state, status: canMove(state.board) ? 'keepPlaying' : 'over' };
}

/**
 * Plays recorded moves (L, R, U, D, and I, O on a cube) on from `start`. Returns the state after the last valid
 * move and, if a move was not a letter or did not change the board, its index in `moves`.
 * `keepGoing` is applied on a win so the replay continues the way the live game did.
 */
export function continueGame(start: GameState, moves: string): { state: GameState; invalidAt: number | null } {
  let state = start;
  for (let i = 0; i < moves.length; i++) {
    const dir = directionOf(moves[i] as string);
    if (state.status === 'won') state = keepGoing(state);
    if (!dir || !directionsFor(state.board).includes(dir)) return { state, invalidAt: i };
    const next = playMove(state, dir);
    if (!next.report.moved) return { state, invalidAt: i };
    state = next.state;
  }
  return { state, invalidAt: null };
}

/** Replays a whole record from the seed (see `continueGame`). */
export const replay = (options: NewGameOptions, record: string): { state: GameState; invalidAt: number | null } =>
  continueGame(newGame(options), record);
