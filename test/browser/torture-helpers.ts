/**
 * Shared by the torture suite (issue 9): a seeded random source whose seed every failure
 * names, the Node-side replay check of saved games, pixel and GPU-object counters.
 */
import type { CDPSession } from 'playwright-core';
import type { EngineName, TestPage } from './harness';
import { ENGINE } from './harness';
import type { GameState, SavedGame } from '../../src/engine';
import { keepGoing, newGame, playMove, directionOf, sumOfTiles, toValues } from '../../src/engine';
import type { Pixels } from './fixtures/png';
import { decodePng } from './fixtures/png';

/** A small fast PRNG (mulberry32): the same seed gives the same inputs in Node and in the page. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRandom(seed: number): Random {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/**
 * The seed of one torture run: `TORTURE_SEED` when set (to repeat a failure), else a fresh one,
 * so every CI run explores new input sequences. It is printed, and every failure message names it.
 */
export function tortureSeed(what: string): number {
  const given = process.env['TORTURE_SEED'];
  const seed = given !== undefined && given !== '' ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 32) >>> 0;
  console.log(`${what}: seed ${seed} (repeat with TORTURE_SEED=${seed})`);
  return seed;
}

/** The last undo snapshot of a save, as the store writes it (its record is the game's, cut to `moves`). */
export type SavedUndo = Omit<SavedGame, 'record'> & { readonly moves: number };

interface Path {
  /** states[i]: the game after the first i letters of `record`. */
  readonly states: GameState[];
  /** spawned[i]: the sum of every tile spawned up to states[i], the two opening tiles included. */
  readonly spawned: number[];
  record: string;
}

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** A live game after "Keep going" reads as won in a replay until the next move; both are the same game. */
const sameStatus = (saved: string, replayed: GameState): boolean =>
  saved === replayed.status || (saved === 'keepPlaying' && keepGoing(replayed).status === 'keepPlaying');

/**
 * Checks saved games against the engine: replaying `record` from `seed` (newGame, then
 * playMove letter by letter) must give exactly the saved board, score, generator and status;
 * every letter must be a move that changed the board; and the tiles must add up to what was
 * spawned (merges keep the sum). Games are replayed incrementally: a save that extends or
 * undoes the previous one of the same game reuses its path, so checking every save is cheap.
 */
export class ReplayChecker {
  private readonly paths = new Map<string, Path>();
  checked = 0;

  /** null when the save is right, else what is wrong with it. */
  check(game: SavedGame, undo?: SavedUndo): string | null {
    this.checked++;
    const key = `${game.size}/${game.seed}/${game.target}`;
    let path = this.paths.get(key);
    if (!path) {
      const start = newGame({ size: game.size, seed: game.seed, target: game.target });
      path = { states: [start], spawned: [sumOfTiles(start.board)], record: '' };
      this.paths.set(key, path);
    }
    // Keep the common prefix of the path and the new record; replay only the rest.
    let common = 0;
    const limit = Math.min(path.record.length, game.record.length);
    while (common < limit && path.record.charCodeAt(common) === game.record.charCodeAt(common)) common++;
    path.states.length = common + 1;
    path.spawned.length = common + 1;
    path.record = game.record.slice(0, common);
    for (let i = common; i < game.record.length; i++) {
      const letter = game.record[i] as string;
      const dir = directionOf(letter);
      let state = path.states[i] as GameState;
      if (state.status === 'won') state = keepGoing(state);
      if (!dir) return `move ${i} of the record is "${letter}", not L, R, U or D`;
      const next = playMove(state, dir);
      if (!next.report.moved) return `move ${i} of the record (${letter}) does not change the board`;
      let spawned = path.spawned[i] as number;
      for (const step of next.report.steps) if (step.kind === 'spawn') spawned += step.value;
      path.states.push(next.state);
      path.spawned.push(spawned);
      path.record += letter;
    }
    const end = path.states[game.record.length] as GameState;
    const problem = this.compare('the save', game, end);
    if (problem) return problem;
    const sum = game.cells.reduce((a, b) => a + b, 0);
    const spawned = path.spawned[game.record.length] as number;
    if (sum !== spawned) return `the tiles add up to ${sum}, but ${spawned} was spawned`;
    if (undo) {
      const before = path.states[undo.moves];
      if (!before) return `the last undo step is at move ${undo.moves}, beyond the record`;
      return this.compare(`the undo step at move ${undo.moves}`, undo, before);
    }
    return null;
  }

  private compare(what: string, saved: Omit<SavedGame, 'record'>, replayed: GameState): string | null {
    if (!sameNumbers(saved.cells, toValues(replayed.board)))
      return `${what} holds [${saved.cells.join()}], a replay gives [${toValues(replayed.board).join()}]`;
    if (saved.score !== replayed.score) return `${what} has score ${saved.score}, a replay gives ${replayed.score}`;
    if (!sameNumbers(saved.rng, replayed.rng))
      return `${what} has generator [${saved.rng.join()}], a replay gives [${replayed.rng.join()}]`;
    if (!sameStatus(saved.status, replayed)) return `${what} has status ${saved.status}, a replay gives ${replayed.status}`;
    return null;
  }
}

