/**
 * The pure timeline every animated skin shares: where each tile of a change is at a given
 * instant (which tiles a change draws: change-timeline.ts). No DOM and no clock: renderers
 * (cubes, flat DOM) only turn poses into pixels, so both animate identically.
 */
import { tileValue } from './palette';
import type { TileView } from './skin';

import { FADE_MS, POP_MS, SLIDE_MS, SPAWN_MS } from './timings';

export { SLIDE_MS, POP_MS, SPAWN_MS, FADE_MS, MOVE_MS } from './timings';
export { timelineFor } from './change-loader';

/** How far a merged tile swells before it settles. */
export const POP_SCALE = 1.2;
/** How much of a tile the pop adds (POP_SCALE − 1, written out: the subtraction leaves 0.19999999999999996 in the bundle). */
const POP_SWELL = 0.2;

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
      out.scale = 1 + POP_SWELL * Math.sin(Math.PI * u);
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
