/**
 * The AI on a cube game: a hint (in words, in the analysis and as the cube's badge over the
 * board, in both skins) and autoplay, which plays the cube's six directions.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { parseGame } from '../../src/engine';
import type { TestPage } from './harness';
import { sharedBrowser } from './harness';
import { GAME_KEY, liveText, openGame, waitForMoves } from './page-helpers';

/** The game the page keeps in its save, as the engine reads it. */
async function savedGame(page: TestPage): Promise<GameState> {
  const text = await page.evaluate((k) => localStorage.getItem(k), GAME_KEY);
  const parsed = parseGame((JSON.parse(text ?? 'null') as { game: unknown }).game);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const WORDS = { left: 'Move left', right: 'Move right', up: 'Move up', down: 'Move down', in: 'Move in', out: 'Move out' } as const;

describe('the AI on a cube game', () => {
  const browser = sharedBrowser();

  for (const skin of ['flat', 'cubes'] as const) {
    it(`shows a hint of one of the cube's six moves, on the ${skin} board and in words, and clears it on the next move`, async () => {
      const game = await openGame(browser(), { query: '?dimensions=3&size=3&seed=5', skin });
      const { page } = game;
      await page.waitForFunction(() => document.querySelector('.cube-help') !== null, null, { timeout: 15_000 });
      await page.click('#ai-hint');
      await expect.poll(() => liveText(page), { timeout: 15_000 }).toMatch(/^Hint: move (left|right|up|down|in|out)\.$/);
      const dir = /move (\w+)\./.exec(await liveText(page))?.[1] as keyof typeof WORDS;
      expect(await page.getAttribute('#game', 'data-hint')).toBe(dir);
      expect(await page.textContent('#ai-analysis .ai-move')).toContain(WORDS[dir]);
      expect(await page.locator('#ai-analysis li').count(), 'all six moves rated').toBe(6);
      expect(await page.isVisible('.cube-hint'), 'the badge over the board').toBe(true);
      expect(await page.textContent('.cube-hint')).toBe(WORDS[dir]);
      // Following the hint moves the board, and the badge goes.
      await page.focus('#game');
      await page.keyboard.press({ left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown', in: 'f', out: 'b' }[dir]);
      await waitForMoves(page, 1);
      await expect.poll(() => page.isVisible('.cube-hint'), { timeout: 15_000 }).toBe(false);
      expect(await game.errors()).toEqual([]);
      await game.close();
    });
  }

  it('autoplays a cube, its moves going through the layers too', async () => {
    const game = await openGame(browser(), { query: '?dimensions=3&size=3&seed=6' });
    const { page } = game;
    await page.selectOption('#ai-speed', 'max');
    // The button's state with what the page said: where autoplay would not start, the failure shows why.
    const autoplay = async (): Promise<{ pressed: string | null; said: string }> => ({
      pressed: await page.getAttribute('#ai-autoplay', 'aria-pressed'),
      said: await liveText(page),
    });
    await page.click('#ai-autoplay');
    await expect.poll(autoplay, { timeout: 15_000 }).toMatchObject({ pressed: 'true' });
    await expect.poll(async () => (await savedGame(page)).record.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
    await page.click('#ai-autoplay');
    await expect.poll(autoplay, { timeout: 15_000 }).toMatchObject({ pressed: 'false' });
    const { record, board } = await savedGame(page);
    expect(board.dimensions).toBe(3);
    expect(record).toMatch(/^[LRUDIO]+$/);
    expect(record, 'the AI moves in or out').toMatch(/[IO]/);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
