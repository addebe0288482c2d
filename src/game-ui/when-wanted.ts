/**
 * A part of a game's host that loads when the game first wants it: the notices, the win and
 * game-over overlays and the new-game question (a notice to show, a finished game, a question
 * to ask). The embed and the game page both load theirs this way, so the first board does not
 * wait for them and a player who never finishes a game never downloads them.
 */
import type { GameView, ReadonlyStore } from '../store/types';
import type { Ending, Lifetime } from './lifetime';

/** Whether the game shows something only such a part draws: a finished game, or notices. */
const extrasWanted = ({ game, notices }: GameView): boolean => game.status === 'won' || game.status === 'over' || notices.length > 0;

/**
 * Loads `load`'s part once, when `store` first shows what `wanted` says (by default what
 * `extrasWanted` says), or when the returned function is called; a failed load (offline) is
 * said once in the console and tried again next time. The part is owned by `life`.
 */
export function loadWhenWanted<T extends Ending>(
  store: ReadonlyStore<GameView>,
  load: () => Promise<T>,
  life: Lifetime,
  wanted = extrasWanted,
): () => Promise<T | null> {
  let loading: Promise<T | null> | null = null;
  const need = (): Promise<T | null> =>
    (loading ??= load().then(
      // Arriving after `life` ended, it is ended at once (lifetime.ts).
      (part) => life.own(part),
      (error: unknown) => {
        console.warn('cube2048: not loaded', error);
        loading = null;
        return null;
      },
    ));
  if (wanted(store.getState())) void need();
  life.own(
    store.subscribe((next) => {
      if (wanted(next)) void need();
    }),
  );
  return need;
}
