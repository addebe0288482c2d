/** Real games for the history tests, played by a fixed rule so each seed gives one known game. */
import type { Direction, GameState } from '../../src/engine';
import { keepGoing, newGame, playMove } from '../../src/engine';

const ORDER: readonly Direction[] = ['left', 'down', 'right', 'up'];

/** Plays from `seed` on a `size` board, always the first of left, down, right, up that moves, until game over or `moves` moves. */
export function playGame(options: { size?: number; seed: number; target?: number; moves?: number }): GameState {
  let game = newGame({ size: options.size ?? 3, seed: options.seed, ...(options.target !== undefined ? { target: options.target } : {}) });
  const limit = options.moves ?? Infinity;
  while (game.status !== 'over' && game.record.length < limit) {
    if (game.status === 'won') game = keepGoing(game);
    const dir = ORDER.find((d) => playMove(game, d).report.moved);
    if (dir === undefined) break;
    game = playMove(game, dir).state;
  }
  return game;
}

/** The game one move short of `game`'s end: the state before its last move. */
export function beforeLast(game: GameState): GameState {
  return playGame({ size: game.size, seed: game.seed, target: game.target, moves: game.record.length - 1 });
}
