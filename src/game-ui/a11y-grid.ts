import { valueOf } from '../engine';
import type { Board } from '../engine';
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_CORE } from '../i18n/en/core';
import type { GameView, ReadonlyStore } from '../store/types';

export const cellLabel = (exponent: number, lang: Lang = ENGLISH): string =>
  exponent === 0 ? say(lang, EN_CORE, 'grid.empty') : String(valueOf(exponent));

/**
 * Mirrors the board for screen readers: `grid` gets role "grid" and rows of cells that
 * name their value or "empty", updated in step with every change of the store. With `named`
 * (the game's board, not a replay's, which names its own), `grid` is named with the board's
 * shape and size, "Game board, 4 by 4" (a cube's name, by cube-access.ts: "Game cube, 4 by 4 by 4").
 */
export function mountA11yGrid(
  grid: HTMLElement,
  store: ReadonlyStore<GameView>,
  lang: () => Lang = () => ENGLISH,
  named?: boolean,
): { refresh(): void; dispose(): void } {
  const doc = grid.ownerDocument;
  const rows = doc.createElement('div');
  // Hidden from sight, present for assistive technology: the page and the embed share this class (src/styles/theme.css).
  rows.className = 'visually-hidden';
  grid.append(rows);
  let cells: HTMLElement[] = [];

  const build = (size: number): void => {
    cells = [];
    const rowEls: HTMLElement[] = [];
    for (let r = 0; r < size; r++) {
      const row = doc.createElement('div');
      row.setAttribute('role', 'row');
      for (let c = 0; c < size; c++) {
        const cell = doc.createElement('div');
        cell.setAttribute('role', 'gridcell');
        row.append(cell);
        cells.push(cell);
      }
      rowEls.push(row);
    }
    rows.replaceChildren(...rowEls);
    rows.setAttribute('role', 'rowgroup');
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-rowcount', String(size));
    grid.setAttribute('aria-colcount', String(size));
    if (named) grid.setAttribute('aria-label', say(lang(), EN_CORE, 'game.boardSized', { size }));
  };

  const render = (board: Board): void => {
    // A cube: one grid per layer, by code loaded with the first cube (cube-access.ts).
    if (board.dimensions > 2) {
      cells = [];
      return void import('./cube-access').then((code) => code.default(grid, rows, store.getState().game.board, lang(), cellLabel, named));
    }
    if (cells.length !== board.cells.length) build(board.size);
    board.cells.forEach((e, i) => {
      const text = cellLabel(e, lang());
      const cell = cells[i];
      if (cell && cell.textContent !== text) cell.textContent = text;
    });
  };

  render(store.getState().game.board);
  const unsubscribe = store.subscribe((view, previous) => {
    if (view.game.board !== previous.game.board) render(view.game.board);
  });
  return {
    // A new language: "empty" and the board's name in its words (built anew).
    refresh() {
      cells = [];
      render(store.getState().game.board);
    },
    dispose() {
      unsubscribe();
      rows.remove();
      grid.removeAttribute('role');
      grid.removeAttribute('aria-rowcount');
      grid.removeAttribute('aria-colcount');
    },
  };
}
