import type { CubeDirection } from '../engine';

/** What a player can ask for. Input sources only call these; they never read the game. */
export interface Commands {
  /** `in` and `out` only reach the board of a cube game (the store refuses them on a square, as a move that changes nothing). */
  move(dir: CubeDirection): void;
  undo(): void;
  newGame(): void;
}

/** Stops an input source: removes every listener, timer and frame request it made. */
export type Detach = () => void;

/** Frame scheduling, injected so tests can step frames by hand. */
export interface FrameScheduler {
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
}

export const browserFrames = (): FrameScheduler => ({
  requestFrame: (callback) => globalThis.requestAnimationFrame(callback),
  cancelFrame: (handle) => globalThis.cancelAnimationFrame(handle),
});

/**
 * The next frame, or `ms` milliseconds, whichever comes first: where frames stall (a busy
 * GPU, a hidden iframe) waiting input still goes through.
 */
export function frameOrTimeout(ms: number): FrameScheduler {
  const pending = new Map<number, { frame: number; timer: ReturnType<typeof setTimeout> }>();
  let next = 1;
  const cancel = (handle: number): void => {
    const p = pending.get(handle);
    if (!p) return;
    globalThis.cancelAnimationFrame(p.frame);
    clearTimeout(p.timer);
    pending.delete(handle);
  };
  return {
    requestFrame(callback) {
      const handle = next++;
      const run = (): void => {
        if (!pending.has(handle)) return;
        cancel(handle);
        callback();
      };
      pending.set(handle, { frame: globalThis.requestAnimationFrame(run), timer: setTimeout(run, ms) });
      return handle;
    },
    cancelFrame: cancel,
  };
}
