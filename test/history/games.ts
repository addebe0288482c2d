/** Real games for the history tests, played by a fixed rule so each seed gives one known game. */
import type { CubeDirection, Dimensions, Direction, GameState } from '../../src/engine';
import { keepGoing, newGame, playMove } from '../../src/engine';

const ORDER: readonly CubeDirection[] = ['left', 'down', 'right', 'up'];
/** A cube's order: in before the square's four, so a game ends in a few hundred moves. */
const CUBE_ORDER: readonly CubeDirection[] = ['in', 'left', 'down', 'right', 'up', 'out'];

/**
 * Plays from `seed` on a `size` board (a cube with `dimensions: 3`), always the first of left, down, right, up
 * (in, left, down, right, up, out on a cube) that moves, until game over or `moves` moves.
 */
export function playGame(options: { size?: number; dimensions?: Dimensions; seed: number; target?: number; moves?: number }): GameState {
  let game = newGame({
    size: options.size ?? 3,
    seed: options.seed,
    ...(options.dimensions !== undefined ? { dimensions: options.dimensions } : {}),
    ...(options.target !== undefined ? { target: options.target } : {}),
  });
  const order = game.board.dimensions === 3 ? CUBE_ORDER : ORDER;
  const limit = options.moves ?? Infinity;
  while (game.status !== 'over' && game.record.length < limit) {
    if (game.status === 'won') game = keepGoing(game);
    const dir = order.find((d) => playMove(game, d).report.moved);
    if (dir === undefined) break;
    game = playMove(game, dir).state;
  }
  return game;
}

/** The game one move short of `game`'s end: the state before its last move. */
export function beforeLast(game: GameState): GameState {
  return playGame({
    size: game.size,
    dimensions: game.board.dimensions,
    seed: game.seed,
    target: game.target,
    moves: game.record.length - 1,
  });
}

/** A 4×4 game from `seed` played until it ends (a corner rule, the same game every run): its last two positions and moves. */
export function lastMoveOfAGame(seed = 4242): {
  earlier: GameState;
  earlierDir: Direction;
  before: GameState;
  dir: Direction;
  after: GameState;
} {
  const cycle: Direction[] = ['left', 'down', 'right', 'down'];
  let state = newGame({ seed });
  let earlier = { state, dir: 'left' as Direction };
  for (let i = 0; ; i++) {
    for (const dir of [cycle[i % 4] as Direction, 'up' as Direction, ...cycle]) {
      const next = playMove(state, dir);
      if (!next.report.moved) continue;
      if (next.state.status === 'over') return { earlier: earlier.state, earlierDir: earlier.dir, before: state, dir, after: next.state };
      earlier = { state, dir };
      state = next.state;
      break;
    }
  }
}
