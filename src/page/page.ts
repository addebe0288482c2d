/**
 * The game page around the board, as a short list of parts that each wire themselves: the
 * page's language (language.ts), the notices, the board and its appearance (board.ts), the AI
 * bar (ai-on-demand.ts), the game session every host shares (game-ui/session.ts), replays and
 * sharing (sharing.ts), the history (history-on-demand.ts), the overlays, sound, and the
 * settings dialog (settings-on-demand.ts). The page owns what they start and ends it with
 * `dispose`; main.ts hands in the store and attaches the input sources.
 */
import type { Lang } from '../i18n/core';
import type { QueuedCommands } from '../input';
import type { PlayableSkin } from '../skins/registry';
import type { GameStore } from '../store';
import type { NewGameRequest } from '../store/types';
import { DEFAULT_KEY_PREFIX } from '../store';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import { anyModalOpen } from '../game-ui/modal';
import type { PageNotice } from '../game-ui/notices';
import { loadWhenWanted } from '../game-ui/when-wanted';
import type { PageExtras, PageExtrasParams } from './page-extras';
import type { GameSession, SessionHooks } from '../game-ui/session';
import { overlayDelay, startSession } from '../game-ui/session';
import type { SkinHost } from '../game-ui/skin-host';
import { aiOnDemand } from './ai-on-demand';
import type { PageBoard } from './board';
import { mountPageBoard } from './board';
import { byId } from './by-id';
import { DAILY_KEY_PREFIX, showDailyBanner } from './daily';
import { cubeOnDemand } from './cube-on-demand';
import { createFeedback } from './feedback';
import { historyOnDemand } from './history-on-demand';
import type { Localize, PageLanguage } from './language';
import { pageLocale, speakPageLanguage } from './language';
import type { PlayOnTarget } from './replay-viewer';
import type { SettingsStore } from './settings';
import type { SettingsPanel, SettingsPanelHooks } from './settings-panel';
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
  /**
   * The game the address asks for (`?seed=`, `?size=`, or today's challenge over an earlier
   * day's): it replaces the game in progress once the page is up, asking first when that game is at stake.
   */
  readonly start?: Pick<NewGameRequest, 'size' | 'dimensions' | 'seed'> | null;
}

