export * from './types';
export { createGameStore, DEFAULT_KEY_PREFIX } from './store';
export type { GameStoreOptions } from './store';
export { storageKeysFor } from './persistence';
export type { StorageKeys } from './persistence';
