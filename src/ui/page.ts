/**
 * The game page around the board: layout, settings, notices, sound, share, the AI panel and
 * the replay viewer. The game itself (commands, HUD, grid, live region, buttons) is the
 * shared session (session.ts); main.ts hands in the store and attaches the input sources.
 */
import type { QueuedCommands } from '../input';
import { describeKeys } from '../input';
import type { PlayableSkin } from '../skins/registry';
import { FALLBACK_SKIN } from '../skins/registry';
import type { GameStore } from '../store';
import type { GameView } from '../store/types';
import { DEFAULT_KEY_PREFIX } from '../store';
import type { AiPanel } from './ai-panel';
import { mountAiPanel } from './ai-panel';
import { followAppearance } from './appearance';
import { byId } from './by-id';
import { anyModalOpen, confirmWith } from './dialogs';
import { createFeedback } from './feedback';
import type { PageNotice } from './notices';
import { mountNotices } from './notices';
import { DAILY_KEY_PREFIX, showDailyBanner } from './daily';
import { mountOverlays } from './overlays';
import { onDemand } from './on-demand';
import type { PlayOnTarget } from './replay-viewer';
import { overlayDelay, startSession } from './session';
import type { SettingsStore } from './settings';
import { mountSettingsPanel } from './settings-panel';
// The Share button's styles (and the replay viewer's, which loads later): the page needs the first at once.
import './replay.css';
import type { Share } from './share';
import { createSkinHost } from './skin-host';
import type { SkinHost } from './skin-host';

export interface PageOptions {
  readonly doc: Document;
  readonly store: GameStore;
  readonly settings: SettingsStore;
  /** The UTC day when the page plays the daily challenge; absent for the normal game. */
  readonly dailyDay?: string | null;
  /** Where a game played on from a replay goes, when not into `store` (see the replay viewer). */
  readonly playOnIn?: () => PlayOnTarget;
  /** The game in the store was started from a chosen seed (`?seed=`), for its entry in the history. */
  readonly seeded?: boolean;
}

export interface Page {
  /** What keyboard and gamepad drive: paced by the move queue, ignored while a dialog is open. */
  readonly commands: QueuedCommands;
  /** The focusable game container (the accessible grid). */
  readonly game: HTMLElement;
  readonly skins: SkinHost;
  notify(notice: PageNotice): void;
  dispose(): void;
}

