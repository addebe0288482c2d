/**
 * The replay viewer: a modal dialog that plays a game record back on its own board, a square's
 * or a cube's (the skin and the accessible grid fetch a cube's drawing and grids per layer). It
 * drives a skin from a small read-only store of its own, so the player's game is never
 * touched until they choose "Play from here".
 */
import type { CubeDirection, GameState, MoveReport } from '../engine';
import { directionOf, keepGoing, maxTile, playMove } from '../engine';
import { isSpreadKey } from '../input/cube-keymap';
import { REPLAY_KEYS, commandFor } from '../input/keymap';
import type { GameRecord, Verified } from '../replay/record';
import { ReplayTimeline, decodeRecord, dimensionsOf, verifyRecord } from '../replay/record';
import type { SkinOptions } from '../skins/skin';
import type { GameStore } from '../store';
import type { Change, GameView, ReadonlyStore } from '../store/types';
import { mountA11yGrid } from '../game-ui/a11y-grid';
import { ask, confirmWith } from '../game-ui/dialogs';
import type { Lang } from '../i18n/core';
import { ENGLISH, speaker } from '../i18n/core';
import { EN_SHARE } from '../i18n/en/share';
import { formatNumber } from '../game-ui/format';
import { replaceGame } from '../game-ui/replace';
import { gameEndsLine } from '../game-ui/question';
import { createSkinHost } from '../game-ui/skin-host';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import { partOf } from './by-id';

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
  readonly playOnIn?: () => Promise<PlayOnTarget>;
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

const part = <T extends Element>(root: Element, selector: string): T => partOf<T>(root, selector, 'the replay dialog');

/** The dialog's controls and the places it writes to. */
function replayParts(dialog: HTMLDialogElement) {
  const playButton = part<HTMLButtonElement>(dialog, '[data-action="play"]');
  return {
    dialog,
    verdict: part<HTMLElement>(dialog, '.replay-verdict'),
    grid: part<HTMLElement>(dialog, '.replay-grid'),
    board: part<HTMLElement>(dialog, '.replay-board'),
    scrubber: part<HTMLInputElement>(dialog, '.replay-scrubber'),
    playButton,
    playIcon: part<SVGElement>(playButton, '[data-icon="play"]'),
    pauseIcon: part<SVGElement>(playButton, '[data-icon="pause"]'),
    backButton: part<HTMLButtonElement>(dialog, '[data-action="back"]'),
    forwardButton: part<HTMLButtonElement>(dialog, '[data-action="forward"]'),
    speedSelect: part<HTMLSelectElement>(dialog, '[data-action="speed"]'),
    forkButton: part<HTMLButtonElement>(dialog, '[data-action="fork"]'),
    fill(name: string, text: string): void {
      for (const el of dialog.querySelectorAll<HTMLElement>(`[data-fill="${name}"]`)) el.textContent = text;
    },
  };
}
type Parts = ReturnType<typeof replayParts>;
type Words = ReturnType<typeof words>;

/** The record being shown; its lifetime (its board, grid and playback timer) ends when the viewer closes or another record opens. */
interface Shown {
  readonly life: Lifetime;
  readonly timeline: ReplayTimeline;
  readonly view: ReturnType<typeof createViewStore>;
  position: number;
  /** Stops the pending step while playing back; null while paused. */
  timer: (() => void) | null;
}

/** The line under the title: every move checked, or what is wrong with the record, in the player's language. */
function verdictOf({ fault, final }: Verified, moves: number, t: Words): string {
  if (fault === null) return t('replay.verified', { n: moves, score: final.score, tile: String(maxTile(final.board)) });
  if (fault.kind === 'stuck') return t('replay.stuck', { move: fault.move });
  const { score, recordScore } = fault;
  return t('replay.checksum', { score, recordScore, tile: String(fault.tile), recordTile: String(fault.recordTile) });
}

