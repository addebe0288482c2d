/**
 * The `history` option: an embed that keeps its finished games in a database of its own,
 * named after its storage key. Loaded only for a game that asks for it, so the core stays small.
 */
import type { GameStore } from '../store';
import type { OverlayActions } from '../ui/overlays';
import { startRecorder } from '../ui/history/recorder';
import type { StorageClaim } from './storage';

/** Starts keeping the game's history; returns what stops it. `tell` shows a notice in the game. */
export function keepHistory(store: GameStore, claim: StorageClaim, tell: (message: string) => void, actions: Pick<OverlayActions, 'kept'>): () => void {
  if (!claim.storage) {
    console.warn('cube2048: history needs storage: this game is kept in memory only, so its games are not kept either.');
    return () => undefined;
  }
  const recorder = startRecorder(store, { dbName: `${claim.prefix}:history`, storage: claim.storage, keyPrefix: claim.prefix, notify: tell });
  // The game-over overlay waits for the finished game to be kept.
  actions.kept = recorder.settled;
  return recorder.dispose;
}
