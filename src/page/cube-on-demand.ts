/**
 * The game page's cube part (cube.ts) loads with the first cube game shown, and from then on
 * follows the game (and the page's language) itself; a player who only plays squares downloads
 * none of it.
 */
import type { GameStore } from '../store';
import type { CubePart, CubePartOptions } from './cube';

export interface CubeOnDemand {
  /**
   * Resolves once the page has what the game shown now needs: at once for a square, once the
   * cube part is in for a cube (its help and buttons take room, which the board's first frame
   * waits for, so nothing moves under a player's first tap).
   */
  ready(): Promise<void>;
  dispose(): void;
}

export function cubeOnDemand(store: GameStore, options: CubePartOptions): CubeOnDemand {
  let part: Promise<CubePart | void> | undefined;
  const load = (): Promise<unknown> | undefined =>
    store.getState().game.board.dimensions > 2
      ? // Offline before it was cached: no cube controls this visit (the game itself plays on).
        (part ??= import('./cube').then((code) => code.followCubes(store, options), console.warn))
      : undefined;
  const stop = store.subscribe(() => void load());
  void load();
  return {
    ready: async () => void (await load()),
    dispose() {
      stop();
      void part?.then((p) => p?.dispose());
    },
  };
}
