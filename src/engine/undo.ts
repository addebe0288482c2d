/**
 * The undo stack: the states a game can go back to, newest last. ("History" in this project
 * is the player's kept games, src/history/; this is not that.)
 */
import type { GameState } from './game';

/** The states a game can return to, oldest first; never mutated (each push or pop makes a new one). */
export type UndoStack = readonly GameState[];

/** How many moves can be undone; the original allowed one, players asked for more. */
export const UNDO_DEPTH = 100;

/** The undo stack after one more snapshot, oldest dropped beyond `depth`. */
export function pushUndo(past: UndoStack, snapshot: GameState, depth: number = UNDO_DEPTH): UndoStack {
  const next = past.length >= depth ? past.slice(past.length - depth + 1) : past.slice();
  next.push(snapshot);
  return next;
}

/** The snapshot to return to and the stack without it, or null when there is nothing to undo. */
export function popUndo(past: UndoStack): { state: GameState; past: UndoStack } | null {
  const state = past[past.length - 1];
  return state ? { state, past: past.slice(0, -1) } : null;
}
