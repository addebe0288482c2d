/**
 * The cubes' squash, flash, spring and celebration (src/skins/three/effects.ts) as numbers: a
 * merged cube keeps its volume while it squashes and stretches, flashes brighter the bigger it is,
 * and rests at its own shape; a new cube springs past its size and settles; a celebration ends;
 * and the win dialog waits exactly as long as the celebration.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Track } from '../../src/skins/timeline';
import { MOVE_MS, POP_MS, SLIDE_MS, SPAWN_MS, poseAt } from '../../src/skins/timeline';
import type { TileShape } from '../../src/skins/three/effects';
import { WIN_CELEBRATION_MS, createEffects } from '../../src/skins/three/effects';
import { createCubesSkin } from '../../src/skins/three/cubes';
import { createFlatSkin } from '../../src/skins/dom/flat';
import { stubCubesDom, stubRenderer } from './stubs';

const merged: Track = { kind: 'merged', exponent: 3, from: 0, to: 0 };
const spawn: Track = { kind: 'spawn', exponent: 1, from: 5, to: 5 };
const shapeAt = (track: Track, elapsed: number): TileShape => {
  const shape = { wide: 0, tall: 0, glow: 0 };
  createEffects().shape(track, elapsed, shape);
  return shape;
};

describe('the cubes’ effects', () => {
  it('squash and stretch a merged cube without changing its volume, and leave it at rest once it has popped', () => {
    fc.assert(
      fc.property(fc.double({ min: SLIDE_MS, max: SLIDE_MS + POP_MS, noNaN: true }), (elapsed) => {
        const { wide, tall } = shapeAt(merged, elapsed);
        expect(wide * wide * tall).toBeCloseTo(1, 9);
      }),
    );
    const shapes = Array.from({ length: 16 }, (_, i) => shapeAt(merged, SLIDE_MS + (i * POP_MS) / 15).tall);
    expect(Math.min(...shapes)).toBeLessThan(0.85);
    expect(Math.max(...shapes)).toBeGreaterThan(1.05);
    expect(shapeAt(merged, MOVE_MS)).toEqual({ wide: 1, tall: 1, glow: 0 });
  });

  it('flash a merged cube, brighter for a bigger tile', () => {
    const flash = (exponent: number): number => shapeAt({ ...merged, exponent }, SLIDE_MS + 10).glow;
    expect(flash(2)).toBeGreaterThan(0.2);
    expect(flash(11)).toBeGreaterThan(flash(2) * 1.5);
  });

  it('spring a new cube past its full size (ease-out-back) and settle it there', () => {
    const pose = { col: 0, row: 0, scale: 0, opacity: 0 };
    const drawn = Array.from({ length: 31 }, (_, i) => {
      const elapsed = SLIDE_MS + (i * SPAWN_MS) / 30;
      poseAt(spawn, 4, elapsed, pose);
      return pose.scale * shapeAt(spawn, elapsed).wide;
    });
    expect(Math.max(...drawn)).toBeGreaterThan(1.05);
    expect(Math.max(...drawn)).toBeLessThan(1.15);
    expect(drawn.at(-1)).toBeCloseTo(1, 9);
  });

  it('celebrate a win on its cell once the move has played, then ask for no more frames', () => {
    const effects = createEffects();
    const winner: Track = { kind: 'merged', exponent: 11, from: 0, to: 0 };
    effects.celebrate(0, 0);
    const shape = { wide: 0, tall: 0, glow: 0 };
    expect(effects.frame(MOVE_MS / 2)).toBe(true);
    effects.shape({ ...winner, kind: 'stay' }, MOVE_MS / 2, shape);
    expect(shape).toEqual({ wide: 1, tall: 1, glow: 0 });
    expect(effects.frame(MOVE_MS + WIN_CELEBRATION_MS / 6)).toBe(true);
    effects.shape(winner, MOVE_MS, shape);
    expect([shape.glow > 0.5, shape.tall > 1, effects.seen.flash > 0.5]).toEqual([true, true, true]);
    expect(effects.frame(MOVE_MS + WIN_CELEBRATION_MS + 1)).toBe(false);
    effects.shape(winner, MOVE_MS, shape);
    expect(shape).toEqual({ wide: 1, tall: 1, glow: 0 });
  });

  it('leave a cross-fading or resting cube as it is (all there is under reduced motion)', () => {
    for (const kind of ['fadeIn', 'fadeOut', 'stay', 'slide'] as const)
      for (const elapsed of [0, SLIDE_MS, SLIDE_MS + POP_MS / 3, MOVE_MS])
        expect(shapeAt({ ...merged, kind }, elapsed)).toEqual({ wide: 1, tall: 1, glow: 0 });
  });

  it('make the win dialog wait as long as the celebration: the cubes skin says how long, the flat one nothing', () => {
    stubCubesDom();
    expect(createCubesSkin({ reducedMotion: false }, { createRenderer: stubRenderer }).winCelebrationMs).toBe(WIN_CELEBRATION_MS);
    expect(createFlatSkin().winCelebrationMs).toBeUndefined();
  });
});
