import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TestPage } from './harness';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import { newGame, playMove } from '../../src/engine';
import { sharedBrowser } from './harness';
import {
  KEY_OF,
  SETTINGS_KEY,
  choose,
  expectShows,
  openGame,
  openSettings,
  playMoves,
  pressMoves,
  readGrid,
  readHud,
  waitForMoves,
} from './page-helpers';

/** Screenshots land here (ignored by git) for a person to look at. */
const SCREENS = resolve(import.meta.dirname, '../../test-results/screens');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the game page around the board', () => {
  const browser = sharedBrowser();
  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
  });

  it('switches between the 3D cubes and the flat board mid-game without losing the game or its undo', async () => {
    const game = await openGame(browser(), { query: '?seed=2024', skin: 'cubes' });
    const { page } = game;
    expect(await page.locator('#board canvas').count(), 'the 3D board draws on a canvas').toBe(1);
    const states = await pressMoves(page, newGame({ seed: 2024 }), ['left', 'down', 'right', 'down']);
    await expectShows(page, states[states.length - 1] as GameState);
    const hud = await readHud(page);

    await openSettings(page);
    await choose(page, 'skin', 'flat');
    await page.waitForFunction(() => document.querySelectorAll('#board canvas').length === 0);
    await page.keyboard.press('Escape');
    await expectShows(page, states[states.length - 1] as GameState);
    expect(await readHud(page)).toEqual(hud);
    await page.screenshot({ path: `${SCREENS}/switched-to-flat.png` });

    await page.keyboard.press('u');
    await expectShows(page, states[states.length - 2] as GameState);

    await openSettings(page);
    await choose(page, 'skin', 'cubes');
    await page.waitForFunction(() => document.querySelectorAll('#board canvas').length === 1);
    await page.keyboard.press('Escape');
    await expectShows(page, states[states.length - 2] as GameState);
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').skin, SETTINGS_KEY), 'the choice is remembered').toBe(
      'cubes',
    );
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('falls back to the flat board, saying why in one line, where WebGL is missing', async () => {
    const game = await openGame(browser(), {
      skin: 'cubes',
      initScript: `const get = HTMLCanvasElement.prototype.getContext; HTMLCanvasElement.prototype.getContext = function (type, ...rest) { return /webgl/i.test(type) ? null : get.call(this, type, ...rest); };`,
    });
    const { page } = game;
    await expect
      .poll(() => page.locator('#notices .notice p').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^[^\n]*WebGL[^\n]*flat board is shown\.$/)]);
    expect(await page.locator('#board canvas').count()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => Number(document.getElementById('moves')?.textContent) > 0);
    await openSettings(page);
    expect(await page.isDisabled('#settings-dialog input[value="cubes"]')).toBe(true);
    expect(await page.isChecked('#settings-dialog input[value="flat"]')).toBe(true);
    expect(await page.textContent('#settings-dialog [data-note="skin"]')).toContain('WebGL');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('applies theme and motion live, remembers them, and can hand motion back to the system', async () => {
    const game = await openGame(browser());
    const { page } = game;
    const root = (): Promise<{ theme?: string; motion?: string; bg: string }> =>
      page.evaluate(() => ({ ...document.documentElement.dataset, bg: getComputedStyle(document.body).backgroundColor }));
    expect((await root()).theme).toBe('light');
    await openSettings(page);
    await choose(page, 'theme', 'dark');
    await choose(page, 'motion', 'reduce');
    expect(await root()).toMatchObject({ theme: 'dark', motion: 'reduce' });
    await page.keyboard.press('Escape');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect((await root()).motion).toBe('reduce');

    // "System" follows the system's setting again, whichever way it goes.
    await openSettings(page);
    expect(await page.isChecked('#settings-dialog input[name="motion"][value="reduce"]')).toBe(true);
    await choose(page, 'motion', 'system');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Generous polls: on a loaded machine the system's change can take seconds to reach the page.
    await expect.poll(async () => (await root()).motion, { timeout: 15_000 }).toBe('reduce');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(async () => (await root()).motion, { timeout: 15_000 }).toBe('full');
    await page.keyboard.press('Escape');
    expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#16130f');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('changes the board size only after asking, and keeps a best score per size', async () => {
    const game = await openGame(browser(), { query: '?seed=6' });
    const { page } = game;
    await playMoves(page, newGame({ seed: 6 }), ['left', 'down', 'right', 'up']);
    await openSettings(page);
    await page.selectOption('#size-select', '6');
    await page.waitForFunction(() => (document.getElementById('confirm-dialog') as HTMLDialogElement).open);
    expect(await page.textContent('#confirm-title')).toBe('Start a 6 × 6 game?');
    await page.click('#confirm-dialog button[value="cancel"]');
    await expect.poll(() => page.inputValue('#size-select'), { message: 'the choice goes back when the player keeps the game' }).toBe('4');
    expect((await readGrid(page)).length).toBe(4);

    await page.selectOption('#size-select', '6');
    await page.click('#confirm-dialog button[value="confirm"]');
    await page.waitForFunction(() => document.querySelectorAll('#game [role="row"]').length === 6);
    expect(await page.getAttribute('#game', 'aria-label')).toBe('Game board, 6 by 6');
    expect(await page.evaluate(() => (document.getElementById('settings-dialog') as HTMLDialogElement).open)).toBe(false);
    expect(await readHud(page)).toMatchObject({ moves: 0, score: 0, best: 0 });
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('plays synthesized sounds on merges only once sound is turned on', async () => {
    const game = await openGame(browser(), {
      query: '?seed=1',
      initScript: `window.__tones = 0; const make = AudioContext.prototype.createOscillator; AudioContext.prototype.createOscillator = function () { window.__tones++; return make.call(this); };`,
    });
    const { page } = game;
    const tones = (): Promise<number> => page.evaluate(() => (window as unknown as { __tones: number }).__tones);
    let state = newGame({ seed: 1 });
    const playUntilMerge = async (): Promise<void> => {
      for (const dir of ['left', 'right', 'up', 'down', 'left', 'right'] as Direction[]) {
        const next = playMove(state, dir);
        if (!next.report.moved) continue;
        state = next.state;
        await page.keyboard.press(KEY_OF[dir]);
        await waitForMoves(page, state.record.length);
        if (next.report.gained > 0) return;
      }
    };
    await playUntilMerge();
    expect(await tones(), 'silent by default').toBe(0);
    await openSettings(page);
    await page.click('#settings-dialog label[for="sound"]');
    await page.keyboard.press('Escape');
    await playUntilMerge();
    expect(await tones()).toBeGreaterThan(0);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  /** Checks the layout at this viewport and saves a screenshot named `name`. */
  async function expectFits(page: TestPage, name: string): Promise<void> {
    const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
    await page.waitForTimeout(300);
    if (width < 3000) await page.screenshot({ path: `${SCREENS}/page-${name}.png` });
    const layout = await page.evaluate(() => {
      const box = (sel: string) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      return {
        scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
        board: box('#game'),
        parts: ['.masthead', '#score-card', '.scores', '#new-game', '#undo'].map(box),
        pad: parseFloat(getComputedStyle(document.querySelector('.app')!).paddingLeft),
      };
    });
    expect(layout.scroll, `${name}: nothing overflows the screen`).toEqual([width, height]);
    const { board } = layout;
    expect(Math.abs(board.width - board.height), `${name}: the board is square`).toBeLessThan(1);
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.y).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(width);
    expect(board.y + board.height).toBeLessThanOrEqual(height);
    for (const part of layout.parts) {
      expect(overlaps(part, board), `${name}: the HUD stays off the board`).toBe(false);
      expect(part.x + part.width, `${name}: the HUD stays on screen`).toBeLessThanOrEqual(width);
    }
    // As large as fits: nearly the whole of the screen's shorter side, whatever the orientation.
    expect(board.width, `${name}: the board is as large as fits`).toBeGreaterThan(0.85 * (Math.min(width, height) - 2 * layout.pad));
  }

  it('fits every screen from a 320 px phone to a 4K monitor: a square board as large as fits, nothing overflowing', async () => {
    const game = await openGame(browser(), { query: '?seed=48', viewport: { width: 320, height: 568 } });
    const { page } = game;
    await playMoves(page, newGame({ seed: 48 }), ['left', 'down', 'right', 'down', 'left', 'down']);
    for (const [width, height] of [
      [320, 568],
      [360, 740],
      [568, 320],
      [768, 1024],
      [1024, 768],
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectFits(page, `${width}x${height}-flat`);
    }
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('draws the 3D board on a 1920 px monitor and a 320 px phone', async () => {
    const game = await openGame(browser(), { query: '?seed=48', skin: 'cubes', viewport: { width: 1920, height: 1080 } });
    const { page } = game;
    await playMoves(page, newGame({ seed: 48 }), ['left', 'down', 'right', 'down', 'left', 'down']);
    expect(await page.locator('#board canvas').count()).toBe(1);
    await expectFits(page, '1920x1080-cubes');
    await page.setViewportSize({ width: 320, height: 640 });
    await expectFits(page, '320x640-cubes');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectFits(page, '320x640-cubes-dark');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expectFits(page, '1920x1080-cubes-dark');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
