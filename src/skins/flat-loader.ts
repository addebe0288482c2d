/**
 * How the flat board's code comes: fetched when a game shows it. The game page shows the cubes,
 * so it fetches the flat board only to fall back to it. The script-tag build, where one request
 * must show a board, swaps this module for flat-bundled.ts (vite.lib.config.ts).
 */
import type { SkinFactory } from './skin';

export const loadFlatSkin = async (): Promise<SkinFactory> => (await import('./dom/flat')).createFlatSkin;
