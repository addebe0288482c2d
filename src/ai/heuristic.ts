/**
 * The leaf evaluation: a per-row score looked up in a 65,536-entry table, summed over the
 * four rows and the four columns. It rewards empty cells and adjacent equal tiles (merges)
 * and punishes rows that are not monotonic and boards holding many large tiles.
 *
 * Where the weights come from: the terms and the weights are nneonneo/2048-ai's published
 * ones (lost penalty 200000, monotonicity power 4 weight 47, sum power 3.5 weight 11,
 * merges 700, empty 270), the outcome of its author's tuning runs over many games at its
 * own search depth. We kept them unchanged: our own runs (bench/ai.ts, `cube2048 ai`)
 * measured the presets' depth schedules and budgets on top of them; a tuning run of the
 * weights themselves needs hundreds of games per variant, which the shared build machine
 * could not give. `HeuristicWeights` and `buildHeuristicTable`
 * are the hooks for such a run.
 */
import { ROW_COUNT } from './bitboard';

export interface HeuristicWeights {
  /** Added to every row so that any live board beats a lost one (a lost board scores 0). */
  readonly lostPenalty: number;
  readonly monotonicityPower: number;
  readonly monotonicityWeight: number;
  readonly sumPower: number;
  readonly sumWeight: number;
  readonly mergesWeight: number;
  readonly emptyWeight: number;
}

export const NNEONNEO_WEIGHTS: HeuristicWeights = {
  lostPenalty: 200000,
  monotonicityPower: 4,
  monotonicityWeight: 47,
  sumPower: 3.5,
  sumWeight: 11,
  mergesWeight: 700,
  emptyWeight: 270,
};

export const DEFAULT_WEIGHTS: HeuristicWeights = NNEONNEO_WEIGHTS;

/** The score of one row of four exponents (also used for the flat engine's lines). */
export function lineScore(line: ArrayLike<number>, w: HeuristicWeights): number {
  let sum = 0;
  let empty = 0;
  let merges = 0;
  let prev = 0;
  let counter = 0;
  for (let i = 0; i < line.length; i++) {
    const rank = line[i] as number;
    sum += Math.pow(rank, w.sumPower);
    if (rank === 0) {
      empty++;
    } else {
      if (prev === rank) {
        counter++;
      } else if (counter > 0) {
        merges += 1 + counter;
        counter = 0;
      }
      prev = rank;
    }
  }
  if (counter > 0) merges += 1 + counter;
  let monoLeft = 0;
  let monoRight = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as number;
    const b = line[i] as number;
    if (a > b) monoLeft += Math.pow(a, w.monotonicityPower) - Math.pow(b, w.monotonicityPower);
    else monoRight += Math.pow(b, w.monotonicityPower) - Math.pow(a, w.monotonicityPower);
  }
  return (
    w.lostPenalty +
    w.emptyWeight * empty +
    w.mergesWeight * merges -
    w.monotonicityWeight * Math.min(monoLeft, monoRight) -
    w.sumWeight * sum
  );
}

/** The row table for a set of weights. Float32 halves its cache footprint against Float64. */
export function buildHeuristicTable(w: HeuristicWeights = DEFAULT_WEIGHTS): Float32Array {
  const table = new Float32Array(ROW_COUNT);
  const line = [0, 0, 0, 0];
  for (let row = 0; row < ROW_COUNT; row++) {
    line[0] = row & 15;
    line[1] = (row >>> 4) & 15;
    line[2] = (row >>> 8) & 15;
    line[3] = (row >>> 12) & 15;
    table[row] = lineScore(line, w);
  }
  return table;
}

let defaultTable: Float32Array | null = null;
/** Built on first use so that importing the module costs nothing. */
export function defaultHeuristicTable(): Float32Array {
  defaultTable ??= buildHeuristicTable(DEFAULT_WEIGHTS);
  return defaultTable;
}
