/** The contract of a running embedded game, as `mountGame` and `<cube-2048>`'s `game` give it to the host page. */
import type { CubeDirection, Dimensions } from '../engine';
import type { SkinFactory } from '../skins/skin';
import type { EmbedSkin, GameSnapshot, LiveOptions } from './options';

/** What `mountGame` returns: the game, driven and observed from the host page. */
export interface GameHandle {
  /** Resolves with the name of the skin shown once the first board is drawn (flat when cubes cannot run here). */
  readonly ready: Promise<EmbedSkin>;
  /** The name of the skin showing now; null until the first one is mounted. */
  readonly skin: EmbedSkin | null;
  /** The game now, as plain frozen data. */
  getState(): GameSnapshot;
  /** Calls `listener` after every change of the game, best score or undo; returns an unsubscribe function. */
  subscribe(listener: (state: GameSnapshot) => void): () => void;
  /** Plays a move; returns whether it changed the board. `in` and `out` on a cube only: a square refuses them with an error in the console. */
  move(dir: CubeDirection): boolean;
  /** Takes back the last move; false when there is nothing to undo. */
  undo(): boolean;
  /**
   * Starts a new game at once, optionally with another size, shape (`dimensions` 3: a cube) or a seed. No question is asked
   * (a host's code is not held up by a dialog); with the `history` option the game it replaces
   * is kept by the same rule as the player's New game (10 moves or more, or won).
   */
  newGame(options?: { readonly size?: number; readonly dimensions?: Dimensions; readonly seed?: number }): void;
  /**
   * Switches the board's look to a built-in or registered skin, or to a factory of your own;
   * the game goes on. Resolves with the name of the skin shown (flat when the asked one
   * cannot run; the default for an unknown name).
   */
  setSkin(skin: EmbedSkin | SkinFactory): Promise<EmbedSkin>;
  /** Changes the options that apply while the game runs: `LiveOptions` (the `OPTIONS` whose effect is "live", in options.ts). */
  setOptions(options: LiveOptions): void;
  /** Removes the game and everything it made; the handle then does nothing. */
  destroy(): void;
}
