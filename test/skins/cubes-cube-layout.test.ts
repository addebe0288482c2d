import fc from 'fast-check';
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { NAMED_VIEWS } from '../../src/skins/camera-view';
import type { Pose, Track } from '../../src/skins/timeline';
import { SLIDE_MS, poseAt } from '../../src/skins/timeline';
import { createBoardCamera } from '../../src/skins/three/camera';
import type { SpreadView } from '../../src/skins/three/cube/layout';
import {
  CUBE,
  SPREAD_MS,
  cubeSide,
  frameHalf,
  layerBase,
  setLayerReach,
  splitRow,
  spreadAt,
  spreadBase,
  spreadColumns,
  spreadShift,
} from '../../src/skins/three/cube/layout';
import { SLOT_TOP } from '../../src/skins/three/measures';

const SIZES = [3, 4, 5] as const;
const arbSize = fc.constantFrom(...SIZES);

/** A cell of a cube of `size` as layer, row and column, and its index in the engine's cells. */
const cellIndex = (size: number, layer: number, row: number, col: number): number => (layer * size + row) * size + col;

/** A slide along one of the cube's three axes: from one cell to another in its line. */
const arbSlide = arbSize.chain((size) =>
  fc
    .record({
      axis: fc.constantFrom('layer', 'row', 'col'),
      at: fc.tuple(fc.nat(size - 1), fc.nat(size - 1), fc.nat(size - 1)),
      to: fc.nat(size - 1),
    })
    .map(({ axis, at: [layer, row, col], to }) => {
      const end = { layer, row, col, [axis]: to };
      return { size, start: { layer, row, col }, end };
    }),
);

describe('where the cubes skin stands a cube game', () => {
  it('stacks the layers up from the board, layer 0 on top, with a gap between neighbouring cubes so inner ones show', () => {
    for (const size of SIZES) {
      expect(layerBase(size - 1, size)).toBeGreaterThan(SLOT_TOP);
      for (let layer = 0; layer + 1 < size; layer++) {
        const gap = layerBase(layer, size) - (layerBase(layer + 1, size) + CUBE);
        expect(gap).toBeGreaterThan(0.3);
      }
      // Across a layer the cell pitch is 1: half of it is gap. Spread apart, cubes grow, and still fit in their frames.
      expect(1 - CUBE).toBeGreaterThanOrEqual(0.5);
      expect(cubeSide(1)).toBeGreaterThan(CUBE);
      expect((size - 1) / 2 + cubeSide(1) / 2).toBeLessThan(frameHalf(size));
    }
  });

  it("splits the shared timeline's row of a cube (layer × size + row) back into the layer and the row, easing both alike", () => {
    const pose: Pose = { col: 0, row: 0, scale: 1, opacity: 1 };
    const cell = { layer: 0, row: 0 };
    fc.assert(
      fc.property(arbSlide, fc.double({ min: 0, max: SLIDE_MS, noNaN: true }), ({ size, start, end }, elapsed) => {
        const track: Track = {
          kind: 'slide',
          exponent: 1,
          from: cellIndex(size, start.layer, start.row, start.col),
          to: cellIndex(size, end.layer, end.row, end.col),
        };
        poseAt(track, size, elapsed, pose);
        splitRow(track, size, pose.row, cell);
        // How far along the slide the tile is, read off whichever coordinate moves (0 when none does).
        const moved = end.layer - start.layer || end.row - start.row || end.col - start.col;
        const along =
          moved === 0
            ? 0
            : ((end.col !== start.col ? pose.col : end.row !== start.row ? cell.row : cell.layer) -
                (end.col !== start.col ? start.col : end.row !== start.row ? start.row : start.layer)) /
              moved;
        expect(along).toBeGreaterThanOrEqual(-1e-9);
        expect(along).toBeLessThanOrEqual(1 + 1e-9);
        expect(cell.layer).toBeCloseTo(start.layer + (end.layer - start.layer) * along, 9);
        expect(cell.row).toBeCloseTo(start.row + (end.row - start.row) * along, 9);
        if (elapsed === 0) expect([cell.layer, cell.row, pose.col]).toEqual([start.layer, start.row, start.col]);
      }),
    );
    // At the end of the slide, exactly the cell it lands in.
    const track: Track = { kind: 'slide', exponent: 1, from: cellIndex(4, 0, 2, 1), to: cellIndex(4, 3, 2, 1) };
    poseAt(track, 4, SLIDE_MS, pose);
    splitRow(track, 4, pose.row, cell);
    expect([cell.layer, cell.row, pose.col]).toEqual([3, 2, 1]);
  });

  it('eases the spread from together to apart over its time, and back', () => {
    expect(spreadAt(0, 1, 0)).toBe(0);
    expect(spreadAt(0, 1, SPREAD_MS)).toBe(1);
    expect(spreadAt(1, 0, SPREAD_MS * 2)).toBe(0);
    let last = 0;
    for (let t = 0; t <= SPREAD_MS; t += 10) {
      const s = spreadAt(0, 1, t);
      expect(s).toBeGreaterThanOrEqual(last);
      last = s;
    }
    // Halfway back from halfway out, it starts where it was.
    expect(spreadAt(0.5, 0, 0)).toBe(0.5);
  });

  it('spreads the layers into a grid that suits the canvas: side by side on a wide one, two columns on a phone', () => {
    expect(spreadColumns(4, 390 / 640)).toBe(2);
    expect(spreadColumns(3, 1280 / 720)).toBe(3);
    expect(spreadColumns(4, 1280 / 400)).toBe(4);
    fc.assert(
      fc.property(arbSize, fc.double({ min: 0.2, max: 5, noNaN: true }), (size, aspect) => {
        const columns = spreadColumns(size, aspect);
        expect(columns).toBeGreaterThanOrEqual(1);
        expect(columns).toBeLessThanOrEqual(size);
      }),
    );
  });

  it('keeps the layers together at rest, and spread apart lets no layer cover another, in reading order, on one level, at any turn', () => {
    const shift = { x: 0, z: 0 };
    const other = { x: 0, z: 0 };
    fc.assert(
      fc.property(
        arbSize,
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (size, wanted, azimuth) => {
          const columns = Math.min(wanted, size);
          for (let layer = 0; layer < size; layer++) {
            spreadShift(layer, size, { spread: 0, azimuth, columns }, shift);
            expect(Math.hypot(shift.x, shift.z)).toBeCloseTo(0, 9);
            expect(spreadBase(layer, size, 1)).toBeCloseTo(layerBase(size - 1, size), 9);
          }
          const apart: SpreadView = { spread: 1, azimuth, columns };
          // Seen unturned: across is x, down the screen is z.
          const seen = (s: { x: number; z: number }): { across: number; down: number } => ({
            across: s.x * Math.cos(azimuth) - s.z * Math.sin(azimuth),
            down: s.x * Math.sin(azimuth) + s.z * Math.cos(azimuth),
          });
          for (let a = 0; a < size; a++)
            for (let b = a + 1; b < size; b++) {
              spreadShift(a, size, apart, shift);
              spreadShift(b, size, apart, other);
              const [p, q] = [seen(shift), seen(other)];
              const clear = Math.max(Math.abs(p.across - q.across), Math.abs(p.down - q.down));
              expect(clear).toBeGreaterThanOrEqual(2 * frameHalf(size));
              // Reading order: a later layer is further down, or on the same line further right.
              expect(q.down > p.down + 1e-9 || (Math.abs(q.down - p.down) < 1e-9 && q.across > p.across)).toBe(true);
            }
        },
      ),
    );
  });
});

