/**
 * A cube game for a screen reader, on the game page: the accessible mirror is one grid per
 * layer, each named as the flat board labels it, and the live region says which layer a merge
 * and the new tile are in.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { newGame } from '../../src/engine';
import { sharedBrowser } from './harness';
import type { TestPage } from './harness';
import { GAME_KEY, liveText, openGame, saveOf } from './page-helpers';

/** A 4×4×4 cube with two 8s side by side in the second layer, and a 2 in the first. */
function cubeWithEights(): GameState {
  const base = newGame({ size: 4, seed: 3, dimensions: 3 });
  const cells = new Uint8Array(64);
  cells[(1 * 4 + 0) * 4 + 2] = 3;
  cells[(1 * 4 + 0) * 4 + 3] = 3;
  cells[(0 * 4 + 3) * 4 + 3] = 1;
  return { ...base, board: { size: 4, dimensions: 3, cells }, score: 40 };
}

/** Each layer's grid as the accessibility tree has it: its name and its cells' words. */
const layerGrids = (page: TestPage): Promise<{ name: string | null; cells: string[] }[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('#game [role="grid"]')].map((grid) => ({
      name: grid.getAttribute('aria-label'),
      cells: [...grid.querySelectorAll('[role="gridcell"]')].map((cell) => cell.textContent ?? ''),
    })),
  );

describe('a cube game for a screen reader', () => {
  const browser = sharedBrowser();

  it('mirrors the cube as one named grid per layer, inside the game’s group named as a cube', async () => {
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(cubeWithEights()) } });
    try {
      const { page } = game;
      await expect.poll(() => layerGrids(page).then((g) => g.length), { timeout: 20_000 }).toBe(4);
      const grids = await layerGrids(page);
      expect(grids.map((g) => g.name)).toEqual(['Layer 1 · front', 'Layer 2', 'Layer 3', 'Layer 4 · back']);
      expect(grids.every((g) => g.cells.length === 16)).toBe(true);
      expect(grids[1]!.cells.slice(0, 4)).toEqual(['empty', 'empty', '8', '8']);
      expect(grids[0]!.cells[15]).toBe('2');
      expect(await page.getAttribute('#game', 'role')).toBe('group');
      expect(await page.getAttribute('#game', 'aria-label')).toBe('Game cube, 4 by 4 by 4');
      expect(await game.errors()).toEqual([]);
    } finally {
      await game.close();
    }
  });

  it('says which layer the merge and the new tile are in', async () => {
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(cubeWithEights()) } });
    try {
      const { page } = game;
      await expect.poll(() => layerGrids(page).then((g) => g.length), { timeout: 20_000 }).toBe(4);
      await page.focus('#game');
      await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => liveText(page), { timeout: 20_000 })
        .toMatch(/^Moved left\. Merged two 8s into 16 in layer 2\. New [24] in layer \d, row \d, column \d\. Score 56\.$/);
      await expect.poll(() => layerGrids(page).then((g) => g[1]!.cells[0]), { timeout: 20_000 }).toBe('16');
    } finally {
      await game.close();
    }
  });

  it('names the cube and its layers in the player’s language', async () => {
    const game = await openGame(browser(), { locale: 'de-DE', storage: { [GAME_KEY]: saveOf(cubeWithEights()) } });
    try {
      await expect.poll(() => layerGrids(game.page).then((g) => g[0]?.name), { timeout: 20_000 }).toBe('Ebene 1 · vorne');
      await expect.poll(() => game.page.getAttribute('#game', 'aria-label'), { timeout: 15_000 }).toBe('Würfel, 4 mal 4 mal 4');
    } finally {
      await game.close();
    }
  });
});