export function mountPage({ doc, store, settings, dailyDay = null, playOnIn, seeded = false }: PageOptions): Page {
  const win = doc.defaultView as Window;
  const game = byId<HTMLElement>(doc, 'game');
  const board = byId<HTMLElement>(doc, 'board');
  const confirmDialog = byId<HTMLDialogElement>(doc, 'confirm-dialog');
  const actions = (): ReturnType<GameStore['getState']> => store.getState();
  const cleanups: (() => void)[] = [];
  const focusGame = (): void => game.focus({ preventScroll: true });

  describeKeys(doc); // the how-to paragraph and every aria-keyshortcuts, from the keymap
  const notices = mountNotices(byId(doc, 'notices'), store, (id) => actions().dismissNotice(id));
  cleanups.push(notices.dispose);

  // Appearance first: the skin starts with the resolved theme and motion, and follows changes.
  let shown: SkinHost | null = null;
  const appearance = followAppearance(win, settings.get, (a) => shown?.update({ theme: a.theme, reducedMotion: a.reducedMotion }));
  cleanups.push(appearance.dispose);
  const skinOptions = (): { theme: 'light' | 'dark'; reducedMotion: boolean } => ({ theme: appearance.current().theme, reducedMotion: appearance.current().reducedMotion });

  let unavailable: string | null = null;
  const host = createSkinHost(board, store, {
    options: skinOptions,
    onFallback: (reason) => {
      unavailable = reason;
      notices.add({ message: reason });
    },
    onFirstBoard: () => performance.mark('cube2048:first-board'),
  });
  shown = host;
  cleanups.push(host.dispose);

  // The player's own input takes the game back from autoplay.
  let ai: AiPanel | null = null;
  const session = startSession(
    { game, board, live: byId(doc, 'live'), newGame: byId(doc, 'new-game'), undo: byId(doc, 'undo'), score: byId(doc, 'score'), best: byId(doc, 'best'), moves: byId(doc, 'moves'), scoreCard: byId(doc, 'score-card') },
    store,
    {
      playable: () => !anyModalOpen(doc),
      confirm: (text) => confirmWith(confirmDialog, text),
      reducedMotion: () => appearance.current().reducedMotion,
      focusGame,
      onPlayerInput: () => ai?.playerActed(),
      quiet: () => ai?.autoplaying ?? false,
    },
  );
  cleanups.push(session.dispose);

  // The player's history: its recorder loads just after the page (the first board does not wait) and keeps every finished game.
  // Until it has come, the store's changes are noted here for it, so a game finished in the first instant is kept too.
  const missed: [GameView, GameView][] = [];
  let stopNoting: (() => void) | null = store.subscribe((view, previous) => void missed.push([view, previous]));
  cleanups.push(() => stopNoting?.());
  const history = onDemand(() =>
    import('./history/page-history').then(({ mountPageHistory }) =>
      mountPageHistory({
        doc,
        store,
        keyPrefix: dailyDay ? DAILY_KEY_PREFIX : DEFAULT_KEY_PREFIX,
        dailyDay,
        seeded,
        openReplay: (record) => viewer.get().then((v) => v.open(record)),
        confirm: (text) => confirmWith(confirmDialog, text),
        notify: (message) => notices.add({ message }),
        say: session.say,
        focusGame,
        missed: () => {
          stopNoting?.();
          stopNoting = null;
          return missed.splice(0);
        },
      }),
    ),
  );
  void history.get().catch((error: unknown) => {
    // Offline before the code was cached: the game plays on without a history, and stops noting changes for it.
    stopNoting?.();
    missed.length = 0;
    console.warn('cube2048: the history could not be loaded; games are not kept this time', error);
  });
  cleanups.push(history.dispose);

  cleanups.push(
    mountOverlays({ win: byId(doc, 'win-dialog'), over: byId(doc, 'over-dialog') }, store, {
      keepGoing: () => actions().keepGoing(),
      newGame: () => actions().newGame(),
      undo: () => actions().undo(),
      focusGame,
      delay: () => overlayDelay(appearance.current().reducedMotion),
      kept: () => history.get().then((r) => r.settled()),
    }),
  );

  const feedback = createFeedback({ sound: () => settings.get().sound, vibration: () => settings.get().vibration });
  cleanups.push(feedback.dispose);
  cleanups.push(store.subscribe((view) => feedback.onChange(view)));

  ai = mountAiPanel(
    { hint: byId(doc, 'ai-hint'), autoplay: byId(doc, 'ai-autoplay'), speed: byId(doc, 'ai-speed'), analysis: byId(doc, 'ai-analysis'), game },
    { store, skins: host, say: session.say, notify: (message) => notices.add({ message }) },
  );
  cleanups.push(ai.dispose);

  const panel = mountSettingsPanel(byId(doc, 'settings-dialog'), byId(doc, 'open-settings'), settings, {
    currentSize: () => actions().game.size,
    requestSize: (size) => session.requestNewGame({ size }),
    onSoundOn: feedback.unlock,
    canVibrate: typeof win.navigator.vibrate === 'function' && win.matchMedia('(pointer: coarse)').matches,
  });
  cleanups.push(panel.dispose);

  const showSkin = async (wanted: PlayableSkin): Promise<void> => {
    const actual = (await host.show(wanted)) as PlayableSkin;
    panel.showSkin(actual, actual === wanted || unavailable === null ? null : { skin: wanted, reason: unavailable });
  };
  void showSkin(settings.get().skin);
  cleanups.push(
    settings.subscribe((next, previous) => {
      if (next.skin !== previous.skin) void showSkin(next.skin);
      if (next.theme !== previous.theme || next.reducedMotion !== previous.reducedMotion) appearance.refresh();
    }),
  );

  // Replays are opened from a link, a file or the share sheet: the viewer and the record code load then.
  const viewer = onDemand(() =>
    import('./replay-viewer').then(({ createReplayViewer }) =>
      createReplayViewer({ dialog: byId(doc, 'replay-dialog'), confirmDialog, store, skinName: () => host.current ?? FALLBACK_SKIN, skinOptions, say: session.say, focusGame, ...(playOnIn ? { playOnIn } : {}) }),
    ),
  );
  // A game started from a chosen seed is kept in the history as such.
  const seededGame = (request: { readonly seed: number }): Promise<boolean> => history.get().then((h) => h.seeded(() => session.requestNewGame(request)));

  // Sharing, seeds and the More sheet load on first use too; the click (or the `#g=` address) waits for them.
  const sharing = onDemand(() =>
    import('./share').then(({ createShare }) =>
      createShare({ doc, store, viewer: viewer.get, requestNewGame: seededGame, notify: notices.add, say: session.say, focusGame, dailyDay }),
    ),
  );
  cleanups.push(viewer.dispose, sharing.dispose);
  const listen = (target: EventTarget, type: string, run: (share: Share) => Promise<void>): void => {
    const listener = (): void => void sharing.get().then(run);
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };
  listen(byId(doc, 'share'), 'click', (share) => share.share());
  listen(byId(doc, 'open-more'), 'click', (share) => share.openMore());
  listen(win, 'hashchange', (share) => share.openFromHash());
  if (new URLSearchParams(win.location.hash.slice(1)).has('g')) void sharing.get().then((share) => share.openFromHash());
  if (dailyDay) showDailyBanner(doc, dailyDay);

  return {
    commands: session.commands,
    game,
    skins: host,
    notify: notices.add,
    dispose() {
      for (const cleanup of cleanups.reverse()) cleanup();
    },
  };
}