function renderReplay(parts: Parts, { timeline, position, view, timer }: Shown, t: Words, l: Lang): void {
  const game = view.getState().game;
  parts.fill('position', formatNumber(position, l));
  parts.fill('length', formatNumber(timeline.length, l));
  parts.fill('score', formatNumber(game.score, l));
  parts.scrubber.value = String(position);
  parts.scrubber.setAttribute('aria-valuetext', t('replay.position', { position, length: timeline.length, score: game.score }));
  parts.backButton.disabled = position === 0;
  parts.forwardButton.disabled = position === timeline.length;
  const playing = timer !== null;
  parts.playButton.setAttribute('aria-label', t(playing ? 'replay.pause' : 'replay.play'));
  parts.playButton.setAttribute('aria-pressed', String(playing));
  // `hidden` does not hide an <svg> styled by `.button svg`.
  parts.playIcon.style.display = playing ? 'none' : '';
  parts.pauseIcon.style.display = playing ? '' : 'none';
  parts.forkButton.disabled = game.status === 'over';
  parts.forkButton.title = game.status === 'over' ? t('replay.overHere') : '';
}

/** Moves `shown` to `position` (a snap), or one move forward with its animation. */
function moveTo(shown: Shown, position: number): void {
  if (position === shown.position) return;
  const { timeline, view } = shown;
  let report: MoveReport | null = null;
  let game: GameState;
  const dir: CubeDirection | undefined = directionOf(timeline.record.moves[shown.position] ?? '');
  if (position === shown.position + 1 && dir) {
    const before = view.getState().game;
    const played = playMove(before.status === 'won' ? keepGoing(before) : before, dir);
    game = played.state;
    report = played.report;
  } else {
    game = timeline.stateAt(position);
  }
  shown.position = position;
  view.show(game, report);
}

/** Stepping, scrubbing and playing back the record shown, at the chosen speed. */
function createPlayback(parts: Parts, shown: () => Shown | null, render: () => void) {
  /** Jumps to `position` (snap), or steps one move forward with its animation. */
  const goTo = (position: number): void => {
    const s = shown();
    if (!s) return;
    moveTo(s, Math.max(0, Math.min(s.timeline.length, Math.round(position))));
    render();
  };
  const stop = (): void => {
    const s = shown();
    s?.timer?.();
    if (s) s.timer = null;
    render();
  };
  const tick = (): void => {
    const s = shown();
    if (!s) return;
    if (s.position >= s.timeline.length) return stop();
    goTo(s.position + 1);
    s.timer = s.position >= s.timeline.length ? null : s.life.timeout(tick, 1000 / Number(parts.speedSelect.value));
    render();
  };
  return {
    goTo,
    stop,
    render,
    /** Stops playing back, then moves `by` moves. */
    step(by: number): void {
      stop();
      goTo((shown()?.position ?? 0) + by);
    },
    togglePlay(): void {
      const s = shown();
      if (!s) return;
      if (s.timer !== null) return stop();
      if (s.position >= s.timeline.length) goTo(0);
      s.timer = s.life.timeout(tick, 0);
      render();
    },
  };
}
type Playback = ReturnType<typeof createPlayback>;

/** "Play from here": replaces the player's game with the position shown (replace.ts: asking first when that game is at stake). */
async function playOnFrom(options: ReplayViewerOptions, shown: () => Shown | null, t: Words, lang: () => Lang): Promise<void> {
  const from = shown();
  if (!from) return;
  const start = from.timeline.stateAt(from.position);
  const target = (await options.playOnIn?.()) ?? { store: options.store, done: () => undefined, release: () => undefined };
  const current = target.store.getState().game;
  const asked = async (): Promise<boolean> =>
    (await confirmWith(options.confirmDialog, {
      title: t('replay.askTitle'),
      message: target.store === options.store ? gameEndsLine(current.score, lang()) : t('replay.endsSaved', { score: current.score }),
      confirm: t('replay.askConfirm'),
      cancel: t('replay.askCancel'),
    })) && shown() !== null;
  const { position } = from;
  if (!(await replaceGame(target.store, { from: start }, asked))) return target.release();
  options.dialog.close('fork');
  target.done();
  options.focusGame();
  options.say(t('replay.playingOn', { position, score: start.score }));
}

/**
 * A cube's layers pulled apart on the viewer's 3D board while the game's spread key is held
 * (SPREAD_KEYS), so a buried tile can be read as in the game; together again when it is let go.
 */
function spreadWhileHeld(life: Lifetime, dialog: HTMLElement, spread: (on: boolean) => void): void {
  // On the document: the dialog is modal, so every key is its own, wherever focus sits in it or not.
  const doc = dialog.ownerDocument;
  life.listen<KeyboardEvent>(doc, 'keydown', (event) => {
    if (isSpreadKey(event) && !event.repeat) spread(true);
  });
  life.listen<KeyboardEvent>(doc, 'keyup', (event) => {
    if (isSpreadKey(event)) spread(false);
  });
}

