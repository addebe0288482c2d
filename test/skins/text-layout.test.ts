import { describe, expect, it } from 'vitest';
import { fromLayers, fromRows } from '../../src/engine';
import { formatBoard, formatLayers, hintLine } from '../../src/skins/text/layout';

describe('the text layout of a board', () => {
  it('draws a box-drawing grid with right-sized cells', () => {
    const board = fromRows([
      [2, 0, 0],
      [0, 1024, 0],
      [0, 0, 8],
    ]);
    expect(formatBoard(board.cells, 3)).toEqual([
      '┌──────┬──────┬──────┐',
      '│   2  │      │      │',
      '├──────┼──────┼──────┤',
      '│      │ 1024 │      │',
      '├──────┼──────┼──────┤',
      '│      │      │   8  │',
      '└──────┴──────┴──────┘',
    ]);
  });

  it('widens every cell when a six-digit tile appears, keeping columns aligned', () => {
    const board = fromRows([
      [131072, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 4],
    ]);
    const lines = formatBoard(board.cells, 4);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[1]).toContain('│ 131072 │');
  });

  it('draws a cube’s layers side by side, each under its number, the front layer first', () => {
    const cube = fromLayers([
      [
        [2, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      [
        [0, 0, 0],
        [0, 4, 0],
        [0, 0, 0],
      ],
      [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 16384],
      ],
    ]);
    const lines = formatLayers(cube);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(`${'1'.padStart(13).padEnd(25)}  ${'2'.padStart(13).padEnd(25)}  ${'3'.padStart(13).padEnd(25)}`);
    expect(lines[1]).toBe(Array(3).fill('┌───────┬───────┬───────┐').join('  '));
    expect(lines[2]).toBe('│   2   │       │       │  │       │       │       │  │       │       │       │');
    expect(lines[6]).toBe('│       │       │       │  │       │       │       │  │       │       │ 16384 │');
    expect(
      formatLayers(
        fromRows([
          [2, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
        ]),
      ),
    ).toEqual(
      formatBoard(
        fromRows([
          [2, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
        ]).cells,
        3,
      ),
    );
  });

  it('names a hint with an arrow', () => {
    expect(hintLine('left')).toBe('hint: ← left');
  });
});
