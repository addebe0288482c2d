/**
 * The terminal skin: draws the store's game as ANSI text and redraws the whole screen in
 * place on every change. It reads the read-only store only; input and the terminal's
 * modes belong to the command that mounts it.
 */
import type { Lang } from '../../i18n/core';
import type { Direction, Step } from '../../engine';
import type { GameView, Notice, ReadonlyStore } from '../../store/types';
import type { FrameKeys, FrameModel } from './frame';
import { renderFrame } from './frame';
import { exponentOfValue } from '../palette';
import type { ColorMode } from './style';

export type { ColorMode } from './style';
export { detectColorMode } from './style';
export { frameLines, renderFrame, minimumWindow } from './frame';
export type { FrameKeys, FrameModel, FrameOptions } from './frame';

/** Where the skin draws: a terminal's size, a way to write, and resize notifications. */
export interface TerminalScreen {
  readonly columns: number;
  readonly rows: number;
  write(text: string): void;
  /** Calls `listener` when the window changes size; returns a function that stops it. */
  onResize(listener: () => void): () => void;
}

export interface TerminalSkinOptions {
  readonly mode: ColorMode;
  /** The keys its lines name (the command's keymap labels them). */
  readonly keys: FrameKeys;
  /** How long merged and new tiles stay highlighted after a move, in ms (0 for never). */
  readonly highlightMs?: number;
  /** The text shown for a store notice; its own message when absent. */
  readonly describeNotice?: (notice: Notice) => string;
  /** The language of its words (English when absent). */
  readonly lang?: Lang;
  /** Timers, injected so tests can step them. */
  readonly timers?: { set(callback: () => void, ms: number): unknown; clear(handle: unknown): void };
}

export interface TerminalSkin {
  /** Draws into `screen` and follows `store` until disposed. */
  mount(screen: TerminalScreen, store: ReadonlyStore<GameView>): void;
  /** Shows a suggested direction, or hides it with null. */
  setHint(dir: Direction | null): void;
  /** Shows a yes/no question in place of the status message, or hides it with null. */
  setPrompt(question: string | null): void;
  /** Ends the highlight of the latest move at once. */
  finish(): void;
  /** Draws the whole screen again (after the terminal was cleared). */
  redraw(): void;
  /** Stops following the store and the screen and cancels its timer; draws nothing more. */
  dispose(): void;
}

const NO_CELLS: ReadonlySet<number> = new Set();

type Timers = NonNullable<TerminalSkinOptions['timers']>;

const REAL_TIMERS: Timers = {
  set: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clear: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
};

/** What the skin shows besides the game: the hint, the question, and the latest move's highlight. */
interface Marks {
  hint: Direction | null;
  prompt: string | null;
  merged: ReadonlySet<number>;
  spawned: ReadonlySet<number>;
  gained: number;
}

/** The whole screen for `view`, sized to `screen`. */
function frameOf(screen: TerminalScreen, view: GameView, marks: Marks, options: TerminalSkinOptions): string {
  const model: FrameModel = {
    size: view.game.size,
    dimensions: view.game.board.dimensions,
    cells: view.game.board.cells,
    score: view.game.score,
    best: view.best,
    moves: view.game.record.length,
    gained: marks.gained,
    status: view.game.status,
    target: view.game.target,
    canUndo: view.canUndo,
    merged: marks.merged,
    spawned: marks.spawned,
    notices: view.notices.map((n) => options.describeNotice?.(n) ?? n.message),
    prompt: marks.prompt,
    hint: marks.hint,
  };
  return renderFrame(model, {
    columns: screen.columns,
    rows: screen.rows,
    mode: options.mode,
    keys: options.keys,
    ...(options.lang ? { lang: options.lang } : {}),
  });
}

/** The cells a move merged and spawned, of those still holding what the step made (a later spawn never lands on a merge). */
function movedCells(view: GameView, steps: readonly Step[]): { merged: Set<number>; spawned: Set<number> } {
  const merged = new Set<number>();
  const spawned = new Set<number>();
  for (const step of steps) {
    if (step.kind === 'merge' && view.game.board.cells[step.to] === exponentOfValue(step.value)) merged.add(step.to);
    if (step.kind === 'spawn') spawned.add(step.at);
  }
  return { merged, spawned };
}

export function createTerminalSkin(options: TerminalSkinOptions): TerminalSkin {
  const highlightMs = options.highlightMs ?? 180;
  const timers = options.timers ?? REAL_TIMERS;
  let screen: TerminalScreen | null = null;
  let store: ReadonlyStore<GameView> | null = null;
  let unsubscribe: (() => void) | null = null;
  let stopResize: (() => void) | null = null;
  const marks: Marks = { hint: null, prompt: null, merged: NO_CELLS, spawned: NO_CELLS, gained: 0 };
  let seenSeq = -1;
  let timer: unknown = null;

  const stopHighlight = (): void => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    marks.merged = NO_CELLS;
    marks.spawned = NO_CELLS;
  };

  const draw = (): void => {
    if (!screen || !store) return;
    screen.write(frameOf(screen, store.getState(), marks, options));
  };

  /** Takes in a new change: a move highlights what it merged and spawned; anything else clears. */
  const follow = (view: GameView): void => {
    const { change } = view;
    if (change.seq === seenSeq) return;
    seenSeq = change.seq;
    stopHighlight();
    marks.gained = change.kind === 'move' && change.report ? change.report.gained : 0;
    if (change.kind !== 'move' || !change.report || highlightMs <= 0) return;
    Object.assign(marks, movedCells(view, change.report.steps));
    timer = timers.set(() => {
      timer = null;
      marks.merged = NO_CELLS;
      marks.spawned = NO_CELLS;
      draw();
    }, highlightMs);
  };

  return {
    mount(target, source) {
      screen = target;
      store = source;
      seenSeq = source.getState().change.seq;
      unsubscribe = source.subscribe((view) => {
        follow(view);
        draw();
      });
      stopResize = target.onResize(draw);
      draw();
    },
    setHint(dir) {
      marks.hint = dir;
      draw();
    },
    setPrompt(question) {
      marks.prompt = question;
      draw();
    },
    finish() {
      if (timer === null) return;
      stopHighlight();
      draw();
    },
    redraw: draw,
    dispose() {
      stopHighlight();
      unsubscribe?.();
      stopResize?.();
      unsubscribe = null;
      stopResize = null;
      screen = null;
      store = null;
    },
  };
}
