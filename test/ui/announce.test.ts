import { describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import { fromRows, seedRng } from '../../src/engine';
import { createGameStore } from '../../src/store';
import type { GameView } from '../../src/store';
import { describeChange } from '../../src/ui/announce';

/** A store on a hand-made position, and what the live region would say for each change. */
function playFrom(rows: number[][], extra: Partial<GameState> = {}) {
  const store = createGameStore({ seed: 1 });
  const said: (string | null)[] = [];
  store.subscribe((view: GameView, previous: GameView) => said.push(describeChange(view, previous)));
  if (rows.length > 0) {
    const game: GameState = { size: rows.length, board: fromRows(rows), score: 1200, status: 'playing', record: '', seed: 1, rng: seedRng(1), target: 2048, ...extra };
    store.getState().startFrom(game);
    said.length = 0;
  }
  return { store, said, move: (dir: Direction) => store.getState().move(dir) };
}

describe('what the live region says', () => {
  it('names the move, each merge, the new tile and the score with thousands separators', () => {
    const { said, move } = playFrom([
      [8, 8, 0, 0],
      [2, 2, 2, 2],
      [0, 0, 0, 0],
      [0, 0, 0, 4],
    ]);
    move('left');
    expect(said[0]).toMatch(/^Moved left\. Merged two 8s into 16 and 2 pairs of 2s into 4s\. New [24] in row \d, column \d\. Score 1,224\.$/);
  });

  it('says a plain move without merges', () => {
    const { said, move } = playFrom([
      [0, 0, 0, 2],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 4],
    ]);
    move('left');
    expect(said[0]).toMatch(/^Moved left\. New [24] in row \d, column \d\. Score 1,200\.$/);
  });

  it('announces a win once, and game over with the final score', () => {
    const win = playFrom([
      [1024, 1024, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    win.move('left');
    expect(win.said[0]).toContain('Merged two 1024s into 2048.');
    expect(win.said[0]).toMatch(/You reached 2048! You win\. Keep going or start a new game\.$/);
    win.store.getState().keepGoing();
    expect(win.said[1]).toBe('Playing on past 2048.');

    // The only free cell after the move sits between an 8 and a 16: whatever spawns, the game ends.
    const over = playFrom([
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 8],
      [4, 2, 0, 16],
    ]);
    over.move('left');
    expect(over.store.getState().game.status).toBe('over');
    expect(over.said[0]).toMatch(/^Moved left\. New [24] in row 4, column 4\. Score 1,200\. Game over\. Final score 1,200\.$/);
  });

  it('says undo, new game and a takeover from another tab; nothing on the first show', () => {
    const { store, said, move } = playFrom([]);
    expect(['left', 'right', 'up', 'down'].some((dir) => move(dir as Direction))).toBe(true);
    store.getState().undo();
    store.getState().newGame({ size: 5 });
    expect(said.slice(-2)).toEqual(['Undid the last move. Score 0.', 'New game on a 5 by 5 board.']);
    const view = store.getState();
    expect(describeChange({ ...view, change: { ...view.change, kind: 'start' } }, null)).toBeNull();
    expect(describeChange({ ...view, change: { ...view.change, kind: 'sync' } }, view)).toBe('The game was continued in another tab. Score 0.');
  });
});