/**
 * How far the 3D cubes may stray, per engine: from a palette colour (RGB distance of a face's
 * mean) and from an identical render (share of pixels that differ). The engines draw WebGL
 * in software here (Chromium on SwiftShader, Firefox and WebKit on llvmpipe), each with its own
 * antialiasing and shading precision, so each has its own line. Today all three pass at the
 * same values; should one engine need more, raise its line only.
 */
export const CUBES_TOLERANCE: Readonly<Record<EngineName, { readonly colour: number; readonly picture: number }>> = {
  chromium: { colour: 40, picture: 0.005 },
  firefox: { colour: 40, picture: 0.005 },
  webkit: { colour: 40, picture: 0.005 },
};
export const cubesTolerance = CUBES_TOLERANCE[ENGINE];

/** A screenshot of the board element, as pixels. */
export async function boardPixels(page: TestPage): Promise<Pixels> {
  const box = await page.locator('#board').boundingBox();
  if (!box) throw new Error('the board is not visible');
  return decodePng(
    await page.screenshot({
      clip: { x: Math.round(box.x), y: Math.round(box.y), width: Math.floor(box.width), height: Math.floor(box.height) },
    }),
  );
}

/** How many different colours a picture holds, sampling every `stride`-th pixel. */
export function distinctColours(image: Pixels, stride = 7): number {
  const seen = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4 * stride) seen.add((image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!);
  return seen.size;
}

/** The share of pixels (0–1) that differ by more than `tolerance` in some channel. */
export function differentPixels(a: Pixels, b: Pixels, tolerance = 8): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differ = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance
    )
      differ++;
  }
  return differ / (a.width * a.height);
}

/** How many pixels lie within `distance` of an RGB colour. */
export function pixelsNear(image: Pixels, rgb: readonly [number, number, number], distance: number): number {
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (Math.hypot(image.data[i]! - rgb[0], image.data[i + 1]! - rgb[1], image.data[i + 2]! - rgb[2]) <= distance) n++;
  }
  return n;
}

/** Live WebGL objects of each kind, counted by the init script below. */
export type GlCounts = Readonly<
  Record<'buffers' | 'textures' | 'programs' | 'shaders' | 'framebuffers' | 'renderbuffers' | 'vertexArrays' | 'contexts', number>
>;

/**
 * An init script that counts live WebGL objects: every create* adds one, every delete* of a
 * live object takes one away (a second delete of the same object, or null, counts nothing).
 * A context released by loseContext or dropped by the page keeps its objects counted until
 * deleted: that is what a leak looks like from the page, which is what we want to see.
 */
export function countGlObjects(): void {
  const kinds: Record<string, [string, string]> = {
    buffers: ['createBuffer', 'deleteBuffer'],
    textures: ['createTexture', 'deleteTexture'],
    programs: ['createProgram', 'deleteProgram'],
    shaders: ['createShader', 'deleteShader'],
    framebuffers: ['createFramebuffer', 'deleteFramebuffer'],
    renderbuffers: ['createRenderbuffer', 'deleteRenderbuffer'],
    vertexArrays: ['createVertexArray', 'deleteVertexArray'],
  };
  const counts: Record<string, number> = { contexts: 0 };
  const live = new WeakSet<object>();
  const proto = WebGL2RenderingContext.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const [kind, [create, remove]] of Object.entries(kinds)) {
    counts[kind] = 0;
    const made = proto[create] as (...args: unknown[]) => unknown;
    const freed = proto[remove] as (...args: unknown[]) => unknown;
    proto[create] = function (this: unknown, ...args: unknown[]) {
      const object = made.apply(this, args);
      if (object && typeof object === 'object') {
        live.add(object);
        counts[kind] = (counts[kind] ?? 0) + 1;
      }
      return object;
    };
    proto[remove] = function (this: unknown, ...args: unknown[]) {
      const object = args[0];
      if (object && typeof object === 'object' && live.has(object)) {
        live.delete(object);
        counts[kind] = (counts[kind] ?? 0) - 1;
      }
      return freed.apply(this, args);
    };
  }
  const getContext = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, ...args: unknown[]) => unknown;
  const contexts = new WeakSet<object>();
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const context = getContext.apply(this, args);
    if (context instanceof WebGL2RenderingContext && !contexts.has(context)) {
      contexts.add(context);
      counts['contexts'] = (counts['contexts'] ?? 0) + 1;
    }
    return context;
  } as typeof HTMLCanvasElement.prototype.getContext;
  Object.defineProperty(window, '__glCounts', { value: () => ({ ...counts }) });
}

export const glCounts = (page: TestPage): Promise<GlCounts> =>
  page.evaluate(() => (window as unknown as { __glCounts(): GlCounts }).__glCounts());

/** JS heap in use after a full garbage collection (twice: a first pass frees what finalizers release). */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}
