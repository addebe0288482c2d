/**
 * The `history` option: an embed that keeps its finished games in a database of its own,
 * named after its storage key. Loaded only for a game that asks for it, so the core stays small.
 */
import type { GameStore } from '../store';
import type { OverlayActions } from '../game-ui/overlays';
import { startRecorder } from '../game-ui/history/recorder';
import type { Extras } from './extras';
import type { StorageClaim } from './storage';

/**
 * Starts keeping the game's history, and stops with the game (`cleanups`, or at once when it
 * is already `destroyed`). Notices go through the game's extras, loaded when one is needed.
 */
export function keepHistory(
  store: GameStore,
  claim: StorageClaim,
  extras: () => Promise<Extras | null>,
  actions: Pick<OverlayActions, 'kept'>,
  cleanups: (() => void)[],
  destroyed: () => boolean,
): void {
  if (!claim.storage)
    return void console.warn('cube2048: history needs storage: this game is kept in memory only, so its games are not kept either.');
  const recorder = startRecorder(store, {
    dbName: `${claim.prefix}:history`,
    storage: claim.storage,
    keyPrefix: claim.prefix,
    notify: (message) => void extras().then((x) => x?.add({ message })),
  });
  // The game-over overlay waits for the finished game to be kept.
  actions.kept = recorder.settled;
  if (destroyed()) recorder.dispose();
  else cleanups.push(recorder.dispose);
}
