/**
 * Model-based test: random command sequences run against the real store and a naive
 * reference model written from the rules alone (nested arrays, no engine code but the rng).
 * Games are squares and cubes (a cube: a list of square layers, layer 0 nearest the player);
 * another tab plays on the same storage, and the store takes its moves over.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CubeDirection, Dimensions, Direction, RngState } from '../../src/engine';
import { CUBE_DIRECTIONS, nextInt, seedRng, toLayers } from '../../src/engine';
import type { GameStore } from '../../src/store';
import { followOtherTabs } from '../../src/store/other-tabs';
import { createGameStore, storageKeysFor } from '../../src/store';
import { memoryStorage } from './memory-storage';

/** A board as layers of rows of tile values: one layer for a square. */
type Layers = number[][][];
interface Snapshot {
  layers: Layers;
  score: number;
  status: 'playing' | 'won' | 'keepPlaying' | 'over';
  rng: RngState;
}
interface Model {
  size: number;
  dimensions: Dimensions;
  target: number;
  now: Snapshot;
  past: Snapshot[];
  /** By shape: "4" for the 4×4 square, "4x4x4" for the cube. */
  best: Record<string, number>;
  nextSeed: number;
}
interface Real {
  store: GameStore;
  storage: ReturnType<typeof memoryStorage>;
  seeds: { next: number };
  /** Tells the store that another tab wrote `key`, as a storage event would. */
  fire: (key: string) => void;
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

/** The layers seen from above, one plane per row: plane[row][layer][col]. `in` and `out` are then `down` and `up` in each plane. */
const planes = (layers: Layers): Layers => layers[0]!.map((_, r) => layers.map((layer) => layer[r]!));

function naiveCubeMove(layers: Layers, dir: CubeDirection): { layers: Layers; gained: number } {
  let gained = 0;
  if (dir === 'in' || dir === 'out') {
    const moved = planes(layers).map((plane) => {
      const result = naiveMove(plane, dir === 'in' ? 'down' : 'up');
      gained += result.gained;
      return result.rows;
    });
    return { layers: planes(moved), gained };
  }
  const moved = layers.map((rows) => {
    const result = naiveMove(rows, dir);
    gained += result.gained;
    return result.rows;
  });
  return { layers: moved, gained };
}

function naiveSpawn(layers: Layers, rng: RngState): { layers: Layers; rng: RngState } {
  const empty: [number, number, number][] = [];
  layers.forEach((rows, l) => rows.forEach((row, r) => row.forEach((v, c) => v === 0 && empty.push([l, r, c]))));
  const [pick, a] = nextInt(rng, empty.length);
  const [roll, b] = nextInt(a, 10);
  const [l, r, c] = empty[pick]!;
  const next = layers.map((rows) => rows.map((row) => [...row]));
  next[l]![r]![c] = roll === 0 ? 4 : 2;
  return { layers: next, rng: b };
}

const movable = (layers: Layers): boolean =>
  layers.some((rows, l) =>
    rows.some((row, r) => row.some((v, c) => v === 0 || row[c + 1] === v || rows[r + 1]?.[c] === v || layers[l + 1]?.[r]?.[c] === v)),
  );

function naiveNewGame(size: number, dimensions: Dimensions, seed: number): Snapshot {
  const blank = (): number[][] => Array.from({ length: size }, () => Array<number>(size).fill(0));
  let layers = Array.from({ length: dimensions === 3 ? size : 1 }, blank);
  let rng = seedRng(seed);
  for (let i = 0; i < 2; i++) ({ layers, rng } = naiveSpawn(layers, rng));
  return { layers, score: 0, status: 'playing', rng };
}

const shapeKey = (m: Model): string => (m.dimensions === 3 ? `${m.size}x${m.size}x${m.size}` : String(m.size));

/** The model after `dir` is played, the same whichever tab plays it; unchanged when the move is refused. */
function modelMove(m: Model, dir: CubeDirection): boolean {
  const playable = m.now.status === 'playing' || m.now.status === 'keepPlaying';
  const allowed = m.dimensions === 3 || (dir !== 'in' && dir !== 'out');
  if (!playable || !allowed) return false;
  const { layers, gained } = naiveCubeMove(m.now.layers, dir);
  if (JSON.stringify(layers) === JSON.stringify(m.now.layers)) return false;
  m.past = [...m.past, m.now].slice(-DEPTH);
  const spawned = naiveSpawn(layers, m.now.rng);
  const reached = spawned.layers.flat(2).some((v) => v >= m.target);
  let status = m.now.status;
  if (status === 'playing' && reached) status = 'won';
  else if (!movable(spawned.layers)) status = 'over';
  m.now = { layers: spawned.layers, rng: spawned.rng, score: m.now.score + gained, status };
  m.best[shapeKey(m)] = Math.max(m.best[shapeKey(m)] ?? 0, m.now.score);
  return true;
}

function checkAgree(m: Model, r: Real): void {
  const s = r.store.getState();
  expect(s.game.board.dimensions).toBe(m.dimensions);
  expect(toLayers(s.game.board)).toEqual(m.now.layers);
  expect(s.game.score).toBe(m.now.score);
  expect(s.game.status).toBe(m.now.status);
  expect(s.canUndo).toBe(m.past.length > 0);
  expect(s.best).toBe(Math.max(m.best[shapeKey(m)] ?? 0, m.now.score));
}

const storeOn = (storage: Real['storage'], seeds: Real['seeds'], watch?: (fire: (key: string) => void) => void): GameStore =>
  createGameStore({
    storage,
    size: 4,
    seed: 999,
    target: 32,
    undoDepth: DEPTH,
    randomSeed: () => seeds.next++,
    ...(watch ? { otherTabs: followOtherTabs((onChange) => (watch(onChange), () => watch(() => {}))) } : {}),
  });

const freshReal = (storage = memoryStorage(), seeds = { next: 1000 }): Real => {
  const hook = { fire: (_key: string): void => {} };
  const store = storeOn(storage, seeds, (fire) => (hook.fire = fire));
  return { storage, seeds, store, fire: (key) => hook.fire(key) };
};

class MoveCmd implements fc.Command<Model, Real> {
  constructor(readonly dir: CubeDirection) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    expect(r.store.getState().move(this.dir)).toBe(modelMove(m, this.dir));
    checkAgree(m, r);
  }
  toString = (): string => `move(${this.dir})`;
}

