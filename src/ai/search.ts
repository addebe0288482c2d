/**
 * Expectimax on the bitboard. A move node takes the best of the four slides; a chance
 * node averages over every empty cell and both spawns (a 2 or a 4, with the engine's `FOUR_CHANCE`). A
 * branch whose probability falls under the cut-off, or that reaches the depth limit, is
 * scored by the heuristic. Chance nodes are cached in a transposition table keyed on both
 * 32-bit halves, compared exactly.
 *
 * Speed: the tables are typed arrays, the board travels as two int32 arguments, nothing is
 * allocated below the root, and the clock is read once per 64 expanded chance nodes.
 * `nodes` counts slides evaluated (four per move node), the unit nneonneo/2048-ai reports
 * as "moves evaled", so the two rates compare directly.
 */
import { FOUR_CHANCE } from '../engine';
import { ROW_LEFT, ROW_RIGHT, countEmpty, moveInto, moved, transposeHi, transposeLo } from './bitboard';
import { defaultHeuristicTable } from './heuristic';
import { DEFAULT_TABLE_BITS, TranspositionTable } from './transposition';

export interface DepthOptions {
  /** Move plies searched below the root move (nneonneo's `depth_limit`). */
  readonly depth: number;
  /** Branches whose probability falls below this are scored by the heuristic. */
  readonly probabilityCutoff: number;
  /** Share the table between the four root moves (true) or start each afresh, as nneonneo does. */
  readonly shareTable?: boolean;
}

export interface RootResult {
  /** Best direction code (0 left, 1 right, 2 up, 3 down), or -1 when no move changes the board. */
  readonly dir: number;
  /** Expected heuristic value per direction code; NaN where the move changes nothing. */
  readonly scores: Float64Array;
  readonly nodes: number;
  readonly depth: number;
  /** False when the deadline stopped this depth before it finished (its scores are partial). */
  readonly completed: boolean;
}

/** The engine's spawn odds: a 4 with FOUR_CHANCE (0.1), a 2 otherwise. */
const SPAWN_4 = FOUR_CHANCE;
const SPAWN_2 = 1 - FOUR_CHANCE;
const CLOCK_EVERY = 63;
/** Depth limits stay below this (the table keeps depths in 8 bits; deeper is hopeless anyway). */
export const MAX_DEPTH = 32;
/**
 * Where the cell at nibble k of the low (or high) half lands in the transposed board, as a
 * bit shift into the 64 bits: cell (r, c) goes to (c, r).
 */
const transposedShift = (cell: number): number => (((cell & 3) << 2) | (cell >> 2)) << 2;
const TRANSPOSED_SHIFT_LO = Int32Array.from({ length: 8 }, (_, k) => transposedShift(k));
const TRANSPOSED_SHIFT_HI = Int32Array.from({ length: 8 }, (_, k) => transposedShift(8 + k));

export interface SearcherOptions {
  readonly heuristic?: Float32Array;
  readonly tableBits?: number;
  /** Milliseconds from some origin; injected for tests. Defaults to performance.now. */
  readonly now?: () => number;
}

/** Rows plus columns; the transpose is written out so that its shared steps run once. */
function heuristicValue(h: Float32Array, lo: number, hi: number): number {
  const a = (lo & 0xf0f00f0f) | ((lo & 0x0000f0f0) << 12) | ((lo & 0x0f0f0000) >>> 12);
  const b = (hi & 0xf0f00f0f) | ((hi & 0x0000f0f0) << 12) | ((hi & 0x0f0f0000) >>> 12);
  const tlo = (a & 0x00ff00ff) | ((b & 0x00ff00ff) << 8);
  const thi = (b & 0xff00ff00) | ((a & 0xff00ff00) >>> 8);
  return (
    (h[lo & 0xffff] as number) +
    (h[lo >>> 16] as number) +
    (h[hi & 0xffff] as number) +
    (h[hi >>> 16] as number) +
    (h[tlo & 0xffff] as number) +
    (h[tlo >>> 16] as number) +
    (h[thi & 0xffff] as number) +
    (h[thi >>> 16] as number)
  );
}

export class Searcher {
  private readonly heur: Float32Array;
  /** Public for tests and tools; the search owns it. */
  readonly table: TranspositionTable;
  private readonly now: () => number;
  private depthLimit = 0;
  private cutoff = 0;
  private deadline = Infinity;
  /** The search stops once `nodes` passes this (a budget that does not depend on the machine). */
  private nodeDeadline = Infinity;
  private expansions = 0;
  private aborted = false;
  /** The probability of reaching the node at each depth (see the note above leafMoveNode). */
  private readonly prob = new Float64Array(MAX_DEPTH + 1);
  /** Where a node leaves its value for its caller. */
  private readonly ret = new Float64Array(1);
  /** Slides evaluated by the latest search (a small integer keeps V8's field unboxed). */
  nodes = 0;
  cacheHits = 0;

  constructor(options: SearcherOptions = {}) {
    this.heur = options.heuristic ?? defaultHeuristicTable();
    const bits = options.tableBits ?? DEFAULT_TABLE_BITS;
    this.table = new TranspositionTable(bits);
    this.now = options.now ?? (() => performance.now());
  }

