/**
 * What a change draws: the tracks of a move's steps, a cross-fade, or the board at rest. A
 * module apart from the poses every frame needs (timeline.ts), so the script-tag build can fetch
 * it once the first board shows (change-loader.ts).
 */
import type { Board } from '../engine';
import type { Change } from '../store/types';
import { exponentOfValue } from './palette';
import type { Timeline, Track } from './timeline';
import { FADE_MS, MOVE_MS, SLIDE_MS, restingTimeline } from './timings';

/** Cross-fades the cells whose tile changed; a change of board size fades the new board in. */
function fadeTimeline(from: Board, board: Board): Timeline {
  if (from.size !== board.size) {
    const tracks = restingTimeline(board).tracks.map((t): Track => ({ ...t, kind: 'fadeIn' }));
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
      return restingTimeline(board);
    case 'move':
      if (!reducedMotion && change.report) return moveTimeline(change.from, board, change.report.steps) ?? fadeTimeline(change.from, board);
      return fadeTimeline(change.from, board);
    default:
      return fadeTimeline(change.from, board);
  }
}
