/**
 * Playing timelines: a frame loop that runs only while something moves, following a store's
 * changes. What to draw comes from timeline.ts; how to draw it from the skin's hooks.
 */
import type { GameView, ReadonlyStore } from '../store/types';
import type { Timeline } from './timeline';
import { timelineFor } from './timeline';
import type { FrameClock } from './skin';

/** The browser's clock and animation frames. */
export const browserClock: FrameClock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
};

export interface PlaybackHooks {
  /** A new timeline starts: set up per-tile things (colours, labels) once, not per frame. */
  begin(timeline: Timeline): void;
  /** Draws the current timeline `elapsed` ms in; returns true to keep frames coming (a camera easing). */
  draw(timeline: Timeline, elapsed: number): boolean;
}

export interface Playback {
  /** Shows the store's board now and animates every later change. */
  follow(store: ReadonlyStore<GameView>): void;
  readonly current: Timeline;
  /** Whether a frame is scheduled. */
  readonly animating: boolean;
  /** Milliseconds into the current timeline, capped at its end. */
  readonly elapsed: number;
  /** Frames drawn since creation. */
  readonly frames: number;
  /** Jumps the running animation to its end and draws that. */
  finish(): void;
  /** Asks for one frame (after a resize, a theme change, a restored context). */
  request(): void;
  /** Stops drawing (a lost WebGL context) until `resume`; changes are still followed. */
  pause(): void;
  resume(): void;
  stop(): void;
}

/**
 * Follows a store and plays each change's timeline on demand: frames are requested only
 * while a timeline runs (or `draw` asks for more), so an idle board costs nothing.
 * A change that arrives mid-animation replaces the running one at once; since each
 * change starts from the board the previous one ended on, no move is lost or reordered.
 * A closure, not a class: its state minifies to local names.
 */
export function createPlayback(clock: FrameClock, hooks: PlaybackHooks, reducedMotion: () => boolean): Playback {
  let timeline: Timeline = { size: 0, tracks: [], duration: 0 };
  let started = 0;
  let handle: number | null = null;
  let seq = -1;
  let unsubscribe: (() => void) | null = null;
  let paused = false;
  let frames = 0;

  const elapsed = (): number => Math.min(clock.now() - started, timeline.duration);
  const request = (): void => {
    if (handle === null && !paused) handle = clock.requestFrame(tick);
  };
  const cancel = (): void => {
    if (handle !== null) clock.cancelFrame(handle);
    handle = null;
  };
  const start = (next: Timeline): void => {
    timeline = next;
    started = clock.now();
    hooks.begin(next);
    request();
  };
  function tick(): void {
    handle = null;
    const at = elapsed();
    frames++;
    const more = hooks.draw(timeline, at);
    if (more || at < timeline.duration) request();
  }

  return {
    follow(store) {
      unsubscribe?.();
      const view = store.getState();
      seq = view.change.seq;
      start(timelineFor({ ...view.change, kind: 'start' }, view.game.board, true));
      unsubscribe = store.subscribe((state) => {
        if (state.change.seq === seq) return;
        // A skipped number means we missed a change (mounted late): cross-fade, never replay a stale report.
        const missed = state.change.seq !== seq + 1;
        seq = state.change.seq;
        const change = missed ? { ...state.change, kind: 'sync' as const } : state.change;
        start(timelineFor(change, state.game.board, reducedMotion()));
      });
    },
    get current() {
      return timeline;
    },
    get animating() {
      return handle !== null;
    },
    get elapsed() {
      return elapsed();
    },
    get frames() {
      return frames;
    },
    finish() {
      started = clock.now() - timeline.duration;
      request();
    },
    request,
    pause() {
      paused = true;
      cancel();
    },
    resume() {
      paused = false;
      request();
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      cancel();
    },
  };
}
