import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { newGame, playMove } from '../../src/engine';
import type { HistoryEntry } from '../../src/history/entry';
import { lastMoveOfAGame } from '../history/games';
import { encodeSave } from '../../src/store/persistence';
import { createGameStore } from '../../src/store';
import type { GameView } from '../../src/store/types';
import type { HistoryDb } from '../../src/game-ui/history/db';
import type { RecorderOptions } from '../../src/game-ui/history/recorder';
import type { MissedChange } from '../../src/game-ui/history/noting';
import { helpAt } from '../../src/game-ui/history/noting';
import { startRecorder } from '../../src/game-ui/history/recorder';
import { memoryStorage } from '../store/memory-storage';

/** A database in memory; `failures` writes throw first (a full disk, a quota). */
function memoryDb(failures = 0): HistoryDb & { readonly kept: Map<string, HistoryEntry>; writes: number } {
  const kept = new Map<string, HistoryEntry>();
  let left = failures;
  const db = {
    name: 'test',
    kept,
    writes: 0,
    async put(entries: readonly HistoryEntry[]) {
      db.writes++;
      if (left-- > 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      for (const e of entries) kept.set(e.id, e);
    },
    async remove(ids: readonly string[]) {
      for (const id of ids) kept.delete(id);
    },
    async clear() {
      kept.clear();
    },
    async summaries() {
      return { games: [...kept.values()], unreadable: [] };
    },
    async entry(id: string) {
      return kept.get(id) ?? null;
    },
    async entries() {
      return { entries: [...kept.values()], unreadable: [] };
    },
    close: () => undefined,
  };
  return db;
}

function setUp(
  options: { failures?: number; storage?: ReturnType<typeof memoryStorage>; db?: ReturnType<typeof memoryDb>; seed?: number } = {},
) {
  const storage = options.storage ?? memoryStorage();
  const { before, dir } = lastMoveOfAGame(options.seed);
  if (!options.storage) storage.setItem('t:game:v1', encodeSave(before, []));
  const store = createGameStore({ storage, keyPrefix: 't' });
  const db = options.db ?? memoryDb(options.failures);
  const told: string[] = [];
  let clock = 1_000_000;
  const recorder = (extra: Partial<RecorderOptions> = {}) =>
    startRecorder(store, {
      dbName: 'test',
      storage,
      keyPrefix: 't',
      notify: (m) => told.push(m),
      now: () => (clock += 1000),
      open: async () => db,
      retryMs: 1,
      ...extra,
    });
  return { storage, store, db, told, dir, recorder };
}

describe('the history recorder', () => {
  it('keeps a game once when it ends, with the time it took, before it settles', async () => {
    const { store, db, dir, recorder } = setUp();
    const r = recorder();
    store.getState().move(dir);
    await r.settled();
    expect([...db.kept.values()]).toEqual([
      expect.objectContaining({ end: 'over', mode: 'normal', moveCount: store.getState().game.record.length, playedMs: 1000 }),
    ]);
    r.dispose();
  });

  it('takes the game back out when the last move is undone, and keeps it again when the game ends again', async () => {
    const { store, db, dir, recorder } = setUp();
    const r = recorder();
    store.getState().move(dir);
    await r.settled();
    store.getState().undo();
    await r.settled();
    expect(db.kept.size).toBe(0);
    store.getState().move(dir);
    await r.settled();
    expect(db.kept.size).toBe(1);
    r.dispose();
  });

  it('keeps a game that ended before its code arrived, from the changes the page noted, and only once', async () => {
    const { store, db, dir, recorder, storage } = setUp();
    const missed: [GameView, GameView][] = [];
    const stop = store.subscribe((view, previous) => void missed.push([view, previous]));
    store.getState().move(dir);
    stop();
    const r = recorder({ missed });
    await r.settled();
    expect(db.kept.size).toBe(1);
    r.dispose();
    // A reload finds the game over and already kept: nothing is kept again, even after the player deleted it.
    db.kept.clear();
    const again = setUp({ storage, db }).recorder();
    await again.settled();
    expect(db.kept.size).toBe(0);
    again.dispose();
  });

  it('dates a game it missed by the times the page noted: started when the page began noting, played until its last move', async () => {
    const { store, db, dir, recorder } = setUp();
    const since = 500_000;
    const missed: MissedChange[] = [];
    const stop = store.subscribe((view, previous) => void missed.push([view, previous, since + 4_000]));
    store.getState().move(dir);
    stop();
    // The recorder's own clock (1,000,000 and on) is later: what it missed is dated by the notes, not by its arrival.
    const r = recorder({ missed, since });
    await r.settled();
    expect([...db.kept.values()]).toEqual([expect.objectContaining({ startedAt: since, endedAt: since + 4_000, playedMs: 4_000 })]);
    r.dispose();
  });

  it('retries a refused write once, then says so once, and keeps the game waiting for the next start', async () => {
    const { store, db, dir, recorder, told, storage } = setUp({ failures: 2 });
    const r = recorder();
    store.getState().move(dir);
    await r.settled();
    expect(db.writes).toBe(2);
    expect(told).toEqual([expect.stringContaining("the browser's storage is full")]);
    expect(JSON.parse(storage.getItem('t:history-pending:v1') ?? '[]')).toHaveLength(1);
    r.dispose();
    const next = setUp({ storage, db }).recorder();
    await next.settled();
    expect(db.kept.size).toBe(1);
    expect(storage.getItem('t:history-pending:v1')).toBeNull();
    next.dispose();
  });

  it('keeps its game when another tab overwrites the waiting list at the same moment, or storage refuses the list', async () => {
    const { store, db, dir, recorder, storage } = setUp();
    const r = recorder();
    store.getState().move(dir);
    // The other tab read the list before this tab's write and writes its own back: this tab's game is gone from it.
    storage.setItem('t:history-pending:v1', '[]');
    await r.settled();
    expect(db.kept.size).toBe(1);
    r.dispose();

    const full = setUp({ seed: 4243 });
    full.storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const f = full.recorder();
    full.store.getState().move(full.dir);
    await f.settled();
    expect(full.db.kept.size).toBe(1);
    f.dispose();
  });

  it('keeps a game left for a new one after 10 moves, but not one left after 9', async () => {
    const storage = memoryStorage();
    const store = createGameStore({ storage, keyPrefix: 't', seed: 7 });
    const db = memoryDb();
    const r = startRecorder(store, { dbName: 'test', storage, keyPrefix: 't', notify: () => undefined, open: async () => db });
    const play = (n: number): void => {
      for (let i = 0; store.getState().game.record.length < n; i++)
        store.getState().move((['left', 'down', 'right', 'up'] as const)[i % 4] as Direction);
    };
    play(9);
    store.getState().newGame();
    await r.settled();
    expect(db.kept.size).toBe(0);
    play(10);
    store.getState().newGame();
    await r.settled();
    expect([...db.kept.values()]).toEqual([expect.objectContaining({ end: 'left', moveCount: 10 })]);
    r.dispose();
  });

  it('marks a game started from a chosen seed, and one played on from a replay', async () => {
    const storage = memoryStorage();
    const store = createGameStore({ storage, keyPrefix: 't', seed: 7 });
    const r = startRecorder(store, { dbName: 'test', storage, keyPrefix: 't', notify: () => undefined, open: async () => memoryDb() });
    r.expect({ mode: 'seeded' });
    store.getState().newGame({ seed: 99 });
    expect(JSON.parse(storage.getItem('t:history-meta:v1') ?? '{}')).toMatchObject({ seed: 99, mode: 'seeded' });
    const forked = playMove(newGame({ seed: 5 }), 'left').state;
    store.getState().startFrom(forked);
    expect(JSON.parse(storage.getItem('t:history-meta:v1') ?? '{}')).toMatchObject({ seed: 5, mode: 'forked' });
    r.dispose();
  });
});

describe('the history recorder, when the AI helped', () => {
  /** An AI that made the moves with the change numbers in `moves`, and has shown `hints` hints. */
  const anAi = () => {
    const ai = { moves: new Set<number>(), shown: 0, made: (seq: number) => ai.moves.has(seq), hints: () => ai.shown };
    return ai;
  };

  it('counts the moves the AI made, the last one included, and the hints shown, in the kept game', async () => {
    const { store, db, dir, recorder, storage } = setUp();
    const ai = anAi();
    const r = recorder({ assistance: ai });
    ai.shown += 2;
    // The game's last move is the AI's: it is counted before the game is kept.
    ai.moves.add(store.getState().change.seq + 1);
    store.getState().move(dir);
    await r.settled();
    expect([...db.kept.values()]).toEqual([expect.objectContaining({ end: 'over', aiMoves: 1, hints: 2 })]);
    r.dispose();
    expect(JSON.parse(storage.getItem('t:history-meta:v1') ?? '{}')).toMatchObject({ aiMoves: 1, hints: 2 });
  });

  it('keeps the counts of the game in progress over a reload, gives a hint to the game it was shown for, and starts a new game without help', async () => {
    const storage = memoryStorage();
    const store = createGameStore({ storage, keyPrefix: 't', seed: 3 });
    const db = memoryDb();
    const ai = anAi();
    const start = () =>
      startRecorder(store, { dbName: 'test', storage, keyPrefix: 't', notify: () => undefined, open: async () => db, assistance: ai });
    const first = start();
    ai.shown++;
    store.getState().move('left');
    first.dispose();
    const again = start();
    const moves = ['left', 'down', 'right', 'up'] as const;
    for (let i = 0; store.getState().game.record.length < 10; i++) store.getState().move(moves[i % 4] as Direction);
    // A hint shown just before the player leaves the game is that game's.
    ai.shown++;
    store.getState().newGame();
    await again.settled();
    expect([...db.kept.values()]).toEqual([expect.objectContaining({ end: 'left', hints: 2 })]);
    expect(JSON.parse(storage.getItem('t:history-meta:v1') ?? '{}')).not.toHaveProperty('hints');
    again.dispose();
  });

  it('counts the help the page noted before its code arrived, as it stood at each change', async () => {
    const { store, db, dir, recorder } = setUp();
    const ai = anAi();
    const missed: MissedChange[] = [];
    const stop = store.subscribe((view, previous) => void missed.push([view, previous, undefined, helpAt(ai, view)]));
    ai.shown = 1;
    ai.moves.add(store.getState().change.seq + 1);
    store.getState().move(dir);
    stop();
    // Later the AI's memory has moved on (it remembers its latest move only): the notes still say what it did then.
    ai.moves.clear();
    ai.shown = 3;
    const r = recorder({ assistance: ai, missed });
    await r.settled();
    expect([...db.kept.values()]).toEqual([expect.objectContaining({ end: 'over', aiMoves: 1, hints: 1 })]);
    r.dispose();
  });

  it('keeps a game with no help as before: without the counts', async () => {
    const { store, db, dir, recorder } = setUp();
    const r = recorder({ assistance: anAi() });
    store.getState().move(dir);
    await r.settled();
    const [entry] = [...db.kept.values()];
    expect(entry).toBeDefined();
    expect(entry).not.toHaveProperty('aiMoves');
    expect(entry).not.toHaveProperty('hints');
    r.dispose();
  });
});
