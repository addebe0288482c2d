import { toLayers } from '../engine';
import type { GameView } from '../store/types';
import type { GameSnapshot } from './options';

/** The store's view as plain, frozen data for hosts: values rather than exponents, no engine internals. */
export function snapshotOf(view: GameView): GameSnapshot {
  const { game } = view;
  const layers = Object.freeze(toLayers(game.board).map((rows) => Object.freeze(rows.map((row) => Object.freeze(row)))));
  return Object.freeze({
    size: game.size,
    dimensions: game.board.dimensions,
    seed: game.seed,
    target: game.target,
    score: game.score,
    best: view.best,
    moves: game.record.length,
    status: game.status,
    canUndo: view.canUndo,
    board: layers[0] as GameSnapshot['board'],
    layers,
  });
}
