/**
 * Games the AI helped with, as a player meets them in "Your games": a game autoplayed and left,
 * and one finished after a hint, are marked with what the AI did, and the statistics count the
 * player's own games until the player asks to count the assisted ones too.
 */
import { describe, expect, it } from 'vitest';
import type { TestPage } from './harness';
import { sharedBrowser } from './harness';
import { GAME_KEY, KEY_OF, boardShown, isDialogOpen, lastMoveOfAGame, liveText, openGame, readHud, saveOf } from './page-helpers';

/** Every kept game's summary in the page's history database: its score and the help it had. */
const keptGames = (page: TestPage): Promise<{ score: number; end: string; aiMoves?: number; hints?: number }[]> =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('cube2048:history');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('games')) return resolve([]);
          const all = db.transaction('games').objectStore('games').getAll();
          all.onsuccess = () => {
            resolve(all.result as { score: number; end: string; aiMoves?: number; hints?: number }[]);
            db.close();
          };
        };
      }),
  );

async function openHistory(page: TestPage): Promise<void> {
  await page.click('#open-history');
  await expect.poll(() => isDialogOpen(page, 'history-dialog')).toBe(true);
  await expect.poll(() => page.textContent('#history-dialog .history-status'), { timeout: 10_000 }).not.toBe('Reading your games…');
}

const figure = (page: TestPage, label: string): Promise<string | null> =>
  page.evaluate(
    (l) =>
      [...document.querySelectorAll('#history-stats .stat')].find((s) => s.querySelector('dt')?.textContent === l)?.querySelector('dd')
        ?.textContent ?? null,
    label,
  );

const autoplayOn = async (page: TestPage): Promise<boolean> => (await page.getAttribute('#ai-autoplay', 'aria-pressed')) === 'true';

describe('games the AI helped with, in Your games', () => {
  const browser = sharedBrowser();

  it('keeps the BEST card to the player’s own games: an autoplayed game does not raise it, nor does playing it on after a reload', async () => {
    const game = await openGame(browser(), { query: '?seed=31' });
    const { page } = game;
    await page.selectOption('#ai-speed', 'fast');
    await page.click('#ai-autoplay');
    await expect.poll(() => autoplayOn(page), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await readHud(page)).score, { timeout: 20_000 }).toBeGreaterThan(40);
    await page.click('#ai-autoplay');
    await expect.poll(() => autoplayOn(page)).toBe(false);
    expect((await readHud(page)).best).toBe(0);
    // The history's meta beside the save says the AI helped: after a reload the player's own moves do not raise it either.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cube2048:history-meta:v1') ?? ''), { timeout: 10_000 })
      .toContain('aiMoves');
    await page.reload();
    await boardShown(page);
    await page.evaluate(() => document.getElementById('game')?.focus());
    for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp']) await page.keyboard.press(key);
    await expect.poll(async () => (await readHud(page)).moves).toBeGreaterThan(0);
    const hud = await readHud(page);
    expect(hud.score).toBeGreaterThan(40);
    expect(hud.best).toBe(0);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('marks a game autoplayed and left, and counts only the player’s own game until asked to count it too', async () => {
    // The player's own game first: its last move, by a key.
    const { before, dir, after } = lastMoveOfAGame(4242);
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(before) } });
    const { page } = game;
    await page.keyboard.press(KEY_OF[dir]);
    await expect.poll(() => isDialogOpen(page, 'over-dialog'), { timeout: 5000 }).toBe(true);
    await page.click('#over-dialog button[value="again"]');

    // Then a game the AI plays, stopped after a dozen moves and left for a new one.
    await page.selectOption('#ai-speed', 'fast');
    await page.click('#ai-autoplay');
    await expect.poll(() => autoplayOn(page), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await readHud(page)).moves, { timeout: 20_000 }).toBeGreaterThanOrEqual(12);
    await page.click('#ai-autoplay');
    await expect.poll(() => autoplayOn(page)).toBe(false);
    const aiMoves = (await readHud(page)).moves;
    await page.click('#new-game');
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog')).toBe(true);
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect
      .poll(() => keptGames(page), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.objectContaining({ end: 'left', aiMoves })]));
    expect((await keptGames(page)).find((g) => g.end === 'over')).not.toHaveProperty('aiMoves');

    await openHistory(page);
    // The statistics count the player's game alone: its score is the best, one game played.
    expect(await figure(page, 'Games played')).toBe('1');
    expect(await figure(page, 'Best score')).toBe(after.score.toLocaleString('en-US'));
    const include = page.locator('#history-stats input[type="checkbox"]');
    const checked = (): Promise<boolean> => include.evaluate((box) => (box as HTMLInputElement).checked);
    expect(await checked()).toBe(false);
    expect(await page.locator('#history-stats .history-check').textContent()).toBe('Count the games the AI helped with (1)');
    await include.click();
    await expect.poll(() => figure(page, 'Games played')).toBe('2');
    expect(await checked()).toBe(true);

    // The list marks the AI's game, in words a screen reader reads with the row.
    await page.click('#history-tab-games');
    const rows = page.locator('#history-games .history-row');
    await expect.poll(() => rows.count()).toBe(2);
    const marked = page.locator('#history-games .history-row[data-assisted]');
    expect(await marked.count()).toBe(1);
    expect(await marked.locator('.history-badge.assisted').textContent()).toBe('AI helped');
    expect(await marked.locator('.history-row-details').textContent()).toContain(`AI moves: ${aiMoves} · hints: 0`);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('marks a game the player finished after a hint, in the page’s language', async () => {
    const { before, dir } = lastMoveOfAGame(4242);
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(before) }, query: '?lang=de' });
    const { page } = game;
    await page.click('#ai-hint');
    await expect.poll(() => page.getAttribute('#game', 'data-hint'), { timeout: 10_000 }).toMatch(/^(left|right|up|down)$/);
    expect(await liveText(page)).toMatch(/^Tipp/);
    await page.focus('#game');
    await page.keyboard.press(KEY_OF[dir]);
    await expect.poll(() => isDialogOpen(page, 'over-dialog'), { timeout: 5000 }).toBe(true);
    expect(await keptGames(page)).toEqual([expect.objectContaining({ end: 'over', hints: 1 })]);
    await page.keyboard.press('Escape');
    await openHistory(page);
    expect(await figure(page, 'Gespielte Spiele')).toBe('0');
    expect(await page.locator('#history-stats .history-check').textContent()).toBe('Spiele mit KI-Hilfe mitzählen (1)');
    await page.click('#history-tab-games');
    expect(await page.locator('#history-games .history-row[data-assisted] .history-badge.assisted').textContent()).toBe('Mit KI-Hilfe');
    expect(await page.locator('#history-games .history-row-details').textContent()).toContain('KI-Züge: 0 · Tipps: 1');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
