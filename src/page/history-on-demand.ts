/**
 * The player's history on the game page: its recorder loads just after the page (the first
 * board does not wait) and keeps every finished game. Until it has come, the store's changes
 * are noted here for it, so a game finished in the first instant is kept too.
 */
import type { GameView } from '../store/types';
import { createLifetime } from '../game-ui/lifetime';
import type { PageHistory, PageHistoryOptions } from './history/page-history';
import { onDemand } from './on-demand';

export function historyOnDemand(options: Omit<PageHistoryOptions, 'missed'>): { get: () => Promise<PageHistory>; dispose(): void } {
  const life = createLifetime();
  const missed: [GameView, GameView][] = [];
  /** Until the recorder takes the changes up. */
  const noting = life.child();
  noting.own(options.store.subscribe((view, previous) => void missed.push([view, previous])));
  const history = onDemand(life, () =>
    import('./history/page-history').then((code) =>
      code.mountPageHistory({
        ...options,
        missed: () => {
          noting.end();
          return missed.splice(0);
        },
      }),
    ),
  );
  void history().catch((error: unknown) => {
    // Offline before the code was cached: the game plays on without a history, and stops noting changes for it.
    noting.end();
    missed.length = 0;
    console.warn('cube2048: the history could not be loaded; games are not kept this time', error);
  });
  return { get: history, dispose: () => life.end() };
}