  /** The heuristic value of a position: its four rows plus its four columns. */
  evaluate(lo: number, hi: number): number {
    return heuristicValue(this.heur, lo, hi);
  }

  /**
   * Scores the four moves from a position at one depth. With a finite `deadline` (in the
   * clock's milliseconds) or `nodeLimit`, the search stops when either is passed and reports
   * `completed: false`.
   */
  searchRoot(lo: number, hi: number, options: DepthOptions, deadline = Infinity, nodeLimit = Infinity): RootResult {
    if (!Number.isInteger(options.depth) || options.depth < 0 || options.depth >= MAX_DEPTH) {
      throw new RangeError(`depth must be an integer from 0 to ${MAX_DEPTH - 1}, got ${options.depth}`);
    }
    this.nodes = 0;
    const scores = new Float64Array(4).fill(NaN);
    this.depthLimit = options.depth;
    this.cutoff = options.probabilityCutoff;
    this.deadline = deadline;
    this.nodeDeadline = nodeLimit;
    this.aborted = false;
    this.expansions = 0;
    const share = options.shareTable ?? true;
    if (share) this.newGeneration();
    let best = -1;
    for (let dir = 0; dir < 4; dir++) {
      moveInto(lo, hi, dir);
      const nlo = moved[0] as number;
      const nhi = moved[1] as number;
      if (nlo === lo && nhi === hi) continue;
      if (!share) this.newGeneration();
      let score: number;
      if (this.depthLimit <= 0) {
        score = this.evaluate(nlo, nhi);
      } else {
        this.prob[0] = 1;
        this.chanceNode(nlo, nhi, 0);
        score = this.ret[0] as number;
      }
      if (this.aborted) break;
      // The tiny bonus makes any legal move beat "no move" even when every line loses.
      score += 1e-6;
      scores[dir] = score;
      if (best < 0 || score > (scores[best] as number)) best = dir;
    }
    return { dir: best, scores, nodes: this.nodes, depth: options.depth, completed: !this.aborted };
  }

  private newGeneration(): void {
    this.table.newGeneration();
  }

  /*
   * The recursive nodes pass only int32 arguments and return nothing: V8 boxes a double
   * passed to or returned from a call it does not inline, one allocation per node. The
   * probability of reaching a node lives in `prob[depth]` and a node's value is left in
   * `ret[0]` for its caller.
   */

  /**
   * A move node whose children are all leaves: the best heuristic value over the four
   * slides. It takes the board and its transpose (the caller updates the parent's
   * transpose by one cell instead of transposing again). The heuristic is symmetric under
   * transposition, so up and down are scored on the transposed board without transposing
   * back; one call site keeps it inlined.
   */
  private leafMoveNode(lo: number, hi: number, tlo: number, thi: number): void {
    this.nodes += 4;
    const H = this.heur;
    let best = 0;
    for (let dir = 0; dir < 4; dir++) {
      const t = (dir & 1) === 0 ? ROW_LEFT : ROW_RIGHT;
      const a = dir < 2 ? lo : tlo;
      const b = dir < 2 ? hi : thi;
      const na = (t[a & 0xffff] as number) | ((t[a >>> 16] as number) << 16);
      const nb = (t[b & 0xffff] as number) | ((t[b >>> 16] as number) << 16);
      if (na !== a || nb !== b) {
        const v = heuristicValue(H, na, nb);
        if (v > best) best = v;
      }
    }
    this.ret[0] = best;
  }

  /** A position after a spawn, reached with probability prob[depth]; its children are expanded. */
  private moveNode(lo: number, hi: number, depth: number): void {
    this.nodes += 4;
    const L = ROW_LEFT;
    const R = ROW_RIGHT;
    const ret = this.ret;
    let best = 0;
    let v: number;
    const r0 = lo & 0xffff;
    const r1 = lo >>> 16;
    const r2 = hi & 0xffff;
    const r3 = hi >>> 16;
    let nlo = (L[r0] as number) | ((L[r1] as number) << 16);
    let nhi = (L[r2] as number) | ((L[r3] as number) << 16);
    if (nlo !== lo || nhi !== hi) {
      this.chanceNode(nlo, nhi, depth);
      v = ret[0] as number;
      if (v > best) best = v;
    }
    nlo = (R[r0] as number) | ((R[r1] as number) << 16);
    nhi = (R[r2] as number) | ((R[r3] as number) << 16);
    if (nlo !== lo || nhi !== hi) {
      this.chanceNode(nlo, nhi, depth);
      v = ret[0] as number;
      if (v > best) best = v;
    }
    const tlo = transposeLo(lo, hi);
    const thi = transposeHi(lo, hi);
    const c0 = tlo & 0xffff;
    const c1 = tlo >>> 16;
    const c2 = thi & 0xffff;
    const c3 = thi >>> 16;
    let mlo = (L[c0] as number) | ((L[c1] as number) << 16);
    let mhi = (L[c2] as number) | ((L[c3] as number) << 16);
    if (mlo !== tlo || mhi !== thi) {
      this.chanceNode(transposeLo(mlo, mhi), transposeHi(mlo, mhi), depth);
      v = ret[0] as number;
      if (v > best) best = v;
    }
    mlo = (R[c0] as number) | ((R[c1] as number) << 16);
    mhi = (R[c2] as number) | ((R[c3] as number) << 16);
    if (mlo !== tlo || mhi !== thi) {
      this.chanceNode(transposeLo(mlo, mhi), transposeHi(mlo, mhi), depth);
      v = ret[0] as number;
      if (v > best) best = v;
    }
    ret[0] = best;
  }

