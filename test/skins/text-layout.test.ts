import { describe, expect, it } from 'vitest';
import { fromRows } from '../../src/engine';
import { formatBoard, hintLine } from '../../src/skins/text/layout';

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

  it('names a hint with an arrow', () => {
    expect(hintLine('left')).toBe('hint: ← left');
  });
});
