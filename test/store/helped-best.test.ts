/** The best score is the best of the player's own games: a game someone helped with (the page's AI) does not raise it. */
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { createGameStore } from '../../src/store';
import { memoryStorage } from './memory-storage';

const play = (store: ReturnType<typeof createGameStore>, moves: number): void => {
  const dirs: Direction[] = ['left', 'down', 'right', 'up'];
  for (let i = 0; store.getState().game.record.length < moves && i < 400; i++) store.getState().move(dirs[i % 4] as Direction);
};

describe('the best score, when the AI helped', () => {
  it('is not raised, shown or saved by a game the AI helped with, and is again by the player’s own next game', () => {
    const storage = memoryStorage();
    let helped = true;
    const store = createGameStore({ storage, keyPrefix: 't', seed: 1, helped: () => helped });
    play(store, 30);
    expect(store.getState().game.score).toBeGreaterThan(0);
    expect(store.getState().best).toBe(0);
    expect(storage.getItem('t:best:v1')).toBeNull();
    helped = false;
    store.getState().newGame({ seed: 2 });
    play(store, 30);
    expect(store.getState().best).toBe(store.getState().game.score);
    expect(createGameStore({ storage, keyPrefix: 't' }).getState().best).toBe(store.getState().game.score);
  });
});
