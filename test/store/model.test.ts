/**
 * Model-based test: random command sequences run against the real store and a naive
 * reference model written from the rules alone (nested arrays, no engine code but the rng).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction, RngState } from '../../src/engine';
import { DIRECTIONS, nextInt, seedRng, toRows } from '../../src/engine';
import type { GameStore } from '../../src/store';
import { createGameStore } from '../../src/store';
import { memoryStorage } from './memory-storage';

interface Snapshot {
  rows: number[][];
  score: number;
  status: 'playing' | 'won' | 'keepPlaying' | 'over';
  rng: RngState;
}
interface Model {
  size: number;
  target: number;
  now: Snapshot;
  past: Snapshot[];
  best: Record<number, number>;
  nextSeed: number;
}
interface Real {
  store: GameStore;
  storage: ReturnType<typeof memoryStorage>;
  seeds: { next: number };
}

const DEPTH = 5; // a shallow undo stack so the bound is exercised

function slideLeft(line: number[]): number[] {
  const tiles = line.filter((v) => v !== 0);
  const out: number[] = [];
  for (let i = 0; i < tiles.length; i++) {
    if (tiles[i] === tiles[i + 1]) {
      out.push(tiles[i]! * 2);
      i++;
    } else out.push(tiles[i]!);
  }
  while (out.length < line.length) out.push(0);
  return out;
}

function naiveMove(rows: number[][], dir: Direction): { rows: number[][]; gained: number } {
  const n = rows.length;
  const get = (r: number, c: number): number => rows[r]![c]!;
  const lines: number[][] = [];
  for (let a = 0; a < n; a++) {
    const line: number[] = [];
    for (let k = 0; k < n; k++) {
      const j = dir === 'left' || dir === 'up' ? k : n - 1 - k;
      line.push(dir === 'left' || dir === 'right' ? get(a, j) : get(j, a));
    }
    lines.push(line);
  }
  const out = rows.map((r) => r.map(() => 0));
  let gained = 0;
  lines.forEach((line, a) => {
    const slid = slideLeft(line);
    slid.forEach((v, k) => {
      const j = dir === 'left' || dir === 'up' ? k : n - 1 - k;
      if (dir === 'left' || dir === 'right') out[a]![j] = v;
      else out[j]![a] = v;
    });
  });
  // Gained: every merge creates a tile absent before; count by comparing multisets per line.
  lines.forEach((line) => {
    const tiles = line.filter((v) => v !== 0);
    for (let i = 0; i < tiles.length; i++) {
      if (tiles[i] === tiles[i + 1]) {
        gained += tiles[i]! * 2;
        i++;
      }
    }
  });
  return { rows: out, gained };
}

function naiveSpawn(rows: number[][], rng: RngState): { rows: number[][]; rng: RngState } {
  const empty: [number, number][] = [];
  rows.forEach((row, r) => row.forEach((v, c) => v === 0 && empty.push([r, c])));
  const [pick, a] = nextInt(rng, empty.length);
  const [roll, b] = nextInt(a, 10);
  const [r, c] = empty[pick]!;
  const next = rows.map((row) => [...row]);
  next[r]![c] = roll === 0 ? 4 : 2;
  return { rows: next, rng: b };
}

const movable = (rows: number[][]): boolean =>
  rows.some((row, r) => row.some((v, c) => v === 0 || row[c + 1] === v || rows[r + 1]?.[c] === v));

function naiveNewGame(size: number, seed: number): Snapshot {
  let rows = Array.from({ length: size }, () => Array<number>(size).fill(0));
  let rng = seedRng(seed);
  for (let i = 0; i < 2; i++) ({ rows, rng } = naiveSpawn(rows, rng));
  return { rows, score: 0, status: 'playing', rng };
}

function checkAgree(m: Model, r: Real): void {
  const s = r.store.getState();
  expect(toRows(s.game.board)).toEqual(m.now.rows);
  expect(s.game.score).toBe(m.now.score);
  expect(s.game.status).toBe(m.now.status);
  expect(s.canUndo).toBe(m.past.length > 0);
  expect(s.best).toBe(Math.max(m.best[m.size] ?? 0, m.now.score));
}

const freshReal = (storage = memoryStorage(), seeds = { next: 1000 }): Real => ({
  storage,
  seeds,
  store: createGameStore({ storage, size: 4, seed: 999, target: 32, undoDepth: DEPTH, randomSeed: () => seeds.next++ }),
});

class MoveCmd implements fc.Command<Model, Real> {
  constructor(readonly dir: Direction) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const playable = m.now.status === 'playing' || m.now.status === 'keepPlaying';
    const { rows, gained } = naiveMove(m.now.rows, this.dir);
    const changed = JSON.stringify(rows) !== JSON.stringify(m.now.rows);
    expect(r.store.getState().move(this.dir)).toBe(playable && changed);
    if (playable && changed) {
      m.past = [...m.past, m.now].slice(-DEPTH);
      const spawned = naiveSpawn(rows, m.now.rng);
      const reached = spawned.rows.flat().some((v) => v >= m.target);
      let status = m.now.status;
      if (status === 'playing' && reached) status = 'won';
      else if (!movable(spawned.rows)) status = 'over';
      m.now = { rows: spawned.rows, rng: spawned.rng, score: m.now.score + gained, status };
      m.best[m.size] = Math.max(m.best[m.size] ?? 0, m.now.score);
    }
    checkAgree(m, r);
  }
  toString = (): string => `move(${this.dir})`;
}

class UndoCmd implements fc.Command<Model, Real> {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    expect(r.store.getState().undo()).toBe(m.past.length > 0);
    const last = m.past.pop();
    if (last) m.now = last;
    checkAgree(m, r);
  }
  toString = (): string => 'undo';
}

class KeepGoingCmd implements fc.Command<Model, Real> {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.store.getState().keepGoing();
    if (m.now.status === 'won') m.now = { ...m.now, status: movable(m.now.rows) ? 'keepPlaying' : 'over' };
    checkAgree(m, r);
  }
  toString = (): string => 'keepGoing';
}

class NewGameCmd implements fc.Command<Model, Real> {
  constructor(readonly size: number | undefined) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.store.getState().newGame(this.size === undefined ? {} : { size: this.size, target: 32 });
    if (this.size !== undefined) m.size = this.size;
    m.now = naiveNewGame(m.size, m.nextSeed++);
    m.past = [];
    checkAgree(m, r);
  }
  toString = (): string => `newGame(${this.size ?? ''})`;
}

class ReloadCmd implements fc.Command<Model, Real> {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.store.destroy();
    r.store = freshReal(r.storage, r.seeds).store;
    expect(r.store.getState().notices).toEqual([]);
    checkAgree(m, r);
  }
  toString = (): string => 'reload';
}

class CorruptSaveCmd implements fc.Command<Model, Real> {
  constructor(readonly junk: string) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.storage.setItem('cube2048:game:v1', this.junk);
    r.store = freshReal(r.storage, r.seeds).store;
    expect(r.store.getState().notices.map((n) => n.kind)).toEqual(['corrupt-save']);
    expect(r.storage.getItem('cube2048:game:v1:unreadable')).toBe(this.junk);
    // A fresh store starts with its configured size 4 and seed 999.
    m.size = 4;
    m.now = naiveNewGame(4, 999);
    m.past = [];
    checkAgree(m, r);
  }
  toString = (): string => `corruptSave(${JSON.stringify(this.junk)})`;
}

const commands = [
  fc.constantFrom(...DIRECTIONS).map((d) => new MoveCmd(d)),
  fc.constantFrom(...DIRECTIONS).map((d) => new MoveCmd(d)),
  fc.constantFrom(...DIRECTIONS).map((d) => new MoveCmd(d)),
  fc.constant(new UndoCmd()),
  fc.constant(new KeepGoingCmd()),
  fc.option(fc.integer({ min: 3, max: 5 }), { nil: undefined }).map((s) => new NewGameCmd(s)),
  fc.constant(new ReloadCmd()),
  fc.oneof(fc.string(), fc.constantFrom('{', '{"v":1}', '{"v":1,"game":{"v":1,"size":4}}', 'null', '[]')).map((j) => new CorruptSaveCmd(j)),
];

describe('the game store', () => {
  it('behaves like a naive reference model under any sequence of commands', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 80 }), (cmds) => {
        const real = freshReal();
        const model: Model = { size: 4, target: 32, now: naiveNewGame(4, 999), past: [], best: {}, nextSeed: 1000 };
        fc.modelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 150 },
    );
  });
});
