import type { TestPage } from './harness';
import { describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import { sharedBrowser } from './harness';
import {
  GAME_KEY,
  KEY_OF,
  choose,
  liveText,
  nearlyWon,
  openGame,
  openSettings,
  position,
  readHud,
  saveOf,
  waitForMoves,
} from './page-helpers';

/** Left and up are the only moves, and after either one, wherever the new tile lands, the game is over. */
const oneMoveFromTheEnd = (): GameState =>
  position(3000, [
    [0, 8, 64, 8],
    [128, 32, 16, 32],
    [8, 64, 32, 8],
    [32, 8, 128, 32],
  ]);

/** The side of the board the flat skin draws its hint badge on, or null when it is hidden. */
const flatHintSide = (page: TestPage): Promise<Direction | null> =>
  page.evaluate(() => {
    const badge = [...document.querySelectorAll<HTMLElement>('#board .skin-layer div')].find((el) => el.style.zIndex === '4');
    if (!badge || badge.style.display === 'none') return null;
    const board = badge.parentElement!.getBoundingClientRect();
    const box = badge.getBoundingClientRect();
    const dx = (box.left + box.width / 2 - board.left) / board.width - 0.5;
    const dy = (box.top + box.height / 2 - board.top) / board.height - 0.5;
    if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'left' : 'right';
    return dy < 0 ? 'up' : 'down';
  });

const autoplayOn = async (page: TestPage): Promise<boolean> => (await page.getAttribute('#ai-autoplay', 'aria-pressed')) === 'true';

describe('the AI on the game page', () => {
  const browser = sharedBrowser();

  it('shows a hint on the board and in words, and clears it on the next move', async () => {
    const game = await openGame(browser(), { query: '?seed=77' });
    const { page } = game;

    await page.click('#ai-hint');
    await expect.poll(() => liveText(page)).toMatch(/^Hint: move (left|right|up|down)\.$/);
    const dir = /move (\w+)\./.exec(await liveText(page))?.[1];
    expect(await page.getAttribute('#game', 'data-hint')).toBe(dir);
    expect(await flatHintSide(page), 'the flat skin points the same way').toBe(dir);
    expect(await page.isVisible('#ai-analysis')).toBe(true);
    expect(await page.textContent('#ai-analysis .ai-move'), 'the move in a plain sentence').toContain(`Move ${dir}`);
    expect(await page.locator('#ai-analysis li[data-best]').getAttribute('data-dir'), 'the hinted direction is the one rated best').toBe(
      dir,
    );

    await page.focus('#game');
    // Following the hint: it always moves the board.
    await page.keyboard.press(KEY_OF[dir as Direction]);
    await waitForMoves(page, 1);
    await expect.poll(() => flatHintSide(page)).toBe(null);
    expect(await page.getAttribute('#game', 'data-hint')).toBe(null);

    // The I key asks too.
    await page.keyboard.press('i');
    await expect.poll(() => page.getAttribute('#game', 'data-hint')).toMatch(/^(left|right|up|down)$/);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('shows the move, and behind "Why?" how each move was rated, whole, on a phone and in the wide side panel', async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1024, height: 768 },
    ]) {
      const game = await openGame(browser(), { query: '?seed=12', viewport });
      const { page } = game;
      const boardBefore = await page.locator('#game').boundingBox();
      await page.click('#ai-hint');
      await expect.poll(() => liveText(page), { timeout: 30_000 }).toMatch(/^Hint: move /);
      expect(await page.locator('#game').boundingBox(), 'showing the suggestion does not move the board').toEqual(boardBefore);
      await page.click('#ai-analysis summary');
      const boxes = await page.evaluate(() => {
        const list = document.querySelector('#ai-analysis ol') as HTMLElement;
        return [...list.querySelectorAll<HTMLElement>('li')].map((el) => {
          const r = el.getBoundingClientRect();
          return {
            dir: el.dataset['dir'],
            text: el.textContent,
            inside: r.left >= 0 && r.right <= innerWidth && r.height > 0 && r.height < 40,
          };
        });
      });
      expect(boxes.map((b) => b.dir).sort(), `${viewport.width} wide`).toEqual(['down', 'left', 'right', 'up']);
      for (const box of boxes) expect(box.inside, `${viewport.width} wide: ${box.text} shown whole, on one line`).toBe(true);
      expect(await game.errors()).toEqual([]);
      await game.close();
    }
  });

  it('keeps showing the hint when the board switches to the cubes and back', async () => {
    const game = await openGame(browser(), { query: '?seed=79' });
    const { page } = game;
    await page.click('#ai-hint');
    await expect.poll(() => page.getAttribute('#game', 'data-hint')).toMatch(/^(left|right|up|down)$/);
    const dir = await page.getAttribute('#game', 'data-hint');

    await openSettings(page);
    await choose(page, 'skin', 'cubes');
    await page.waitForFunction(() => document.querySelectorAll('#board canvas').length === 1);
    await choose(page, 'skin', 'flat');
    await page.waitForFunction(() => document.querySelectorAll('#board canvas').length === 0);
    await page.keyboard.press('Escape');
    expect(await flatHintSide(page), 'the new flat board points where the hint was').toBe(dir);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('autoplays until the player presses a game key, then makes no more moves', async () => {
    const game = await openGame(browser(), { query: '?seed=78' });
    const { page } = game;
    await page.selectOption('#ai-speed', 'fast');
    await page.click('#ai-autoplay');
    // The first click loads the panel's code, which then takes the click: autoplay starts a moment later.
    await expect.poll(() => autoplayOn(page)).toBe(true);
    await page.waitForFunction(() => Number(document.getElementById('moves')?.textContent) >= 8, null, { timeout: 15_000 });
    expect(await liveText(page), 'a screen reader is not read every move').toBe('Autoplay started. Press any game key to stop.');

    await page.focus('#game');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => autoplayOn(page)).toBe(false);
    expect(await page.textContent('#ai-autoplay')).toContain('Autoplay');
    await page.waitForTimeout(200);
    const stoppedAt = (await readHud(page)).moves;
    await page.waitForTimeout(800);
    expect((await readHud(page)).moves, 'no move after stopping').toBe(stoppedAt);

    // Started again and stopped with the button itself.
    await page.click('#ai-autoplay');
    await page.waitForFunction((n) => Number(document.getElementById('moves')?.textContent) >= n + 3, stoppedAt, { timeout: 15_000 });
    await page.click('#ai-autoplay');
    expect(await autoplayOn(page)).toBe(false);
    await page.waitForTimeout(200);
    const again = (await readHud(page)).moves;
    await page.waitForTimeout(600);
    expect((await readHud(page)).moves).toBe(again);

    // Hiding the page (another tab, a locked phone) stops it too.
    await page.click('#ai-autoplay');
    await page.waitForFunction((n) => Number(document.getElementById('moves')?.textContent) > n, again, { timeout: 15_000 });
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await autoplayOn(page)).toBe(false);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('thinks about its next move during the pause after the last one, so that a slow pace is the pause alone', async () => {
    // Logs when each AI answer comes back from the worker and when each move reaches the HUD.
    const initScript = `(() => {
      const log = (window.__aiLog = []);
      const slot = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
      Object.defineProperty(Worker.prototype, 'onmessage', {
        configurable: true,
        get() { return slot.get.call(this); },
        set(handler) { slot.set.call(this, handler && function (event) { log.push(['answer', performance.now()]); return handler.call(this, event); }); },
      });
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => log.push(['move', performance.now()])).observe(document.getElementById('moves'), { childList: true, characterData: true, subtree: true });
      });
    })()`;
    const game = await openGame(browser(), { query: '?seed=79', initScript });
    const { page } = game;
    await page.selectOption('#ai-speed', 'slow');
    await page.click('#ai-autoplay');
    await page.waitForFunction(() => Number(document.getElementById('moves')?.textContent) >= 5, null, { timeout: 20_000 });
    await page.click('#ai-autoplay');
    const log = (await page.evaluate('window.__aiLog')) as [kind: 'answer' | 'move', at: number][];
    const moves = log.filter(([kind]) => kind === 'move').map(([, at]) => at);
    expect(moves.length).toBeGreaterThanOrEqual(5);
    // The first move waits for its answer; each later one finds its answer long ready.
    for (const movedAt of moves.slice(1, 5)) {
      const answeredAt = log.filter(([kind, at]) => kind === 'answer' && at <= movedAt).at(-1)?.[1];
      expect(answeredAt, 'an answer before the move').toBeDefined();
      expect(movedAt - answeredAt!, 'ms the answer waited for the 700 ms pause to end').toBeGreaterThan(300);
    }
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('stops by itself at game over, and says so', async () => {
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(oneMoveFromTheEnd()) } });
    const { page } = game;
    await page.selectOption('#ai-speed', 'max');
    await page.click('#ai-autoplay');
    await page.waitForFunction(() => (document.getElementById('over-dialog') as HTMLDialogElement).open, null, { timeout: 10_000 });
    await expect.poll(() => autoplayOn(page)).toBe(false);
    expect((await readHud(page)).moves).toBe(5);
    await expect.poll(() => liveText(page)).toMatch(/^Autoplay stopped: game over\. Score [\d,]+\.$/);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('stops at a win and leaves the choice to keep going to the player', async () => {
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(nearlyWon()) } });
    const { page } = game;
    await page.selectOption('#ai-speed', 'max');
    await page.click('#ai-autoplay');
    await page.waitForFunction(() => (document.getElementById('win-dialog') as HTMLDialogElement).open, null, { timeout: 15_000 });
    await expect.poll(() => autoplayOn(page)).toBe(false);
    await expect.poll(() => liveText(page)).toMatch(/^Autoplay stopped: you reached 2048! Score [\d,]+\.$/);
    const moves = (await readHud(page)).moves;
    await page.waitForTimeout(400);
    expect((await readHud(page)).moves).toBe(moves);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
