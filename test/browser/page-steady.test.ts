/**
 * The game page holds still once its board is drawn: what comes after the first frame (the
 * cubes' turning keys and their sentence, the AI bar's code, a cube's help) takes no room that
 * was not kept for it, so a player's first tap lands where they aimed (it once moved the AI bar 40 px).
 */
import { describe, expect, it } from 'vitest';
import type { TestPage } from './harness';
import { sharedBrowser } from './harness';
import { openGame } from './page-helpers';

const WATCHED = ['#board', '#undo', '#new-game', '#ai-hint', '#ai-autoplay', '#how-to'];

const boxes = (page: TestPage): Promise<string[]> =>
  page.evaluate(
    (selectors: string[]) =>
      selectors.map((s) => {
        const r = document.querySelector(s)?.getBoundingClientRect();
        return r ? `${s} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}` : `${s} missing`;
      }),
    WATCHED,
  );

describe('the game page once its board is drawn', () => {
  const browser = sharedBrowser();

  // A cube's help and buttons come with its own code: a cube link's board waits for them (they once moved the AI bar 41 px after it showed).
  for (const [skin, query] of [
    ['flat', ''],
    ['cubes', ''],
    ['flat', '?dimensions=3&size=3'],
    ['cubes', '?dimensions=3&size=3'],
  ] as const)
    it(`keeps the board and its buttons where they first showed (${skin}${query && ', a cube link'})`, async () => {
      const game = await openGame(browser(), { skin, query });
      const first = await boxes(game.page);
      // What loads after the first frame has come by then, on a loaded machine too.
      await game.page.waitForTimeout(2000);
      expect(await boxes(game.page)).toEqual(first);
      expect(await game.errors()).toEqual([]);
      await game.close();
    });

  it('says how to turn the board only while the board can be turned, in any language', async () => {
    const viewLine = (page: TestPage): Promise<boolean> => page.isVisible('[data-how-to="view"]');
    const flat = await openGame(browser(), { skin: 'flat', query: '?lang=de' });
    await flat.page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await viewLine(flat.page), 'the flat board').toBe(false);
    await flat.close();
    const cubes = await openGame(browser(), { skin: 'cubes', query: '?lang=de' });
    expect(await viewLine(cubes.page), 'the cubes').toBe(true);
    expect(await cubes.errors()).toEqual([]);
    await cubes.close();
  });
});
