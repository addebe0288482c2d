import { describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import { newGame, playMove, toRows } from '../../src/engine';
import { sharedBrowser } from './harness';
import { expectShows, KEY_OF, liveText, openGame, readGrid, readHud, swipe, waitForMoves } from './page-helpers';

/** Other keys for the same moves: WASD and vim. */
const ALT_KEYS: readonly Readonly<Record<Direction, string>>[] = [
  KEY_OF,
  { left: 'a', right: 'd', up: 'w', down: 's' },
  { left: 'h', right: 'l', up: 'k', down: 'j' },
];
const CYCLE: readonly Direction[] = ['left', 'down', 'right', 'down', 'left', 'up', 'down', 'right'];

const formatted = (n: number): string => n.toLocaleString('en-US');

describe('playing on the game page', () => {
  const browser = sharedBrowser();

  it('plays many keyboard moves exactly as the engine does, and says each one in the live region', async () => {
    const game = await openGame(browser(), { query: '?seed=123' });
    const { page } = game;
    let state: GameState = newGame({ seed: 123 });
    await expectShows(page, state);
    for (let i = 0; i < 45 && state.status === 'playing'; i++) {
      const dir = CYCLE[i % CYCLE.length] as Direction;
      const next = playMove(state, dir);
      await page.keyboard.press((ALT_KEYS[i % ALT_KEYS.length] as Record<Direction, string>)[dir]);
      if (!next.report.moved) continue;
      state = next.state;
      await expectShows(page, state);
      const words = await liveText(page);
      expect(words.startsWith(`Moved ${dir}.`), words).toBe(true);
      expect(words).toContain(`Score ${formatted(state.score)}.`);
      const merges = next.report.steps.filter((s) => s.kind === 'merge').length;
      expect(words.includes('Merged'), words).toBe(merges > 0);
    }
    expect(state.record.length).toBeGreaterThan(25);
    expect(new URL(await page.url()).search, 'the seed leaves the address so a reload resumes').toBe('');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('keeps up with keys pressed faster than the animation: none lost, none doubled', async () => {
    const game = await openGame(browser(), { query: '?seed=99' });
    let state = newGame({ seed: 99 });
    const dirs: Direction[] = ['left', 'down', 'right', 'down', 'left', 'down', 'right', 'up', 'left', 'down'];
    // All ten key presses are sent in one go from inside the page: no frame passes between them.
    await game.page.evaluate(
      (keys) => {
        for (const key of keys) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      },
      dirs.map((d) => KEY_OF[d]),
    );
    for (const dir of dirs) state = playMove(state, dir).state;
    await expectShows(game.page, state);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('undoes with U, Ctrl+Z and the Undo button, which is disabled when there is nothing to undo', async () => {
    const game = await openGame(browser(), { query: '?seed=5' });
    const { page } = game;
    expect((await readHud(page)).undoEnabled).toBe(false);
    const start = newGame({ seed: 5 });
    const states = [start];
    for (const dir of ['left', 'down', 'right'] as Direction[]) {
      const next = playMove(states[states.length - 1] as GameState, dir);
      if (next.report.moved) states.push(next.state);
      await page.keyboard.press(KEY_OF[dir]);
    }
    await expectShows(page, states[3] as GameState);
    expect((await readHud(page)).undoEnabled).toBe(true);

    await page.keyboard.press('u');
    await expectShows(page, states[2] as GameState);
    expect(await liveText(page)).toMatch(/^Undid the last move\. Score \d+\.$/);
    await page.keyboard.press('Control+z');
    await expectShows(page, states[1] as GameState);
    await page.click('#undo');
    await expectShows(page, start);
    expect((await readHud(page)).undoEnabled).toBe(false);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('resumes the same game after a reload, best score and undo included', async () => {
    const game = await openGame(browser(), { query: '?seed=77' });
    const { page } = game;
    let state = newGame({ seed: 77 });
    for (const dir of ['left', 'down', 'right', 'down', 'left'] as Direction[]) {
      state = playMove(state, dir).state;
      await page.keyboard.press(KEY_OF[dir]);
    }
    await expectShows(page, state);
    const before = await readHud(page);
    await page.reload();
    await expectShows(page, state);
    expect(await readHud(page)).toEqual(before);
    await page.keyboard.press('u');
    await waitForMoves(page, state.record.length - 1);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('moves with a one-finger swipe on the board, and ignores a swipe shorter than the threshold', async () => {
    const game = await openGame(browser(), { query: '?seed=31', hasTouch: true, viewport: { width: 390, height: 800 } });
    const { page } = game;
    let state = newGame({ seed: 31 });
    await swipe(page, 6, 2);
    await page.waitForTimeout(100);
    expect(await readGrid(page), 'a 6 px drag is not a swipe').toEqual(toRows(state.board));

    for (const [dir, dx, dy] of [
      ['left', -120, 15],
      ['down', -10, 90],
      ['right', 140, -30],
      ['up', 20, -100],
    ] as [Direction, number, number][]) {
      const next = playMove(state, dir);
      await swipe(page, dx, dy);
      if (next.report.moved) state = next.state;
      await expectShows(page, state);
    }
    expect(state.record.length).toBeGreaterThan(1);
    expect(await page.evaluate(() => [window.scrollX, window.scrollY]), 'the page did not scroll under the swipes').toEqual([0, 0]);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('leaves keys typed into a text field alone, and arrow keys do not scroll the page', async () => {
    const game = await openGame(browser(), { query: '?seed=8', viewport: { width: 360, height: 420 } });
    const { page } = game;
    const start = await readGrid(page);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'typing';
      document.body.prepend(input);
    });
    await page.focus('#typing');
    await page.keyboard.type('wasd hjkl un');
    expect(await page.inputValue('#typing')).toBe('wasd hjkl un');
    // Arrows move the caret, Ctrl+Z undoes the typing: both are the text field's, not the game's.
    for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp', 'Control+z']) await page.keyboard.press(key);
    await page.waitForTimeout(100);
    expect(await readGrid(page)).toEqual(start);
    expect((await readHud(page)).moves).toBe(0);

    await page.evaluate(() => document.getElementById('typing')?.remove());
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('shows a focusable board with a grid that names every cell, and a visible focus ring', async () => {
    const game = await openGame(browser(), { query: '?seed=3&size=5' });
    const { page } = game;
    const grid = page.locator('#game');
    expect(await grid.getAttribute('role')).toBe('grid');
    expect(await grid.getAttribute('aria-label')).toBe('Game board, 5 by 5');
    const rows = await readGrid(page);
    expect(rows).toEqual(toRows(newGame({ seed: 3, size: 5 }).board));
    expect(await page.locator('#game [role="gridcell"]').allTextContents()).toContain('empty');

    // The board is reached with Tab from the control before it, and its outline is drawn. (The
    // board has focus on arrival: tabbing on from it would leave the page, and Firefox's focus.)
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('game');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 15 && !(await page.evaluate(() => document.activeElement?.id === 'game')); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('game');
    const outline = await grid.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(/user-scalable=no|maximum-scale=1(\D|$)/);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
