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

/**
 * Follows a store and plays each change's timeline on demand: frames are requested only
 * while a timeline runs (or `draw` asks for more), so an idle board costs nothing.
 * A change that arrives mid-animation replaces the running one at once; since each
 * change starts from the board the previous one ended on, no move is lost or reordered.
 */
export class Playback {
  private timeline: Timeline = { size: 0, tracks: [], duration: 0 };
  private started = 0;
  private handle: number | null = null;
  private seq = -1;
  private unsubscribe: (() => void) | null = null;
  private paused = false;
  /** Frames drawn since creation. */
  frames = 0;

  constructor(
    private readonly clock: FrameClock,
    private readonly hooks: PlaybackHooks,
    private readonly reducedMotion: () => boolean,
  ) {}

  /** Shows the store's board now and animates every later change. */
  follow(store: ReadonlyStore<GameView>): void {
    this.unsubscribe?.();
    const view = store.getState();
    this.seq = view.change.seq;
    this.start(timelineFor({ ...view.change, kind: 'start' }, view.game.board, true));
    this.unsubscribe = store.subscribe((state) => {
      if (state.change.seq === this.seq) return;
      // A skipped number means we missed a change (mounted late): cross-fade, never replay a stale report.
      const missed = state.change.seq !== this.seq + 1;
      this.seq = state.change.seq;
      const change = missed ? { ...state.change, kind: 'sync' as const } : state.change;
      this.start(timelineFor(change, state.game.board, this.reducedMotion()));
    });
  }

  get current(): Timeline {
    return this.timeline;
  }

  get animating(): boolean {
    return this.handle !== null;
  }

  /** Milliseconds into the current timeline, capped at its end. */
  get elapsed(): number {
    return Math.min(this.clock.now() - this.started, this.timeline.duration);
  }

  /** Jumps the running animation to its end and draws that. */
  finish(): void {
    this.started = this.clock.now() - this.timeline.duration;
    this.request();
  }

  /** Asks for one frame (after a resize, a theme change, a restored context). */
  request(): void {
    if (this.handle !== null || this.paused) return;
    this.handle = this.clock.requestFrame(this.tick);
  }

  /** Stops drawing (a lost WebGL context) until `resume`; changes are still followed. */
  pause(): void {
    this.paused = true;
    this.cancel();
  }

  resume(): void {
    this.paused = false;
    this.request();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.cancel();
  }

  private start(timeline: Timeline): void {
    this.timeline = timeline;
    this.started = this.clock.now();
    this.hooks.begin(timeline);
    this.request();
  }

  private cancel(): void {
    if (this.handle !== null) this.clock.cancelFrame(this.handle);
    this.handle = null;
  }

  private readonly tick = (): void => {
    this.handle = null;
    const elapsed = this.elapsed;
    this.frames++;
    const more = this.hooks.draw(this.timeline, elapsed);
    if (more || elapsed < this.timeline.duration) this.request();
  };
}