/** Another tab on the same storage loads the game, plays `dir` and saves; this tab takes the result over. */
class OtherTabMoveCmd implements fc.Command<Model, Real> {
  constructor(readonly dir: CubeDirection) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const other = storeOn(r.storage, r.seeds);
    expect(other.getState().move(this.dir)).toBe(modelMove(m, this.dir));
    // A browser tells of each key the other tab wrote, in the order it wrote them.
    const keys = storageKeysFor('cube2048');
    r.fire(keys.game);
    r.fire(keys.best);
    checkAgree(m, r);
  }
  toString = (): string => `otherTab.move(${this.dir})`;
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
    if (m.now.status === 'won') m.now = { ...m.now, status: movable(m.now.layers) ? 'keepPlaying' : 'over' };
    checkAgree(m, r);
  }
  toString = (): string => 'keepGoing';
}

/** A new game: of the same shape and size (neither given), or of the size and shape given (a shape alone keeps the size). */
class NewGameCmd implements fc.Command<Model, Real> {
  constructor(
    readonly size: number | undefined,
    readonly dimensions: Dimensions | undefined,
  ) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const asked = {
      ...(this.size !== undefined ? { size: this.size } : {}),
      ...(this.dimensions !== undefined ? { dimensions: this.dimensions } : {}),
    };
    r.store.getState().newGame(Object.keys(asked).length === 0 ? {} : { ...asked, target: 32 });
    m.size = this.size ?? m.size;
    m.dimensions = this.dimensions ?? m.dimensions;
    m.now = naiveNewGame(m.size, m.dimensions, m.nextSeed++);
    m.past = [];
    checkAgree(m, r);
  }
  toString = (): string => `newGame(${JSON.stringify({ size: this.size, dimensions: this.dimensions })})`;
}

class ReloadCmd implements fc.Command<Model, Real> {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.store.destroy();
    Object.assign(r, freshReal(r.storage, r.seeds));
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
    r.store.destroy();
    Object.assign(r, freshReal(r.storage, r.seeds));
    expect(r.store.getState().notices.map((n) => n.kind)).toEqual(['corrupt-save']);
    expect(r.storage.getItem('cube2048:game:v1:unreadable')).toBe(this.junk);
    // A fresh store starts with its configured size 4 (a square) and seed 999.
    m.size = 4;
    m.dimensions = 2;
    m.now = naiveNewGame(4, 2, 999);
    m.past = [];
    checkAgree(m, r);
  }
  toString = (): string => `corruptSave(${JSON.stringify(this.junk)})`;
}

const commands = [
  fc.constantFrom(...CUBE_DIRECTIONS).map((d) => new MoveCmd(d)),
  fc.constantFrom(...CUBE_DIRECTIONS).map((d) => new MoveCmd(d)),
  fc.constantFrom(...CUBE_DIRECTIONS).map((d) => new MoveCmd(d)),
  fc.constantFrom(...CUBE_DIRECTIONS).map((d) => new OtherTabMoveCmd(d)),
  fc.constant(new UndoCmd()),
  fc.constant(new KeepGoingCmd()),
  fc
    .tuple(
      fc.option(fc.integer({ min: 3, max: 5 }), { nil: undefined }),
      fc.option(fc.constantFrom(2 as const, 3 as const), { nil: undefined }),
    )
    .map(([size, dimensions]) => new NewGameCmd(size, dimensions)),
  fc.constant(new ReloadCmd()),
  fc.oneof(fc.string(), fc.constantFrom('{', '{"v":1}', '{"v":1,"game":{"v":1,"size":4}}', 'null', '[]')).map((j) => new CorruptSaveCmd(j)),
];

describe('the game store', () => {
  it('behaves like a naive reference model under any sequence of commands', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 80 }), (cmds) => {
        const real = freshReal();
        const model: Model = { size: 4, dimensions: 2, target: 32, now: naiveNewGame(4, 2, 999), past: [], best: {}, nextSeed: 1000 };
        fc.modelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 150 },
    );
  });
});
