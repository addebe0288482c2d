/**
 * How long each part of a change takes, and the board at rest: what the poses of every frame
 * (timeline.ts) and the timelines of changes (change-timeline.ts) share. It imports nothing that
 * runs, so the script-tag build's chunk of change timelines can import it from the core without
 * the bundler cutting the core's palette into a chunk of its own (change-loader.ts).
 */
import type { Board } from '../engine';
import type { Timeline, Track } from './timeline';

/** Timings after the original game: a quick ease-out slide, then the merge pop and the spawn grow. */
export const SLIDE_MS = 100;
export const POP_MS = 150;
export const SPAWN_MS = 150;
/** Reduced motion, and changes that are not moves (undo, new game), cross-fade this long. */
export const FADE_MS = 120;
/**
 * How long a move with a merge or a spawn animates: the slide, then the longer of the pop and
 * the grow. Anything that waits for a move to be seen (an overlay after the last move) waits this.
 */
export const MOVE_MS = SLIDE_MS + Math.max(POP_MS, SPAWN_MS);

/** The board at rest: every tile where it is (a new game's first board, a change shown without motion). */
export function restingTimeline(board: Board): Timeline {
  const tracks: Track[] = [];
  board.cells.forEach((e, i) => {
    if (e !== 0) tracks.push({ kind: 'stay', exponent: e, from: i, to: i });
  });
  return { size: board.size, tracks, duration: 0 };
}
