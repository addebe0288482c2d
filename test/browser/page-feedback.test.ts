/**
 * What the page tells a player while they play: how to play in the way they play (the keys
 * where there is a keyboard, the gestures on a touch screen), the points a move scored (inside
 * the score card, in its label's place, only the newest on fast play), and where focus is on
 * the board (the full ring when focus arrives by keyboard, a thin one while the keys play).
 */
import { describe, expect, it } from 'vitest';
import type { TestPage } from './harness';
import { chromiumOnly, sharedBrowser } from './harness';
import { GAME_KEY, openGame, position, saveOf } from './page-helpers';

/** Two rows of pairs: every left and right move merges. */
const PAIRS = position(0, [
  [2, 2, 4, 4],
  [8, 8, 16, 16],
  [32, 32, 64, 64],
  [128, 128, 256, 256],
]);

/** Where the score card's words and the points lie, and which of them show. */
const scoreCard = (page: TestPage) =>
  page.evaluate(() => {
    const card = document.getElementById('score-card')!;
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const gains = [...card.querySelectorAll('.gain')];
    const shown = gains.filter((g) => getComputedStyle(g).visibility === 'visible');
    return {
      card: box(card),
      gains: gains.length,
      shown: shown.map(box),
      labelShown: getComputedStyle(card.querySelector('.score-label')!).visibility === 'visible',
      clips: getComputedStyle(card).overflow,
    };
  });

describe('what the page tells a player while they play', () => {
  const browser = sharedBrowser();

  chromiumOnly('a touch screen (pointer: coarse, no hover) is emulated by Chromium alone')(
    'shows the keys where there is a keyboard and the gestures on a touch screen, in the player’s language',
    async () => {
      for (const touch of [false, true]) {
        const game = await openGame(browser(), { query: '?lang=de', hasTouch: touch, viewport: { width: 390, height: 844 } });
        await game.page.waitForFunction(() => document.documentElement.lang === 'de');
        const help = await game.page.evaluate(() => {
          const shown = (selector: string): string | null => {
            const el = document.querySelector(selector)!;
            return getComputedStyle(el).display === 'none' ? null : (el.textContent ?? '').trim();
          };
          return { keys: shown('#how-to .keys-help'), touch: shown('#how-to .touch-help') };
        });
        if (touch) expect(help).toEqual({ keys: null, touch: expect.stringMatching(/^Wische über das Spielfeld/) });
        else expect(help).toEqual({ keys: expect.stringMatching(/^Schiebe die Kacheln mit ←↑→↓, WASD, HJKL/), touch: null });
        await game.close();
      }
    },
  );

  it('floats the points in the score label’s place, inside the card, only the newest on fast play', async () => {
    const game = await openGame(browser(), { viewport: { width: 390, height: 844 }, storage: { [GAME_KEY]: saveOf(PAIRS) } });
    const { page } = game;
    // Each time the points change, how many float and how many show.
    await page.evaluate(() => {
      const card = document.getElementById('score-card')!;
      const w = window as unknown as { floated: [number, number][] };
      w.floated = [];
      new MutationObserver(() => {
        const gains = [...card.querySelectorAll('.gain')];
        w.floated.push([gains.length, gains.filter((g) => getComputedStyle(g).visibility === 'visible').length]);
      }).observe(card, { childList: true });
    });
    await page.focus('#game');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelectorAll('#score-card .gain').length > 0);
    const seen = await scoreCard(page);
    const floated = await page.evaluate(() => (window as unknown as { floated: [number, number][] }).floated);
    expect(
      floated.map(([, shown]) => shown),
      'one shows at a time',
    ).not.toContain(2);
    expect(seen.clips).toBe('hidden');
    expect(seen.shown).toHaveLength(1);
    const [gain] = seen.shown;
    expect(gain!.left).toBeGreaterThanOrEqual(seen.card.left);
    expect(gain!.right).toBeLessThanOrEqual(seen.card.right);
    expect(seen.labelShown, 'the label gives the points its place').toBe(false);
    await expect.poll(async () => (await scoreCard(page)).labelShown, { timeout: 10_000 }).toBe(true);
    await game.close();
  });

  it('keeps a thin ring on the board while the keys play it, not the thick frame', async () => {
    const game = await openGame(browser(), { viewport: { width: 800, height: 800 } });
    const { page } = game;
    const ring = () =>
      page.evaluate(() => {
        const board = document.getElementById('game')!;
        return { visible: board.matches(':focus-visible'), width: getComputedStyle(board).outlineWidth };
      });
    await page.focus('#game');
    await page.keyboard.press('ArrowLeft');
    // Still there for a keyboard player, thin once they play.
    await expect.poll(ring, { timeout: 10_000 }).toEqual({ visible: true, width: '1px' });
    await game.close();
  });
});
