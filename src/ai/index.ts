/**
 * The AI's public entry: `chooseMove(state, options)` picks a direction for a game state.
 * 4×4 boards go to the bitboard expectimax; other sizes and cubes to the plainer flat search
 * (on a cube it weighs all six directions, `in` and `out` too). It is
 * synchronous and CPU-bound: in a page call it through `createAiClient` (src/ai/client.ts),
 * which runs it in a Web Worker; in Node through worker_threads (src/cli/ai.ts).
 */
import type { Board, CubeDirection, DepthDirection, Direction, GameState } from '../engine';
import { DIRECTIONS, canMove, directionsFor } from '../engine';
import { distinctTiles, fitsBitboard, fromBoard } from './bitboard';
import { searchFlat } from './flat';
import type { PresetName } from './presets';
import { PRESETS, isPresetName, scheduledDepth } from './presets';
import type { RootResult } from './search';
import { Searcher } from './search';

export type { PresetName, Preset } from './presets';
export { PRESETS, PRESET_NAMES, isPresetName, scheduledDepth } from './presets';

export interface ChooseOptions {
  /** Default `fast`. */
  readonly preset?: PresetName;
  /** Overrides the preset's time budget; `Infinity` switches the clock off (see `nodeBudget`). */
  readonly timeBudgetMs?: number;
  /** Overrides the preset's node budget; `Infinity` removes it. */
  readonly nodeBudget?: number;
  /** A fixed depth instead of the schedule, searched in full without a clock: deterministic. */
  readonly depth?: number;
}

/**
 * The expected heuristic value of each direction (higher is better); null where it changes
 * nothing. `in` and `out` are there on a cube only.
 */
export type MoveScores = Readonly<Record<Direction, number | null>> & Readonly<Partial<Record<DepthDirection, number | null>>>;

export interface Suggestion {
  /** The suggested move, or null when no move changes the board; `in` or `out` on a cube only. */
  readonly dir: CubeDirection | null;
  readonly scores: MoveScores;
  /** Slides evaluated (nneonneo's "moves evaled"). */
  readonly nodes: number;
  /** The depth of the search whose answer this is (0: the position after the move, unsearched). */
  readonly depth: number;
  readonly elapsedMs: number;
}

export interface Ai {
  chooseMove(state: Pick<GameState, 'board'>, options?: ChooseOptions): Suggestion;
}

export interface AiOptions {
  /** Transposition table size as a power of two (default 2^20 entries, 16 MB). */
  readonly tableBits?: number;
  /** Milliseconds; injected for tests. Defaults to performance.now. */
  readonly now?: () => number;
}

function validate(options: ChooseOptions): void {
  if (options.preset !== undefined && !isPresetName(options.preset))
    throw new RangeError(`preset must be "fast" or "strong", got ${String(options.preset)}`);
  const budget = options.timeBudgetMs;
  if (budget !== undefined && !(budget > 0)) throw new RangeError(`timeBudgetMs must be a positive number, got ${String(budget)}`);
  const nodes = options.nodeBudget;
  if (nodes !== undefined && !(nodes > 0)) throw new RangeError(`nodeBudget must be a positive number, got ${String(nodes)}`);
  const depth = options.depth;
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 0 && depth <= 12))
    throw new RangeError(`depth must be an integer from 0 to 12, got ${String(depth)}`);
}

/** Turns a search's codes (indices into `directions`) into directions. */
function toSuggestion(
  directions: readonly CubeDirection[],
  result: { dir: number; scores: Float64Array },
  nodes: number,
  depth: number,
  elapsedMs: number,
): Suggestion {
  const scores: Partial<Record<CubeDirection, number | null>> = {};
  directions.forEach((dir, code) => {
    const s = result.scores[code] as number;
    scores[dir] = Number.isNaN(s) ? null : s;
  });
  return { dir: result.dir < 0 ? null : (directions[result.dir] as CubeDirection), scores: scores as MoveScores, nodes, depth, elapsedMs };
}

export function createAi(aiOptions: AiOptions = {}): Ai {
  const now = aiOptions.now ?? (() => performance.now());
  let searcher: Searcher | null = null;
  const bitboardSearcher = (): Searcher => (searcher ??= new Searcher({ tableBits: aiOptions.tableBits, now }));

  /**
   * Iterative deepening: depth 0 (always completes), then 1, 2, … up to the target, each
   * against the deadline and what is left of the node budget; the deepest completed answer
   * wins, so a board too hard for its budget still gets a searched answer. With a fixed
   * `depth` only that depth is searched, in full.
   */
  function deepen(
    target: number,
    fixed: boolean,
    deadline: number,
    nodeBudget: number,
    run: (depth: number, deadline: number, nodeLimit: number) => { dir: number; scores: Float64Array; nodes: number; completed: boolean },
  ): { best: { dir: number; scores: Float64Array }; nodes: number; depth: number } {
    if (fixed) {
      const result = run(target, Infinity, Infinity);
      return { best: result, nodes: result.nodes, depth: target };
    }
    const first = run(0, Infinity, Infinity);
    let best: { dir: number; scores: Float64Array } = first;
    let bestDepth = 0;
    let nodes = first.nodes;
    for (let depth = 1; depth <= target && nodes < nodeBudget && now() < deadline; depth++) {
      const result = run(depth, deadline, nodeBudget - nodes);
      nodes += result.nodes;
      if (!result.completed) break;
      best = result;
      bestDepth = depth;
    }
    return { best, nodes, depth: bestDepth };
  }

  function chooseMove(state: Pick<GameState, 'board'>, options: ChooseOptions = {}): Suggestion {
    validate(options);
    const start = now();
    const preset = PRESETS[options.preset ?? 'fast'];
    const board: Board = state.board;
    const fixed = options.depth !== undefined;
    const budget = fixed ? Infinity : (options.timeBudgetMs ?? preset.timeBudgetMs);
    const deadline = start + budget;
    const nodeBudget = fixed ? Infinity : (options.nodeBudget ?? preset.nodeBudget);
    const directions = directionsFor(board);
    if (!canMove(board)) {
      const none = { dir: -1, scores: new Float64Array(directions.length).fill(NaN) };
      return toSuggestion(directions, none, 0, 0, now() - start);
    }
    if (fitsBitboard(board)) {
      const [lo, hi] = fromBoard(board);
      const target = options.depth ?? scheduledDepth(preset, distinctTiles(lo, hi));
      const s = bitboardSearcher();
      const r = deepen(target, fixed, deadline, nodeBudget, (depth, limit, nodeLimit): RootResult =>
        s.searchRoot(lo, hi, { depth, probabilityCutoff: preset.probabilityCutoff }, limit, nodeLimit),
      );
      return toSuggestion(DIRECTIONS, r.best, r.nodes, r.depth, now() - start);
    }
    const target = options.depth ?? preset.flatDepth;
    const r = deepen(target, fixed, deadline, nodeBudget, (depth, limit, nodeLimit) =>
      searchFlat(board, { depth, probabilityCutoff: preset.probabilityCutoff, deadline: limit, nodeLimit, now }),
    );
    return toSuggestion(directions, r.best, r.nodes, r.depth, now() - start);
  }

  return { chooseMove };
}

let shared: Ai | null = null;

/** Picks a move with a lazily made AI shared by the whole thread (one table of 16 MB). */
export function chooseMove(state: Pick<GameState, 'board'>, options: ChooseOptions = {}): Suggestion {
  shared ??= createAi();
  return shared.chooseMove(state, options);
}
