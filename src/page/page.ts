/**
 * The game page around the board: layout, settings, notices, sound, share, the AI panel and
 * the replay viewer. The game itself (commands, HUD, grid, live region, buttons) is the
 * shared session (session.ts); main.ts hands in the store and attaches the input sources.
 */
import { chooseLocale } from '../i18n/choose';
import type { Lang, Locale } from '../i18n/core';
import { say } from '../i18n/core';
import { EN_PAGE } from '../i18n/en/page';
import type { QueuedCommands } from '../input';
import { AI_KEYS, PAGE_HELP, belongsToAnotherControl, commandFor, describeKeys } from '../input';
import { howToSentence } from '../input/how-to';
import type { PlayableSkin } from '../skins/registry';
import { FALLBACK_SKIN } from '../skins/registry';
import type { GameStore } from '../store';
import type { GameView } from '../store/types';
import { DEFAULT_KEY_PREFIX } from '../store';
import type { AiPanel } from './ai-panel';
import { followAppearance } from './appearance';
import { byId } from './by-id';
import { anyModalOpen, confirmWith } from '../game-ui/dialogs';
import { createFeedback } from './feedback';
import type { PageNotice } from '../game-ui/notices';
import { mountNotices } from '../game-ui/notices';
import { DAILY_KEY_PREFIX, showDailyBanner } from './daily';
import { mountOverlays } from '../game-ui/overlays';
import { onDemand } from './on-demand';
import type { PlayOnTarget } from './replay-viewer';
import { overlayDelay, startSession } from '../game-ui/session';
import type { SettingsStore } from './settings';
import { questionText } from '../game-ui/question';
import type { SettingsPanel } from './settings-panel';
// The Share button's styles (and the replay viewer's, which loads later): the page needs the first at once.
import './replay.css';
// The AI bar's styles: its buttons show at once, while its code loads on first use.
import './ai-panel.css';
import type { Share } from './share';
import { createSkinHost } from '../game-ui/skin-host';
import type { SkinHost } from '../game-ui/skin-host';

export interface PageOptions {
  readonly doc: Document;
  readonly store: GameStore;
  readonly settings: SettingsStore;
  /** The UTC day when the page plays the daily challenge; absent for the normal game. */
  readonly dailyDay?: string | null;
  /** Where a game played on from a replay goes, when not into `store` (see the replay viewer). */
  readonly playOnIn?: () => PlayOnTarget;
  /** The language the page starts in (see `pageLocale`), its catalogue loaded. */
  readonly lang: Lang;
  /** `game-ui/localize.ts`'s `localize`, loaded with a language other than English (the markup is English already). */
  readonly localize?: Localize;
  /** The game in the store was started from a chosen seed (`?seed=`), for its entry in the history. */
  readonly seeded?: boolean;
}

export type Localize = (root: ParentNode, lang: Lang) => void;

/** The page's language: `?lang=` (this visit), else the Language setting, else the browser's languages. */
export const pageLocale = (asked: string | null, setting: Locale | 'auto', browser: readonly string[]): Locale =>
  chooseLocale([asked, setting === 'auto' ? null : setting, ...browser]);

export interface Page {
  /** What keyboard and gamepad drive: paced by the move queue, ignored while a dialog is open. */
  readonly commands: QueuedCommands;
  /** The focusable game container (the accessible grid). */
  readonly game: HTMLElement;
  /** The language the page speaks now. */
  readonly lang: () => Lang;
  readonly skins: SkinHost;
  notify(notice: PageNotice): void;
  dispose(): void;
}

