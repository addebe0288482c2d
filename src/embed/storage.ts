import type { StorageLike } from '../store/types';
import type { Problem } from './options';
import { localStorageOf } from '../game-ui/local-storage';

/** Prefixes used by the games alive on this page: two games must never write the same keys. */
const claimed = new Set<string>();

export interface StorageClaim {
  /** The storage to save in, or null for memory only. */
  readonly storage: StorageLike | null;
  readonly prefix: string;
  /** What to tell the console when the wanted prefix was taken, else null. */
  readonly problem: Problem | null;
  release(): void;
}

/** Reserves `prefix` for one game until `release`; a prefix already in use on this page falls back to memory. */
export function claimStorage(win: Window, prefix: string | null): StorageClaim {
  if (prefix === null) return { storage: null, prefix: 'cube2048:memory', problem: null, release: () => undefined };
  if (claimed.has(prefix))
    return {
      storage: null,
      prefix,
      problem: ['shared', prefix],
      release: () => undefined,
    };
  claimed.add(prefix);
  let held = true;
  return {
    storage: localStorageOf(win),
    prefix,
    problem: null,
    release() {
      if (held) claimed.delete(prefix);
      held = false;
    },
  };
}
