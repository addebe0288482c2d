/**
 * What a skin shows at rest against what the board holds, in sentences a skin author can act
 * on. Pure: tiles and a board in, problems out. Cells are named as a player would, counting
 * from 1 at the top left.
 */
import type { Board } from '../engine';
import type { TileView } from '../skins/skin';

/** Positions, scales and opacities closer than this to the exact value count as exact. */
const EPSILON = 1e-3;

const cellName = (row: number, col: number): string => `row ${fmt(row + 1)}, column ${fmt(col + 1)}`;
const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const near = (a: number, b: number): boolean => Math.abs(a - b) <= EPSILON;
const visible = (t: TileView): boolean => t.opacity > EPSILON && t.scale > EPSILON;
/** "a 2", "an 8": the article as the number is said. */
const aTile = (value: number): string => `${String(value).startsWith('8') ? 'an' : 'a'} ${value}`;

/**
 * The problems with `tiles` as the picture of `board` once every animation has ended: each
 * tile on one cell, at full size and opacity, and exactly the board's tiles, no stale one.
 * `when` says when it was seen ("after move 3, left").
 */
export function restProblems(tiles: readonly TileView[], board: Board, when: string): string[] {
  const problems: string[] = [];
  const { size } = board;
  const shown = new Map<number, number[]>();
  for (const tile of tiles) {
    if (!visible(tile)) continue;
    const where = cellName(tile.row, tile.col);
    if (!near(tile.row, Math.round(tile.row)) || !near(tile.col, Math.round(tile.col))) {
      problems.push(`${when}, the skin shows ${aTile(tile.value)} between cells (${where}) although nothing moves`);
      continue;
    }
    const row = Math.round(tile.row);
    const col = Math.round(tile.col);
    if (row < 0 || col < 0 || row >= size || col >= size) {
      problems.push(`${when}, the skin shows ${aTile(tile.value)} at ${cellName(row, col)}, outside the ${size}×${size} board`);
      continue;
    }
    if (!near(tile.scale, 1) || !near(tile.opacity, 1)) {
      problems.push(
        `${when}, the ${tile.value} at ${cellName(row, col)} is shown at scale ${fmt(tile.scale)} and opacity ${fmt(tile.opacity)}, not at full size`,
      );
    }
    const cell = row * size + col;
    shown.set(cell, [...(shown.get(cell) ?? []), tile.value]);
  }
  for (let cell = 0; cell < size * size; cell++) {
    const exponent = board.cells[cell] ?? 0;
    const value = exponent === 0 ? 0 : 2 ** exponent;
    const here = shown.get(cell) ?? [];
    const where = cellName(Math.floor(cell / size), cell % size);
    if (value === 0) {
      if (here.length > 0)
        problems.push(
          `${when}, the skin shows ${here.length === 1 ? `a stale ${here[0]}` : `stale tiles (${here.join(', ')})`} at ${where}, where the board is empty`,
        );
    } else if (here.length === 0) {
      problems.push(`${when}, the skin does not show the ${value} at ${where}`);
    } else if (here.length > 1) {
      problems.push(`${when}, the skin shows ${here.length} tiles (${here.join(', ')}) at ${where}, where the board has one ${value}`);
    } else if (here[0] !== value) {
      problems.push(`${when}, the skin shows ${here[0]} at ${where}, where the board has ${value}`);
    }
  }
  return problems;
}

/** The problems with tiles seen mid-animation: every tile within the board, and (with reduced motion) none between cells. */
export function motionProblems(tiles: readonly TileView[], size: number, when: string, reducedMotion: boolean): string[] {
  const problems: string[] = [];
  for (const tile of tiles) {
    if (!visible(tile)) continue;
    if (tile.row < -EPSILON || tile.col < -EPSILON || tile.row > size - 1 + EPSILON || tile.col > size - 1 + EPSILON) {
      problems.push(`${when}, the skin draws ${aTile(tile.value)} at ${cellName(tile.row, tile.col)}, outside the ${size}×${size} board`);
    } else if (reducedMotion && (!near(tile.row, Math.round(tile.row)) || !near(tile.col, Math.round(tile.col)))) {
      problems.push(
        `${when}, with reduced motion the skin still slides ${aTile(tile.value)} (at ${cellName(tile.row, tile.col)}); cross-fade instead, as timelineFor(change, board, true) does`,
      );
    }
  }
  return problems;
}
