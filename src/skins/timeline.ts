/**
 * The pure timeline every animated skin shares: which tiles to draw for a change and where
 * each one is at a given instant. No DOM and no clock: renderers (cubes, flat DOM) only turn
 * poses into pixels, so both animate identically.
 */
import type { Board } from '../engine';
import type { Change } from '../store/types';
import { exponentOfValue, tileValue } from './palette';
import type { TileView } from './skin';

/** Timings after the original game: a quick ease-out slide, then the merge pop and the spawn grow. */
export const SLIDE_MS = 100;
export const POP_MS = 150;
export const SPAWN_MS = 150;
/** Reduced motion, and changes that are not moves (undo, new game), cross-fade this long. */
export const FADE_MS = 120;
/** How far a merged tile swells before it settles. */
export const POP_SCALE = 1.2;
/**
 * How long a move with a merge or a spawn animates: the slide, then the longer of the pop and
 * the grow. Anything that waits for a move to be seen (an overlay after the last move) waits this.
 */
export const MOVE_MS = SLIDE_MS + Math.max(POP_MS, SPAWN_MS);

/**
 * - stay: did not move.  - slide: moves from → to.  - source: one of two tiles sliding into a
 * merge, gone once they meet.  - merged: the new tile of a merge, popping in when they meet.
 * - spawn: the new tile, growing in after the slide.  - fadeIn/fadeOut: cross-fades.
 */
export type TrackKind = 'stay' | 'slide' | 'source' | 'merged' | 'spawn' | 'fadeIn' | 'fadeOut';

/** One tile drawn during a change. */
export interface Track {
  readonly kind: TrackKind;
  readonly exponent: number;
  readonly from: number;
  readonly to: number;
  /**
   * The second tile of a merge (the one that caught up): renderers draw it beneath the first,
   * so where the two overlap only one face and one number show.
   */
  readonly under?: boolean;
}

/** Where a track is at an instant; written in place so frames allocate nothing. */
export interface Pose {
  col: number;
  row: number;
  scale: number;
  opacity: number;
}

export interface Timeline {
  readonly size: number;
  readonly tracks: readonly Track[];
  /** Milliseconds until every track rests; 0 for a snap. */
  readonly duration: number;
}

function staticTimeline(board: Board): Timeline {
  const tracks: Track[] = [];
  board.cells.forEach((e, i) => {
    if (e !== 0) tracks.push({ kind: 'stay', exponent: e, from: i, to: i });
  });
  return { size: board.size, tracks, duration: 0 };
}

/** Cross-fades the cells whose tile changed; a change of board size fades the new board in. */
function fadeTimeline(from: Board, board: Board): Timeline {
  if (from.size !== board.size) {
    const tracks = staticTimeline(board).tracks.map((t): Track => ({ ...t, kind: 'fadeIn' }));
    return { size: board.size, tracks, duration: tracks.length > 0 ? FADE_MS : 0 };
  }
  const tracks: Track[] = [];
  let changed = false;
  for (let i = 0; i < board.cells.length; i++) {
    const was = from.cells[i] ?? 0;
    const now = board.cells[i] ?? 0;
    if (was === now) {
      if (now !== 0) tracks.push({ kind: 'stay', exponent: now, from: i, to: i });
      continue;
    }
    changed = true;
    if (was !== 0) tracks.push({ kind: 'fadeOut', exponent: was, from: i, to: i });
    if (now !== 0) tracks.push({ kind: 'fadeIn', exponent: now, from: i, to: i });
  }
  return { size: board.size, tracks, duration: changed ? FADE_MS : 0 };
}

/** The tracks of a move report, or null when the report does not lead from `from` to `board`. */
function moveTimeline(from: Board, board: Board, steps: NonNullable<Change['report']>['steps']): Timeline | null {
  if (from.size !== board.size) return null;
  const tracks: Track[] = [];
  const leaving = new Uint8Array(from.cells.length);
  let after = false;
  for (const step of steps) {
    const e = exponentOfValue(step.value);
    if (step.kind === 'slide') {
      leaving[step.from] = 1;
      tracks.push({ kind: 'slide', exponent: e, from: step.from, to: step.to });
    } else if (step.kind === 'merge') {
      step.from.forEach((source, i) => {
        leaving[source] = 1;
        tracks.push({ kind: 'source', exponent: e - 1, from: source, to: step.to, ...(i === 1 ? { under: true } : {}) });
      });
      tracks.push({ kind: 'merged', exponent: e, from: step.to, to: step.to });
      after = true;
    } else {
      tracks.push({ kind: 'spawn', exponent: e, from: step.at, to: step.at });
      after = true;
    }
  }
  from.cells.forEach((e, i) => {
    if (e !== 0 && leaving[i] === 0) tracks.push({ kind: 'stay', exponent: e, from: i, to: i });
  });
  // Whatever the report says, the last frame must be exactly the new board: never a stale tile.
  const landed = new Uint8Array(board.cells.length);
  for (const t of tracks) if (t.kind !== 'source') landed[t.to] = t.exponent;
  for (let i = 0; i < landed.length; i++) if (landed[i] !== board.cells[i]) return null;
  // The tiles that merge are drawn first so the merged tile covers them where they meet.
  tracks.sort((a, b) => Number(b.kind === 'source') - Number(a.kind === 'source'));
  return { size: board.size, tracks, duration: after ? MOVE_MS : SLIDE_MS };
}

