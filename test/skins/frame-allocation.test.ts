/**
 * The cubes skin's frame path allocates nothing: every frame of an animation (poses of all
 * tiles, the instance buffers, the camera easing, the call to `renderer.render`) runs
 * thousands of times on a busy 8×8 board without making a single heap object.
 *
 * The merges' squash and flash (effects.ts) are in these frames, and are counted too.
 *
 * Runs in Node without WebGL: the skin gets a stand-in renderer (three's own `render` is not
 * the skin's code) and the few DOM objects `mount` touches are stubs. Two independent proofs:
 * - the heap: V8's young generation, where every short-lived JS object is born, does not grow
 *   over the frames, and no garbage collection ran in between (a GC would hide growth, and
 *   would itself show that megabytes had been allocated);
 * - constructions: every class the skin's modules import from three is wrapped to count `new`, since
 *   V8 may optimise a `new Vector3()` that never escapes out of existence (no heap trace) yet
 *   it is still a per-frame allocation in waiting.
 */
import { GCProfiler, getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Vector3 } from 'three';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../src/engine';
import { fromRows, newGame } from '../../src/engine';
import { MOVE_MS, POP_MS, SLIDE_MS } from '../../src/skins/timeline';
import type { FrameClock } from '../../src/skins/skin';
import type { CubesSkin } from '../../src/skins/three/cubes';
import { createCubesSkin } from '../../src/skins/three/cubes';
import type { GameStore } from '../../src/store';
import { createGameStore, storageKeysFor } from '../../src/store';
import { encodeSave } from '../../src/store/persistence';
import type { StubRenderer } from './stubs';
import { stubCubesDom, stubHost, stubRenderer } from './stubs';

// Optimised code would drop an object or array that never leaves its function, yet the first
// frames run unoptimised and another engine may not drop it: such a literal must still fail here.
setFlagsFromString('--no-turbo-escape');

/** Names of the three.js classes constructed while `on` (by the skin's modules, the only importers of 'three' here). */
const constructed = vi.hoisted(() => ({ on: false, names: [] as string[] }));

vi.mock('three', async (importOriginal) =>
  (await import('./stubs')).watchConstructions(await importOriginal(), (name) => {
    if (constructed.on) constructed.names.push(name);
  }),
);

/** One move's animation (slide, then pop and spawn); frames wrap within it so every tile stays in flight. */
const DURATION = MOVE_MS;
const FRAMES = 5000;
/**
 * Young-generation bytes allowed over all FRAMES. The smallest heap object (a boxed number) is
 * 16 bytes, so anything made per frame grows it by 80 kB or more; 1 kB is room for one-off
 * work (an inline cache settling), not for any per-frame allocation, nor for one every tenth frame.
 */
const TOLERANCE_BYTES = 1024;

/**
 * Frames run only when the test says, at whole milliseconds: small integers, which V8 passes
 * around unboxed. (A fractional clock such as `performance.now()` costs a boxed number each
 * time it is handed from one function to another; that is the engine's calling convention,
 * the same for any code, not an object the skin makes.)
 */
class StepClock implements FrameClock {
  time = 1000;
  private pending: ((time: number) => void) | null = null;
  now(): number {
    return this.time;
  }
  requestFrame(callback: (time: number) => void): number {
    this.pending = callback;
    return 1;
  }
  cancelFrame(): void {
    this.pending = null;
  }
  /** Runs the waiting frame at `time`; false if none was asked for. Allocates nothing. */
  frame(time: number): boolean {
    const callback = this.pending;
    if (!callback) return false;
    this.pending = null;
    this.time = time;
    callback(0);
    return true;
  }
}

/** A crowded 8×8 board where a move to the left slides, merges and spawns all over it. */
const BUSY = [
  [2, 2, 4, 4, 8, 8, 16, 16],
  [0, 2, 0, 2, 0, 4, 0, 4],
  [4, 4, 0, 8, 8, 0, 2, 2],
  [2, 0, 0, 2, 4, 0, 0, 4],
  [8, 8, 8, 8, 2, 2, 2, 2],
  [0, 0, 0, 2, 0, 0, 0, 2],
  [16, 16, 32, 32, 64, 64, 128, 128],
  [0, 2, 4, 8, 16, 32, 64, 128],
];

/** The real store, resuming a save of the BUSY board. */
function busyStore(): GameStore {
  const game: GameState = { ...newGame({ size: 8, seed: 7 }), board: fromRows(BUSY) };
  const saved = new Map([[storageKeysFor('busy').game, encodeSave(game, [])]]);
  const storage = {
    getItem: (k: string) => saved.get(k) ?? null,
    setItem: (k: string, v: string) => void saved.set(k, v),
    removeItem: (k: string) => void saved.delete(k),
  };
  return createGameStore({ storage, keyPrefix: 'busy' });
}