describe("the cubes skin's camera on a cube", () => {
  /** The corners of every cube and frame of a cube of `size`, and of its board, spread as `view` says. */
  function cornersOf(size: number, view: SpreadView): Vector3[] {
    const corners: Vector3[] = [];
    const shift = { x: 0, z: 0 };
    const half = (size - 1) / 2;
    // The board, gone with the last layer: its rim by the outer slots (its rounded corners are fitted as the square fits them).
    spreadShift(size - 1, size, view, shift);
    const rim = size / 2 + 0.1;
    for (const x of [-rim, rim]) for (const z of [-rim, rim]) corners.push(new Vector3(shift.x + x, 0, shift.z + z));
    for (let layer = 0; layer < size; layer++) {
      spreadShift(layer, size, view, shift);
      const base = spreadBase(layer, size, view.spread);
      const h = frameHalf(size);
      for (const x of [-h, h]) for (const z of [-h, h]) corners.push(new Vector3(shift.x + x, base, shift.z + z));
      for (const edge of [-half - CUBE / 2, half + CUBE / 2])
        for (const depth of [-half - CUBE / 2, half + CUBE / 2]) corners.push(new Vector3(shift.x + edge, base + CUBE, shift.z + depth));
    }
    return corners;
  }

  const VIEWS = { tilted: NAMED_VIEWS.tilted, top: NAMED_VIEWS.top, turned: { azimuth: 0.7, tilt: 0.7, zoom: 1 } };
  const CANVASES = { phone: 390 / 640, square: 1, desktop: 1280 / 720 };

  it('shows the whole cube, together and spread, on a phone and on a desktop, in every view, and fills the canvas', () => {
    for (const size of SIZES)
      for (const [viewName, shown] of Object.entries(VIEWS))
        for (const [canvas, aspect] of Object.entries(CANVASES))
          for (const spread of [0, 0.5, 1]) {
            const camera = createBoardCamera();
            Object.assign(camera.view, shown);
            const view: SpreadView = { spread, azimuth: shown.azimuth, columns: spreadColumns(size, aspect) };
            camera.reach = (points, n) => setLayerReach(points, n, view);
            camera.fit(size, aspect);
            camera.camera.updateMatrixWorld(true);
            let reach = 0;
            for (const corner of cornersOf(size, view)) {
              const p = corner.clone().project(camera.camera);
              const where = `${size}³ ${viewName} on a ${canvas}, spread ${spread}: (${corner.x.toFixed(2)}, ${corner.y.toFixed(2)}, ${corner.z.toFixed(2)})`;
              expect(Math.abs(p.x), where).toBeLessThanOrEqual(1);
              expect(Math.abs(p.y), where).toBeLessThanOrEqual(1);
              reach = Math.max(reach, Math.abs(p.x), Math.abs(p.y));
            }
            expect(reach, `${size}³ ${viewName} on a ${canvas}, spread ${spread} fills the canvas`).toBeGreaterThan(0.8);
          }
  });
});
