/**
 * The game page around the board: HUD, overlays, settings, notices, the screen-reader grid
 * and live region, sound. It is handed the store and the skin loader by main.ts and gives
 * back the commands that input sources drive.
 */
import type { QueuedCommands } from '../input';
import { queueCommands } from '../input';
import type { SkinFactory, SkinName } from '../skins/skin';
import { NO_WEBGL_MESSAGE } from '../skins/skin';
import type { GameStore } from '../store';
import type { GameView } from '../store/types';
import { mountA11yGrid } from './a11y-grid';
import type { AiPanel } from './ai-panel';
import { mountAiPanel } from './ai-panel';
import { createAnnouncer, describeChange } from './announce';
import { followAppearance } from './appearance';
import { anyModalOpen, confirmWith } from './dialogs';
import { createFeedback } from './feedback';
import { gameAtStake, gameEndsLine } from './at-stake';
import { mountHud } from './hud';
import type { PageNotice } from './notices';
import { mountNotices } from './notices';
import { mountOverlays } from './overlays';
import type { PlayOnTarget, ReplayViewer } from './replay-viewer';
import type { PageSkin, SettingsStore } from './settings';
import { mountSettingsPanel } from './settings-panel';
import { mountShare } from './share';
import { createSkinHost } from './skin-host';
import type { SkinHost } from './skin-host';

export interface PageOptions {
  readonly doc: Document;
  readonly store: GameStore;
  readonly settings: SettingsStore;
  readonly loadSkin: (name: SkinName) => Promise<SkinFactory>;
  readonly webglAvailable: () => boolean;
  /** The UTC day when the page plays the daily challenge; absent for the normal game. */
  readonly dailyDay?: string | null;
  /** Where a game played on from a replay goes, when not into `store` (see the replay viewer). */
  readonly playOnIn?: () => PlayOnTarget;
}

export interface Page {
  /** What keyboard, swipe and gamepad drive: paced by the move queue, ignored while a dialog is open. */
  readonly commands: QueuedCommands;
  /** The focusable game container (the accessible grid). */
  readonly game: HTMLElement;
  /** The board the skin draws in; swipes start here. */
  readonly board: HTMLElement;
  readonly skins: SkinHost;
  notify(notice: PageNotice): void;
  dispose(): void;
}

function byId<T extends HTMLElement>(doc: Document, id: string): T {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`the page is missing #${id}`);
  return el as T;
}


