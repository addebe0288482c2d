/** The win on the 3D page: the board celebrates it first, and the win dialog comes once that is over (within about a second). */
import { describe, expect, it } from 'vitest';
import { WIN_CELEBRATION_MS } from '../../src/skins/three/effects';
import { MOVE_MS } from '../../src/skins/timeline';
import { sharedBrowser } from './harness';
import { GAME_KEY, dialogOpen, nearlyWon, openGame, saveOf } from './page-helpers';

describe('a win on the 3D page', () => {
  const browser = sharedBrowser();

  it('is celebrated on the board before the win dialog covers it', async () => {
    const game = await openGame(browser(), { skin: 'cubes', storage: { [GAME_KEY]: saveOf(nearlyWon()) } });
    const { page } = game;
    // When the dialog opens, timed in the page from the key.
    await page.evaluate(() => {
      const dialog = document.getElementById('win-dialog')!;
      new MutationObserver(() => {
        if ((dialog as HTMLDialogElement).open) (window as { openedAt?: number }).openedAt ??= performance.now();
      }).observe(dialog, { attributes: true });
      addEventListener('keydown', () => ((window as { pressedAt?: number }).pressedAt = performance.now()), { once: true, capture: true });
    });
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(dialogOpen('win-dialog'), null, { timeout: 15_000 });
    const waited = await page.evaluate(() => {
      const w = window as { openedAt?: number; pressedAt?: number };
      return (w.openedAt ?? 0) - (w.pressedAt ?? 0);
    });
    expect(waited).toBeGreaterThanOrEqual(MOVE_MS + WIN_CELEBRATION_MS);
    expect(await game.errors()).toEqual([]);
  });
});
