import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutCube, tileCorner, tileSide } from '../../src/skins/dom/cube-layout';
import { cubePose } from '../../src/skins/cube-pose';
import type { CubePose } from '../../src/skins/cube-pose';
import { poseAt } from '../../src/skins/timeline';
import type { Track } from '../../src/skins/timeline';

const box = fc.record({
  width: fc.integer({ min: 200, max: 2000 }),
  height: fc.integer({ min: 200, max: 2000 }),
  layers: fc.integer({ min: 3, max: 5 }),
});

describe('laying out a cube’s layers', () => {
  it('keeps every panel, name strip included, inside the box and apart from the others', () => {
    fc.assert(
      fc.property(box, ({ width, height, layers }) => {
        const layout = layoutCube(width, height, layers);
        expect(layout.panels).toHaveLength(layers);
        for (const [i, p] of layout.panels.entries()) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.x + layout.side).toBeLessThanOrEqual(width + 0.5);
          expect(p.y + layout.label + layout.side).toBeLessThanOrEqual(height + 0.5);
          for (const q of layout.panels.slice(i + 1)) {
            const apart =
              q.x >= p.x + layout.side ||
              p.x >= q.x + layout.side ||
              q.y >= p.y + layout.side + layout.label ||
              p.y >= q.y + layout.side + layout.label;
            expect(apart).toBe(true);
          }
        }
      }),
    );
  });

  it('puts the layers in one row in a wide box and in several in a square one', () => {
    expect(layoutCube(1600, 400, 4).columns).toBe(4);
    expect(layoutCube(600, 600, 4).columns).toBe(2);
    expect(layoutCube(390, 1200, 4).columns).toBeLessThan(4);
  });

  it('places a tile between two panels on its way from one layer to the next', () => {
    const layout = layoutCube(1200, 400, 4);
    const a = tileCorner(layout, 4, 1, 2, 3);
    const b = tileCorner(layout, 4, 2, 2, 3);
    const mid = tileCorner(layout, 4, 1.5, 2, 3);
    expect(mid.x).toBeCloseTo((a.x + b.x) / 2);
    expect(b.x - a.x).toBeCloseTo(layout.side + (layout.panels[2]!.x - layout.panels[1]!.x - layout.side));
    expect(tileSide(layout, 4)).toBeLessThan(layout.side / 4);
  });
});

describe('a cube tile’s pose', () => {
  const cell = (size: number, layer: number, row: number, col: number): number => (layer * size + row) * size + col;
  const move = fc.integer({ min: 3, max: 5 }).chain((size) =>
    fc.record({
      size: fc.constant(size),
      at: fc.tuple(fc.nat(size - 1), fc.nat(size - 1), fc.nat(size - 1)),
      axis: fc.constantFrom(0, 1, 2),
      to: fc.nat(size - 1),
      elapsed: fc.integer({ min: 0, max: 300 }),
    }),
  );

  it('moves along one axis only, and rests at its cell when the slide is over', () => {
    fc.assert(
      fc.property(move, ({ size, at, axis, to, elapsed }) => {
        const target = [...at] as [number, number, number];
        target[axis] = to;
        const track: Track = { kind: 'slide', exponent: 1, from: cell(size, ...at), to: cell(size, ...target) };
        const pose: CubePose = { col: 0, row: 0, scale: 1, opacity: 1, layer: 0 };
        poseAt(track, size * size, elapsed, pose);
        cubePose(track, size, pose);
        const got = [pose.layer, pose.row, pose.col];
        for (let k = 0; k < 3; k++) {
          if (k !== axis) expect(got[k]).toBeCloseTo(at[k]!);
          else expect(got[k]! - at[k]!).toBeGreaterThanOrEqual(Math.min(0, to - at[k]!) - 1e-9);
        }
        if (elapsed >= 100) expect(got.map((v) => Math.round(v * 1e6) / 1e6)).toEqual(target);
      }),
    );
  });
});