export interface Page {
  /** What keyboard and gamepad drive: paced by the move queue, ignored while a dialog is open. */
  readonly commands: QueuedCommands;
  /** The focusable game container (the accessible grid). */
  readonly game: HTMLElement;
  /** The language the page speaks now. */
  readonly lang: () => Lang;
  readonly skins: SkinHost;
  notify(notice: PageNotice): void;
  /** Whether the AI has helped with the game in progress: the store does not raise the best score for it (main.ts). */
  helped(): boolean;
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

/** Notices, the overlays and the questions load when first wanted (page-extras.ts), as the embed's extras do. */
const pageExtrasOnDemand = (params: PageExtrasParams, life: Lifetime): (() => Promise<PageExtras | null>) =>
  loadWhenWanted(params.store, () => import('./page-extras').then(({ mountPageExtras }) => mountPageExtras(params)), life);

/** The skin shown, the theme and motion, and the language follow the settings as they change. */
function followSettings(
  { settings, board, panel, language }: { settings: SettingsStore; board: PageBoard; panel: SettingsPanel; language: PageLanguage },
  browserLanguages: () => readonly string[],
): () => void {
  const showSkin = async (wanted: PlayableSkin): Promise<void> => panel.showSkin(...(await board.show(wanted)));
  void showSkin(settings.get().skin);
  return settings.subscribe((next, previous) => {
    if (next.skin !== previous.skin) void showSkin(next.skin);
    if (next.look !== previous.look) board.host.update({ look: next.look });
    if (next.theme !== previous.theme || next.reducedMotion !== previous.reducedMotion) board.refresh();
    if (next.language !== previous.language) void language.change(pageLocale(null, next.language, browserLanguages()));
  });
}

/**
 * Every replacement of the game the page makes goes through the session: asked about when play
 * is at stake, then kept by the history. A seed the player chose (`chosen`: a link's, the seed
 * dialog's) is noted, so the history keeps a new game from it as 'seeded'.
 */
function pageReplacing(
  session: GameSession,
): [
  replace: (request: Pick<NewGameRequest, 'size' | 'dimensions' | 'seed'>, chosen?: boolean) => Promise<boolean>,
  chosenSeeds: ReadonlySet<number>,
] {
  const chosenSeeds = new Set<number>();
  const replace = (request: Pick<NewGameRequest, 'size' | 'dimensions' | 'seed'>, chosen = false): Promise<boolean> => {
    if (chosen && request.seed !== undefined) chosenSeeds.add(request.seed);
    return session.requestNewGame(request);
  };
  return [replace, chosenSeeds];
}

/** The settings dialog (its code loads on its first opening): the board (a square or a cube, of a size) asked for through `requestBoard`, a view turning the board. */
function pageSettings(
  { doc, store, settings, dailyDay }: PageOptions,
  board: PageBoard,
  hooks: Pick<SettingsPanelHooks, 'requestBoard' | 'onSoundOn' | 'lang'>,
): SettingsPanel {
  // The daily challenge is a square: no cube to choose there.
  return settingsOnDemand({ doc, settings, game: () => store.getState().game, cubes: !dailyDay, showView: board.showView, ...hooks });
}

/** Sound and vibration for each change, as the settings say. */
function pageFeedback(store: GameStore, settings: SettingsStore, life: Lifetime): ReturnType<typeof createFeedback> {
  const feedback = life.own(createFeedback({ sound: () => settings.get().sound, vibration: () => settings.get().vibration }));
  life.own(store.subscribe((view) => feedback.onChange(view)));
  return feedback;
}

/** What the win and game-over dialogs ask of the page: the board's motion and celebration, and whether the game ended is kept. */
function pageOverlays(
  focusGame: () => void,
  board: () => PageBoard,
  history: () => { get(): Promise<{ settled(): Promise<void> }> },
): PageExtrasParams['overlays'] {
  return {
    focusGame,
    delay: () => overlayDelay(board().appearance().reducedMotion),
    celebration: () => board().host.skin()?.winCelebrationMs ?? 0,
    kept: () =>
      history()
        .get()
        .then((h) => h.settled()),
  };
}

export function mountPage(options: PageOptions): Page {
  const { doc, store, settings, dailyDay = null, start = null, playOnIn } = options;
  const life = createLifetime();
  const game = byId<HTMLElement>(doc, 'game');
  const focusGame = (): void => game.focus({ preventScroll: true });
  const keyPrefix = dailyDay ? DAILY_KEY_PREFIX : DEFAULT_KEY_PREFIX;

  // The parts below speak through `lang` and write their words again when it changes.
  const relabel = (): void => (session.relabel(), panel.relabel(), ai.relabel(), board.relabel(), relabelDaily());
  const language = life.own(speakPageLanguage({ ...options, relabel }));
  const { lang } = language;
  const overlays = pageOverlays(
    focusGame,
    () => board,
    () => history,
  );
  const extras = pageExtrasOnDemand({ doc, store, lang, overlays }, life);
  const add = (notice: PageNotice): void => void extras().then((shown) => shown?.add(notice));
  const notify = (message: string): void => add({ message });
  // The skin is first shown once this has returned, with the cube part made below.
  const settled = (): Promise<void> => cube.ready();
  const board = life.own(
    mountPageBoard({ board: byId(doc, 'board'), resetView: byId(doc, 'reset-view'), store, settings, notify: add, lang, settled }),
  );
  // The AI speaks through the session (made next) once its code has loaded; the player's own input takes the game back from autoplay.
  const ai = life.own(aiOnDemand({ doc, game, store, skins: board.host, say: (words) => session.say(words), notify, lang, keyPrefix }));

  const session = life.own(
    startPageSession(doc, store, {
      // Not asked (the questions' code could not load): the game in progress stays.
      confirm: (question) => extras().then((asking) => asking?.ask(question) ?? false),
      reducedMotion: () => board.appearance().reducedMotion,
      focusGame,
      onPlayerInput: () => ai.playerActed(),
      quiet: () => ai.autoplaying,
      lang,
      onBoard: board.onBoard,
    }),
  );
  const [replace, chosenSeeds] = pageReplacing(session);
  // A cube game's keys, buttons and help, and the AI bar off, while one is played (its code loads with the first cube).
  const cube = life.own(cubeOnDemand(store, { doc, commands: session.commands, skins: board.host, lang }));

  // Replays and sharing load on first use.
  const sharing: Sharing = life.own(
    sharingOnDemand({
      doc,
      confirmDialog: byId<HTMLDialogElement>(doc, 'confirm-dialog'),
      store,
      // The skin shown; before the first has come (a `#g=` link opened at load), the one chosen.
      skin: () => board.host.current ?? settings.get().skin,
      skinOptions: board.appearance,
      requestNewGame: (request) => replace(request, true),
      notify: add,
      say: session.say,
      focusGame,
      dailyDay,
      lang,
      ...(playOnIn ? { playOnIn: () => history.get().then((h) => h.keptIn(playOnIn())) } : {}),
    }),
  );
  const history = life.own(
    historyOnDemand({
      doc,
      store,
      keyPrefix,
      dailyDay,
      chosenSeeds,
      openReplay: (record) => sharing.viewer().then((v) => v.open(record)),
      confirm: (text) => extras().then((asking) => asking?.confirm(text) ?? false),
      notify,
      say: session.say,
      focusGame,
      lang,
      assistance: ai,
    }),
  );

  const feedback = pageFeedback(store, settings, life);
  const panel = life.own(pageSettings(options, board, { requestBoard: (board) => replace(board), onSoundOn: feedback.unlock, lang }));
  // After the history has started noting the store's changes, so a game this ends is kept; before the board first shows, so it waits for what a cube needs.
  if (start) void replace(start, dailyDay === null);
  life.own(followSettings({ settings, board, panel, language }, () => (doc.defaultView as Window).navigator.languages));
  const relabelDaily = dailyDay ? showDailyBanner(doc, dailyDay, lang) : (): void => undefined;

  return { commands: session.commands, game, lang, skins: board.host, notify: add, helped: ai.helped, dispose: () => life.end() };
}
