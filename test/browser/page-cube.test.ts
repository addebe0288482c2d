/**
 * A cube on the game page: started from the settings' board choice and from
 * `?dimensions=3&size=4` (asking first when a game is at stake), played in and out with the
 * keys, the gamepad's shoulder buttons and the touch buttons, and the help naming those keys (the
 * AI on a cube: page-ai-cube.test.ts). What the board draws of a cube is the skins' tests':
 * this reads the game the page keeps (its save), its help and its controls.
 */
import { describe, expect, it } from 'vitest';
import type { CubeDirection, GameState } from '../../src/engine';
import { newGame, parseGame, playMove } from '../../src/engine';
import { playGame } from '../history/games';
import type { TestPage } from './harness';
import { chromiumOnly, sharedBrowser } from './harness';
import { GAME_KEY, isDialogOpen, openGame, openSettings, saveOf, waitForMoves } from './page-helpers';

/** The game the page keeps in its save, as the engine reads it. */
async function savedGame(page: TestPage, key = GAME_KEY): Promise<GameState> {
  const text = await page.evaluate((k) => localStorage.getItem(k), key);
  const parsed = parseGame((JSON.parse(text ?? 'null') as { game: unknown }).game);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const shape = async (page: TestPage): Promise<string> => {
  const { size, board } = await savedGame(page);
  return `${size}${board.dimensions === 3 ? `x${size}x${size}` : ''}`;
};

/** The engine's game after `dirs` from `start` (a move that changes nothing is no move). */
const played = (start: GameState, dirs: readonly CubeDirection[]): GameState => dirs.reduce((s, dir) => playMove(s, dir).state, start);

/** The cube's part of the page has come: its help is there. */
const cubePartShown = async (page: TestPage): Promise<void> => {
  await page.waitForFunction(() => document.querySelector('.cube-help') !== null);
};

/** A square game of 15 moves in progress: a game at stake. */
const atStake = playGame({ size: 4, seed: 21, moves: 15 });

describe('a cube on the game page', () => {
  const browser = sharedBrowser();

  it('starts from ?dimensions=3&size=4 and names its keys in the help', async () => {
    const game = await openGame(browser(), { query: '?dimensions=3&size=4&seed=9' });
    const { page } = game;
    await expect.poll(() => shape(page), { timeout: 15_000 }).toBe('4x4x4');
    expect((await savedGame(page)).seed).toBe(9);
    expect(new URL(await page.url()).search, 'the start options leave the address so a reload resumes').toBe('');
    await cubePartShown(page);
    expect((await page.textContent('.cube-help .keys-help'))?.trim()).toBe(
      'On a cube, F or PageDown slides the tiles away from you and B or PageUp toward you; hold X to pull the layers apart.',
    );
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('asks before ?dimensions=3&size=4 replaces a game at stake, and a square game takes the cube’s controls away', async () => {
    const game = await openGame(browser(), { query: '?dimensions=3&size=4', storage: { [GAME_KEY]: saveOf(atStake) } });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), { timeout: 15_000 }).toBe(true);
    expect(await page.textContent('#confirm-title')).toBe('Start a 4 × 4 × 4 game?');
    expect(await shape(page)).toBe('4');
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => shape(page), { timeout: 15_000 }).toBe('4x4x4');
    await cubePartShown(page);
    // Back to a square from the settings: the cube's controls go.
    await openSettings(page);
    await page.selectOption('#size-select', '4');
    await expect.poll(() => shape(page), { timeout: 15_000 }).toBe('4');
    await page.waitForFunction(() => document.querySelector('.cube-help') === null);
    expect(await page.evaluate(() => document.querySelector('.cube-controls, .cube-hint'))).toBeNull();
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('offers the cubes in the settings’ board choice, grouped apart from the squares, and starts one from there', async () => {
    const game = await openGame(browser(), { query: '?lang=de' });
    const { page } = game;
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await openSettings(page);
    const groups = await page.evaluate(() =>
      [...document.querySelectorAll('#size-select optgroup')].map((g) => [
        (g as HTMLOptGroupElement).label,
        [...g.querySelectorAll('option')].map((o) => `${o.value}=${o.textContent ?? ''}`),
      ]),
    );
    expect(groups).toEqual([
      ['Quadrat', ['3=3 × 3', '4=4 × 4', '5=5 × 5', '6=6 × 6', '7=7 × 7', '8=8 × 8']],
      ['Würfel', ['3x3x3=3 × 3 × 3', '4x4x4=4 × 4 × 4', '5x5x5=5 × 5 × 5']],
    ]);
    await page.selectOption('#size-select', '3x3x3');
    await expect.poll(() => shape(page), { timeout: 15_000 }).toBe('3x3x3');
    expect(await isDialogOpen(page, 'settings-dialog')).toBe(false);
    await cubePartShown(page);
    expect(await page.textContent('.cube-help .keys-help')).toContain('halte X gedrückt');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('keeps the daily challenge a square: its settings offer no cube, and ?dimensions=3 does not change it', async () => {
    const game = await openGame(browser(), { query: '?daily&dimensions=3&size=4' });
    const { page } = game;
    await expect
      .poll(async () => (await savedGame(page, 'cube2048:daily:game:v1').catch(() => null))?.board.dimensions, { timeout: 15_000 })
      .toBe(2);
    expect(await page.evaluate((key) => localStorage.getItem(key), GAME_KEY), 'the normal game is not started either').toBeNull();
    await openSettings(page);
    expect(
      await page.evaluate(() => (document.querySelector('#size-select optgroup[data-dimensions="3"]') as HTMLOptGroupElement).disabled),
    ).toBe(true);
    expect(await page.evaluate(() => document.querySelector('.cube-help'))).toBeNull();
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('plays in and out with F, B, Page Down and Page Up as the engine does; on a square those keys do nothing', async () => {
    const game = await openGame(browser(), { query: '?dimensions=3&size=4&seed=9' });
    const { page } = game;
    await cubePartShown(page);
    const keys: [string, CubeDirection][] = [
      ['f', 'in'],
      ['b', 'out'],
      ['PageDown', 'in'],
      ['PageUp', 'out'],
      ['ArrowLeft', 'left'],
      ['f', 'in'],
    ];
    let expected = newGame({ size: 4, seed: 9, dimensions: 3 });
    for (const [key, dir] of keys) {
      expected = played(expected, [dir]);
      await page.keyboard.press(key);
      await waitForMoves(page, expected.record.length);
    }
    expect(expected.record).toMatch(/I.*O.*I.*O/);
    const saved = await savedGame(page);
    expect(saved.record).toBe(expected.record);
    expect([...saved.board.cells]).toEqual([...expected.board.cells]);
    // A square board (the cube in progress is at stake: asked first): the cube's keys are not taken.
    await openSettings(page);
    await page.selectOption('#size-select', '4');
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), { timeout: 15_000 }).toBe(true);
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => shape(page), { timeout: 15_000 }).toBe('4');
    await page.waitForFunction(() => document.querySelector('.cube-help') === null);
    for (const key of ['f', 'b', 'PageDown', 'PageUp']) await page.keyboard.press(key);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await savedGame(page)).record, { timeout: 15_000 }).toMatch(/^[LRUD]+$/);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('plays in and out with a gamepad’s shoulder buttons: the right one away, the left one near', async () => {
    const game = await openGame(browser(), {
      query: '?dimensions=3&size=4&seed=9',
      // A pad already plugged in, whose buttons the test presses.
      initScript: `(() => {
        const pad = { index: 0, id: 'test pad', mapping: 'standard', connected: true, axes: [0, 0, 0, 0],
          buttons: Array.from({ length: 17 }, () => ({ pressed: false, value: 0 })) };
        window.testPad = pad;
        Object.defineProperty(Navigator.prototype, 'getGamepads', { configurable: true, value: () => [pad] });
      })();`,
    });
    const { page } = game;
    await cubePartShown(page);
    let expected = newGame({ size: 4, seed: 9, dimensions: 3 });
    for (const [button, dir] of [
      [5, 'in'],
      [4, 'out'],
    ] as const) {
      expected = played(expected, [dir]);
      await page.evaluate(
        (b) => ((window as unknown as { testPad: { buttons: { pressed: boolean }[] } }).testPad.buttons[b]!.pressed = true),
        button,
      );
      await waitForMoves(page, expected.record.length);
      await page.evaluate(
        (b) => ((window as unknown as { testPad: { buttons: { pressed: boolean }[] } }).testPad.buttons[b]!.pressed = false),
        button,
      );
      await page.waitForTimeout(100);
    }
    expect((await savedGame(page)).record).toBe(expected.record);
    expect(expected.record).toBe('IO');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  chromiumOnly('a touch screen (pointer: coarse, no hover) is emulated by Chromium alone')(
    'shows In, Out and Spread under a cube on a touch screen, and In and Out play as the engine does',
    async () => {
      const game = await openGame(browser(), {
        query: '?dimensions=3&size=4&seed=9',
        hasTouch: true,
        viewport: { width: 390, height: 844 },
      });
      const { page } = game;
      await cubePartShown(page);
      expect(await page.isVisible('.cube-controls')).toBe(true);
      expect(await page.evaluate(() => [...document.querySelectorAll('.cube-controls button')].map((b) => b.textContent))).toEqual([
        'In',
        'Out',
        'Spread',
      ]);
      expect(await page.textContent('.cube-help .touch-help')).toContain('tap In');
      let expected = newGame({ size: 4, seed: 9, dimensions: 3 });
      for (const dir of ['in', 'out'] as const) {
        expected = played(expected, [dir]);
        await page.click(`.cube-controls [data-cube="${dir}"]`);
        await waitForMoves(page, expected.record.length);
      }
      expect((await savedGame(page)).record).toBe(expected.record);
      expect(await game.errors()).toEqual([]);
      await game.close();
    },
  );
});
