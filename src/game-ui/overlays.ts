import type { GameState } from '../engine';
import type { GameView, ReadonlyStore } from '../store/types';
import type { AskOptions } from './dialogs';
import { ask } from './dialogs';
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_DIALOGS } from '../i18n/en/dialogs';
import { formatNumber } from './format';

export interface OverlayElements {
  readonly win: HTMLDialogElement;
  readonly over: HTMLDialogElement;
}

export interface OverlayActions {
  keepGoing(): void;
  /** Starts a new game without asking: the player chose it on the overlay. */
  newGame(): void;
  undo(): void;
  /** Where focus goes when an overlay closes, so play goes on from the keyboard. */
  focusGame(): void;
  /** How long to let the final move play before covering the board (0 with reduced motion). */
  delay(): number;
  /** How long the board celebrates a win once the winning move has played (the skin's `winCelebrationMs`; 0: it does not). */
  celebration(): number;
  /** Resolves once the finished game is kept in the player's history: the game-over overlay waits for it (a few seconds at most). */
  kept?(): Promise<void>;
}

/** The longest the game-over overlay waits for the history: a stuck database must not hide the result. */
const KEEP_WAIT_MS = 3000;

function fill(dialog: HTMLDialogElement, name: string, text: string): void {
  for (const node of dialog.querySelectorAll<HTMLElement>(`[data-fill="${name}"]`)) node.textContent = text;
}

/**
 * The win overlay (on first reaching the target: Keep going / New game; Escape keeps going)
 * and the game-over overlay (final score: Try again / Undo last move; Escape just closes it
 * to look at the board). They follow the game's status, including changes made elsewhere.
 */
export function mountOverlays(
  el: OverlayElements,
  store: ReadonlyStore<GameView>,
  actions: OverlayActions,
  options: Pick<AskOptions, 'modal'> & { readonly lang?: () => Lang } = {},
): () => void {
  const lang = options.lang ?? ((): Lang => ENGLISH);
  /** The finished game whose overlay the player closed with Escape; not shown again for it. */
  let dismissedOver: GameState | null = null;

  const showWin = async (view: GameView): Promise<void> => {
    fill(el.win, 'target', String(view.game.target));
    fill(el.win, 'score', formatNumber(view.game.score, lang()));
    const answer = await ask(el.win, options);
    if (store.getState().game.status !== 'won') return;
    if (answer === 'new') actions.newGame();
    else actions.keepGoing();
    actions.focusGame();
  };

  const showOver = async (view: GameView): Promise<void> => {
    const { game, best } = view;
    if (actions.kept) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([actions.kept().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, KEEP_WAIT_MS)))]);
      clearTimeout(timer);
      if (store.getState().game !== game || el.over.open) return;
    }
    const l = lang();
    fill(el.over, 'score', formatNumber(game.score, l));
    fill(
      el.over,
      'best',
      game.score > 0 && game.score >= best ? say(l, EN_DIALOGS, 'over.newBest') : say(l, EN_DIALOGS, 'over.best', { best }),
    );
    const answer = await ask(el.over, options);
    const now = store.getState().game;
    if (now.status !== 'over') return;
    if (answer === 'again') actions.newGame();
    else if (answer === 'undo') actions.undo();
    else dismissedOver = now;
    actions.focusGame();
  };

  /** An overlay waiting for the winning or losing move to finish playing. */
  let pending: { game: GameState; timer: ReturnType<typeof setTimeout> } | null = null;
  const cancelPending = (): void => {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  };

  const sync = (view: GameView, animate: boolean): void => {
    const { game } = view;
    const { status } = game;
    if (status !== 'won' && el.win.open) el.win.close('');
    if (status !== 'over' && el.over.open) el.over.close('');
    const wanted = (status === 'won' && !el.win.open) || (status === 'over' && !el.over.open && game !== dismissedOver);
    if (!wanted) {
      if (pending?.game !== game) cancelPending();
      return;
    }
    if (pending?.game === game) return;
    cancelPending();
    const show = (): void => {
      pending = null;
      if (store.getState().game !== game) return;
      void (status === 'won' ? showWin(view) : showOver(view));
    };
    let wait = animate ? actions.delay() : 0;
    // A win is celebrated on the board first where the skin does (the cubes), unless motion is reduced (no delay then).
    if (wait && status === 'won') wait += actions.celebration();
    if (wait > 0) pending = { game, timer: setTimeout(show, wait) };
    else show();
  };

  // Mounted just after the finishing move (an embed loads its overlays on demand): that move still plays first.
  const first = store.getState();
  sync(first, first.change.kind === 'move');
  const unsubscribe = store.subscribe((view) => sync(view, view.change.kind === 'move'));
  return () => {
    unsubscribe();
    cancelPending();
    if (el.win.open) el.win.close('');
    if (el.over.open) el.over.close('');
  };
}
