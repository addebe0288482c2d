/**
 * The `history` option: an embed that keeps its finished games in a database of its own,
 * named after its storage key. Loaded only for a game that asks for it, so the core stays small.
 */
import type { RecorderOptions } from '../game-ui/history/recorder';
import { startRecorder } from '../game-ui/history/recorder';
import type { Extras, ExtrasParams } from './extras';
import type { StorageClaim } from './storage';

/**
 * Starts keeping the game's history for as long as the game lasts (`game.game`, its lifetime),
 * and has the game-over overlay wait for each finished game to be kept (`game.kept`); or says
 * why it cannot (a game kept in memory only). `extras`: the game's extras, loaded when a notice
 * must be shown; `missed`: the store's changes since the game started, which the recorder takes up first.
 */
export function keepHistory(
  game: ExtrasParams,
  claim: StorageClaim,
  extras: () => Promise<Extras | null>,
  missed: RecorderOptions['missed'],
): void {
  if (!claim.storage) {
    console.warn('cube2048: history needs storage: this game is kept in memory only, so its games are not kept either.');
    return;
  }
  const recorder = game.game.own(
    startRecorder(game.store, {
      dbName: `${claim.prefix}:history`,
      storage: claim.storage,
      keyPrefix: claim.prefix,
      notify: (message) => void extras().then((x) => x?.add({ message })),
      // The game's language (its `lang` option), read when a notice is said.
      lang: game.lang,
      missed,
    }),
  );
  game.kept = recorder.settled;
}