  /** Whether the node budget or the deadline has passed (asked once per CLOCK_EVERY + 1 expansions). */
  private pastDeadline(): boolean {
    return this.nodes > this.nodeDeadline || (this.deadline !== Infinity && this.now() > this.deadline);
  }

  /** A position before the spawn, reached with probability prob[depth]; always expanded (callers score leaves). */
  private chanceNode(lo: number, hi: number, depth: number): void {
    const ret = this.ret;
    if (this.aborted || ((++this.expansions & CLOCK_EVERY) === 0 && this.pastDeadline())) {
      this.aborted = true;
      ret[0] = 0;
      return;
    }
    const table = this.table;
    const found = table.locate(lo, hi);
    // Reuse only a value searched at least as deep as this node would be.
    if (found >= 0 && table.depthAt(found) <= depth) {
      this.cacheHits++;
      ret[0] = table.values[found + 3] as number;
      return;
    }
    const slot = found >= 0 ? found : -1 - found;

    const prob = this.prob;
    const empty = countEmpty(lo, hi);
    const p = (prob[depth] as number) / empty;
    const p2 = p * SPAWN_2;
    const p4 = p * SPAWN_4;
    const next = depth + 1;
    let sum = 0;
    // The spawned board's transpose is the parent's plus one cell.
    const tlo = transposeLo(lo, hi);
    const thi = transposeHi(lo, hi);
    if (next >= this.depthLimit || p2 < this.cutoff) {
      // Every child is a leaf (p4 < p2).
      for (let k = 0; k < 8; k++) {
        const s = k << 2;
        if (((lo >>> s) & 15) === 0) {
          const t = TRANSPOSED_SHIFT_LO[k] as number;
          this.leafMoveNode(lo | (1 << s), hi, t < 32 ? tlo | (1 << t) : tlo, t < 32 ? thi : thi | (1 << (t - 32)));
          sum += SPAWN_2 * (ret[0] as number);
          this.leafMoveNode(lo | (2 << s), hi, t < 32 ? tlo | (2 << t) : tlo, t < 32 ? thi : thi | (2 << (t - 32)));
          sum += SPAWN_4 * (ret[0] as number);
        }
        if (((hi >>> s) & 15) === 0) {
          const t = TRANSPOSED_SHIFT_HI[k] as number;
          this.leafMoveNode(lo, hi | (1 << s), t < 32 ? tlo | (1 << t) : tlo, t < 32 ? thi : thi | (1 << (t - 32)));
          sum += SPAWN_2 * (ret[0] as number);
          this.leafMoveNode(lo, hi | (2 << s), t < 32 ? tlo | (2 << t) : tlo, t < 32 ? thi : thi | (2 << (t - 32)));
          sum += SPAWN_4 * (ret[0] as number);
        }
      }
    } else {
      const leaf4 = p4 < this.cutoff;
      for (let k = 0; k < 8; k++) {
        const s = k << 2;
        if (((lo >>> s) & 15) === 0) {
          prob[next] = p2;
          this.moveNode(lo | (1 << s), hi, next);
          sum += SPAWN_2 * (ret[0] as number);
          prob[next] = p4;
          if (leaf4) {
            const t = TRANSPOSED_SHIFT_LO[k] as number;
            this.leafMoveNode(lo | (2 << s), hi, t < 32 ? tlo | (2 << t) : tlo, t < 32 ? thi : thi | (2 << (t - 32)));
          } else this.moveNode(lo | (2 << s), hi, next);
          sum += SPAWN_4 * (ret[0] as number);
        }
        if (((hi >>> s) & 15) === 0) {
          prob[next] = p2;
          this.moveNode(lo, hi | (1 << s), next);
          sum += SPAWN_2 * (ret[0] as number);
          prob[next] = p4;
          if (leaf4) {
            const t = TRANSPOSED_SHIFT_HI[k] as number;
            this.leafMoveNode(lo, hi | (2 << s), t < 32 ? tlo | (2 << t) : tlo, t < 32 ? thi : thi | (2 << (t - 32)));
          } else this.moveNode(lo, hi | (2 << s), next);
          sum += SPAWN_4 * (ret[0] as number);
        }
      }
    }
    const result = sum / empty;
    ret[0] = result;
    if (this.aborted) {
      ret[0] = 0;
      return;
    }

    // Not `store`: a double passed to a call V8 does not inline would be boxed.
    table.claim(slot, lo, hi, depth);
    table.values[slot + 3] = result;
  }
}