describe("the cubes skin's frame path", () => {
  const clock = new StepClock();
  let skin: CubesSkin;
  let renderer: StubRenderer;
  let moveStart = 0;
  let pointer: ((event: object) => void) | undefined;

  /** Frames at `start`, `start + step`, … wrapping within the move's animation, so every tile stays in flight. */
  function frames(count: number, step: number): void {
    for (let k = 0; k < count; k++)
      if (!clock.frame(moveStart + ((k * step) % DURATION))) throw new Error(`frame ${k} was never requested`);
  }

  /** Aims the parallax camera somewhere new, so the next frames ease it. */
  function swing(x: number): void {
    pointer?.({ clientX: x, clientY: 600 - x, pointerType: 'mouse' });
  }

  beforeAll(async () => {
    stubCubesDom();
    vi.stubGlobal('window', { devicePixelRatio: 1 });
    renderer = stubRenderer();
    const { host, listeners } = stubHost(600);
    const store = busyStore();
    skin = createCubesSkin({ clock, reducedMotion: false, parallax: true }, { createRenderer: () => renderer });
    skin.mount(host, store);
    // The first pointer over the board loads the camera's motion (parallax and turning), which then follows the pointer itself.
    const first = listeners.get('pointermove');
    first?.({ clientX: 10, clientY: 10, pointerType: 'mouse' });
    await vi.dynamicImportSettled();
    pointer = listeners.get('pointermove');
    expect(pointer, 'the skin follows the pointer (parallax), so frames also ease the camera').toBeDefined();
    expect(pointer, 'the camera’s motion has loaded').not.toBe(first);
    clock.frame(clock.time);
    expect(store.getState().move('left')).toBe(true);
    const steps = store.getState().change.report?.steps ?? [];
    for (const kind of ['slide', 'merge', 'spawn']) expect(steps.filter((s) => s.kind === kind).length, kind).toBeGreaterThan(0);
    moveStart = clock.time;
    // Warm-up: every phase (slide, pop, spawn, camera easing) until V8 has optimised it all.
    for (const step of [7, 3, 1, 1]) {
      swing(100 * step);
      frames(3000, step);
    }
  });

  afterAll(() => {
    skin.dispose();
    vi.unstubAllGlobals();
  });

  it('draws a busy board: many tiles moving, merging and growing at once', () => {
    const drawn = renderer.renders;
    frames(DURATION, 1);
    expect(renderer.renders - drawn).toBe(DURATION);
    clock.frame(moveStart + SLIDE_MS / 2);
    const midSlide = skin.inspect().tiles;
    expect(midSlide.length).toBeGreaterThanOrEqual(40);
    expect(midSlide.some((t) => !Number.isInteger(t.col) || !Number.isInteger(t.row))).toBe(true);
    clock.frame(moveStart + SLIDE_MS + POP_MS / 2);
    expect(skin.inspect().tiles.some((t) => t.scale > 1)).toBe(true); // a merge popping
    expect(skin.inspect().tiles.some((t) => t.scale > 0 && t.scale < 1)).toBe(true); // the spawn growing
    expect(skin.inspect().flash).toBeGreaterThan(0); // the merges' flashes
  });

  // Retried: on a loaded machine V8's background compiler may not yet have optimized the frame path when the
  // frames are counted, and unoptimized code boxes numbers (a few bytes a frame). A real allocation fails every try.
  it('makes no heap object in thousands of frames', { retry: 2 }, () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const young = (): number => {
      let bytes = 0;
      for (const space of getHeapSpaceStatistics())
        if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space') bytes += space.space_used_size;
      return bytes;
    };
    swing(450); // the camera eases during the first ~900 frames, then rests
    gc(); // an empty young generation: megabytes of room before the next scavenge
    const profiler = new GCProfiler();
    profiler.start();
    // What reading the statistics allocates itself, measured the same way with no frames between.
    const bare = young();
    const reading = young() - bare;
    const before = young();
    frames(FRAMES, 1);
    const grown = young() - before - reading;
    const collections = profiler.stop().statistics.length;
    expect(collections, 'a garbage collection ran during the frames: they allocated megabytes').toBe(0);
    expect(grown, `${FRAMES} frames allocated ${grown} bytes (${(grown / FRAMES).toFixed(1)} per frame)`).toBeLessThanOrEqual(
      TOLERANCE_BYTES,
    );
  });

  it('constructs no three.js object in thousands of frames', () => {
    const counted = (run: () => void): string[] => {
      constructed.names.length = 0;
      constructed.on = true;
      try {
        run();
      } finally {
        constructed.on = false;
      }
      return [...constructed.names];
    };
    // The counting works: the test's `three` is cubes.ts's `three`.
    expect(counted(() => new Vector3())).toEqual(['Vector3']);
    swing(50);
    expect(counted(() => frames(FRAMES, 1)).slice(0, 10)).toEqual([]);
  });
});
