import type { GameState } from './game';

/** How many moves can be undone; the original allowed one, players asked for more. */
export const UNDO_DEPTH = 100;

/** The undo stack after one more snapshot, oldest dropped beyond `depth`. */
export function pushUndo(past: readonly GameState[], snapshot: GameState, depth: number = UNDO_DEPTH): readonly GameState[] {
  const next = past.length >= depth ? past.slice(past.length - depth + 1) : past.slice();
  next.push(snapshot);
  return next;
}

/** The snapshot to return to and the stack without it, or null when there is nothing to undo. */
export function popUndo(past: readonly GameState[]): { state: GameState; past: readonly GameState[] } | null {
  const state = past[past.length - 1];
  return state ? { state, past: past.slice(0, -1) } : null;
}
