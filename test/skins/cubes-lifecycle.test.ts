/**
 * The cubes skin's lifecycle in Node, without WebGL (a stand-in renderer and stub DOM):
 * `dispose` frees every GPU resource the skin ever made.
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
import { manualClock, stubCubesDom, stubHost, stubRenderer } from './stubs';

interface Made {
  /** The class, and the flag that marks it as holding GPU memory. */
  readonly kind: string;
  disposed: boolean;
}

const { made, recordGpu } = vi.hoisted(() => {
  /** How three marks what holds GPU memory until disposed. */
  const gpuFlags = ['isBufferGeometry', 'isMaterial', 'isTexture', 'isRenderTarget', 'isInstancedMesh'];
  const made: Made[] = [];
  type Instance = Record<string, unknown> & { addEventListener?(type: string, listener: () => void): void };
  /** A module whose classes record each instance holding GPU memory, and whether it was disposed. */
  const recordGpu = (module: Record<string, unknown>): Record<string, unknown> => {
    const wrapped: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(module)) {
      wrapped[name] =
        typeof value === 'function'
          ? new Proxy(value, {
              construct(target, args, newTarget) {
                const object = Reflect.construct(target, args, newTarget) as Instance;
                const flag = gpuFlags.find((f) => object[f] === true);
                if (flag && object.addEventListener) {
                  const record: Made = { kind: `${name} (${flag})`, disposed: false };
                  made.push(record);
                  object.addEventListener('dispose', () => void (record.disposed = true));
                }
                return object;
              },
            })
          : value;
    }
    return wrapped;
  };
  return { made, recordGpu };
});

vi.mock('three', async (importOriginal) => recordGpu(await importOriginal<Record<string, unknown>>()));
vi.mock('three/examples/jsm/geometries/RoundedBoxGeometry.js', async (importOriginal) => recordGpu(await importOriginal<Record<string, unknown>>()));

describe('the cubes skin', () => {
  let clock: ReturnType<typeof manualClock>;
  let renderer: StubRenderer;
  let store: GameStore;
  let skin: CubesSkin;

  beforeEach(() => {
    made.length = 0;
    vi.stubGlobal('window', { devicePixelRatio: 1 });
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
    // A bigger board: new board and hint geometries, and a taller atlas of numbers.
    store.getState().newGame({ size: 6 });
    clock.advance(1000);
    const kinds = new Set(made.map((m) => m.kind.replace(/ .*/, '')));
    for (const kind of ['RoundedBoxGeometry', 'PlaneGeometry', 'BufferGeometry', 'MeshStandardMaterial', 'MeshBasicMaterial', 'MeshLambertMaterial', 'CanvasTexture', 'InstancedMesh']) expect(kinds).toContain(kind);
    expect(made.filter((m) => m.disposed).map((m) => m.kind), 'only what a board outgrew is freed while the skin lives').toEqual([
      // The empty board and hint, until mount knows the size; then the 4×4 board and hint, and the numbers up to 2^17.
      'BufferGeometry (isBufferGeometry)',
      'BufferGeometry (isBufferGeometry)',
      'RoundedBoxGeometry (isBufferGeometry)',
      'BufferGeometry (isBufferGeometry)',
      'CanvasTexture (isTexture)',
    ]);
    skin.dispose();
    expect(made.filter((m) => !m.disposed).map((m) => m.kind)).toEqual([]);
    expect(renderer.disposed).toBe(true);
    expect(renderer.contextReleased).toBe(true);
  });
});
