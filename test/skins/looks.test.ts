/**
 * The cubes' looks as data. The first load builds clay itself (scene.ts, materials.ts), so that
 * the table of looks and the code that switches them load only when a player chooses one; clay's
 * entry in that table must be exactly what the first load builds, or switching back to clay would
 * show another look. Every name a page or an embed may ask for has an entry.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOOKS } from '../../src/skins/looks';
import { createGpuResources } from '../../src/skins/three/gpu-resources';
import { createCubesScene } from '../../src/skins/three/scene';
import { createEffects } from '../../src/skins/three/effects';
import { CLAY, LOOK_TABLE } from '../../src/skins/three/looks/table';
import { wear } from '../../src/skins/three/looks/wear';
import { stubCubesDom } from './stubs';

describe('the looks of the cubes', () => {
  beforeAll(() => stubCubesDom());
  afterAll(() => vi.unstubAllGlobals());

  it('has an entry, under its own name, for every look a player may choose', () => {
    expect(Object.keys(LOOK_TABLE).sort()).toEqual([...LOOKS].sort());
    for (const name of LOOKS) expect(LOOK_TABLE[name].name).toBe(name);
  });

  /** What a scene shows of its look: lights, the cubes' finish, the shadows. */
  function worn(scene: ReturnType<typeof createCubesScene>): unknown {
    const { lights, materials, shadows } = scene.parts;
    shadows.geometry.computeBoundingBox();
    const box = shadows.geometry.boundingBox!;
    return {
      lights: {
        sky: lights.hemisphere.color.getHex(),
        ground: lights.hemisphere.groundColor.getHex(),
        fill: lights.hemisphere.intensity,
        key: lights.sun.intensity,
        front: lights.fill.intensity,
        frontColour: lights.fill.color.getHex(),
      },
      cube: { roughness: materials.cube.roughness, metalness: materials.cube.metalness, opacity: materials.cube.opacity },
      shadow: {
        colour: materials.shadow.color.getHex(),
        opacity: materials.shadow.opacity,
        halo: shadows.instanceColor !== null,
        size: Number((box.max.x - box.min.x).toFixed(6)),
      },
    };
  }

  const expected = ({ lights, cube, shadow }: typeof CLAY): unknown => ({ lights, cube, shadow });

  it("builds clay on the first load exactly as clay's entry says", () => {
    expect(worn(createCubesScene(createGpuResources(), createEffects()))).toEqual(expected(CLAY));
  });

  it('wears each look as its entry says, and clay again as first built, freeing the materials it replaces', () => {
    const scene = createCubesScene(createGpuResources(), createEffects());
    for (const name of [...LOOKS.filter((l) => l !== 'clay'), 'clay'] as const) {
      const before = scene.parts.materials.cube;
      let freed = false;
      before.addEventListener('dispose', () => void (freed = true));
      wear(scene, name);
      expect(worn(scene), name).toEqual(expected(LOOK_TABLE[name]));
      expect(scene.look?.name).toBe(name);
      expect(freed, `${name}: the cubes' old material is freed`).toBe(true);
    }
  });
});
