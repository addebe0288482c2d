import type { Commands, FrameScheduler } from './commands';
import { frameOrTimeout } from './commands';

export interface MoveQueueOptions {
  /** Moves that may wait for a frame; one more makes the oldest apply at once (default 4). */
  readonly capacity?: number;
  /** What paces the queue; by default the next frame, or 50 ms when frames stall. */
  readonly frames?: FrameScheduler;
}

export interface QueuedCommands extends Commands {
  /** How many commands wait for a frame. */
  readonly pending: number;
  /** Applies every waiting command now, in order. */
  flush(): void;
  /** Applies what waits and stops scheduling frames. */
  dispose(): void;
}

/**
 * Paces moves and undos to at most one per frame, in the order they came. The first command
 * after a quiet frame applies at once (so a key press shows in the very next frame); a burst
 * waits in a short queue so each move gets a frame of its own. Nothing is ever dropped: when
 * the queue is full, its oldest command applies immediately. New game first applies what waits.
 */
export function queueCommands(commands: Commands, options: MoveQueueOptions = {}): QueuedCommands {
  const capacity = Math.max(0, options.capacity ?? 4);
  const frames = options.frames ?? frameOrTimeout(50);
  const waiting: (() => void)[] = [];
  /** Set while the current frame has already had its command. */
  let frame: number | null = null;

  const tick = (): void => {
    frame = null;
    const next = waiting.shift();
    if (!next) return;
    frame = frames.requestFrame(tick);
    next();
  };
  const push = (run: () => void): void => {
    if (frame === null) {
      frame = frames.requestFrame(tick);
      run();
      return;
    }
    waiting.push(run);
    if (waiting.length > capacity) waiting.shift()?.();
  };
  const flush = (): void => {
    while (waiting.length > 0) waiting.shift()?.();
  };

  return {
    get pending() {
      return waiting.length;
    },
    move: (dir) => push(() => commands.move(dir)),
    undo: () => push(() => commands.undo()),
    newGame: () => {
      flush();
      commands.newGame();
    },
    flush,
    dispose: () => {
      flush();
      if (frame !== null) frames.cancelFrame(frame);
      frame = null;
    },
  };
}
