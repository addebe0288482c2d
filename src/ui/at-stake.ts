import type { GameView } from '../store/types';
import { formatNumber } from './format';

/**
 * Whether starting over would throw play away: the game is not over and has moves or undo
 * history. Every "start over?" question (new game, a seed, a board size, playing on from a
 * replay) asks only then.
 */
export const gameAtStake = ({ game, canUndo }: Pick<GameView, 'game' | 'canUndo'>): boolean => game.status !== 'over' && (game.record.length > 0 || canUndo);

/** What those questions say about the game that would end. */
export const gameEndsLine = (score: number, whose: 'current' | 'saved' = 'current'): string => `Your ${whose} game, with a score of ${formatNumber(score)}, will end.`;
