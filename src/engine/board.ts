/**
 * The board: a flat array of log2 exponents (0 = empty, 1 = tile 2, 11 = tile 2048).
 * Exponents keep every tile in one byte and make equality a byte compare; values only
 * appear at the edges (rows, reports, display). A square is one layer; a cube is `size`
 * layers of squares, layer 0 nearest the player.
 */
export interface Board {
  readonly size: number;
  /** 2 for a square, 3 for a cube. */
  readonly dimensions: Dimensions;
  /** Exponents indexed `(layer * size + row) * size + col` (row-major on a square); never mutated once handed out. */
  readonly cells: Uint8Array;
}

export type Dimensions = 2 | 3;
export const DEFAULT_DIMENSIONS: Dimensions = 2;

export const MIN_SIZE = 3;
export const MAX_SIZE = 8;
export const DEFAULT_SIZE = 4;
/** Cubes stop at 5×5×5: 125 cells already take a long game to fill, and a bigger cube cannot be read on a screen. */
export const MAX_CUBE_SIZE = 5;
/** How many cells a board of this shape has. */
export const cellCount = (size: number, dimensions: Dimensions = DEFAULT_DIMENSIONS): number => size ** dimensions;
/** Highest exponent a board may hold; 2^(cells + 1) is the largest reachable tile. */
export const maxExponent = (size: number, dimensions: Dimensions = DEFAULT_DIMENSIONS): number => cellCount(size, dimensions) + 1;

export const isValidDimensions = (dimensions: unknown): dimensions is Dimensions => dimensions === 2 || dimensions === 3;

/** A square's side (3 to 8); with `dimensions` 3, a cube's edge (3 to 5). */
export function isValidSize(size: unknown, dimensions: Dimensions = DEFAULT_DIMENSIONS): size is number {
  const max = dimensions === 3 ? MAX_CUBE_SIZE : MAX_SIZE;
  return Number.isInteger(size) && (size as number) >= MIN_SIZE && (size as number) <= max;
}

export function emptyBoard(size: number = DEFAULT_SIZE, dimensions: Dimensions = DEFAULT_DIMENSIONS): Board {
  if (!isValidDimensions(dimensions) || !isValidSize(size, dimensions))
    throw new RangeError(
      `board size must be an integer from ${MIN_SIZE} to ${MAX_SIZE} (a cube's to ${MAX_CUBE_SIZE}), got ${String(size)}, dimensions ${String(dimensions)}`,
    );
  return { size, dimensions, cells: new Uint8Array(cellCount(size, dimensions)) };
}

/** The tile value of an exponent: 0 for empty, 2^e otherwise. */
export const valueOf = (exponent: number): number => (exponent === 0 ? 0 : 2 ** exponent);

/** The exponent of a tile value, or -1 when the value is not 0 or a power of two ≥ 2. */
export function exponentOf(value: number): number {
  if (value === 0) return 0;
  if (!Number.isSafeInteger(value) || value < 2) return -1;
  const e = Math.log2(value);
  return Number.isInteger(e) ? e : -1;
}

/** The flat index of a cell; `layer` 0 (nearest the player) is the only layer of a square. */
export const indexOf = (size: number, row: number, col: number, layer = 0): number => (layer * size + row) * size + col;

function fillLayer(board: Board, layer: number, rows: readonly (readonly number[])[]): void {
  const { size, dimensions } = board;
  if (rows.length !== size) throw new RangeError(`layer ${layer} has ${rows.length} rows, expected ${size}`);
  rows.forEach((row, r) => {
    if (row.length !== size) throw new RangeError(`row ${r} has ${row.length} cells, expected ${size}`);
    row.forEach((value, c) => {
      const e = exponentOf(value);
      if (e < 0 || e > maxExponent(size, dimensions)) throw new RangeError(`cell (${r}, ${c}) holds ${value}, not 0 or a power of two`);
      board.cells[indexOf(size, r, c, layer)] = e;
    });
  });
}

/** Builds a square board from rows of tile values (0 = empty). Throws on a ragged or invalid grid. */
export function fromRows(rows: readonly (readonly number[])[]): Board {
  const board = emptyBoard(rows.length);
  fillLayer(board, 0, rows);
  return board;
}

/** Builds a cube from its layers (layer 0 nearest the player), each rows of tile values. */
export function fromLayers(layers: readonly (readonly (readonly number[])[])[]): Board {
  const board = emptyBoard(layers.length, 3);
  layers.forEach((rows, layer) => fillLayer(board, layer, rows));
  return board;
}

/** Rows of tile values of one layer (the only one of a square), for views, tests and the CLI. */
export function toRows(board: Board, layer = 0): number[][] {
  const rows: number[][] = [];
  for (let r = 0; r < board.size; r++) {
    const row: number[] = [];
    for (let c = 0; c < board.size; c++) row.push(valueOf(board.cells[indexOf(board.size, r, c, layer)] ?? 0));
    rows.push(row);
  }
  return rows;
}

/** Every layer's rows: one for a square, `size` for a cube. */
export const toLayers = (board: Board): number[][][] =>
  Array.from({ length: board.dimensions === 3 ? board.size : 1 }, (_, layer) => toRows(board, layer));

/** Flat tile values, row-major. */
export const toValues = (board: Board): number[] => Array.from(board.cells, valueOf);

export function boardsEqual(a: Board, b: Board): boolean {
  if (a.size !== b.size || a.dimensions !== b.dimensions) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}

export function emptyCells(board: Board): number[] {
  const out: number[] = [];
  board.cells.forEach((e, i) => {
    if (e === 0) out.push(i);
  });
  return out;
}

export function maxTile(board: Board): number {
  let max = 0;
  for (const e of board.cells) if (e > max) max = e;
  return valueOf(max);
}

export function sumOfTiles(board: Board): number {
  let sum = 0;
  for (const e of board.cells) sum += valueOf(e);
  return sum;
}

/** True when some move would change the board: an empty cell or two equal neighbours (in a layer or across layers). */
export function canMove(board: Board): boolean {
  const { size, cells } = board;
  const area = size * size;
  for (let i = 0; i < cells.length; i++) {
    const e = cells[i];
    if (e === 0) return true;
    const c = i % size;
    if (c + 1 < size && cells[i + 1] === e) return true;
    if (i % area < area - size && cells[i + size] === e) return true;
    if (i + area < cells.length && cells[i + area] === e) return true;
  }
  return false;
}
