import { toRows } from '../engine';
import type { GameView } from '../store/types';
import type { GameSnapshot } from './options';

/** The store's view as plain, frozen data for hosts: values rather than exponents, no engine internals. */
export function snapshotOf(view: GameView): GameSnapshot {
  const { game } = view;
  return Object.freeze({
    size: game.size,
    seed: game.seed,
    target: game.target,
    score: game.score,
    best: view.best,
    moves: game.record.length,
    status: game.status,
    canUndo: view.canUndo,
    board: Object.freeze(toRows(game.board).map((row) => Object.freeze(row))),
  });
}
