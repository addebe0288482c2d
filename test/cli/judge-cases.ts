/** Cases for the judge (the `cube2048 oj` task) and what it must print for them, from the engine. */
import fc from 'fast-check';
import { fromRows, move, toRows } from '../../src/engine';
import type { Direction } from '../../src/engine';

const WORDS: Record<Direction, string> = { left: 'LEFT', right: 'RIGHT', up: 'UP', down: 'DOWN' };

/** One case in the classic layout: four lines of four numbers, then the direction. */
export const caseText = (rows: readonly (readonly number[])[], dir: Direction): string =>
  `${rows.map((r) => r.join(' ')).join('\n')}\n${WORDS[dir]}\n`;

/** A whole input: the number of cases T, then the cases. */
export const inputOf = (cases: readonly [number[][], Direction][]): string =>
  `${cases.length}\n${cases.map(([rows, dir]) => caseText(rows, dir)).join('')}`;

/** What the judge must print for a board: the engine's move, four lines and a blank line. */
export const expected = (rows: number[][], dir: Direction): string =>
  `${toRows(move(fromRows(rows), dir).board)
    .map((r) => r.join(' '))
    .join('\n')}\n\n`;

/** Boards of tile values 0 and 2…2^15, as the judge's fast path takes them. */
export const boardArb = fc.array(
  fc.array(
    fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 15 }).map((e) => 2 ** e),
    ),
    { minLength: 4, maxLength: 4 },
  ),
  { minLength: 4, maxLength: 4 },
);
