/**
 * The `history` option: an embed that keeps its finished games in a database of its own,
 * named after its storage key. Loaded only for a game that asks for it, so the core stays small.
 */
import type { GameStore } from '../store';
import type { Lang } from '../i18n/core';
import type { RecorderOptions } from '../game-ui/history/recorder';
import { startRecorder } from '../game-ui/history/recorder';
import type { Extras } from './extras';
import type { StorageClaim } from './storage';

export interface KeepHistoryOptions {
  readonly store: GameStore;
  readonly claim: StorageClaim;
  /** The game's extras, loaded when a notice must be shown. */
  readonly extras: () => Promise<Extras | null>;
  /** The game's language (its `lang` option), read when a notice is said. */
  readonly lang: () => Lang;
  /** The store's changes since the game started, which the recorder takes up first. */
  readonly missed: RecorderOptions['missed'];
}

export interface KeptHistory {
  /** Resolves when every finished game is kept: the game-over overlay waits for it. */
  readonly kept: () => Promise<void>;
  readonly dispose: () => void;
}

/** Starts keeping the game's history, or says why it cannot (a game kept in memory only) and returns null. */
export function keepHistory({ store, claim, extras, lang, missed }: KeepHistoryOptions): KeptHistory | null {
  if (!claim.storage) {
    console.warn('cube2048: history needs storage: this game is kept in memory only, so its games are not kept either.');
    return null;
  }
  const recorder = startRecorder(store, {
    dbName: `${claim.prefix}:history`,
    storage: claim.storage,
    keyPrefix: claim.prefix,
    notify: (message) => void extras().then((x) => x?.add({ message })),
    lang,
    missed,
  });
  return { kept: recorder.settled, dispose: recorder.dispose };
}
