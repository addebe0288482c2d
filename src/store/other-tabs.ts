/**
 * Another tab of the game wrote the save: its game is taken over rather than overwritten, and
 * its best scores merged. The game page follows other tabs (an embed does not): it gives
 * `followOtherTabs` to its store, so the embed core does not carry this.
 */
import type { Loaded } from './persistence';
import { decodeSave } from './persistence';
import type { StorageKeys } from './persistence';
import type { NoticeKind, StorageLike } from './types';

/** What following other tabs needs of a store. */
export interface ThisTab {
  readonly storage: StorageLike;
  readonly keys: StorageKeys;
  readonly notify: (kind: NoticeKind, message: string) => void;
  /** The save as the store last read or wrote it: a storage event that finds exactly this is no news (see store.ts). */
  readonly ownSave: () => string | null;
  /** Takes over the best scores another tab wrote. */
  readonly bestsRaised: () => void;
  /** Shows the game another tab saved as `text` (read as `theirs`), with its undo steps. */
  readonly takeOver: (text: string, theirs: Loaded) => void;
}

/** Subscribes to changes someone else made to storage (`key`, or null: maybe all); returns a function that stops. */
export type WatchStorage = (onChange: (key: string | null) => void) => () => void;

/** A store's `otherTabs`: follows what `watch` reports, and says once that the game was continued elsewhere. */
export const followOtherTabs =
  (watch: WatchStorage) =>
  (tab: ThisTab): (() => void) => {
    let told = false;
    return watch((key) => {
      const { storage, keys } = tab;
      if (key === null || key === keys.best) tab.bestsRaised();
      const text = key === null || key === keys.game ? storage.getItem(keys.game) : null;
      if (text === null || text === tab.ownSave()) return;
      const theirs = decodeSave(text);
      if (!theirs) return; // Their write is broken; ours stays and is rewritten on our next move.
      tab.takeOver(text, theirs);
      if (!told) tab.notify('synced', 'This game was continued in another tab; showing its latest position.');
      told = true;
    });
  };
