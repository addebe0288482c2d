/**
 * The board: a flat, row-major array of log2 exponents (0 = empty, 1 = tile 2,
 * 11 = tile 2048). Exponents keep every tile in one byte and make equality a
 * byte compare; values only appear at the edges (rows, reports, display).
 */
export interface Board {
  readonly size: number;
  /** Row-major exponents; never mutated once a board is handed out. */
  readonly cells: Uint8Array;
}

export const MIN_SIZE = 3;
export const MAX_SIZE = 8;
export const DEFAULT_SIZE = 4;
/** Highest exponent a board may hold; 2^(cells + 1) is the largest reachable tile. */
export const maxExponent = (size: number): number => size * size + 1;

export function isValidSize(size: unknown): size is number {
  return Number.isInteger(size) && (size as number) >= MIN_SIZE && (size as number) <= MAX_SIZE;
}

export function emptyBoard(size: number = DEFAULT_SIZE): Board {
  if (!isValidSize(size)) throw new RangeError(`board size must be an integer from ${MIN_SIZE} to ${MAX_SIZE}, got ${String(size)}`);
  return { size, cells: new Uint8Array(size * size) };
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

export const indexOf = (size: number, row: number, col: number): number => row * size + col;

/** Builds a board from rows of tile values (0 = empty). Throws on a ragged or invalid grid. */
export function fromRows(rows: readonly (readonly number[])[]): Board {
  const size = rows.length;
  const board = emptyBoard(size);
  rows.forEach((row, r) => {
    if (row.length !== size) throw new RangeError(`row ${r} has ${row.length} cells, expected ${size}`);
    row.forEach((value, c) => {
      const e = exponentOf(value);
      if (e < 0 || e > maxExponent(size)) throw new RangeError(`cell (${r}, ${c}) holds ${value}, not 0 or a power of two`);
      board.cells[r * size + c] = e;
    });
  });
  return board;
}

/** Rows of tile values, for views, tests and the CLI. */
export function toRows(board: Board): number[][] {
  const rows: number[][] = [];
  for (let r = 0; r < board.size; r++) {
    const row: number[] = [];
    for (let c = 0; c < board.size; c++) row.push(valueOf(board.cells[r * board.size + c] ?? 0));
    rows.push(row);
  }
  return rows;
}

/** Flat tile values, row-major. */
export const toValues = (board: Board): number[] => Array.from(board.cells, valueOf);

export function boardsEqual(a: Board, b: Board): boolean {
  if (a.size !== b.size) return false;
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

/** True when some move would change the board: an empty cell or two equal neighbours. */
export function canMove(board: Board): boolean {
  const { size, cells } = board;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const e = cells[r * size + c];
      if (e === 0) return true;
      if (c + 1 < size && cells[r * size + c + 1] === e) return true;
      if (r + 1 < size && cells[(r + 1) * size + c] === e) return true;
    }
  }
  return false;
}
