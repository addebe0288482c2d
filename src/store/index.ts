export * from './types';
export { createGameStore, DEFAULT_KEY_PREFIX } from './store';
export type { GameStoreOptions } from './store';
export { keysFor } from './persistence';
