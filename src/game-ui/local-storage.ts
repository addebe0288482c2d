import type { StorageLike } from '../store/types';

/**
 * localStorage, looked up on every use: where the browser blocks it (a sandboxed iframe,
 * blocked cookies), even reading `window.localStorage` throws, and the store then says once
 * that saving is unavailable and plays on in memory.
 */
export function localStorageOf(win: Window): StorageLike {
  return {
    getItem: (key) => win.localStorage.getItem(key),
    setItem: (key, value) => win.localStorage.setItem(key, value),
    removeItem: (key) => win.localStorage.removeItem(key),
  };
}