export function mountPage({ doc, store, settings, loadSkin, webglAvailable, dailyDay = null, playOnIn }: PageOptions): Page {
  const win = doc.defaultView as Window;
  const game = byId<HTMLElement>(doc, 'game');
  const board = byId<HTMLElement>(doc, 'board');
  const confirmDialog = byId<HTMLDialogElement>(doc, 'confirm-dialog');
  const actions = (): ReturnType<GameStore['getState']> => store.getState();
  const cleanups: (() => void)[] = [];
  const focusGame = (): void => game.focus({ preventScroll: true });

  const notices = mountNotices(byId(doc, 'notices'), store, (id) => actions().dismissNotice(id));
  cleanups.push(notices.dispose);

  // Appearance first: the skin starts with the resolved theme and motion, and follows changes.
  let shown: SkinHost | null = null;
  const appearance = followAppearance(win, settings.get, (a) => shown?.update({ theme: a.theme, reducedMotion: a.reducedMotion }));
  cleanups.push(appearance.dispose);

  let cubesUnavailable: string | null = null;
  const host = createSkinHost(board, store, {
    load: loadSkin,
    options: () => ({ theme: appearance.current().theme, reducedMotion: appearance.current().reducedMotion }),
    onFallback: (reason) => {
      cubesUnavailable = reason;
      notices.add({ message: reason });
    },
    onFirstBoard: () => performance.mark('cube2048:first-board'),
  });
  shown = host;
  cleanups.push(host.dispose);

  async function requestNewGame(size?: number): Promise<boolean> {
    const current = actions().game;
    const resizing = size !== undefined && size !== current.size;
    const inProgress = gameAtStake(actions());
    if (inProgress || resizing) {
      const n = size ?? current.size;
      const ok = await confirmWith(confirmDialog, {
        title: resizing ? `Start a ${n} × ${n} game?` : 'Start a new game?',
        message: inProgress ? gameEndsLine(current.score) : 'A new game will start on the bigger or smaller board.',
        confirm: 'New game',
        cancel: 'Keep playing',
      });
      if (!ok) return false;
    }
    actions().newGame(size === undefined ? {} : { size });
    focusGame();
    return true;
  }

  // The player's own input takes the game back from autoplay.
  let ai: AiPanel | null = null;
  const commands = queueCommands({
    move: (dir) => {
      if (anyModalOpen(doc)) return;
      ai?.playerActed();
      actions().move(dir);
    },
    undo: () => {
      if (anyModalOpen(doc)) return;
      ai?.playerActed();
      actions().undo();
    },
    newGame: () => {
      if (anyModalOpen(doc)) return;
      ai?.playerActed();
      void requestNewGame();
    },
  });
  cleanups.push(commands.dispose);

  cleanups.push(
    mountHud(
      { score: byId(doc, 'score'), best: byId(doc, 'best'), moves: byId(doc, 'moves'), scoreCard: byId(doc, 'score-card'), undo: byId(doc, 'undo') },
      store,
      { reducedMotion: () => appearance.current().reducedMotion },
    ),
  );
  cleanups.push(mountA11yGrid(game, store));
  cleanups.push(
    mountOverlays({ win: byId(doc, 'win-dialog'), over: byId(doc, 'over-dialog') }, store, {
      keepGoing: () => actions().keepGoing(),
      newGame: () => actions().newGame(),
      undo: () => actions().undo(),
      focusGame,
      // The slide and the merge pop of the final move, then the overlay.
      delay: () => (appearance.current().reducedMotion ? 0 : 350),
    }),
  );

  const feedback = createFeedback({ sound: () => settings.get().sound, vibration: () => settings.get().vibration });
  cleanups.push(feedback.dispose);
  const announcer = createAnnouncer(byId(doc, 'live'));
  const label = (view: GameView): void => game.setAttribute('aria-label', `Game board, ${view.game.size} by ${view.game.size}`);
  label(store.getState());
  cleanups.push(
    store.subscribe((view, previous) => {
      const words = describeChange(view, previous);
      if (words && !ai?.autoplaying) announcer.say(words);
      if (view.game.size !== previous.game.size) label(view);
      feedback.onChange(view);
    }),
  );

  ai = mountAiPanel(
    { hint: byId(doc, 'ai-hint'), autoplay: byId(doc, 'ai-autoplay'), speed: byId(doc, 'ai-speed'), analysis: byId(doc, 'ai-analysis'), game },
    { store, skins: host, say: announcer.say, notify: (message) => notices.add({ message }) },
  );
  cleanups.push(ai.dispose);

  const panel = mountSettingsPanel(byId(doc, 'settings-dialog'), byId(doc, 'open-settings'), settings, {
    currentSize: () => actions().game.size,
    requestSize: requestNewGame,
    onSoundOn: feedback.unlock,
    canVibrate: typeof win.navigator.vibrate === 'function' && win.matchMedia('(pointer: coarse)').matches,
  });
  cleanups.push(panel.dispose);

  const showSkin = async (wanted: PageSkin): Promise<void> => {
    let actual: SkinName;
    if (wanted === 'cubes' && !webglAvailable()) {
      // Known before loading three.js: skip the download and say why at once.
      cubesUnavailable = NO_WEBGL_MESSAGE;
      notices.add({ message: NO_WEBGL_MESSAGE });
      actual = await host.show('flat');
    } else {
      actual = await host.show(wanted);
    }
    panel.showSkin(actual === 'cubes' ? 'cubes' : 'flat', actual === wanted ? null : cubesUnavailable);
  };
  void showSkin(settings.get().skin);
  cleanups.push(
    settings.subscribe((next, previous) => {
      if (next.skin !== previous.skin) void showSkin(next.skin);
      if (next.theme !== previous.theme || next.reducedMotion !== previous.reducedMotion) appearance.refresh();
    }),
  );

  // Replays are opened from a link, a file or the share sheet: the viewer and the record code load then.
  let viewer: Promise<ReplayViewer> | null = null;
  let disposed = false;
  const loadViewer = (): Promise<ReplayViewer> =>
    (viewer ??= import('./replay-viewer').then(({ createReplayViewer }) => {
      const made = createReplayViewer({
        dialog: byId(doc, 'replay-dialog'),
        confirmDialog,
        store,
        loadSkin,
        skinName: () => host.current ?? 'flat',
        skinOptions: () => ({ theme: appearance.current().theme, reducedMotion: appearance.current().reducedMotion }),
        say: announcer.say,
        focusGame,
        ...(playOnIn ? { playOnIn } : {}),
      });
      if (disposed) made.dispose();
      else cleanups.push(made.dispose);
      return made;
    }));
  cleanups.push(() => void (disposed = true));
  cleanups.push(mountShare({ doc, store, viewer: loadViewer, confirmDialog, notify: notices.add, say: announcer.say, focusGame, dailyDay }));

  const onNewGameClick = (): void => commands.newGame();
  const onUndoClick = (): void => commands.undo();
  byId(doc, 'new-game').addEventListener('click', onNewGameClick);
  byId(doc, 'undo').addEventListener('click', onUndoClick);
  cleanups.push(() => {
    byId(doc, 'new-game').removeEventListener('click', onNewGameClick);
    byId(doc, 'undo').removeEventListener('click', onUndoClick);
  });

  return {
    commands,
    game,
    board,
    skins: host,
    notify: notices.add,
    dispose() {
      for (const cleanup of cleanups.reverse()) cleanup();
    },
  };
}
