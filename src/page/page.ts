/**
 * The game page around the board, as a short list of parts that each wire themselves: the
 * page's language (language.ts), the notices, the board and its appearance (board.ts), the AI
 * bar (ai-on-demand.ts), the game session every host shares (game-ui/session.ts), replays and
 * sharing (sharing.ts), the history (history-on-demand.ts), the overlays, sound, and the
 * settings dialog (settings-on-demand.ts). The page owns what they start and ends it with
 * `dispose`; main.ts hands in the store and attaches the input sources.
 */
import { chooseLocale } from '../i18n/choose';
import type { Lang, Locale } from '../i18n/core';
import type { QueuedCommands } from '../input';
import type { PlayableSkin } from '../skins/registry';
import type { GameStore } from '../store';
import { DEFAULT_KEY_PREFIX } from '../store';
import { anyModalOpen, confirmWith } from '../game-ui/dialogs';
import { createLifetime } from '../game-ui/lifetime';
import type { PageNotice } from '../game-ui/notices';
import { mountNotices } from '../game-ui/notices';
import type { OverlayActions } from '../game-ui/overlays';
import { mountOverlays } from '../game-ui/overlays';
import { questionText } from '../game-ui/question';
import type { GameSession, SessionHooks } from '../game-ui/session';
import { overlayDelay, startSession } from '../game-ui/session';
import type { SkinHost } from '../game-ui/skin-host';
import { aiOnDemand } from './ai-on-demand';
import type { PageBoard } from './board';
import { mountPageBoard } from './board';
import { byId } from './by-id';
import { DAILY_KEY_PREFIX, showDailyBanner } from './daily';
import { createFeedback } from './feedback';
import { historyOnDemand } from './history-on-demand';
import type { Localize, PageLanguage } from './language';
import { speakPageLanguage } from './language';
import type { PlayOnTarget } from './replay-viewer';
import type { SettingsStore } from './settings';
import type { SettingsPanel } from './settings-panel';
import { settingsOnDemand } from './settings-on-demand';
import type { Sharing } from './sharing';
import { sharingOnDemand } from './sharing';
// The Share button's styles (and the replay viewer's, which loads later): the page needs the first at once.
import './replay.css';
// The AI bar's styles: its buttons show at once, while its code loads on first use.
import './ai-panel.css';

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

/** The game every host runs, in the page's elements, held while a dialog is open. */
const startPageSession = (doc: Document, store: GameStore, hooks: Omit<SessionHooks, 'playable'>): GameSession =>
  startSession(
    {
      game: byId(doc, 'game'),
      board: byId(doc, 'board'),
      live: byId(doc, 'live'),
      newGame: byId(doc, 'new-game'),
      undo: byId(doc, 'undo'),
      score: byId(doc, 'score'),
      best: byId(doc, 'best'),
      moves: byId(doc, 'moves'),
      scoreCard: byId(doc, 'score-card'),
    },
    store,
    { playable: () => !anyModalOpen(doc), ...hooks },
  );

/** The win and game-over overlays, which play the final move out first; game over also waits until the game is kept. */
const mountPageOverlays = (
  doc: Document,
  store: GameStore,
  hooks: Pick<OverlayActions, 'focusGame' | 'delay' | 'kept'>,
  lang: () => Lang,
) =>
  mountOverlays(
    { win: byId(doc, 'win-dialog'), over: byId(doc, 'over-dialog') },
    store,
    {
      keepGoing: () => store.getState().keepGoing(),
      newGame: () => store.getState().newGame(),
      undo: () => store.getState().undo(),
      ...hooks,
    },
    { lang },
  );

