import type { Board } from './board';
import { valueOf } from './board';

/** The four directions of a square, which act within every layer of a cube too. */
export type Direction = 'left' | 'right' | 'up' | 'down';
export const DIRECTIONS: readonly Direction[] = ['left', 'right', 'up', 'down'];
/** A cube's third axis: `in` slides away from the player (toward the last layer), `out` toward layer 0. */
export type DepthDirection = 'in' | 'out';
/** Any move the engine knows; `in` and `out` only on a cube. */
export type CubeDirection = Direction | DepthDirection;
export const CUBE_DIRECTIONS: readonly CubeDirection[] = [...DIRECTIONS, 'in', 'out'];

/** The directions a board of this shape accepts. */
export const directionsFor = (board: { readonly dimensions: number }): readonly CubeDirection[] =>
  board.dimensions === 3 ? CUBE_DIRECTIONS : DIRECTIONS;

/** Refuses a direction the board has no axis for, naming those it has (a caller's bug, so it throws). */
export function checkDirection(board: { readonly dimensions: number }, dir: unknown): asserts dir is CubeDirection {
  const dirs = directionsFor(board);
  if (!dirs.includes(dir as CubeDirection)) throw new RangeError(`${JSON.stringify(dir) ?? String(dir)} is not one of ${dirs.join(', ')}`);
}

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
 * For each shape and direction, the board's lines as cell indices, each ordered from
 * the wall the tiles slide towards. One slide routine then serves every direction: a
 * cube is more lines (a square's lines in every layer, plus lines across the layers),
 * not more rules.
 */
const lineCache = new Map<string, Int32Array[]>();

/** The axis each direction slides along: its stride is size ** axis (columns, rows, layers). */
const AXES: Readonly<Record<CubeDirection, number>> = { left: 0, right: 0, up: 1, down: 1, out: 2, in: 2 };

function buildLines(size: number, dir: CubeDirection, dimensions: number): Int32Array[] {
  const lines: Int32Array[] = [];
  const stride = size ** AXES[dir];
  const toFarEnd = dir === 'right' || dir === 'down' || dir === 'in';
  // A line starts at every cell whose coordinate along the axis is 0.
  for (let start = 0; start < size ** dimensions; start++) {
    if (Math.floor(start / stride) % size !== 0) continue;
    const line = new Int32Array(size);
    for (let k = 0; k < size; k++) line[k] = start + stride * (toFarEnd ? size - 1 - k : k);
    lines.push(line);
  }
  return lines;
}

export function linesFor(size: number, dir: CubeDirection, dimensions: number = 2): readonly Int32Array[] {
  const key = `${size}:${dimensions}:${dir}`;
  let lines = lineCache.get(key);
  if (!lines) {
    checkDirection({ dimensions }, dir);
    lines = buildLines(size, dir, dimensions);
    lineCache.set(key, lines);
  }
  return lines;
}

/**
 * Slides and merges every line towards the wall of `dir`. Each tile merges at most
 * once, and the pair nearest the wall merges first: [2,2,2,2] → [4,4,0,0].
 * Spawning is not part of a move; see `playMove`. Throws on a direction the board has
 * no axis for (`in` or `out` on a square, or no direction at all).
 */
export function move(board: Board, dir: CubeDirection): MoveResult {
  const { size, dimensions, cells } = board;
  const lines = linesFor(size, dir, dimensions);
  const next = new Uint8Array(cells.length);
  const steps: Step[] = [];
  let gained = 0;
  let moved = false;
  for (const line of lines) {
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
  return { board: moved ? { size, dimensions, cells: next } : board, moved, gained, steps };
}
