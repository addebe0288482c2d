/**
 * The game page's cube part (cube.ts) loads with the first cube game shown, and from then on
 * follows the game (and the page's language) itself; a player who only plays squares downloads
 * none of it. Returns what ends it.
 */
import type { GameStore } from '../store';
import type { CubePart, CubePartOptions } from './cube';

export function cubeOnDemand(store: GameStore, options: CubePartOptions): () => void {
  let part: Promise<CubePart | void> | undefined;
  const load = (): unknown =>
    store.getState().game.board.dimensions > 2 &&
    // Offline before it was cached: no cube controls this visit (the game itself plays on).
    (part ??= import('./cube').then((code) => code.followCubes(store, options), console.warn));
  const stop = store.subscribe(load);
  load();
  return () => {
    stop();
    void part?.then((p) => p?.dispose());
  };
}
