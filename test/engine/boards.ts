/** Boards written the short way in tests, as rows of tile values (for `fromRows`). */

/** The rows of a square board whose first row is `row` and whose other rows are empty: `firstRow([2, 2, 4, 0])`. */
export const firstRow = (row: readonly number[]): number[][] => row.map((_, r) => (r === 0 ? [...row] : row.map(() => 0)));

/** The rows of a board written on one line, rows apart by `|`: `grid('2 2 0 0 | 0 0 0 0 | 0 8 0 0 | 0 0 0 4')`. */
export const grid = (text: string): number[][] => text.split('|').map((row) => row.trim().split(/\s+/).map(Number));
