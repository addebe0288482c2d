/**
 * The game page's history: the recorder (started as soon as this loads, when the history has
 * work: see history-on-demand.ts) and "Your games", whose view loads when first opened. Loaded apart from
 * the page, so its first paint does not wait for any of it.
 */
import type { GameStore } from '../../store';
import type { GameRecord } from '../../replay/record';
import { DEFAULT_KEY_PREFIX } from '../../store';
import type { PlayOnTarget } from '../replay-viewer';
import { utcDay } from '../daily';
import type { ConfirmText } from '../../game-ui/dialogs';
import { localStorageOf } from '../../game-ui/local-storage';
import { onDemand } from '../on-demand';
import { createLifetime } from '../../game-ui/lifetime';
import type { Lang } from '../../i18n/core';
import type { Recorder, RecorderOptions } from '../../game-ui/history/recorder';
import type { Assistance } from '../../game-ui/history/noting';
import { startRecorder } from '../../game-ui/history/recorder';

/** The page's history database: the normal game's and the daily challenge's games are kept together. */
export const HISTORY_DB = 'cube2048:history';

export interface PageHistoryOptions {
  readonly doc: Document;
  readonly store: GameStore;
  /** The store's key prefix (the daily challenge saves apart). */
  readonly keyPrefix: string;
  /** The UTC day when the page plays the daily challenge, else null. */
  readonly dailyDay: string | null;
  /** Seeds the player chose (a link's, the seed dialog's): a new game from one is kept as 'seeded'. */
  readonly chosenSeeds: ReadonlySet<number>;
  readonly openReplay: (record: GameRecord) => Promise<void>;
  readonly confirm: (text: ConfirmText) => Promise<boolean>;
  readonly notify: (message: string) => void;
  readonly say: (text: string) => void;
  readonly focusGame: () => void;
  /** The store's changes since the page started, which the recorder takes up first. */
  readonly missed: () => RecorderOptions['missed'];
  /** When the page began noting those changes. */
  readonly since: number;
  /** The page's language, read when the history speaks (the player may change it). */
  readonly lang: () => Lang;
  /** The AI's moves and hints, counted in each kept game. */
  readonly assistance: Assistance;
}

export interface PageHistory {
  /** Opens "Your games" (its view loads on the first opening). */
  open(): void;
  /** Resolves once every finished game is kept (the game-over overlay waits for it). */
  settled(): Promise<void>;
  /**
   * `target` with the history following its store, which is not the page's (the normal game,
   * played on from a replay during the daily challenge), so the game it replaces is kept too.
   */
  keptIn(target: PlayOnTarget): PlayOnTarget;
  dispose(): void;
}

export function mountPageHistory(options: PageHistoryOptions): PageHistory {
  const { doc, store, dailyDay } = options;
  const win = doc.defaultView as Window;
  const life = createLifetime();
  const daily = dailyDay ? { mode: 'daily' as const, day: dailyDay } : null;
  const recorder: Recorder = life.own(
    startRecorder(store, {
      dbName: HISTORY_DB,
      storage: localStorageOf(win),
      keyPrefix: options.keyPrefix,
      modeOfNewGame: (game) => daily ?? (game.record.length === 0 && options.chosenSeeds.has(game.seed) ? { mode: 'seeded' } : null),
      initialMode: daily,
      notify: options.notify,
      lang: options.lang,
      assistance: options.assistance,
      missed: options.missed(),
      since: options.since,
    }),
  );
  const view = onDemand(life, () =>
    Promise.all([import('./view'), import('../share')]).then(([{ createHistoryView }, { shareLink }]) =>
      createHistoryView({ ...options, recorder, linkFor: (code) => shareLink(win.location.href, code), today: () => utcDay(new Date()) }),
    ),
  );
  return {
    settled: recorder.settled,
    open: () => void view().then((v) => v.open()),
    keptIn(target) {
      const other = life.own(
        startRecorder(target.store, {
          dbName: HISTORY_DB,
          storage: localStorageOf(win),
          keyPrefix: DEFAULT_KEY_PREFIX,
          notify: options.notify,
          lang: options.lang,
        }),
      );
      // The game it keeps waits in storage too, so the page may go as soon as it is written there.
      const stop = (then: () => void) => (): void => void other.settled().finally(() => (other.dispose(), then()));
      return { store: target.store, done: stop(target.done), release: stop(target.release) };
    },
    dispose: () => life.end(),
  };
}
