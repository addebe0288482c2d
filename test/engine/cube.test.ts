import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board, CubeDirection, Direction, GameState } from '../../src/engine';
import {
  CUBE_DIRECTIONS,
  CUBE_TARGETS,
  DIRECTIONS,
  canMove,
  cellCount,
  emptyBoard,
  fromLayers,
  fromRows,
  indexOf,
  move,
  newGame,
  playMove,
  sumOfTiles,
  toLayers,
  toRows,
  valueOf,
} from '../../src/engine';

/** Cubes of edge 3 to 5, dense enough in small exponents that merges are common. */
const arbCube = (sizes: { min?: number; max?: number } = {}): fc.Arbitrary<Board> =>
  fc.integer({ min: sizes.min ?? 3, max: sizes.max ?? 5 }).chain((size) =>
    fc
      .array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(0) },
          { weight: 5, arbitrary: fc.integer({ min: 1, max: 4 }) },
          // Capped so each layer is also a valid square board.
          { weight: 1, arbitrary: fc.integer({ min: 5, max: Math.min(15, size * size) }) },
        ),
        { minLength: size ** 3, maxLength: size ** 3 },
      )
      .map((cells) => ({ size, dimensions: 3 as const, cells: Uint8Array.from(cells) })),
  );

/** The independent model: one line of values read from the wall, slid and merged pair by pair, nearest the wall first. */
function slideLine(values: readonly number[]): { line: number[]; gained: number } {
  const tiles = values.filter((v) => v !== 0);
  const line: number[] = [];
  let gained = 0;
  for (let i = 0; i < tiles.length; i++) {
    if (tiles[i] === tiles[i + 1]) {
      line.push((tiles[i] as number) * 2);
      gained += (tiles[i] as number) * 2;
      i++;
    } else line.push(tiles[i] as number);
  }
  while (line.length < values.length) line.push(0);
  return { line, gained };
}

/** The cell at step k from the wall of `dir`, on line (a, b): written out per direction, apart from the engine's line tables. */
function cellAt(size: number, dir: CubeDirection, a: number, b: number, k: number): number {
  const far = size - 1 - k;
  switch (dir) {
    case 'left':
      return indexOf(size, b, k, a);
    case 'right':
      return indexOf(size, b, far, a);
    case 'up':
      return indexOf(size, k, b, a);
    case 'down':
      return indexOf(size, far, b, a);
    case 'in':
      return indexOf(size, a, b, far);
    case 'out':
      return indexOf(size, a, b, k);
  }
}

function modelMove(board: Board, dir: CubeDirection): { values: number[]; gained: number } {
  const { size } = board;
  const before = Array.from(board.cells, valueOf);
  const values = [...before];
  let gained = 0;
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      const cells = Array.from({ length: size }, (_, k) => cellAt(size, dir, a, b, k));
      const slid = slideLine(cells.map((i) => before[i] as number));
      cells.forEach((cell, k) => (values[cell] = slid.line[k] as number));
      gained += slid.gained;
    }
  }
  return { values, gained };
}

/** A cube's layer as a square board, and the cube's cells along the third axis as squares (layer ↔ row). */
const layerOf = (cube: Board, layer: number): Board => fromRows(toRows(cube, layer));
const sideOf = (cube: Board, col: number): Board => fromRows(toLayers(cube).map((rows) => rows.map((row) => row[col] as number)));
const fromSides = (sides: readonly Board[]): Board => {
  const size = sides.length;
  return fromLayers(
    Array.from({ length: size }, (_, layer) =>
      Array.from({ length: size }, (_, r) => sides.map((side) => toRows(side)[layer]![r] as number)),
    ),
  );
};

const tiles = (b: Board): number => b.cells.filter((e) => e !== 0).length;

