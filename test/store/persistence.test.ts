import { describe, expect, it } from 'vitest';
import { DIRECTIONS, fromRows, newGame, serializeGame, toRows } from '../../src/engine';
import { createGameStore, storageKeysFor } from '../../src/store';
import type { SaveFile } from '../../src/store/persistence';
import { decodeSave, encodeSave } from '../../src/store/persistence';
import { followOtherTabs } from '../../src/store/other-tabs';
import { playMove } from '../../src/engine';
import type { GameState } from '../../src/engine';
import { memoryStorage } from './memory-storage';

const keys = storageKeysFor('cube2048');
const playSome = (store: ReturnType<typeof createGameStore>, n: number): void => {
  for (let i = 0; i < n; i++) for (const d of DIRECTIONS) if (store.getState().move(d)) break;
};

describe('store persistence', () => {
  it('saves under namespaced keys after every move and resumes the game, undo history included', () => {
    const storage = memoryStorage();
    const a = createGameStore({ storage, seed: 42 });
    playSome(a, 12);
    expect([...storage.map.keys()].sort()).toEqual(['cube2048:best:v1', 'cube2048:game:v1']);
    const b = createGameStore({ storage, seed: 7 });
    expect(b.getState().game).toEqual(a.getState().game);
    expect(b.getState().canUndo).toBe(true);
    a.getState().undo();
    b.getState().undo();
    expect(b.getState().game).toEqual(a.getState().game);
  });

  it('keeps games apart by key prefix', () => {
    const storage = memoryStorage();
    const one = createGameStore({ storage, seed: 1, keyPrefix: 'site:one' });
    createGameStore({ storage, seed: 2, keyPrefix: 'site:two' });
    playSome(one, 3);
    expect(createGameStore({ storage, keyPrefix: 'site:two' }).getState().game.seed).toBe(2);
    expect(createGameStore({ storage, keyPrefix: 'site:one' }).getState().game).toEqual(one.getState().game);
  });

  it('starts a fresh game on a corrupt save, says so, sets the save aside and keeps the best score', () => {
    const storage = memoryStorage({
      [keys.best]: JSON.stringify({ v: 1, bySize: { 4: 5000 } }),
      [keys.game]: '{"v":1,"game":{"v":1,"size":4,"cells":"oops"}}',
    });
    const store = createGameStore({ storage, seed: 3 });
    const { notices, best, game } = store.getState();
    expect(notices).toEqual([{ id: 1, kind: 'corrupt-save', message: 'Your saved game could not be read; a new game was started.' }]);
    expect(best).toBe(5000);
    expect(game.seed).toBe(3);
    expect(storage.getItem(`${keys.game}:unreadable`)).toContain('oops');
    store.getState().dismissNotice(1);
    expect(store.getState().notices).toEqual([]);
  });

  it('never lowers the best score, even when the saved best is unreadable', () => {
    const storage = memoryStorage({ [keys.best]: '{"v":1,"bySize":{"4":-3}}' });
    const store = createGameStore({ storage, seed: 3 });
    expect(store.getState().notices.map((n) => n.kind)).toEqual(['corrupt-best']);
    expect(storage.getItem(`${keys.best}:unreadable`)).toBe('{"v":1,"bySize":{"4":-3}}');
    const high = JSON.stringify({ v: 1, bySize: { 4: 100000 } });
    storage.setItem(keys.best, high);
    playSome(store, 30);
    expect(JSON.parse(storage.getItem(keys.best)!).bySize[4]).toBe(100000);
  });

  it('keeps a best score per board size', () => {
    const storage = memoryStorage({ [keys.best]: JSON.stringify({ v: 1, bySize: { 4: 900, 5: 40 } }) });
    const store = createGameStore({ storage, seed: 3 });
    expect(store.getState().best).toBe(900);
    store.getState().newGame({ size: 5 });
    expect(store.getState().best).toBe(40);
  });

  it('keeps playing in memory when storage throws, and says so once', () => {
    const storage = memoryStorage();
    storage.failWrites = true;
    const store = createGameStore({ storage, seed: 9 });
    playSome(store, 5);
    expect(store.getState().notices.map((n) => n.kind)).toEqual(['storage-unavailable']);
    expect(store.getState().game.record.length).toBe(5);
    storage.failReads = true;
    expect(() => createGameStore({ storage, seed: 9 })).not.toThrow();
  });

  it('takes over a game continued in another tab instead of overwriting it', () => {
    const storage = memoryStorage();
    let fire: (key: string | null) => void = () => {};
    const here = createGameStore({ storage, seed: 5, otherTabs: followOtherTabs((cb) => ((fire = cb), () => (fire = () => {}))) });
    const other = newGame({ seed: 77 });
    const otherSave = JSON.stringify({
      v: 1,
      game: serializeGame({
        ...other,
        board: fromRows([
          [2, 0, 0, 0],
          [0, 4, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 0, 8],
        ]),
      }),
      undo: [],
    });
    storage.setItem(keys.game, otherSave);
    fire(keys.game);
    const state = here.getState();
    expect(toRows(state.game.board)[3]).toEqual([0, 0, 0, 8]);
    expect(state.change.kind).toBe('sync');
    expect(state.notices.map((n) => n.kind)).toEqual(['synced']);
    here.destroy();
  });

  it('stops following other tabs once destroyed, and lets nobody but its own actions set the game', () => {
    const storage = memoryStorage();
    let watching = false;
    const store = createGameStore({ storage, seed: 5, otherTabs: followOtherTabs(() => ((watching = true), () => (watching = false))) });
    expect(watching).toBe(true);
    expect('setState' in store).toBe(false);
    expect('destroy' in store.getState()).toBe(false);
    store.destroy();
    expect(watching).toBe(false);
    expect(store.getState().move('left') || store.getState().move('up') || store.getState().move('right')).toBe(true);
  });

  it('numbers every change so a skin animates each move exactly once', () => {
    const store = createGameStore({ seed: 12 });
    const seen: number[] = [];
    store.subscribe((s) => seen.push(s.change.seq));
    playSome(store, 3);
    store.getState().undo();
    store.getState().newGame();
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(store.getState().change.kind).toBe('new');
  });

  it('starts a fresh cube when asked for one, while a saved game keeps its own shape', () => {
    const storage = memoryStorage();
    const cube = createGameStore({ storage, size: 3, dimensions: 3, seed: 8 });
    expect(cube.getState().game.board.dimensions).toBe(3);
    expect(cube.getState().game.size).toBe(3);
    expect(cube.getState().move('in') || cube.getState().move('out')).toBe(true);
    expect(createGameStore({ storage, size: 4 }).getState().game).toEqual(cube.getState().game);
    expect(createGameStore({ storage, dimensions: 2, fresh: true }).getState().game.board.dimensions).toBe(2);
  });

  it('saves nothing when given no storage', () => {
    const store = createGameStore({ storage: null, seed: 1 });
    playSome(store, 2);
    expect(store.getState().notices).toEqual([]);
  });

  it('writes the same save text as plainly serializing the game and its undo history, move after move', () => {
    let game: GameState = newGame({ seed: 31 });
    const past: GameState[] = [];
    for (let i = 0; i < 400 && game.status !== 'over'; i++) {
      const next = playMove(game, DIRECTIONS[i % 3] as (typeof DIRECTIONS)[number]);
      if (!next.report.moved) continue;
      past.push(game);
      if (past.length > 100) past.shift();
      game = next.state;
      const plain: SaveFile = {
        v: 1,
        game: serializeGame(game),
        undo: past.map((s) => {
          const { record, ...rest } = serializeGame(s);
          return { ...rest, moves: record.length };
        }),
      };
      expect(encodeSave(game, past)).toBe(JSON.stringify(plain));
    }
    const loaded = decodeSave(encodeSave(game, past));
    expect(loaded?.past.length).toBe(past.length);
  });
});
