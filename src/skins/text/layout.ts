/**
 * The board as plain text with box-drawing lines; the `<pre>` skin shows it and the
 * terminal skin can reuse it. Cells hold exponents (0 = empty), as on the engine's board.
 */
import type { Direction } from '../../engine';
import { tileLabel } from '../palette';

const ARROWS: Readonly<Record<Direction, string>> = { left: '←', right: '→', up: '↑', down: '↓' };

/** Width of a cell's text: room for four digits, wider when a bigger label is on the board. */
export function cellWidth(cells: ArrayLike<number>): number {
  let width = 4;
  for (let i = 0; i < cells.length; i++) {
    const e = cells[i] ?? 0;
    if (e !== 0) width = Math.max(width, tileLabel(e).length);
  }
  return width;
}

function centre(text: string, width: number): string {
  const left = Math.ceil((width - text.length) / 2);
  return ' '.repeat(left) + text + ' '.repeat(width - text.length - left);
}

/** The board as lines of text, `size` cells a row, each cell `width` characters plus a space either side. */
export function formatBoard(cells: ArrayLike<number>, size: number, width = cellWidth(cells)): string[] {
  const bar = '─'.repeat(width + 2);
  const rule = (left: string, mid: string, right: string): string => left + Array(size).fill(bar).join(mid) + right;
  const lines = [rule('┌', '┬', '┐')];
  for (let r = 0; r < size; r++) {
    if (r > 0) lines.push(rule('├', '┼', '┤'));
    let line = '│';
    for (let c = 0; c < size; c++) {
      const e = cells[r * size + c] ?? 0;
      line += ` ${centre(e === 0 ? '' : tileLabel(e), width)} │`;
    }
    lines.push(line);
  }
  lines.push(rule('└', '┴', '┘'));
  return lines;
}

/**
 * A board of either shape as lines of text: a square as `formatBoard` draws it; a cube's layers
 * side by side, layer 1 (nearest the player) first, each under its number, all cells one width.
 */
export function formatLayers(board: { readonly size: number; readonly dimensions: number; readonly cells: ArrayLike<number> }): string[] {
  const { size, cells } = board;
  if (board.dimensions !== 3) return formatBoard(cells, size);
  const width = cellWidth(cells);
  const area = size * size;
  const layers = Array.from({ length: size }, (_, layer) =>
    formatBoard(
      Array.from({ length: area }, (_, i) => cells[layer * area + i] ?? 0),
      size,
      width,
    ),
  );
  const boardWidth = layers[0]?.[0]?.length ?? 0;
  const labels = layers.map((_, layer) => centre(String(layer + 1), boardWidth)).join('  ');
  return [labels, ...(layers[0] ?? []).map((_, line) => layers.map((lines) => lines[line]).join('  '))];
}

/** The hint line under the board. */
export const hintLine = (dir: Direction): string => `hint: ${ARROWS[dir]} ${dir}`;