/** The dialog's buttons, scrubber, speed list and keys. */
function listenToControls(life: Lifetime, parts: Parts, playback: Playback, shown: () => Shown | null, fork: () => Promise<void>): void {
  const { dialog, scrubber, speedSelect } = parts;
  life.listen(dialog, 'click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action;
    if (!shown() || !action) return;
    if (action === 'back' || action === 'forward') playback.step(action === 'back' ? -1 : 1);
    else if (action === 'play') playback.togglePlay();
    else if (action === 'fork') {
      playback.stop();
      void fork();
    }
  });
  life.listen(scrubber, 'input', () => {
    // Read before stopping: stopping re-renders the scrubber at the old position.
    const wanted = Number(scrubber.value);
    playback.stop();
    playback.goTo(wanted);
  });
  // A running playback picks the new pace up from its next move.
  life.listen(speedSelect, 'change', playback.render);
  life.listen<KeyboardEvent>(dialog, 'keydown', (event) => {
    const s = shown();
    const target = event.target as HTMLElement;
    // The scrubber and the speed list keep their own arrow keys; buttons keep Space and Enter.
    if (!s || target === scrubber || target === speedSelect) return;
    const command = commandFor(REPLAY_KEYS, event);
    if (!command || (command === 'playPause' && target.tagName === 'BUTTON')) return;
    event.preventDefault();
    if (command === 'playPause') playback.togglePlay();
    else if (command === 'back' || command === 'forward') playback.step(command === 'back' ? -1 : 1);
    else {
      playback.stop();
      playback.goTo(command === 'first' ? 0 : s.timeline.length);
    }
  });
}

export function createReplayViewer(options: ReplayViewerOptions): ReplayViewer {
  const { dialog } = options;
  const lang = options.lang ?? ((): Lang => ENGLISH);
  const t: Words = (key, ...params) => words(lang())(key, ...params);
  const life = createLifetime();
  const parts = replayParts(dialog);
  // Hidden from a script, not by a style="" attribute in the markup: a strict CSP (style-src without 'unsafe-inline') blocks those.
  parts.pauseIcon.style.display = 'none';
  let session: Shown | null = null;
  const shown = (): Shown | null => session;
  const render = (): void => {
    if (session) renderReplay(parts, session, t, lang());
  };
  const playback = createPlayback(parts, shown, render);
  listenToControls(life, parts, playback, shown, () => playOnFrom(options, shown, t, lang));
  const close = (): void => {
    session?.life.end();
    session = null;
  };

  /** Shows `record` on the dialog's own board, from its start (or, broken, where it breaks). */
  const show = (record: GameRecord): Shown => {
    const checked = verifyRecord(record);
    const timeline = new ReplayTimeline(record);
    const view = createViewStore(timeline.stateAt(0));
    const opened: Shown = { life: life.child(), timeline, view, position: 0, timer: null };
    const { size } = record;
    const about = { size, seed: String(record.seed), target: String(record.target), n: record.moves.length };
    // A cube says so wherever a square names its board: in the line about it and in its board's name.
    const cube = dimensionsOf(record) === 3;
    parts.fill('about', cube ? t('replay.aboutCube', about) : t('replay.about', about));
    parts.verdict.classList.toggle('bad', checked.fault !== null);
    parts.verdict.textContent = verdictOf(checked, timeline.length, t);
    parts.scrubber.max = String(timeline.length);
    parts.grid.setAttribute('aria-label', cube ? t('replay.boardCube', { size }) : t('replay.board', { size }));
    opened.life.own(mountA11yGrid(parts.grid, view, lang));
    const host = opened.life.own(createSkinHost(parts.board, view, { options: options.skinOptions, onFallback: () => {} }));
    void host.show(options.skinName());
    if (cube) spreadWhileHeld(opened.life, parts.dialog, (on) => host.skin()?.spreadLayers?.(on));
    // A broken record opens where it breaks: the game up to the invalid move.
    if (checked.invalidAt !== null) moveTo(opened, timeline.length);
    return opened;
  };

  return {
    get isOpen() {
      return session !== null;
    },
    async open(record) {
      if (session) dialog.close('');
      close();
      const mine = (session = show(record));
      render();
      await ask(dialog);
      // Another record may have been opened over this one meanwhile; that one stays.
      if (session === mine) close();
    },
    dispose() {
      if (session) dialog.close('');
      close();
      life.end();
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
