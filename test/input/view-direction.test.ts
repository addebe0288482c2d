import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { DIRECTIONS } from '../../src/engine';
import { boardDirection } from '../../src/input/view-direction';

const QUARTER = Math.PI / 2;
const arbDirection = fc.constantFrom(...DIRECTIONS);
/** Any azimuth a turned view can have, several turns either way. */
const arbAzimuth = fc.double({ min: -8 * Math.PI, max: 8 * Math.PI, noNaN: true });

/** Where each side of the screen points on a board seen from above, turned `quarters` quarter turns clockwise. */
const turnedClockwise = (quarters: number): Record<Direction, Direction> => {
  const clockwise: Direction[] = ['up', 'right', 'down', 'left'];
  const at = (d: Direction): Direction => clockwise[(((clockwise.indexOf(d) - quarters) % 4) + 4) % 4]!;
  return { up: at('up'), right: at('right'), down: at('down'), left: at('left') };
};

describe('moves that follow the view', () => {
  it('are the board’s own directions when the board is not turned', () => {
    fc.assert(fc.property(arbDirection, (screen) => boardDirection(0, screen) === screen));
  });

  it('go toward the side of the screen the board’s edge faces after a quarter turn', () => {
    // Turned a quarter clockwise, the board's left edge is at the top of the screen.
    expect((['up', 'down', 'left', 'right'] as const).map((d) => [d, boardDirection(QUARTER, d)])).toEqual([
      ['up', 'left'],
      ['down', 'right'],
      ['left', 'down'],
      ['right', 'up'],
    ]);
    expect(boardDirection(-QUARTER, 'up')).toBe('right');
    expect(boardDirection(Math.PI, 'up')).toBe('down');
  });

  it('take the board axis nearest to the side of the screen, whatever the angle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -12, max: 12 }),
        fc.double({ min: -0.49, max: 0.49, noNaN: true }),
        arbDirection,
        (quarters, off, screen) => {
          expect(boardDirection((quarters + off) * QUARTER, screen)).toBe(turnedClockwise(quarters)[screen]);
        },
      ),
    );
  });

  it('always map the four sides of the screen onto the four directions of the board, one to one', () => {
    fc.assert(
      fc.property(arbAzimuth, (azimuth) => {
        expect(new Set(DIRECTIONS.map((d) => boardDirection(azimuth, d))).size).toBe(4);
        // Opposite sides stay opposite.
        const opposite: Record<Direction, Direction> = { up: 'down', down: 'up', left: 'right', right: 'left' };
        for (const d of DIRECTIONS) expect(boardDirection(azimuth, opposite[d])).toBe(opposite[boardDirection(azimuth, d)]);
      }),
    );
  });

  it('are the same a whole turn later', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -3, max: 3 }), arbDirection, (quarters, turns, screen) => {
        expect(boardDirection(quarters * QUARTER + turns * 2 * Math.PI, screen)).toBe(boardDirection(quarters * QUARTER, screen));
      }),
    );
  });
});
