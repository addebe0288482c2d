/**
 * The replay viewer: a modal dialog that plays a game record back on its own board. It
 * drives a skin from a small read-only store of its own, so the player's game is never
 * touched until they choose "Play from here".
 */
import type { Direction, GameState, MoveReport } from '../engine';
import { directionOf, keepGoing, maxTile, playMove } from '../engine';
import { REPLAY_KEYS, commandFor } from '../input/keymap';
import type { GameRecord } from '../replay/record';
import { ReplayTimeline, decodeRecord, verifyRecord } from '../replay/record';
import type { SkinOptions } from '../skins/skin';
import type { GameStore } from '../store';
import type { Change, GameView, ReadonlyStore } from '../store/types';
import { mountA11yGrid } from '../game-ui/a11y-grid';
import { ask, confirmWith } from '../game-ui/dialogs';
import type { Lang } from '../i18n/core';
import { ENGLISH, speaker } from '../i18n/core';
import { EN_SHARE } from '../i18n/en/share';
import { formatNumber } from '../game-ui/format';
import { gameAtStake } from '../game-ui/at-stake';
import { gameEndsLine } from '../game-ui/question';
import { createSkinHost } from '../game-ui/skin-host';

export interface ReplayViewerOptions {
  readonly dialog: HTMLDialogElement;
  readonly confirmDialog: HTMLDialogElement;
  readonly store: GameStore;
  /** The board style to show (the player's), and its theme and motion. */
  readonly skinName: () => string;
  readonly skinOptions: () => SkinOptions;
  /** A line for the live region. */
  readonly say: (text: string) => void;
  readonly focusGame: () => void;
  /**
   * Where "Play from here" puts the game: the page's own store when absent. The daily
   * challenge passes the normal game's: a game played on from a replay is not today's deal,
   * so it is saved with the normal game and the page goes back to it.
   */
  readonly playOnIn?: () => PlayOnTarget;
  /** The page's language now (English when absent). */
  readonly lang?: () => Lang;
}

const words = speaker(EN_SHARE);

export interface PlayOnTarget {
  readonly store: GameStore;
  /** The game was started in `store`. */
  done(): void;
  /** Nothing was started (the player kept their game). */
  release(): void;
}

export interface ReplayViewer {
  /** Shows the record; resolves once the viewer is closed. */
  open(record: GameRecord): Promise<void>;
  readonly isOpen: boolean;
  dispose(): void;
}

export const SPEEDS = [1, 2, 4, 10, 30] as const;

/** A read-only store holding one GameView, which the viewer replaces as it moves through the record. */
function createViewStore(initial: GameState): ReadonlyStore<GameView> & { show(game: GameState, report: MoveReport | null): void } {
  const listeners = new Set<(view: GameView, previous: GameView) => void>();
  let view: GameView = {
    game: initial,
    best: 0,
    canUndo: false,
    change: { seq: 0, kind: 'start', from: initial.board, report: null },
    notices: [],
  };
  return {
    getState: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(game, report) {
      const previous = view;
      // A step forward animates its report; anything else (back, scrub) snaps.
      const change: Change = { seq: previous.change.seq + 1, kind: report ? 'move' : 'sync', from: previous.game.board, report };
      view = { ...view, game, change };
      for (const listener of [...listeners]) listener(view, previous);
    },
  };
}

function part<T extends Element>(root: Element, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`the replay dialog is missing ${selector}`);
  return el;
}