/** What to draw for a change: the move's steps, a cross-fade, or a snap. */
export function timelineFor(change: Change, board: Board, reducedMotion: boolean): Timeline {
  switch (change.kind) {
    case 'start':
    case 'keepGoing':
      return staticTimeline(board);
    case 'move':
      if (!reducedMotion && change.report) return moveTimeline(change.from, board, change.report.steps) ?? fadeTimeline(change.from, board);
      return fadeTimeline(change.from, board);
    default:
      return fadeTimeline(change.from, board);
  }
}

/**
 * Writes where `track` is `elapsed` ms into its change; returns whether it is visible.
 * Runs for every tile every frame, so it allocates nothing: arithmetic and Math builtins
 * only (ease-out cubic is 1 − (1 − p)³). A helper returning a fraction would be boxed into a
 * new heap number on branches too rare for V8 to inline it, such as a spawn's.
 */
export function poseAt(track: Track, size: number, elapsed: number, out: Pose): boolean {
  let cell = track.to;
  out.scale = 1;
  out.opacity = 1;
  switch (track.kind) {
    case 'stay':
      break;
    case 'slide':
    case 'source': {
      if (track.kind === 'source' && elapsed >= SLIDE_MS) return hide(out, track.to, size);
      const p = 1 - (1 - Math.min(Math.max(elapsed / SLIDE_MS, 0), 1)) ** 3;
      const fr = Math.floor(track.from / size);
      const fc = track.from % size;
      const tr = Math.floor(track.to / size);
      const tc = track.to % size;
      out.row = fr + (tr - fr) * p;
      out.col = fc + (tc - fc) * p;
      return true;
    }
    case 'merged': {
      if (elapsed < SLIDE_MS) return hide(out, cell, size);
      const u = Math.min(Math.max((elapsed - SLIDE_MS) / POP_MS, 0), 1);
      out.scale = 1 + (POP_SCALE - 1) * Math.sin(Math.PI * u);
      break;
    }
    case 'spawn': {
      if (elapsed < SLIDE_MS) return hide(out, cell, size);
      const u = Math.min(Math.max((elapsed - SLIDE_MS) / SPAWN_MS, 0), 1);
      // Growth alone, at full opacity, so renderers can draw it as a solid.
      out.scale = 1 - (1 - u) ** 3;
      if (out.scale <= 0) return hide(out, cell, size);
      break;
    }
    case 'fadeIn':
      out.opacity = Math.min(Math.max(elapsed / FADE_MS, 0), 1);
      if (out.opacity <= 0) return hide(out, cell, size);
      break;
    case 'fadeOut':
      out.opacity = 1 - Math.min(Math.max(elapsed / FADE_MS, 0), 1);
      cell = track.from;
      if (out.opacity <= 0) return hide(out, cell, size);
      break;
  }
  out.row = Math.floor(cell / size);
  out.col = cell % size;
  return true;
}

function hide(out: Pose, cell: number, size: number): false {
  out.row = Math.floor(cell / size);
  out.col = cell % size;
  out.scale = 0;
  out.opacity = 0;
  return false;
}

/** The visible tiles of `timeline` at `elapsed`, as plain data (for `inspect`, not for frames). */
export function tilesAt(timeline: Timeline, elapsed: number): TileView[] {
  const pose: Pose = { col: 0, row: 0, scale: 0, opacity: 0 };
  const tiles: TileView[] = [];
  for (const track of timeline.tracks) {
    if (poseAt(track, timeline.size, elapsed, pose))
      tiles.push({ value: tileValue(track.exponent), row: pose.row, col: pose.col, scale: pose.scale, opacity: pose.opacity });
  }
  return tiles;
}