export function mountPage({
  doc,
  store,
  settings,
  dailyDay = null,
  playOnIn,
  seeded = false,
  lang: first,
  localize: given,
}: PageOptions): Page {
  const win = doc.defaultView as Window;
  const game = byId<HTMLElement>(doc, 'game');
  const board = byId<HTMLElement>(doc, 'board');
  const confirmDialog = byId<HTMLDialogElement>(doc, 'confirm-dialog');
  const actions = (): ReturnType<GameStore['getState']> => store.getState();
  const cleanups: (() => void)[] = [];
  const focusGame = (): void => game.focus({ preventScroll: true });

  let current = first;
  let localize = given ?? null;
  const lang = (): Lang => current;
  /** The markup's words, `<html lang dir>` and the how-to paragraph with every aria-keyshortcuts (from the keymap). */
  const localizePage = (): void => {
    doc.documentElement.lang = current.locale;
    doc.documentElement.dir = current.dir;
    localize?.(doc, current);
    describeKeys(doc, howToSentence(current));
  };
  localizePage();
  const notices = mountNotices(byId(doc, 'notices'), store, (id) => actions().dismissNotice(id), lang);
  cleanups.push(notices.dispose);

  // Appearance first: the skin starts with the resolved theme and motion, and follows changes.
  let shown: SkinHost | null = null;
  const appearance = followAppearance(win, settings.get, (a) => shown?.update({ theme: a.theme, reducedMotion: a.reducedMotion }));
  cleanups.push(appearance.dispose);
  const skinOptions = (): { theme: 'light' | 'dark'; reducedMotion: boolean } => ({
    theme: appearance.current().theme,
    reducedMotion: appearance.current().reducedMotion,
  });

  /** Why the skin asked for cannot run here, once one could not. */
  let unavailable: Promise<string> | null = null;
  const host = createSkinHost(board, store, {
    options: skinOptions,
    onFallback: (reason) => {
      // Rare, so its words load only then.
      unavailable = import('../game-ui/fallback').then(({ fallbackText }) => fallbackText(reason, current));
      void unavailable.then((message) => notices.add({ message }));
    },
    onFirstBoard: () => performance.mark('cube2048:first-board'),
    lang,
  });
  shown = host;
  cleanups.push(host.dispose);

  // The player's own input takes the game back from autoplay.
  let ai: AiPanel | null = null;
  const session = startSession(
    {
      game,
      board,
      live: byId(doc, 'live'),
      newGame: byId(doc, 'new-game'),
      undo: byId(doc, 'undo'),
      score: byId(doc, 'score'),
      best: byId(doc, 'best'),
      moves: byId(doc, 'moves'),
      scoreCard: byId(doc, 'score-card'),
    },
    store,
    {
      playable: () => !anyModalOpen(doc),
      confirm: (question) => confirmWith(confirmDialog, questionText(question, current)),
      reducedMotion: () => appearance.current().reducedMotion,
      focusGame,
      onPlayerInput: () => ai?.playerActed(),
      quiet: () => ai?.autoplaying ?? false,
      lang,
    },
  );
  cleanups.push(session.dispose);

  // The player's history: its recorder loads just after the page (the first board does not wait) and keeps every finished game.
  // Until it has come, the store's changes are noted here for it, so a game finished in the first instant is kept too.
  const missed: [GameView, GameView][] = [];
  let stopNoting: (() => void) | null = store.subscribe((view, previous) => void missed.push([view, previous]));
  cleanups.push(() => stopNoting?.());
  const history = onDemand(() =>
    import('./history/page-history').then(({ mountPageHistory }) => {
      return mountPageHistory({
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
        lang: () => current,
        missed: () => {
          stopNoting?.();
          stopNoting = null;
          return missed.splice(0);
        },
      });
    }),
  );
  void history.get().catch((error: unknown) => {
    // Offline before the code was cached: the game plays on without a history, and stops noting changes for it.
    stopNoting?.();
    missed.length = 0;
    console.warn('cube2048: the history could not be loaded; games are not kept this time', error);
  });
  cleanups.push(history.dispose);

  cleanups.push(
    mountOverlays(
      { win: byId(doc, 'win-dialog'), over: byId(doc, 'over-dialog') },
      store,
      {
        keepGoing: () => actions().keepGoing(),
        newGame: () => actions().newGame(),
        undo: () => actions().undo(),
        focusGame,
        delay: () => overlayDelay(appearance.current().reducedMotion),
        kept: () => history.get().then((r) => r.settled()),
      },
      { lang },
    ),
  );

  const feedback = createFeedback({ sound: () => settings.get().sound, vibration: () => settings.get().vibration });
  cleanups.push(feedback.dispose);
  cleanups.push(store.subscribe((view) => feedback.onChange(view)));

  // The AI panel's code (and its worker client) loads on the first hint or autoplay: the page shows without it.
  const aiElements = {
    hint: byId<HTMLButtonElement>(doc, 'ai-hint'),
    autoplay: byId<HTMLButtonElement>(doc, 'ai-autoplay'),
    speed: byId<HTMLSelectElement>(doc, 'ai-speed'),
    analysis: byId(doc, 'ai-analysis'),
    game,
  };
  const aiTitles = (): void => {
    aiElements.hint.title = say(current, EN_PAGE, 'ai.hintTitle', { key: PAGE_HELP.labels.hint });
    aiElements.autoplay.title = say(current, EN_PAGE, 'ai.autoplayTitle', { key: PAGE_HELP.labels.stopAutoplay });
  };
  aiTitles();
  const aiPanel = onDemand(() =>
    import('./ai-panel').then(({ mountAiPanel }) => {
      stopWaiting();
      ai = mountAiPanel(aiElements, { store, skins: host, say: session.say, notify: (message) => notices.add({ message }), lang });
      return ai;
    }),
  );
  cleanups.push(aiPanel.dispose);
  /** The first hint or autoplay loads the panel, which then takes that click (or the hint key) itself. */
  const wake = (event: Event): void => {
    if (event instanceof KeyboardEvent) {
      if (event.defaultPrevented || anyModalOpen(doc) || belongsToAnotherControl(event.target) || commandFor(AI_KEYS, event) !== 'hint')
        return;
      event.preventDefault();
    }
    const button = event.currentTarget === aiElements.autoplay ? aiElements.autoplay : aiElements.hint;
    void aiPanel.get().then(() => button.click());
  };
  const stopWaiting = (): void => {
    aiElements.hint.removeEventListener('click', wake);
    aiElements.autoplay.removeEventListener('click', wake);
    doc.removeEventListener('keydown', wake);
  };
  aiElements.hint.addEventListener('click', wake);
  aiElements.autoplay.addEventListener('click', wake);
  doc.addEventListener('keydown', wake);
  cleanups.push(stopWaiting);

  // The settings dialog's code loads on its first opening; what it must show by then (the skin shown) waits for it.
  const opener = byId(doc, 'open-settings');
  let skinShown: Parameters<SettingsPanel['showSkin']> | null = null;
  let settingsPanel: SettingsPanel | null = null;
  const settingsCode = onDemand(() =>
    import('./settings-panel').then(({ mountSettingsPanel }) => {
      opener.removeEventListener('click', openSettings);
      settingsPanel = mountSettingsPanel(byId(doc, 'settings-dialog'), opener, settings, {
        currentSize: () => actions().game.size,
        requestSize: (size) => session.requestNewGame({ size }),
        onSoundOn: feedback.unlock,
        canVibrate: typeof win.navigator.vibrate === 'function' && win.matchMedia('(pointer: coarse)').matches,
        lang,
      });
      if (skinShown) settingsPanel.showSkin(...skinShown);
      return settingsPanel;
    }),
  );
  const openSettings = (): void => void settingsCode.get().then(() => opener.click());
  opener.addEventListener('click', openSettings);
  cleanups.push(settingsCode.dispose, () => opener.removeEventListener('click', openSettings));
  const panel: Pick<SettingsPanel, 'showSkin' | 'relabel'> = {
    showSkin(...shown) {
      skinShown = shown;
      settingsPanel?.showSkin(...shown);
    },
    relabel: () => settingsPanel?.relabel(),
  };

  const showSkin = async (wanted: PlayableSkin): Promise<void> => {
    const actual = (await host.show(wanted)) as PlayableSkin;
    const reason = actual === wanted || unavailable === null ? null : await unavailable;
    panel.showSkin(actual, reason === null ? null : { skin: wanted, reason });
  };
  void showSkin(settings.get().skin);
  cleanups.push(
    settings.subscribe((next, previous) => {
      if (next.skin !== previous.skin) void showSkin(next.skin);
      if (next.theme !== previous.theme || next.reducedMotion !== previous.reducedMotion) appearance.refresh();
      if (next.language !== previous.language) void changeLang(pageLocale(null, next.language, win.navigator.languages));
    }),
  );

  /** Speaks `locale` from now on: the markup at once, the rest (numbers, labels) written again. */
  const changeLang = async (locale: Locale): Promise<void> => {
    // The loader and the relabelling come with the first change (an English page starts without them).
    const [{ loadLang }, words] = await Promise.all([import('../i18n/load'), import('../game-ui/localize')]);
    const loaded = await loadLang(locale);
    if (disposed) return;
    current = loaded;
    localize = words.localize;
    localizePage();
    session.relabel();
    panel.relabel();
    ai?.relabel();
    aiTitles();
    // A chosen language outlives the `?lang=` this visit came with.
    const url = new URL(win.location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      win.history.replaceState(win.history.state, '', url);
    }
  };
  let disposed = false;
  cleanups.push(() => (disposed = true));

  // Replays are opened from a link, a file or the share sheet: the viewer and the record code load then.
  const viewer = onDemand(() =>
    import('./replay-viewer').then(({ createReplayViewer }) =>
      createReplayViewer({
        dialog: byId(doc, 'replay-dialog'),
        confirmDialog,
        store,
        skinName: () => host.current ?? FALLBACK_SKIN,
        skinOptions,
        say: session.say,
        focusGame,
        lang,
        ...(playOnIn ? { playOnIn } : {}),
      }),
    ),
  );
  // A game started from a chosen seed is kept in the history as such.
  const seededGame = (request: { readonly seed: number }): Promise<boolean> =>
    history.get().then((h) => h.seeded(() => session.requestNewGame(request)));

  // Sharing, seeds and the More sheet load on first use too; the click (or the `#g=` address) waits for them.
  const sharing = onDemand(() =>
    import('./share').then(({ createShare }) =>
      createShare({
        doc,
        store,
        viewer: viewer.get,
        requestNewGame: seededGame,
        notify: notices.add,
        say: session.say,
        focusGame,
        dailyDay,
        lang,
      }),
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
    lang,
    skins: host,
    notify: notices.add,
    dispose() {
      for (const cleanup of cleanups.reverse()) cleanup();
    },
  };
}
