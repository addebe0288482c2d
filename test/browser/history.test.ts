import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/history/entry';
import { entryOf, startMeta } from '../../src/history/keep';
import { encodeArchive } from '../../src/history/archive';
import type { TestPage } from './harness';
import { ENGINE, sharedBrowser, siteUrl } from './harness';
import { dailySeed, utcDay } from '../../src/page/daily';
import { GAME_KEY, KEY_OF, boardShown, isDialogOpen, lastMoveOfAGame, openGame, saveOf, storedGames } from './page-helpers';
import { playGame } from '../history/games';

const DB = 'cube2048:history';
const PENDING_KEY = 'cube2048:history-pending:v1';

/** Finished games as the history keeps them, ending a day apart. */
function finishedGames(count: number, firstSeed = 100): HistoryEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const { after } = lastMoveOfAGame(firstSeed + i);
    const start = Date.UTC(2026, 10, 1) + i * 86_400_000;
    return entryOf(after, 'over', { ...startMeta(after, 'normal', start), playedMs: 60_000 * (i + 1) }, start + 600_000);
  });
}

/** Writes records straight into the database, as an earlier session of the page would have (or a damaged one). */
const seedDatabase = (page: TestPage, games: readonly object[], moves: readonly object[]): Promise<void> =>
  page.evaluate(
    ({ name, games: g, moves: m }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('games', { keyPath: 'id' }).createIndex('endedAt', 'endedAt');
          open.result.createObjectStore('moves', { keyPath: 'id' });
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['games', 'moves'], 'readwrite');
          for (const x of g) tx.objectStore('games').put(x);
          for (const x of m) tx.objectStore('moves').put(x);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: DB, games: games as object[], moves: moves as object[] },
  );

const asStored = (entries: readonly HistoryEntry[]): { games: object[]; moves: object[] } => ({
  games: entries.map(({ moves: _m, ...summary }) => summary),
  moves: entries.map((e) => ({ id: e.id, moves: e.moves })),
});

const notices = (page: TestPage): Promise<string[]> => page.locator('#notices .notice p').allTextContents();

async function openHistory(page: TestPage, tab: 'stats' | 'games' = 'stats'): Promise<void> {
  await page.click('#open-history');
  await expect.poll(() => isDialogOpen(page, 'history-dialog')).toBe(true);
  await expect.poll(() => page.textContent('#history-dialog .history-status')).not.toBe('Reading your games…');
  if (tab === 'games') await page.click('#history-tab-games');
}

const figure = (page: TestPage, label: string): Promise<string | null> =>
  page.evaluate(
    (l) =>
      [...document.querySelectorAll('#history-stats .stat')].find((s) => s.querySelector('dt')?.textContent === l)?.querySelector('dd')
        ?.textContent ?? null,
    label,
  );

