/**
 * The one way a game in progress is replaced, for every host (the page, the embeds, the
 * terminal) and every path (the New game button and key, links, settings, the daily
 * challenge, a replay's "play from here", an embed's `newGame()`, attributes and messages):
 * ask first when play is at stake and a player is there to answer, then replace it through
 * the store. The store reports the replacement as a `new` change, so the history's keep rule
 * (history/keep.ts) keeps the game left behind wherever a recorder follows the store. Pure:
 * no DOM, so the terminal uses it too.
 */
import type { GameState } from '../engine';
import type { GameStore } from '../store';
import type { NewGameRequest } from '../store/types';
import type { NewGameQuestion } from './question';

/** What replaces the game: a new game (of that size, shape or seed, when given), or a position to play on from (a replay's "play from here"). */
export type Replacement = Pick<NewGameRequest, 'size' | 'dimensions' | 'seed'> | { readonly from: GameState };

/** Asks the player the question; resolves true to go ahead. */
export type Confirm = (question: NewGameQuestion) => Promise<boolean>;

/**
 * Replaces the game in `store`. With `confirm` (a player is there to answer), asks first when
 * play is at stake: the game is not over and has moves or undo history (a game over is kept
 * already; one before its first move has nothing to keep); "no" leaves it as it is. Without
 * (a host's code), or with nothing at stake, replaces it at once, before returning. Resolves
 * whether it was replaced.
 */
export async function replaceGame(store: GameStore, replacement: Replacement, confirm: Confirm | null): Promise<boolean> {
  // The store's actions stay the same functions for its life.
  const { game, canUndo, newGame, startFrom } = store.getState();
  // A position to play on from has none.
  const {
    size = game.size,
    dimensions = game.board.dimensions,
    seed,
  } = replacement as Pick<NewGameRequest, 'size' | 'dimensions' | 'seed'>;
  const replace = (): true => {
    if ('from' in replacement) startFrom(replacement.from);
    else newGame(replacement);
    return true;
  };
  // Up to here, an async function runs as it is called: the game is replaced before this returns.
  if (!confirm || game.status === 'over' || (game.record.length === 0 && !canUndo)) return replace();
  // Another shape is another board, even of the same size.
  const resize = size !== game.size || dimensions !== game.board.dimensions ? size : null;
  return (await confirm({ resize, cube: dimensions > 2, seed: seed ?? null, score: game.score })) && replace();
}