export function createReplayViewer(options: ReplayViewerOptions): ReplayViewer {
  const { dialog, store } = options;
  const lang = options.lang ?? ((): Lang => ENGLISH);
  const t: ReturnType<typeof words> = (key, ...params) => words(lang())(key, ...params);
  const win = dialog.ownerDocument.defaultView as Window;
  const fill = (name: string, text: string): void => {
    for (const el of dialog.querySelectorAll<HTMLElement>(`[data-fill="${name}"]`)) el.textContent = text;
  };
  const verdict = part<HTMLElement>(dialog, '.replay-verdict');
  const gridEl = part<HTMLElement>(dialog, '.replay-grid');
  const boardEl = part<HTMLElement>(dialog, '.replay-board');
  const scrubber = part<HTMLInputElement>(dialog, '.replay-scrubber');
  const playButton = part<HTMLButtonElement>(dialog, '[data-action="play"]');
  const backButton = part<HTMLButtonElement>(dialog, '[data-action="back"]');
  const forwardButton = part<HTMLButtonElement>(dialog, '[data-action="forward"]');
  const speedSelect = part<HTMLSelectElement>(dialog, '[data-action="speed"]');
  const forkButton = part<HTMLButtonElement>(dialog, '[data-action="fork"]');
  // Hidden from a script, not by a style="" attribute in the markup: a strict CSP (style-src without 'unsafe-inline') blocks those.
  part<SVGElement>(playButton, '[data-icon="pause"]').style.display = 'none';

  /** Everything about the record being shown; null while closed. */
  let session: {
    timeline: ReplayTimeline;
    view: ReturnType<typeof createViewStore>;
    position: number;
    timer: number | null;
    cleanups: (() => void)[];
  } | null = null;

  const render = (): void => {
    if (!session) return;
    const { timeline, position, view } = session;
    const game = view.getState().game;
    const l = lang();
    fill('position', formatNumber(position, l));
    fill('length', formatNumber(timeline.length, l));
    fill('score', formatNumber(game.score, l));
    scrubber.value = String(position);
    scrubber.setAttribute('aria-valuetext', t('replay.position', { position, length: timeline.length, score: game.score }));
    backButton.disabled = position === 0;
    forwardButton.disabled = position === timeline.length;
    const playing = session.timer !== null;
    playButton.setAttribute('aria-label', t(playing ? 'replay.pause' : 'replay.play'));
    playButton.setAttribute('aria-pressed', String(playing));
    // `hidden` does not hide an <svg> styled by `.button svg`.
    part<SVGElement>(playButton, '[data-icon="play"]').style.display = playing ? 'none' : '';
    part<SVGElement>(playButton, '[data-icon="pause"]').style.display = playing ? '' : 'none';
    forkButton.disabled = game.status === 'over';
    forkButton.title = game.status === 'over' ? t('replay.overHere') : '';
  };

  /** Jumps to `position` (snap), or steps one move forward with its animation. */
  const goTo = (position: number): void => {
    if (!session) return;
    const { timeline, view } = session;
    const p = Math.max(0, Math.min(timeline.length, Math.round(position)));
    if (p === session.position) return render();
    let report: MoveReport | null = null;
    let game: GameState;
    const dir: Direction | undefined = directionOf(timeline.record.moves[session.position] ?? '');
    if (p === session.position + 1 && dir) {
      const before = view.getState().game;
      const played = playMove(before.status === 'won' ? keepGoing(before) : before, dir);
      game = played.state;
      report = played.report;
    } else {
      game = timeline.stateAt(p);
    }
    session.position = p;
    view.show(game, report);
    render();
  };

  const stop = (): void => {
    if (session?.timer != null) win.clearTimeout(session.timer);
    if (session) session.timer = null;
    render();
  };
  const tick = (): void => {
    if (!session) return;
    if (session.position >= session.timeline.length) return stop();
    goTo(session.position + 1);
    session.timer = session.position >= session.timeline.length ? null : win.setTimeout(tick, 1000 / Number(speedSelect.value));
    render();
  };
  const togglePlay = (): void => {
    if (!session) return;
    if (session.timer !== null) return stop();
    if (session.position >= session.timeline.length) goTo(0);
    session.timer = win.setTimeout(tick, 0);
    render();
  };

  const fork = async (): Promise<void> => {
    if (!session) return;
    stop();
    const from = session.timeline.stateAt(session.position);
    const target = options.playOnIn?.() ?? { store, done: () => undefined, release: () => undefined };
    const current = target.store.getState().game;
    if (gameAtStake(target.store.getState())) {
      const ok = await confirmWith(options.confirmDialog, {
        title: t('replay.askTitle'),
        message: target.store === store ? gameEndsLine(current.score, lang()) : t('replay.endsSaved', { score: current.score }),
        confirm: t('replay.askConfirm'),
        cancel: t('replay.askCancel'),
      });
      if (!ok || !session) return target.release();
    }
    const position = session.position;
    dialog.close('fork');
    target.store.getState().startFrom(from);
    target.done();
    options.focusGame();
    options.say(t('replay.playingOn', { position, score: from.score }));
  };

  const onClick = (event: MouseEvent): void => {
    const action = (event.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action;
    if (!session || !action) return;
    if (action === 'back') {
      stop();
      goTo(session.position - 1);
    } else if (action === 'forward') {
      stop();
      goTo(session.position + 1);
    } else if (action === 'play') togglePlay();
    else if (action === 'fork') void fork();
  };
  const onScrub = (): void => {
    // Read before stopping: stopping re-renders the scrubber at the old position.
    const wanted = Number(scrubber.value);
    stop();
    goTo(wanted);
  };
  const onSpeed = (): void => {
    // A running playback picks the new pace up from its next move.
    render();
  };
  const onKey = (event: KeyboardEvent): void => {
    if (!session) return;
    const target = event.target as HTMLElement;
    // The scrubber and the speed list keep their own arrow keys; buttons keep Space and Enter.
    if (target === scrubber || target === speedSelect) return;
    const command = commandFor(REPLAY_KEYS, event);
    if (command === 'back' || command === 'forward') {
      event.preventDefault();
      stop();
      goTo(session.position + (command === 'back' ? -1 : 1));
    } else if (command === 'first' || command === 'last') {
      event.preventDefault();
      stop();
      goTo(command === 'first' ? 0 : session.timeline.length);
    } else if (command === 'playPause' && target.tagName !== 'BUTTON') {
      event.preventDefault();
      togglePlay();
    }
  };
  dialog.addEventListener('click', onClick);
  dialog.addEventListener('keydown', onKey);
  scrubber.addEventListener('input', onScrub);
  speedSelect.addEventListener('change', onSpeed);

  const close = (): void => {
    if (!session) return;
    if (session.timer !== null) win.clearTimeout(session.timer);
    for (const cleanup of session.cleanups.reverse()) cleanup();
    session = null;
  };

  return {
    get isOpen() {
      return session !== null;
    },
    async open(record) {
      if (session) dialog.close('');
      close();
      const checked = verifyRecord(record);
      const timeline = new ReplayTimeline(record);
      const view = createViewStore(timeline.stateAt(0));
      session = { timeline, view, position: 0, timer: null, cleanups: [] };

      fill(
        'about',
        t('replay.about', { size: record.size, seed: String(record.seed), target: String(record.target), n: record.moves.length }),
      );
      verdict.classList.toggle('bad', checked.problem !== null);
      verdict.textContent =
        checked.problem ??
        t('replay.verified', { n: timeline.length, score: checked.final.score, tile: String(maxTile(checked.final.board)) });
      scrubber.max = String(timeline.length);
      gridEl.setAttribute('aria-label', t('replay.board', { size: record.size }));

      session.cleanups.push(mountA11yGrid(gridEl, view, lang).dispose);
      const host = createSkinHost(boardEl, view, { options: options.skinOptions, onFallback: () => {} });
      session.cleanups.push(host.dispose);
      void host.show(options.skinName());
      // A broken record opens where it breaks: the game up to the invalid move.
      if (checked.problem !== null && checked.invalidAt !== null) goTo(timeline.length);
      render();

      const mine = session;
      await ask(dialog);
      // Another record may have been opened over this one meanwhile; that one stays.
      if (session === mine) close();
    },
    dispose() {
      if (session) dialog.close('');
      close();
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('keydown', onKey);
      scrubber.removeEventListener('input', onScrub);
      speedSelect.removeEventListener('change', onSpeed);
    },
  };
}

/** The outcome of opening a link code: the viewer was shown, or here is why not. */
export type LinkOutcome = { readonly ok: true; readonly shown: Promise<void> } | { readonly ok: false; readonly error: string };

/** Decodes a link code and shows it; a bad code is only described, never run. */
export function openReplayCode(viewer: ReplayViewer, code: string, lang: Lang = ENGLISH): LinkOutcome {
  const decoded = decodeRecord(code);
  if (!decoded.ok) return { ok: false, error: words(lang)('replay.badLink', { why: decoded.error }) };
  return { ok: true, shown: viewer.open(decoded.value) };
}
