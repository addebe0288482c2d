import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ViewCommand } from '../../src/skins/camera-view';
import { MAX_ZOOM, NAMED_VIEWS, clampView } from '../../src/skins/camera-view';
import { commandedView } from '../../src/skins/three/orbit';

const QUARTER = Math.PI / 2;
const arbView = fc.record({
  azimuth: fc.double({ min: -50, max: 50, noNaN: true }),
  tilt: fc.double({ min: -5, max: 5, noNaN: true }),
  zoom: fc.double({ min: -5, max: 10, noNaN: true }),
});

describe('the views of the 3D board', () => {
  it('keep every view within the limits that keep each tile readable, its turn within one turn', () => {
    fc.assert(
      fc.property(arbView, (view) => {
        const kept = clampView(view);
        expect(kept.tilt).toBeGreaterThanOrEqual(0);
        // Tall cubes hide the numbers behind them from lower down.
        expect(kept.tilt).toBeLessThanOrEqual((46 * Math.PI) / 180);
        expect(kept.zoom).toBeGreaterThanOrEqual(1);
        expect(kept.zoom).toBeLessThanOrEqual(MAX_ZOOM);
        expect(Math.abs(kept.azimuth)).toBeLessThanOrEqual(Math.PI + 1e-9);
        // The same direction as asked, a whole number of turns away.
        const turns = (view.azimuth - kept.azimuth) / (2 * Math.PI);
        expect(Math.abs(turns - Math.round(turns))).toBeLessThan(1e-9);
      }),
    );
  });

  it('start tilted, and the top view looks straight down', () => {
    expect(clampView(NAMED_VIEWS.tilted)).toEqual(NAMED_VIEWS.tilted);
    expect(NAMED_VIEWS.tilted.tilt).toBeCloseTo((24 * Math.PI) / 180);
    expect(NAMED_VIEWS.top).toEqual({ azimuth: 0, tilt: 0, zoom: 1 });
  });

  it('turn a quarter either way from any view to a quarter turn, so moves go along the board’s axes', () => {
    fc.assert(
      fc.property(arbView, fc.constantFrom<ViewCommand>('turnLeft', 'turnRight'), (view, command) => {
        const turned = commandedView(view, command);
        expect(Math.abs(turned.azimuth / QUARTER - Math.round(turned.azimuth / QUARTER))).toBeLessThan(1e-9);
        // About a quarter the asked way: from the nearest quarter turn, one more.
        const way = ((turned.azimuth - view.azimuth) / QUARTER) * (command === 'turnRight' ? 1 : -1);
        expect(way).toBeGreaterThanOrEqual(0.5 - 1e-9);
        expect(way).toBeLessThanOrEqual(1.5 + 1e-9);
        expect([turned.tilt, turned.zoom]).toEqual([view.tilt, view.zoom]);
      }),
    );
  });

  it('look from the top keeping the turn, and reset to the tilted view', () => {
    fc.assert(
      fc.property(arbView, (view) => {
        expect(commandedView(view, 'topView')).toEqual({ ...view, tilt: 0 });
        expect(commandedView(view, 'resetView')).toEqual(NAMED_VIEWS.tilted);
      }),
    );
  });
});