/** The skin shown, the theme and motion, and the language follow the settings as they change. */
function followSettings(
  { settings, board, panel, language }: { settings: SettingsStore; board: PageBoard; panel: SettingsPanel; language: PageLanguage },
  browserLanguages: () => readonly string[],
): () => void {
  const showSkin = async (wanted: PlayableSkin): Promise<void> => panel.showSkin(...(await board.show(wanted)));
  void showSkin(settings.get().skin);
  return settings.subscribe((next, previous) => {
    if (next.skin !== previous.skin) void showSkin(next.skin);
    if (next.theme !== previous.theme || next.reducedMotion !== previous.reducedMotion) board.refresh();
    if (next.language !== previous.language) void language.change(pageLocale(null, next.language, browserLanguages()));
  });
}

export function mountPage(options: PageOptions): Page {
  const { doc, store, settings, dailyDay = null, seeded = false, playOnIn } = options;
  const life = createLifetime();
  const game = byId<HTMLElement>(doc, 'game');
  const confirmDialog = byId<HTMLDialogElement>(doc, 'confirm-dialog');
  const focusGame = (): void => game.focus({ preventScroll: true });

  // The parts below speak through `lang` and write their words again when it changes.
  const language = life.own(speakPageLanguage({ ...options, relabel: () => (session.relabel(), panel.relabel(), ai.relabel()) }));
  const { lang } = language;
  const notices = life.own(mountNotices(byId(doc, 'notices'), store, (id) => store.getState().dismissNotice(id), lang));
  const notify = (message: string): void => notices.add({ message });
  const board = life.own(mountPageBoard({ board: byId(doc, 'board'), store, settings, notify: notices.add, lang }));
  // The AI speaks through the session (made next) once its code has loaded; the player's own input takes the game back from autoplay.
  const ai = life.own(aiOnDemand({ doc, game, store, skins: board.host, say: (words) => session.say(words), notify, lang }));
  const session = life.own(
    startPageSession(doc, store, {
      confirm: (question) => confirmWith(confirmDialog, questionText(question, lang())),
      reducedMotion: () => board.appearance().reducedMotion,
      focusGame,
      onPlayerInput: () => ai.playerActed(),
      quiet: () => ai.autoplaying,
      lang,
    }),
  );
  const { say } = session;

  // Replays and sharing load on first use; a game started from a chosen seed is kept in the history (made next) as such.
  const sharing: Sharing = life.own(
    sharingOnDemand({
      doc,
      confirmDialog,
      store,
      skin: () => board.host.current,
      skinOptions: board.appearance,
      requestNewGame: (request) => history.get().then((h) => h.seeded(() => session.requestNewGame(request))),
      notify: notices.add,
      say,
      focusGame,
      dailyDay,
      lang,
      ...(playOnIn ? { playOnIn } : {}),
    }),
  );
  const history = life.own(
    historyOnDemand({
      doc,
      store,
      keyPrefix: dailyDay ? DAILY_KEY_PREFIX : DEFAULT_KEY_PREFIX,
      dailyDay,
      seeded,
      openReplay: (record) => sharing.viewer().then((v) => v.open(record)),
      confirm: (text) => confirmWith(confirmDialog, text),
      notify,
      say,
      focusGame,
      lang,
    }),
  );
  const delay = (): number => overlayDelay(board.appearance().reducedMotion);
  life.own(mountPageOverlays(doc, store, { focusGame, delay, kept: () => history.get().then((h) => h.settled()) }, lang));

  const feedback = life.own(createFeedback({ sound: () => settings.get().sound, vibration: () => settings.get().vibration }));
  life.own(store.subscribe((view) => feedback.onChange(view)));
  const panel = life.own(
    settingsOnDemand({
      doc,
      settings,
      currentSize: () => store.getState().game.size,
      requestSize: (size) => session.requestNewGame({ size }),
      onSoundOn: feedback.unlock,
      lang,
    }),
  );
  life.own(followSettings({ settings, board, panel, language }, () => (doc.defaultView as Window).navigator.languages));
  if (dailyDay) showDailyBanner(doc, dailyDay);

  return { commands: session.commands, game, lang, skins: board.host, notify: notices.add, dispose: () => life.end() };
}
