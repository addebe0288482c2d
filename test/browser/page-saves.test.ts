import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { newGame, playMove, toRows } from '../../src/engine';
import { sharedBrowser } from './harness';
import {
  BEST_KEY,
  GAME_KEY,
  KEY_OF,
  boardShown,
  dialogOpen,
  expectShows,
  lastMoveOfAGame,
  liveText,
  nearlyWon,
  openGame,
  readGrid,
  readHud,
  saveOf,
  waitForMoves,
} from './page-helpers';

describe('saving, winning and losing on the game page', () => {
  const browser = sharedBrowser();

  it('starts a new game over a corrupt save, says so once, and keeps the best score', async () => {
    const game = await openGame(browser(), {
      storage: { [GAME_KEY]: '{"v":1,"game":{"size":4,"cells":[', [BEST_KEY]: JSON.stringify({ v: 1, bySize: { 4: 5000 } }) },
    });
    const { page } = game;
    const notice = page.locator('#notices .notice');
    await expect
      .poll(() => notice.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Your saved game could not be read; a new game was started.')]);
    const hud = await readHud(page);
    expect(hud.best).toBe(5000);
    expect(await page.textContent('#best')).toBe('5,000');
    expect(hud.moves).toBe(0);
    expect((await readGrid(page)).flat().filter((v) => v > 0)).toHaveLength(2);

    await page.click('#notices .notice-close');
    expect(await notice.count()).toBe(0);
    await page.reload();
    await page.waitForTimeout(200);
    expect(await notice.count(), 'the notice is not shown again').toBe(0);
    expect((await readHud(page)).best).toBe(5000);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('still plays when storage is blocked, and says once that saving is unavailable', async () => {
    const game = await openGame(browser(), {
      initScript: `Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`,
    });
    const { page } = game;
    await expect
      .poll(() => page.locator('#notices .notice').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Saving is unavailable')]);
    for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp']) await page.keyboard.press(key);
    await page.waitForFunction(() => Number(document.getElementById('moves')?.textContent) > 0);
    expect(await page.locator('#notices .notice').count()).toBe(1);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('follows a move made in another tab of the game, and says so once', async () => {
    const game = await openGame(browser(), { query: '?seed=21' });
    const other = await game.context.newPage();
    await other.goto(await game.page.url());
    await boardShown(other);
    let state = newGame({ seed: 21 });
    for (const dir of ['left', 'down'] as Direction[]) {
      state = playMove(state, dir).state;
      await other.keyboard.press(KEY_OF[dir]);
    }
    await expectShows(other, state);
    await expectShows(game.page, state);
    const notices = game.page.locator('#notices .notice');
    await expect.poll(() => notices.allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining('continued in another tab')]);
    expect(await liveText(game.page)).toMatch(/^The game was continued in another tab\. Score \d+\.$/);
    expect(await notices.count()).toBe(1);
    await other.close();
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('celebrates reaching 2048 in a dialog; Escape keeps going and play goes on', async () => {
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(nearlyWon()) } });
    const { page } = game;
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(dialogOpen('win-dialog'));
    expect(await page.textContent('#win-title')).toBe('You win!');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep going');
    expect(await liveText(page)).toContain('You reached 2048! You win.');
    const board = await readGrid(page);
    expect(board[0]?.[0]).toBe(2048);

    // Keys inside the dialog belong to it; the board does not move behind it.
    await page.keyboard.press('ArrowDown');
    expect(await readGrid(page)).toEqual(board);

    await page.keyboard.press('Escape');
    await page.waitForFunction(`!${dialogOpen('win-dialog')}`);
    await page.waitForFunction(() => document.activeElement?.id === 'game');
    await page.keyboard.press('ArrowRight');
    await waitForMoves(page, 6);
    expect((await readGrid(page))[0]).toContain(2048);
    await page.waitForTimeout(100);
    expect(await page.evaluate(dialogOpen('win-dialog')), 'the win is celebrated once').toBe(false);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('the win dialog can also start a new game', async () => {
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(nearlyWon()) } });
    const { page } = game;
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(dialogOpen('win-dialog'));
    await page.click('#win-dialog button[value="new"]');
    await waitForMoves(page, 0);
    expect((await readHud(page)).score).toBe(0);
    expect((await readHud(page)).best).toBeGreaterThanOrEqual(22_048);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('ends the game with the final score, and "Undo last move" takes the last move back', async () => {
    const { before, dir, after } = lastMoveOfAGame();
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(before) } });
    const { page } = game;
    await page.keyboard.press(KEY_OF[dir]);
    await page.waitForFunction(dialogOpen('over-dialog'));
    expect(await page.textContent('#over-title')).toBe('Game over');
    expect(await page.textContent('#over-dialog [data-fill="score"]')).toBe(after.score.toLocaleString('en-US'));
    expect(await liveText(page)).toContain(`Game over. Final score ${after.score.toLocaleString('en-US')}.`);
    expect(await readGrid(page)).toEqual(toRows(after.board));

    await page.click('#over-dialog button[value="undo"]');
    await page.waitForFunction(`!${dialogOpen('over-dialog')}`);
    await expectShows(page, before);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('closes the game-over dialog with Escape to look at the board; Try again starts over', async () => {
    const { before, dir } = lastMoveOfAGame();
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(before) } });
    const { page } = game;
    await page.keyboard.press(KEY_OF[dir]);
    await page.waitForFunction(dialogOpen('over-dialog'));
    await page.keyboard.press('Escape');
    await page.waitForFunction(`!${dialogOpen('over-dialog')}`);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(100);
    expect(await page.evaluate(dialogOpen('over-dialog')), 'not shown again for the same ended game').toBe(false);

    await page.reload();
    await page.waitForFunction(dialogOpen('over-dialog'));
    await page.click('#over-dialog button[value="again"]');
    await waitForMoves(page, 0);
    expect((await readGrid(page)).flat().filter((v) => v > 0)).toHaveLength(2);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('asks before a new game replaces one in progress; Escape keeps the game', async () => {
    const game = await openGame(browser(), { query: '?seed=11' });
    const { page } = game;
    let state = newGame({ seed: 11 });
    for (const d of ['left', 'down'] as Direction[]) {
      state = playMove(state, d).state;
      await page.keyboard.press(KEY_OF[d]);
    }
    await expectShows(page, state);

    await page.keyboard.press('n');
    await page.waitForFunction(dialogOpen('confirm-dialog'));
    expect(await page.textContent('#confirm-title')).toBe('Start a new game?');
    expect(await page.evaluate(() => document.activeElement?.textContent), 'the safe answer has focus').toBe('Keep playing');
    await page.keyboard.press('Escape');
    await page.waitForFunction(`!${dialogOpen('confirm-dialog')}`);
    await expectShows(page, state);

    await page.click('#new-game');
    await page.waitForFunction(dialogOpen('confirm-dialog'));
    await page.click('#confirm-dialog button[value="confirm"]');
    await waitForMoves(page, 0);
    expect((await readHud(page)).undoEnabled).toBe(false);
    expect(await liveText(page)).toBe('New game on a 4 by 4 board.');

    // A fresh game is replaced without a question.
    await page.keyboard.press('n');
    await page.waitForTimeout(100);
    expect(await page.evaluate(dialogOpen('confirm-dialog'))).toBe(false);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
