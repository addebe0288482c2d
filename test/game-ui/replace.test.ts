/**
 * replaceGame, the one way a game in progress is replaced: asked about only when a player is
 * there and play is at stake; "no" leaves the game; otherwise it is replaced at once, and the
 * store reports the `new` change the keep rule reads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, newGame, playMove } from '../../src/engine';
import type { NewGameQuestion } from '../../src/game-ui/question';
import { questionText } from '../../src/game-ui/question';
import { ENGLISH } from '../../src/i18n/core';
import { replaceGame } from '../../src/game-ui/replace';
import { historyEffect } from '../../src/history/keep';
import { createGameStore } from '../../src/store';
import type { GameStore } from '../../src/store';

/** A store whose game has `moves` moves played (whichever direction moves first). */
function storeWith(moves: number): GameStore {
  const store = createGameStore({ seed: 3, randomSeed: () => 1 });
  for (let i = 0; i < moves; i++) {
    const { game, move } = store.getState();
    const dir = DIRECTIONS.find((d) => playMove(game, d).report.moved);
    if (dir) move(dir);
  }
  return store;
}

/** A confirm that answers `yes`, and the questions it was asked. */
const answering = (yes: boolean): { confirm: (q: NewGameQuestion) => Promise<boolean>; asked: NewGameQuestion[] } => {
  const asked: NewGameQuestion[] = [];
  return { confirm: (q) => (asked.push(q), Promise.resolve(yes)), asked };
};

describe('replacing a game', () => {
  it('asks only when play is at stake; "no" leaves the game, "yes" replaces it', () =>
    fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 3, max: 6 }), { nil: undefined }),
        async (moves, yes, size) => {
          const store = storeWith(moves);
          const before = store.getState();
          const { confirm, asked } = answering(yes);
          const replaced = await replaceGame(store, { size, seed: 9 }, confirm);
          const atStake = before.game.record.length > 0;
          expect(asked).toEqual(
            atStake
              ? [{ resize: size !== undefined && size !== before.game.size ? size : null, cube: false, seed: 9, score: before.game.score }]
              : [],
          );
          expect(replaced).toBe(!atStake || yes);
          expect(store.getState().game).toEqual(replaced ? newGame({ size: size ?? before.game.size, seed: 9 }) : before.game);
        },
      ),
      { numRuns: 40 },
    ));

  it('asks about a cube as another board, even of the same size, and names it a cube', async () => {
    const store = storeWith(3);
    const { confirm, asked } = answering(true);
    expect(await replaceGame(store, { dimensions: 3 }, confirm)).toBe(true);
    expect(store.getState().game.board.dimensions).toBe(3);
    expect(asked).toEqual([{ resize: 4, cube: true, seed: null, score: expect.any(Number) }]);
    expect(questionText(asked[0] as NewGameQuestion, ENGLISH).title).toBe('Start a 4 × 4 × 4 game?');
  });

  it('without a player to ask, replaces at once, before it returns, and the change keeps a game of 10 moves', () => {
    const store = storeWith(10);
    const left = store.getState().game;
    const changes: string[] = [];
    store.subscribe((view, previous) => changes.push(historyEffect(previous.game, view.game, view.change.kind)?.kind ?? 'none'));
    void replaceGame(store, { seed: 5 }, null);
    expect(store.getState().game).toEqual(newGame({ seed: 5 }));
    expect(changes).toEqual(['keep']);
    expect(left.record).toHaveLength(10);
  });

  it('plays on from a position (a replay’s "Play from here") through the store’s startFrom, asking first', async () => {
    const store = storeWith(3);
    const from = playMove(newGame({ seed: 40 }), 'left').state;
    const { confirm, asked } = answering(true);
    expect(await replaceGame(store, { from }, confirm)).toBe(true);
    expect(asked).toHaveLength(1);
    expect(store.getState().game).toBe(from);
  });
});