describe('the player’s history on the game page', () => {
  const browser = sharedBrowser();

  it('keeps a finished game in the database before the game-over dialog shows, and shows it in the statistics and the list', async () => {
    const { before, dir, after } = lastMoveOfAGame(4242);
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(before) } });
    const { page } = game;
    await page.keyboard.press(KEY_OF[dir]);
    await expect.poll(() => isDialogOpen(page, 'over-dialog'), { timeout: 5000 }).toBe(true);
    // Read at once: the dialog may show only after the game is kept.
    expect(await storedGames(page)).toEqual([
      expect.objectContaining({ score: after.score, end: 'over', mode: 'normal', moves: after.record.length }),
    ]);
    await page.keyboard.press('Escape');

    await openHistory(page);
    expect(await figure(page, 'Games played')).toBe('1');
    expect(await figure(page, 'Best score')).toBe(after.score.toLocaleString('en-US'));
    expect(await page.locator('#history-stats figure.chart svg[role="img"]').count()).toBe(2);
    expect(await page.locator('#history-stats figure.chart table').count(), 'each chart has a table too').toBe(2);

    await page.click('#history-tab-games');
    expect(await page.locator('#history-games .history-row').count()).toBe(1);
    expect(await page.textContent('#history-games .history-row strong')).toBe(
      `Score ${after.score.toLocaleString('en-US')}, best tile ${after.board.cells.reduce((m, e) => Math.max(m, 2 ** e), 0).toLocaleString('en-US')}`,
    );
    await page.click('#history-games button[data-action="replay"]');
    await expect.poll(() => isDialogOpen(page, 'replay-dialog')).toBe(true);
    expect(await isDialogOpen(page, 'history-dialog')).toBe(false);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('keeps a game left for a new one after 10 moves, and takes a game back out when it is undone from game over', async () => {
    const { earlier, earlierDir, before, dir } = lastMoveOfAGame(77);
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(earlier) } });
    const { page } = game;
    await page.keyboard.press(KEY_OF[earlierDir]);
    await page.keyboard.press(KEY_OF[dir]);
    await expect.poll(() => isDialogOpen(page, 'over-dialog'), { timeout: 5000 }).toBe(true);
    expect(await storedGames(page)).toHaveLength(1);
    await page.click('#over-dialog button[value="undo"]');
    await expect.poll(() => storedGames(page)).toEqual([]);

    // Now leave it (it has far more than 10 moves) for a new game.
    await page.click('#new-game');
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog')).toBe(true);
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => storedGames(page)).toEqual([expect.objectContaining({ end: 'left', score: before.score })]);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('loads its code when it has work, not for a game being played, and still dates the game from its start', async () => {
    const game = await openGame(browser(), { query: '?lang=en' });
    const { page } = game;
    const historyLoaded = (): Promise<boolean> =>
      page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/recorder[-.]/.test(new URL(r.name).pathname)));
    for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown']) await page.keyboard.press(key);
    await expect.poll(() => page.evaluate(() => document.querySelector('#moves')?.textContent)).not.toBe('0');
    // A pause in which an eager history would have come.
    await page.waitForTimeout(1500);
    expect(await historyLoaded()).toBe(false);

    // Opening "Your games" brings it, with the game in progress counted from the page's start.
    await page.click('#open-history');
    await expect.poll(() => isDialogOpen(page, 'history-dialog'), { timeout: 10_000 }).toBe(true);
    expect(await historyLoaded()).toBe(true);
    const meta = await page.evaluate(() => JSON.parse(localStorage.getItem('cube2048:history-meta:v1') ?? 'null') as unknown);
    expect(meta).toMatchObject({ mode: 'normal', startedAt: expect.any(Number), playedMs: expect.any(Number) });
    const { startedAt, playedMs } = meta as { startedAt: number; playedMs: number };
    expect(playedMs).toBeGreaterThan(0);
    expect(startedAt).toBeLessThan(Date.now() - 1500);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('lists 10,000 kept games a page at a time, filters, sorts, deletes after asking, imports a file (duplicates merged, a tampered game named) and clears after asking', async () => {
    const game = await openGame(browser());
    const { page } = game;
    const real = finishedGames(3);
    // 10,000 games: the three real ones and copies of them under other ids (the list and statistics read summaries only).
    const copies = Array.from({ length: 9_997 }, (_, i) => ({
      ...asStored(real).games[i % 3],
      id: `copy-${i}`,
      startedAt: Date.UTC(2027, 0, 1) + i * 60_000 - 600_000,
      endedAt: Date.UTC(2027, 0, 1) + i * 60_000,
      size: 4 + (i % 5),
    }));
    await seedDatabase(page, [...asStored(real).games, ...copies], asStored(real).moves);
    await openHistory(page);
    expect(await figure(page, 'Games played')).toBe('10,000');
    const measured = await page.evaluate(() => performance.getEntriesByName('cube2048:history-open').map((m) => Math.round(m.duration)));
    console.log(`history: opened the statistics of 10,000 kept games in ${measured.join(', ')} ms (${ENGINE})`);

    await page.click('#history-tab-games');
    expect(await page.textContent('#history-games .history-count')).toBe('Showing 50 of 10,000 games');
    expect(await page.locator('#history-games .history-row').count()).toBe(50);
    await page.click('#history-games .history-more');
    expect(await page.locator('#history-games .history-row').count()).toBe(100);
    await page.selectOption('#history-games .history-filter:nth-child(1) select', '4');
    expect(await page.textContent('#history-games .history-count')).toBe('Showing 50 of 2,003 games');
    await page.selectOption('#history-games .history-filter:nth-child(1) select', 'all');
    await page.selectOption('#history-games .history-filter:nth-child(3) select', 'oldest');
    expect(await page.textContent('#history-games .history-row strong')).toBe(
      `Score ${real[0]?.score.toLocaleString('en-US')}, best tile ${real[0]?.maxTile.toLocaleString('en-US')}`,
    );

    // Delete the oldest (a real game) after asking; keeping it first changes nothing.
    await page.click('#history-games .history-row button[data-action="delete"]');
    await page.click('#confirm-dialog button[value="cancel"]');
    expect(await storedGames(page)).toHaveLength(10_000);
    await page.click('#history-games .history-row button[data-action="delete"]');
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => page.textContent('#history-dialog .history-status')).toBe('Game deleted.');
    expect((await storedGames(page)).map((g) => g.id)).not.toContain(real[0]?.id);

    // Import: the deleted game comes back, the others were already kept, a tampered one is named and skipped.
    const tampered = { ...finishedGames(1, 500)[0], score: 999_999 } as HistoryEntry;
    await page.setInputFiles('#history-import-file', {
      name: 'history.json',
      mimeType: 'application/json',
      buffer: Buffer.from(encodeArchive([...real, tampered])),
    });
    await expect
      .poll(() => page.textContent('#history-dialog .history-status'))
      .toMatch(/^Imported 1 game; 2 were already kept\. 1 entry was skipped: Game 4: /);
    expect(await storedGames(page)).toHaveLength(10_000);

    await page.setInputFiles('#history-import-file', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"cube2048-history","v":1,"games":['),
    });
    await expect
      .poll(() => page.textContent('#history-dialog .history-status'))
      .toMatch(/^That file cannot be imported: .+ Nothing was changed\.$/);
    expect(await storedGames(page)).toHaveLength(10_000);

    await page.click('#history-dialog .history-actions button.danger');
    await expect.poll(() => page.textContent('#confirm-dialog [data-confirm="title"]')).toBe('Clear your history?');
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => storedGames(page)).toEqual([]);
    expect(await page.textContent('#history-games .history-empty')).toContain('No games kept yet');
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  // In WebKit this fails only in a full run, after other files, and passes alone: left to Chromium and Firefox there (docs/engines.md).
  it.skipIf(ENGINE === 'webkit')(
    'keeps cube games apart from square ones: a board choice for each shape, and a cube’s row named by its shape',
    async () => {
      const { page, close, errors } = await openGame(browser());
      const cube = playGame({ size: 3, dimensions: 3, seed: 8 });
      const cubeEntry = entryOf(
        cube,
        'over',
        { ...startMeta(cube, 'normal', Date.UTC(2026, 10, 5)), playedMs: 90_000 },
        Date.UTC(2026, 10, 5) + 600_000,
      );
      const squares = finishedGames(2);
      const square5 = { ...asStored(squares).games[0], id: 'square-5', size: 5 };
      await seedDatabase(page, [...asStored([...squares, cubeEntry]).games, square5], asStored([...squares, cubeEntry]).moves);
      await openHistory(page, 'games');
      // The board choices are filled once the kept games have been read.
      await expect
        .poll(() => page.locator('#history-games .history-filter:nth-child(1) option').allTextContents(), { timeout: 15_000 })
        .toEqual(['All boards', '4 × 4', '5 × 5', '3 × 3 × 3']);
      await page.selectOption('#history-games .history-filter:nth-child(1) select', '3x3x3');
      await expect.poll(() => page.textContent('#history-games .history-count')).toBe('1 game');
      expect(await page.textContent('#history-games .history-row-details')).toMatch(
        new RegExp(`^3 × 3 × 3 · ${cube.record.length} moves · `),
      );
      await page.selectOption('#history-games .history-filter:nth-child(1) select', '5');
      expect(await page.locator('#history-games .history-row').count()).toBe(1);
      await page.click('#history-tab-stats');
      await page.selectOption('#history-stats .history-filter select', '3x3x3');
      expect(await figure(page, 'Games played')).toBe('1');
      expect(await figure(page, 'Best score')).toBe(cube.score.toLocaleString('en-US'));
      expect(await errors()).toEqual([]);
      await close();
    },
  );

  it('keeps an embed’s games in its own database only when it asks for history', async () => {
    const { before, dir, after } = lastMoveOfAGame(4242);
    const game = await openGame(browser(), { storage: { 'cube2048:frame:game:v1': saveOf(before) } });
    const { page } = game;
    const playLastMove = async (query: string): Promise<void> => {
      await page.evaluate((save) => localStorage.setItem('cube2048:frame:game:v1', save), saveOf(before));
      await page.goto(siteUrl(`embed.html?skin=flat${query}`));
      await page.waitForFunction(() => document.body.childElementCount > 0);
      await page.waitForTimeout(300);
      await page.keyboard.press(KEY_OF[dir]);
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cube2048:frame:game:v1') ?? '{}').game?.status))
        .toBe('over');
    };
    await playLastMove('');
    await page.waitForTimeout(500);
    expect(await storedGames(page, 'cube2048:frame:history'), 'no history unless asked').toEqual([]);
    await playLastMove('&history');
    await expect
      .poll(() => storedGames(page, 'cube2048:frame:history'), { timeout: 5000 })
      .toEqual([expect.objectContaining({ score: after.score, end: 'over' })]);
    expect(await storedGames(page), 'the page’s own history is apart').toEqual([]);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('names a kept record that cannot be read, leaves it in the database, and shows the rest', async () => {
    const game = await openGame(browser());
    const { page } = game;
    const [good] = finishedGames(1);
    await seedDatabase(
      page,
      [...asStored([good as HistoryEntry]).games, { id: 'damaged', size: 99, score: 'lots' }],
      asStored([good as HistoryEntry]).moves,
    );
    await openHistory(page);
    expect(await page.textContent('#history-dialog .history-status')).toBe(
      '1 kept game could not be read and is left out; it stays in the database untouched.',
    );
    expect(await figure(page, 'Games played')).toBe('1');
    expect(await storedGames(page)).toHaveLength(2);
    await game.close();
  });
});

