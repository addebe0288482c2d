/**
 * The settings offer the 3D cubes' looks, each with a small swatch, and the board's named
 * views (issue 25): a look chosen is remembered, a view chosen turns the board there (and the
 * page keeps it as any view the player leaves); both are the cubes' alone.
 */
import { describe, expect, it } from 'vitest';
import type { CameraView } from '../../src/skins/camera-view';
import { LOOKS, NAMED_VIEWS, VIEW_NAMES } from '../../src/skins/looks';
import type { TestPage } from './harness';
import { sharedBrowser } from './harness';
import { SETTINGS_KEY, choose, openGame, openSettings } from './page-helpers';

const browser = sharedBrowser();

/** The settings as the page saved them. */
const saved = (page: TestPage): Promise<{ look?: string; view?: CameraView | null }> =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { look?: string; view?: CameraView | null }, SETTINGS_KEY);

/** What the settings dialog offers for the cubes: each choice's value, whether it is checked, and whether it has a swatch. */
const offered = (page: TestPage, name: 'look' | 'view'): Promise<{ value: string; checked: boolean; swatch: boolean }[]> =>
  page.evaluate(
    (name) =>
      [...document.querySelectorAll<HTMLInputElement>(`#settings-dialog input[name="${name}"]`)].map((input) => ({
        value: input.value,
        checked: input.checked,
        swatch: input.parentElement?.querySelector('.swatch') != null,
      })),
    name,
  );

const rowsShown = (page: TestPage): Promise<boolean[]> =>
  page.evaluate(() => ['look', 'view'].map((row) => !(document.querySelector(`[data-row="${row}"]`) as HTMLElement).hidden));

describe('the settings’ looks and views', () => {
  it('offer each look with its swatch and each view, remember the look, and turn the board to the view chosen', async () => {
    const game = await openGame(browser(), { skin: 'cubes', viewport: { width: 480, height: 720 } });
    const { page } = game;
    await openSettings(page);
    expect(await rowsShown(page)).toEqual([true, true]);
    expect(await offered(page, 'look')).toEqual(LOOKS.map((value) => ({ value, checked: value === 'clay', swatch: true })));
    expect(await offered(page, 'view')).toEqual(VIEW_NAMES.map((value) => ({ value, checked: value === 'tilted', swatch: false })));

    await choose(page, 'look', 'neon');
    await expect.poll(async () => (await saved(page)).look, { timeout: 10_000 }).toBe('neon');
    await choose(page, 'view', 'top');
    await expect.poll(async () => (await saved(page)).view, { timeout: 15_000 }).toEqual(NAMED_VIEWS.top);
    await choose(page, 'view', 'tilted');
    await expect.poll(async () => (await saved(page)).view, { timeout: 15_000 }).toBeNull();
    await choose(page, 'view', 'top');
    await expect.poll(async () => (await saved(page)).view, { timeout: 15_000 }).toEqual(NAMED_VIEWS.top);

    // Remembered: after a reload the dialog shows the look and the view the player left.
    await page.reload();
    await openSettings(page);
    expect((await offered(page, 'look')).filter((c) => c.checked).map((c) => c.value)).toEqual(['neon']);
    expect((await offered(page, 'view')).filter((c) => c.checked).map((c) => c.value)).toEqual(['top']);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('leave the looks and views out while the flat board is shown', async () => {
    const game = await openGame(browser(), { skin: 'flat' });
    await openSettings(game.page);
    await expect.poll(() => rowsShown(game.page), { timeout: 10_000 }).toEqual([false, false]);
    await choose(game.page, 'skin', 'cubes');
    await expect.poll(() => rowsShown(game.page), { timeout: 15_000 }).toEqual([true, true]);
    await game.close();
  });
});
