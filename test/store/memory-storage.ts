import type { StorageLike } from '../../src/store';

/** A Map-backed Web Storage stand-in that can be told to fail. */
export function memoryStorage(
  init: Record<string, string> = {},
): StorageLike & { map: Map<string, string>; failWrites: boolean; failReads: boolean } {
  const map = new Map(Object.entries(init));
  const s = {
    map,
    failWrites: false,
    failReads: false,
    getItem(key: string): string | null {
      if (s.failReads) throw new Error('SecurityError: storage is disabled');
      return map.get(key) ?? null;
    },
    setItem(key: string, value: string): void {
      if (s.failWrites) throw new Error('QuotaExceededError');
      map.set(key, value);
    },
    removeItem(key: string): void {
      map.delete(key);
    },
  };
  return s;
}
