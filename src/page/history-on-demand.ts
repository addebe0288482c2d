/**
 * The player's history on the game page. Its code (the recorder, the database, the entries)
 * loads when it has something to do, not with the page: when a game ends, is undone from its
 * end or replaced (a link's game too), when the player opens "Your games", when games kept on
 * an earlier visit still wait for the database, and when the page is hidden (the player may be
 * leaving), when the AI helps, or after 25 changes. Until then the store's changes are noted (game-ui/history/noting.ts).
 */
import type { GameView } from '../store/types';
import { createLifetime } from '../game-ui/lifetime';
import { helpAt, historyKeys, noteChanges } from '../game-ui/history/noting';
import { localStorageOf } from '../game-ui/local-storage';
import type { PageHistory, PageHistoryOptions } from './history/page-history';
import { byId } from './by-id';
import { onDemand } from './on-demand';

/** Whether a change of the store is one the history acts on: a game that ends, comes back from its end, or is replaced. */
const historyActsOn = (view: GameView, previous: GameView): boolean =>
  view.change.kind === 'new' || view.game.status !== previous.game.status;

/** Whether the history has work as the page opens: the daily challenge, games waiting for the database, a game that has ended. (A game from a link replaces the one in progress: that change starts it.) */
function workAtStart(options: HistoryOnDemandOptions): boolean {
  const waiting = ((): string | null => {
    try {
      return localStorageOf(options.doc.defaultView as Window).getItem(historyKeys(options.keyPrefix).waiting);
    } catch {
      return null;
    }
  })();
  return options.dailyDay !== null || waiting !== null || options.store.getState().game.status !== 'playing';
}

/** A long game with nothing for the history to do brings its code all the same, so the notes never pile up in memory. */
const NOTES_AT_MOST = 25;

export type HistoryOnDemandOptions = Omit<PageHistoryOptions, 'missed' | 'since'>;

export function historyOnDemand(options: HistoryOnDemandOptions): { get: () => Promise<PageHistory>; dispose(): void } {
  const life = createLifetime();
  const since = Date.now();
  /** Until the recorder takes the changes up. */
  const noting = life.child();
  const noted = noteChanges(options.store, noting, options.assistance);
  const history = onDemand(life, () =>
    import('./history/page-history').then((code) =>
      code.mountPageHistory({
        ...options,
        since,
        missed: () => {
          const missed = noted();
          noting.end();
          return missed;
        },
      }),
    ),
  );
  let loading: Promise<PageHistory> | null = null;
  const load = (): Promise<PageHistory> =>
    (loading ??= history().catch((error: unknown) => {
      // Offline before the code was cached: the game plays on without a history, and stops noting changes for it.
      noting.end();
      console.warn('cube2048: the history could not be loaded; games are not kept this time', error);
      throw error;
    }));
  const start = (): void => void load().catch(() => undefined);
  let count = 0;
  noting.own(
    options.store.subscribe((view, previous) => {
      // The AI's help is written beside the save at once, so a reload still knows the game is not the player's own.
      const help = helpAt(options.assistance, view);
      if (historyActsOn(view, previous) || help?.aiMove || (help?.hints ?? 0) > 0 || ++count >= NOTES_AT_MOST) start();
    }),
  );
  const win = options.doc.defaultView as Window;
  noting.listen(options.doc, 'visibilitychange', () => {
    if (options.doc.visibilityState === 'hidden') start();
  });
  noting.listen(win, 'pagehide', start);
  life.listen(
    byId(options.doc, 'open-history'),
    'click',
    () =>
      void load().then(
        (h) => h.open(),
        () => undefined,
      ),
  );
  if (workAtStart(options)) start();
  return { get: load, dispose: () => life.end() };
}
