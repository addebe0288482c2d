/**
 * The game page's history: the recorder (started as soon as this loads, just after the first
 * board) and the "Your games" button, whose view loads on its first click. Loaded apart from
 * the page, so its first paint does not wait for any of it.
 */
import type { GameStore } from '../../store';
import type { GameRecord } from '../../replay/record';
import { byId } from '../by-id';
import { utcDay } from '../daily';
import type { ConfirmText } from '../../game-ui/dialogs';
import { localStorageOf } from '../../game-ui/local-storage';
import { onDemand } from '../on-demand';
import { createLifetime } from '../../game-ui/lifetime';
import type { Lang } from '../../i18n/core';
import type { Recorder, RecorderOptions } from '../../game-ui/history/recorder';
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
  /** The game in the store was started from a chosen seed (`?seed=`). */
  readonly seeded: boolean;
  readonly openReplay: (record: GameRecord) => Promise<void>;
  readonly confirm: (text: ConfirmText) => Promise<boolean>;
  readonly notify: (message: string) => void;
  readonly say: (text: string) => void;
  readonly focusGame: () => void;
  /** The store's changes since the page started, which the recorder takes up first. */
  readonly missed: () => RecorderOptions['missed'];
  /** The page's language, read when the history speaks (the player may change it). */
  readonly lang: () => Lang;
}

export interface PageHistory {
  /** Resolves once every finished game is kept (the game-over overlay waits for it). */
  settled(): Promise<void>;
  /** Runs `start` (a new game with a chosen seed) so that the game is kept as seeded. */
  seeded<T>(start: () => Promise<T>): Promise<T>;
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
      modeOfNewGame: () => daily,
      initialMode: daily ?? (options.seeded ? { mode: 'seeded' } : null),
      notify: options.notify,
      lang: options.lang,
      missed: options.missed(),
    }),
  );
  const view = onDemand(life, () =>
    Promise.all([import('./view'), import('../share')]).then(([{ createHistoryView }, { shareLink }]) =>
      createHistoryView({ ...options, recorder, linkFor: (code) => shareLink(win.location.href, code), today: () => utcDay(new Date()) }),
    ),
  );
  life.listen(byId(doc, 'open-history'), 'click', () => void view().then((v) => v.open()));
  return {
    settled: recorder.settled,
    async seeded(start) {
      recorder.expect({ mode: 'seeded' });
      try {
        return await start();
      } finally {
        recorder.expect(null);
      }
    },
    dispose: () => life.end(),
  };
}
