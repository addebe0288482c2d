/**
 * History figures: the time to open "Your games" (statistics and list) with 10,000 games kept,
 * the time to keep a finished game (one IndexedDB transaction), both in the built page in
 * Chromium, and the pure parts in Node: the statistics of 10,000 games and checking an import
 * (each game replayed). `historySection` is the `history` section of `npm run bench`.
 */
import type { Direction, GameState } from '../src/engine';
import { checkArchiveGame, encodeArchive, openArchive } from '../src/history/archive';
import type { HistoryEntry } from '../src/history/entry';
import { entryOf, startMeta } from '../src/history/keep';
import { statisticsOf } from '../src/history/statistics';
import { encodeSave } from '../src/store/persistence';
import type { SectionOptions, SectionRun } from './figures';
import { figure } from './figures';
import { lastMoveOfAGame } from '../test/history/games';
import { withBuiltSite } from './site';

const entryOfGame = (game: GameState, i: number): HistoryEntry => {
  const end = Date.UTC(2026, 0, 1) + i * 3_600_000;
  return entryOf(game, 'over', { ...startMeta(game, 'normal', end - 600_000), playedMs: 500_000 }, end);
};

const KEY: Readonly<Record<Direction, string>> = { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' };

export async function historySection({ quick }: SectionOptions): Promise<SectionRun> {
  const runs = quick ? 3 : 7;
  const real = Array.from({ length: 20 }, (_, i) => entryOfGame(lastMoveOfAGame(1000 + i).after, i));
  // 10,000 summaries: the real games' under other ids (the view reads summaries; moves only to replay).
  const summaries = Array.from({ length: 10_000 }, (_, i) => {
    const { moves: _moves, ...summary } = real[i % real.length] as HistoryEntry;
    return {
      ...summary,
      id: `bench-${i}`,
      size: 4 + (i % 5),
      startedAt: summary.startedAt + i * 60_000,
      endedAt: summary.endedAt + i * 60_000,
    };
  });

  const statsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    statisticsOf(summaries, '2026-12-01');
    statsMs.push(performance.now() - start);
  }
  const archive = openArchive(encodeArchive(Array.from({ length: 1000 }, (_, i) => real[i % real.length] as HistoryEntry)));
  if (!archive.ok) throw new Error(archive.error);
  const importMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    archive.value.forEach((item, index) => checkArchiveGame(item, index));
    importMs.push(performance.now() - start);
  }

  const { openMs, keepMs } = await withBuiltSite(async ({ url, browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('#board *');
    await page.evaluate(
      (games) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('cube2048:history', 1);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('games', 'readwrite');
            for (const g of games) tx.objectStore('games').put(g);
            tx.oncomplete = () => resolve(open.result.close());
          };
        }),
      summaries,
    );
    const opened: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.click('#open-history');
      await page.waitForFunction(() => performance.getEntriesByName('cube2048:history-open').length > 0);
      opened.push(await page.evaluate(() => performance.getEntriesByName('cube2048:history-open')[0]?.duration ?? NaN));
      await page.evaluate(() => performance.clearMeasures('cube2048:history-open'));
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    }
    const kept: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { before, dir } = lastMoveOfAGame(2000 + i);
      await page.evaluate((save) => localStorage.setItem('cube2048:game:v1', save), encodeSave(before, []));
      await page.reload();
      await page.waitForSelector('#board *');
      await page.waitForTimeout(300);
      await page.focus('#game');
      await page.keyboard.press(KEY[dir]);
      await page.waitForFunction(() => performance.getEntriesByName('cube2048:history-keep').length > 0, undefined, { timeout: 10_000 });
      kept.push(await page.evaluate(() => performance.getEntriesByName('cube2048:history-keep')[0]?.duration ?? NaN));
    }
    await context.close();
    return { openMs: opened, keepMs: kept };
  });

  return {
    figures: [
      figure('history.open10000', 'open the statistics, 10,000 games kept (Chromium)', 'ms', openMs, { better: 'lower' }),
      figure('history.keep', 'keep a finished game (one IndexedDB transaction)', 'ms', keepMs, { better: 'lower' }),
      figure('history.stats10000', 'statistics of 10,000 games (pure)', 'ms', statsMs, { better: 'lower' }),
      figure('history.import1000', 'check an import of 1,000 games (each replayed)', 'ms', importMs, { better: 'lower' }),
    ],
  };
}
