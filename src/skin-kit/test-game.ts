/**
 * A game for a skin's own tests, as the kit plays one: nothing saved, the same boards for the
 * same seed. With `ManualClock` as the skin's clock, a test plays a move, advances the clock and
 * reads what the skin shows, exactly.
 */
import type { Direction } from '../engine';
import { createGameStore } from '../store';
import type { GameView, ReadonlyStore } from '../store/types';

export interface TestGameOptions {
  /** Board size, 3 to 8 (default 4). */
  readonly size?: number;
  /** The seed of the tiles that appear (default 2048): the same seed plays the same game. */
  readonly seed?: number;
  /** The tile that wins (default 2048): a small one reaches a won game in a few moves. */
  readonly target?: number;
}

export interface TestGame {
  /** What the skin mounts on, as in a game: read and follow, never set. */
  readonly store: ReadonlyStore<GameView>;
  /** Plays a move; false when it changes nothing. */
  move(dir: Direction): boolean;
  /** Takes the last move back; false when there is none. */
  undo(): boolean;
  /** Starts another game: a size left out is the first game's, a seed left out the next of a fixed series (tests repeat exactly). */
  newGame(options?: TestGameOptions): void;
  /** Plays on after a win. */
  keepGoing(): void;
  /** Ends the game; dispose the skin first. */
  destroy(): void;
}

export function createTestGame(options: TestGameOptions = {}): TestGame {
  const seed = options.seed ?? 2048;
  let next = seed;
  const game = createGameStore({ storage: null, seed, size: options.size ?? 4, target: options.target, randomSeed: () => ++next });
  return {
    store: { getState: game.getState, subscribe: game.subscribe },
    move: (dir) => game.getState().move(dir),
    undo: () => game.getState().undo(),
    newGame: (next) => game.getState().newGame(next),
    keepGoing: () => game.getState().keepGoing(),
    destroy: () => game.destroy(),
  };
}