// The faults run in Chromium only, as the issue asks: each is the browser's own behaviour, provoked.
describe.runIf(ENGINE === 'chromium')('the history when the database fails', () => {
  const browser = sharedBrowser();

  it('says once, when a game is first to be kept, that games cannot be kept when the database cannot be opened, and the game still plays', async () => {
    const { before, dir } = lastMoveOfAGame(4242);
    const game = await openGame(browser(), {
      storage: { [GAME_KEY]: saveOf(before) },
      initScript: `IDBFactory.prototype.open = function () { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };`,
    });
    const { page } = game;
    // The history's code loads when it has work (page/history-on-demand.ts): here, the game that ends.
    await page.keyboard.press(KEY_OF[dir]);
    await expect
      .poll(() => notices(page), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(
          /^Your games cannot be kept in this browser: the browser refused its database \(SecurityError\)\. The game plays on/,
        ),
      ]);
    await expect.poll(() => isDialogOpen(page, 'over-dialog'), { timeout: 5000 }).toBe(true);
    expect(await notices(page)).toHaveLength(1);
    // The finished game waits beside the save for a database that works.
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), PENDING_KEY)) ?? '[]')).toHaveLength(1);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('waits for an older tab that blocks the upgrade, says so, and keeps the game once that tab closes', async () => {
    const { before, dir, after } = lastMoveOfAGame(4242);
    // "The older tab": a connection opened before the page, never closing on request; the page's open asks for a newer version.
    const game = await openGame(browser(), {
      storage: { [GAME_KEY]: saveOf(before) },
      initScript: `
        const realOpen = IDBFactory.prototype.open;
        const older = realOpen.call(indexedDB, 'cube2048:history', 1);
        older.onupgradeneeded = () => { older.result.createObjectStore('games', { keyPath: 'id' }).createIndex('endedAt', 'endedAt'); older.result.createObjectStore('moves', { keyPath: 'id' }); };
        older.onsuccess = () => { window.__olderTab = older.result; };
        IDBFactory.prototype.open = function (name, version) { return realOpen.call(this, name, version === undefined ? undefined : version + 1); };`,
    });
    const { page } = game;
    await page.keyboard.press(KEY_OF[dir]);
    await expect
      .poll(() => notices(page), { timeout: 6000 })
      .toEqual([expect.stringContaining('another cube2048 tab is using an older version')]);
    await expect.poll(() => isDialogOpen(page, 'over-dialog'), { timeout: 6000 }).toBe(true);
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), PENDING_KEY)) ?? '[]')).toHaveLength(1);
    await page.evaluate(() => (window as unknown as { __olderTab: IDBDatabase }).__olderTab.close());
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), PENDING_KEY)).toBeNull();
    expect(await storedGames(page)).toEqual([expect.objectContaining({ score: after.score })]);
    await game.close();
  });

  it('reports a write refused for quota, keeps the game waiting, and writes it on the next visit', async () => {
    const { before, dir, after } = lastMoveOfAGame(4242);
    const game = await openGame(browser(), {
      storage: { [GAME_KEY]: saveOf(before) },
      initScript: `if (!sessionStorage.getItem('roomAgain')) IDBObjectStore.prototype.put = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };`,
    });
    const { page } = game;
    await page.keyboard.press(KEY_OF[dir]);
    await expect.poll(() => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '{}').game?.status, GAME_KEY)).toBe('over');
    await expect.poll(() => notices(page), { timeout: 10_000 }).toEqual([expect.stringContaining("the browser's storage is full")]);
    expect(await storedGames(page)).toEqual([]);
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), PENDING_KEY)) ?? '[]')).toHaveLength(1);
    await page.evaluate(() => sessionStorage.setItem('roomAgain', '1'));
    await page.reload();
    await boardShown(page);
    await expect.poll(() => storedGames(page)).toEqual([expect.objectContaining({ score: after.score, end: 'over' })]);
    expect(await page.evaluate((k) => localStorage.getItem(k), PENDING_KEY)).toBeNull();
    await game.close();
  });

  it('loses nothing when two tabs keep games at the same moment', async () => {
    // One tab plays the normal game, the other today's challenge: two stores, one database.
    const normal = lastMoveOfAGame(4242);
    const daily = lastMoveOfAGame(dailySeed(utcDay(new Date())));
    const game = await openGame(browser(), {
      storage: { [GAME_KEY]: saveOf(normal.before), 'cube2048:daily:game:v1': saveOf(daily.before) },
    });
    const other = await game.context.newPage();
    await other.goto(new URL('?daily', await game.page.url()).href);
    await boardShown(other);
    await Promise.all([game.page.keyboard.press(KEY_OF[normal.dir]), other.keyboard.press(KEY_OF[daily.dir])]);
    await expect.poll(() => storedGames(game.page).then((games) => games.map((g) => g.mode).sort())).toEqual(['daily', 'normal']);
    await game.close();
  });
});
