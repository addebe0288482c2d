/**
 * The cubes skin's lifecycle in Node, without WebGL (a stand-in renderer and stub DOM):
 * `dispose` frees every GPU resource the skin ever made, and the drawing buffer follows a
 * change of device pixel ratio without waiting for a resize.
 *
 * Every class the skin's modules take from three (and the rounded box from three's examples)
 * is wrapped to record what it makes, so a resource made anywhere in the skin is seen here,
 * whether or not the skin remembered it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CubesSkin } from '../../src/skins/three/cubes';
import { createCubesSkin } from '../../src/skins/three/cubes';
import type { GameStore } from '../../src/store';
import { createGameStore } from '../../src/store';
import type { StubRenderer } from './stubs';
import { fakeScreen, manualClock, stubCubesDom, stubHost, stubRenderer } from './stubs';

interface Made {
  /** The class, and the flag that marks it as holding GPU memory. */
  readonly kind: string;
  disposed: boolean;
}

const made = vi.hoisted(() => [] as Made[]);

/** A module whose classes record each instance holding GPU memory (as three flags it), and whether it was disposed. */
async function recordGpu(module: Record<string, unknown>): Promise<Record<string, unknown>> {
  const gpuFlags = ['isBufferGeometry', 'isMaterial', 'isTexture', 'isRenderTarget', 'isInstancedMesh'];
  return (await import('./stubs')).watchConstructions(module, (name, object) => {
    const instance = object as Record<string, unknown> & { addEventListener?(type: string, listener: () => void): void };
    const flag = gpuFlags.find((f) => instance[f] === true);
    if (!flag || !instance.addEventListener) return;
    const record: Made = { kind: `${name} (${flag})`, disposed: false };
    made.push(record);
    instance.addEventListener('dispose', () => void (record.disposed = true));
  });
}

vi.mock('three', async (importOriginal) => recordGpu(await importOriginal()));

describe('the cubes skin', () => {
  let clock: ReturnType<typeof manualClock>;
  let screen: ReturnType<typeof fakeScreen>;
  let renderer: StubRenderer;
  let store: GameStore;
  let skin: CubesSkin;

  beforeEach(() => {
    made.length = 0;
    screen = fakeScreen(1);
    stubCubesDom();
    clock = manualClock();
    renderer = stubRenderer();
    store = createGameStore({ seed: 3, size: 4, storage: null });
    skin = createCubesSkin({ clock, reducedMotion: false, parallax: false, theme: 'light' }, { createRenderer: () => renderer });
    skin.mount(stubHost(600).host, store);
    clock.advance(16);
  });

  afterEach(() => {
    skin.dispose();
    vi.unstubAllGlobals();
  });

  it('frees every geometry, material, texture and instanced mesh it made, and the renderer and its context', () => {
    expect(store.getState().move('left') || store.getState().move('right')).toBe(true);
    skin.setHint('up');
    clock.advance(1000);
    // A bigger board: a new board geometry, and a taller atlas of numbers (the hint's badge fits every size).
    store.getState().newGame({ size: 6 });
    clock.advance(1000);
    const kinds = new Set(made.map((m) => m.kind.replace(/ .*/, '')));
    for (const kind of [
      'BoxGeometry',
      'PlaneGeometry',
      'BufferGeometry',
      'MeshStandardMaterial',
      'MeshBasicMaterial',
      'MeshLambertMaterial',
      'CanvasTexture',
      'InstancedMesh',
    ])
      expect(kinds).toContain(kind);
    // The rounded shapes are cut from three's boxes (shapes.ts), each copied into a geometry of
    // its own by three itself (toNonIndexed, which this count does not see): the boxes are never
    // drawn, so they hold nothing on the GPU, and what the copies hold is counted by the browser
    // test (renderer.info.memory back to 0 after dispose).
    const drawn = (m: Made): boolean => !m.kind.startsWith('BoxGeometry');
    expect(
      made.filter((m) => m.disposed && drawn(m)).map((m) => m.kind),
      'only what a board outgrew is freed while the skin lives',
    ).toEqual([
      // The empty board, until mount knows the size, and the numbers up to 2^17.
      'BufferGeometry (isBufferGeometry)',
      'CanvasTexture (isTexture)',
    ]);
    skin.dispose();
    expect(made.filter((m) => !m.disposed && drawn(m)).map((m) => m.kind)).toEqual([]);
    expect(renderer.disposed).toBe(true);
    expect(renderer.contextReleased).toBe(true);
  });

  it('follows a change of device pixel ratio at once, capped at 2, without a resize', () => {
    expect(renderer.pixelRatios).toEqual([1]);
    expect(clock.pending()).toBe(0);
    screen.setRatio(1.5);
    expect(renderer.pixelRatios.at(-1)).toBe(1.5);
    expect(renderer.sizes.at(-1)).toBe('600×600');
    expect(clock.pending(), 'a frame is asked for, to redraw at the new ratio').toBe(1);
    clock.advance(16);
    screen.setRatio(3);
    expect(renderer.pixelRatios.at(-1)).toBe(2);
    expect(screen.listening().filter((query) => query.startsWith('(resolution'))).toEqual(['(resolution: 3dppx)']);
    skin.dispose();
    expect(screen.listening()).toEqual([]);
  });
});
