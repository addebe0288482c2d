import fc from 'fast-check';
import type { Board } from '../../src/engine';
import { MAX_SIZE, MIN_SIZE, maxExponent } from '../../src/engine';

/** Boards of every size, dense enough in small exponents that merges are common. */
export const arbBoard = (sizes: { min?: number; max?: number } = {}): fc.Arbitrary<Board> =>
  fc.integer({ min: sizes.min ?? MIN_SIZE, max: sizes.max ?? MAX_SIZE }).chain((size) =>
    fc
      .array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(0) },
          { weight: 5, arbitrary: fc.integer({ min: 1, max: 4 }) },
          { weight: 1, arbitrary: fc.integer({ min: 5, max: Math.min(15, maxExponent(size) - 1) }) },
        ),
        {
          minLength: size * size,
          maxLength: size * size,
        },
      )
      .map((cells) => ({ size, dimensions: 2 as const, cells: Uint8Array.from(cells) })),
  );
