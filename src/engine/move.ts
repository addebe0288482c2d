import type { Board } from './board';
import { valueOf } from './board';

export type Direction = 'left' | 'right' | 'up' | 'down';
export const DIRECTIONS: readonly Direction[] = ['left', 'right', 'up', 'down'];

/** What happened to the tiles in one move, as plain data a view can animate. Cells are flat indices. */
export type Step =
  | { readonly kind: 'slide'; readonly from: number; readonly to: number; readonly value: number }
  | {
      readonly kind: 'merge';
      /** The tile nearer the wall first, then the one that caught up with it. */
      readonly from: readonly [number, number];
      readonly to: number;
      readonly value: number;
    }
  | { readonly kind: 'spawn'; readonly at: number; readonly value: number };

export interface MoveResult {
  readonly board: Board;
  readonly moved: boolean;
  /** Sum of the values of the tiles created by merges. */
  readonly gained: number;
  /** Slides (tiles that changed cell) and merges; a tile that stays put is not mentioned. */
  readonly steps: readonly Step[];
}

/**
 * For each size and direction, the board's lines as cell indices, each ordered from
 * the wall the tiles slide towards. One slide routine then serves all four directions.
 */
const lineCache = new Map<string, Int32Array[]>();

export function linesFor(size: number, dir: Direction): readonly Int32Array[] {
  const key = `${size}:${dir}`;
  let lines = lineCache.get(key);
  if (!lines) {
    lines = [];
    for (let a = 0; a < size; a++) {
      const line = new Int32Array(size);
      for (let k = 0; k < size; k++) {
        const j = dir === 'left' || dir === 'up' ? k : size - 1 - k;
        line[k] = dir === 'left' || dir === 'right' ? a * size + j : j * size + a;
      }
      lines.push(line);
    }
    lineCache.set(key, lines);
  }
  return lines;
}

/**
 * Slides and merges every line towards the wall of `dir`. Each tile merges at most
 * once, and the pair nearest the wall merges first: [2,2,2,2] → [4,4,0,0].
 * Spawning is not part of a move; see `playMove`.
 */
export function move(board: Board, dir: Direction): MoveResult {
  const { size, cells } = board;
  const next = new Uint8Array(cells.length);
  const steps: Step[] = [];
  let gained = 0;
  let moved = false;
  for (const line of linesFor(size, dir)) {
    let write = 0; // next free slot along the line, counted from the wall
    let open = -1; // cell of the last placed tile if it may still merge, else -1
    let openFrom = -1; // where that tile came from
    for (let k = 0; k < size; k++) {
      const from = line[k] as number;
      const e = cells[from] as number;
      if (e === 0) continue;
      if (open >= 0 && next[open] === e) {
        const value = valueOf(e + 1);
        next[open] = e + 1;
        gained += value;
        // The tile merged into was just placed, so its slide is the latest step; the merge replaces it.
        if (openFrom !== open) steps.pop();
        steps.push({ kind: 'merge', from: [openFrom, from], to: open, value });
        moved = true;
        open = -1;
        continue;
      }
      const to = line[write] as number;
      write++;
      next[to] = e;
      if (to !== from) {
        steps.push({ kind: 'slide', from, to, value: valueOf(e) });
        moved = true;
      }
      open = to;
      openFrom = from;
    }
  }
  return { board: moved ? { size, cells: next } : board, moved, gained, steps };
}
