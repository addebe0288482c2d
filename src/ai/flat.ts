/**
 * The plainer search for boards the bitboard cannot hold (3×3, 5×5…8×8, a 4×4 board past
 * 32768, and cubes): the same expectimax on the flat engine's `move`, over the directions
 * the board has (six on a cube), with the same heuristic terms applied to every line along
 * every axis (rows and columns; on a cube also the lines across the layers). It allocates
 * and is far slower per node, so it searches shallow, within the preset's node and time
 * budgets; on these boards that is enough for hints and autoplay.
 */
import type { Board, CubeDirection } from '../engine';
import { FOUR_CHANCE, directionsFor, linesFor, move } from '../engine';
import type { HeuristicWeights } from './heuristic';
import { DEFAULT_WEIGHTS, lineScore } from './heuristic';

export interface FlatOptions {
  readonly depth: number;
  readonly probabilityCutoff: number;
  readonly deadline: number;
  readonly nodeLimit?: number;
  readonly now: () => number;
  readonly weights?: HeuristicWeights;
}

export interface FlatResult {
  readonly dir: number;
  readonly scores: Float64Array;
  readonly nodes: number;
  readonly completed: boolean;
}

/** One direction per axis: the engine's lines for it are every line along that axis (the terms do not depend on a line's order). */
const AXIS_DIRECTIONS: readonly CubeDirection[] = ['left', 'up', 'out'];

/** The heuristic of a flat board: every line along every axis (rows, columns, and a cube's lines across its layers) scored. */
export function flatEvaluate(board: Board, weights: HeuristicWeights = DEFAULT_WEIGHTS): number {
  const { size, dimensions, cells } = board;
  const line = new Array<number>(size);
  let total = 0;
  for (let axis = 0; axis < dimensions; axis++) {
    for (const at of linesFor(size, AXIS_DIRECTIONS[axis] as CubeDirection, dimensions)) {
      for (let k = 0; k < size; k++) line[k] = cells[at[k] as number] as number;
      total += lineScore(line, weights);
    }
  }
  return total;
}

/** Scores the moves of a flat board (the engine's `directionsFor` it: four on a square, six on a cube) at one depth; `scores` follows that order. */
export function searchFlat(board: Board, options: FlatOptions): FlatResult {
  const weights = options.weights ?? DEFAULT_WEIGHTS;
  const nodeLimit = options.nodeLimit ?? Infinity;
  let nodes = 0;
  let aborted = false;
  const directions = directionsFor(board);

  const moveNode = (b: Board, cprob: number, depth: number): number => {
    let best = 0;
    for (const dir of directions) {
      if (aborted) break;
      nodes++;
      const next = move(b, dir);
      if (next.moved) best = Math.max(best, chanceNode(next.board, cprob, depth));
    }
    return best;
  };

  const chanceNode = (b: Board, cprob: number, depth: number): number => {
    if (aborted) return 0;
    if (cprob < options.probabilityCutoff || depth >= options.depth) return flatEvaluate(b, weights);
    if (nodes > nodeLimit || (options.deadline !== Infinity && options.now() > options.deadline)) {
      aborted = true;
      return 0;
    }
    const empty: number[] = [];
    b.cells.forEach((e, i) => {
      if (e === 0) empty.push(i);
    });
    const p = cprob / empty.length;
    let sum = 0;
    for (const at of empty) {
      // Past the budget, nothing more is counted or made: the search's answer is dropped anyway.
      if (aborted) break;
      for (const [exponent, chance] of SPAWNS) {
        const cells = b.cells.slice();
        cells[at] = exponent;
        sum += chance * moveNode({ ...b, cells }, p * chance, depth + 1);
      }
    }
    return sum / empty.length;
  };

  const scores = new Float64Array(directions.length).fill(NaN);
  let best = -1;
  directions.forEach((dir, code) => {
    if (aborted) return;
    nodes++;
    const next = move(board, dir);
    if (!next.moved) return;
    const score = chanceNode(next.board, 1, 0) + 1e-6;
    if (aborted) return;
    scores[code] = score;
    if (best < 0 || score > (scores[best] as number)) best = code;
  });
  return { dir: best, scores, nodes, completed: !aborted };
}

/** A 2 (exponent 1) or a 4 (exponent 2), with the engine's odds. */
const SPAWNS: readonly (readonly [exponent: number, chance: number])[] = [
  [1, 1 - FOUR_CHANCE],
  [2, FOUR_CHANCE],
];