describe('a cube move', () => {
  it('moves every line as the independent line-by-line model does, in all six directions', () => {
    fc.assert(
      fc.property(arbCube(), fc.constantFrom(...CUBE_DIRECTIONS), (cube, dir) => {
        const result = move(cube, dir);
        const model = modelMove(cube, dir);
        expect(Array.from(result.board.cells, valueOf)).toEqual(model.values);
        expect(result.gained).toBe(model.gained);
        expect(result.board.dimensions).toBe(3);
      }),
      { numRuns: 400 },
    );
  });

  it('moves left, right, up and down within every layer exactly as on a square', () => {
    fc.assert(
      fc.property(arbCube(), fc.constantFrom(...DIRECTIONS), (cube, dir) => {
        const result = move(cube, dir);
        let gained = 0;
        for (let layer = 0; layer < cube.size; layer++) {
          const square = move(layerOf(cube, layer), dir);
          expect(toRows(result.board, layer)).toEqual(toRows(square.board));
          gained += square.gained;
        }
        expect(result.gained).toBe(gained);
      }),
      { numRuns: 300 },
    );
  });

  it('moves in and out by the same rule along the third axis: down and up on the squares across the layers', () => {
    const across: Readonly<Record<'in' | 'out', Direction>> = { in: 'down', out: 'up' };
    fc.assert(
      fc.property(arbCube(), fc.constantFrom('in' as const, 'out' as const), (cube, dir) => {
        const result = move(cube, dir);
        const sides = Array.from({ length: cube.size }, (_, col) => move(sideOf(cube, col), across[dir]));
        expect(toLayers(result.board)).toEqual(toLayers(fromSides(sides.map((s) => s.board))));
        expect(result.gained).toBe(sides.reduce((sum, s) => sum + s.gained, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('scores the sum of its merges, keeps the sum of the tiles and merges each tile at most once', () => {
    fc.assert(
      fc.property(arbCube(), fc.constantFrom(...CUBE_DIRECTIONS), (cube, dir) => {
        const result = move(cube, dir);
        const merges = result.steps.filter((s) => s.kind === 'merge');
        expect(result.gained).toBe(merges.reduce((sum, s) => sum + s.value, 0));
        expect(sumOfTiles(result.board)).toBe(sumOfTiles(cube));
        expect(tiles(cube) - tiles(result.board)).toBe(merges.length);
        const sources = merges.flatMap((s) => (s.kind === 'merge' ? [...s.from] : []));
        expect(new Set(sources).size).toBe(sources.length);
        expect(new Set(merges.map((s) => s.to)).size).toBe(merges.length);
      }),
      { numRuns: 300 },
    );
  });

  it('merges the pair nearest the wall first along the third axis', () => {
    const column = (values: number[]): Board =>
      fromLayers(
        values.map((v) => [
          [v, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
        ]),
      );
    const front = (b: Board): number[] => toLayers(b).map((rows) => rows[0]![0] as number);
    expect(front(move(column([2, 2, 2]), 'in').board)).toEqual([0, 2, 4]);
    expect(front(move(column([2, 2, 2]), 'out').board)).toEqual([4, 2, 0]);
    expect(front(move(column([4, 2, 2]), 'out').board)).toEqual([4, 4, 0]);
  });
});

describe('a cube game', () => {
  it('starts size × size × size for edges 3 to 5, with as many tiles as a square game', () => {
    for (const size of [3, 4, 5]) {
      const game = newGame({ size, seed: 7, dimensions: 3 });
      expect(game.board.dimensions).toBe(3);
      expect(game.board.cells).toHaveLength(size ** 3);
      expect(tiles(game.board)).toBe(tiles(newGame({ size, seed: 7 }).board));
      expect(game.target).toBe(CUBE_TARGETS[size]);
    }
    expect(() => newGame({ size: 6, seed: 1, dimensions: 3 })).toThrow(/a cube's to 5\), got 6, dimensions 3/);
    expect(() => newGame({ size: 4, seed: 1, dimensions: 4 as never })).toThrow(/got 4, dimensions 4/);
    expect(newGame({ seed: 1 }).board.dimensions).toBe(2);
  });

  it('records in and out as I and O, and spawns nothing after a move that changes nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.array(fc.constantFrom(...CUBE_DIRECTIONS), { maxLength: 60 }),
        (seed, dirs) => {
          let state: GameState = newGame({ size: 3, seed, dimensions: 3 });
          for (const dir of dirs) {
            const { state: next, report } = playMove(state, dir);
            if (report.moved) {
              expect(next.record.at(-1)).toBe({ left: 'L', right: 'R', up: 'U', down: 'D', in: 'I', out: 'O' }[dir]);
              expect(next.score - state.score).toBe(report.gained);
              expect(tiles(next.board)).toBe(tiles(report.board));
            } else expect(next).toBe(state);
            state = next;
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('can still move when the only equal neighbours are in different layers', () => {
    const size = 3;
    const cube = emptyBoard(size, 3);
    // A full cube whose tiles never repeat in a layer, only straight across the first two layers.
    for (let i = 0; i < cellCount(size, 3); i++) cube.cells[i] = (i % (size * size)) + 1 + (i >= 2 * size * size ? 9 : 0);
    expect(canMove(cube)).toBe(true);
    expect(move(cube, 'in').moved).toBe(true);
    expect(DIRECTIONS.some((dir) => move(cube, dir).moved)).toBe(false);
  });
});

describe('a direction the board has no axis for', () => {
  it('is refused on a square with a clear error, and nothing is recorded', () => {
    const game = newGame({ seed: 1, size: 4 });
    expect(() => playMove(game, 'in')).toThrow('"in" is not one of left, right, up, down');
    expect(() => playMove(game, 'out')).toThrow(/"out" is not one of left, right, up, down$/);
    expect(() => move(game.board, 'in')).toThrow(/"in" is not one of left, right, up, down$/);
    expect(game.record).toBe('');
  });

  it('is refused when it is no direction at all, on either shape', () => {
    for (const game of [newGame({ seed: 1 }), newGame({ seed: 1, size: 4, dimensions: 3 })]) {
      expect(() => playMove(game, 'diagonal' as never)).toThrow(/"diagonal" is not one of left, right, up, down/);
      expect(() => playMove(game, undefined as never)).toThrow(/is not one of left, right, up, down/);
      expect(() => playMove(game, 'toString' as never)).toThrow(/is not one of left, right, up, down/);
    }
  });
});
