import type { GameView } from '../store/types';

/**
 * Whether starting over would throw play away: the game is not over and has moves or undo
 * history. Every "start over?" question (new game, a seed, a board size, playing on from a
 * replay) asks only then.
 */
export const gameAtStake = ({ game, canUndo }: Pick<GameView, 'game' | 'canUndo'>): boolean =>
  game.status !== 'over' && (game.record.length > 0 || canUndo);
