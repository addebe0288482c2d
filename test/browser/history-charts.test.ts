/**
 * The statistics' charts as a player reads them: at one, three and 10,000 games, with 6- and
 * 7-digit scores, in English, German, Arabic and Japanese, no label is cut by the chart's edge,
 * runs into another label or lies under a bar (geometry, not pixels), and the sentences beside
 * them read well for one game.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/history/entry';
import { entryOf, startMeta } from '../../src/history/keep';
import type { TestPage } from './harness';
import { sharedBrowser } from './harness';
import { lastMoveOfAGame, openGame } from './page-helpers';

const DB = 'cube2048:history';
const DAY = 86_400_000;

/** `count` kept games (summaries only: the statistics read no moves) with big scores and tiles, `days` apart. */
function bigGames(count: number, days: number): object[] {
  const { after } = lastMoveOfAGame(77);
  const base: HistoryEntry = entryOf(after, 'over', startMeta(after, 'normal', Date.UTC(2026, 10, 1)), Date.UTC(2026, 10, 1) + 600_000);
  const { moves: _moves, ...summary } = base;
  const tiles = [131072, 65536, 8192, 2048, 512];
  return Array.from({ length: count }, (_, i) => ({
    ...summary,
    id: `big-${i}`,
    score: [177_176, 1_234_567, 96_004][i % 3],
    maxTile: tiles[i % tiles.length],
    startedAt: Date.UTC(2026, 10, 1) + Math.floor((i * days) / Math.max(1, count - 1)) * DAY,
    endedAt: Date.UTC(2026, 10, 1) + Math.floor((i * days) / Math.max(1, count - 1)) * DAY + 600_000,
  }));
}

/** Replaces the page's kept games with `games` (the database as the history made it). */
const replaceGames = (page: TestPage, games: readonly object[]): Promise<void> =>
  page.evaluate(
    ({ name, games: g }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['games', 'moves'], 'readwrite');
          tx.objectStore('games').clear();
          tx.objectStore('moves').clear();
          for (const x of g) tx.objectStore('games').put(x);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: DB, games: games as object[] },
  );

/** What is wrong with the charts' labels: cut by the drawing's edge, over another label, or under a bar. */
const labelFaults = (page: TestPage): Promise<string[]> =>
  page.evaluate(() => {
    const faults: string[] = [];
    const inside = (r: DOMRect, box: DOMRect): boolean =>
      r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    const overlap = (a: DOMRect, b: DOMRect): boolean =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    for (const chart of document.querySelectorAll<SVGSVGElement>('#history-dialog svg.chart-svg')) {
      const box = chart.getBoundingClientRect();
      const texts = [...chart.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }));
      const bars = [...chart.querySelectorAll('rect')].map((b) => b.getBoundingClientRect());
      const kind = chart.classList.contains('tiles') ? 'tiles' : 'scores';
      for (const [i, a] of texts.entries()) {
        if (!inside(a.r, box)) faults.push(`${kind}: "${a.text}" is cut by the chart's edge`);
        for (const b of texts.slice(i + 1)) if (overlap(a.r, b.r)) faults.push(`${kind}: "${a.text}" runs into "${b.text}"`);
        for (const bar of bars) if (overlap(a.r, bar)) faults.push(`${kind}: "${a.text}" lies under a bar`);
      }
    }
    return faults;
  });

async function showStatistics(page: TestPage): Promise<void> {
  await page.click('#open-history');
  // The first opening loads the view's code, and 10,000 games take a while to read on a busy machine.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('#history-dialog svg.chart-svg').length), { timeout: 30_000 })
    .toBe(2);
  // Measured at rest: the sheet's opening animation moves and scales everything in it while it runs.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))).then(() => undefined),
  );
}

const closeStatistics = (page: TestPage): Promise<void> =>
  page.evaluate(() => (document.getElementById('history-dialog') as HTMLDialogElement).close(''));

const descriptions = (page: TestPage): Promise<string[]> => page.locator('#history-dialog .chart-desc').allTextContents();

describe('the statistics charts in every language and at every count', () => {
  const browser = sharedBrowser();

  it.each(['en', 'de', 'ar', 'ja'])('leave no label cut, overlapping or under a bar at 1, 3 and 10,000 games (%s)', async (lang) => {
    const game = await openGame(browser(), { query: `?lang=${lang}` });
    const { page } = game;
    // The history's database exists once the recorder has opened it: its code loads when Your games is first opened.
    await page.click('#open-history');
    await expect
      .poll(() => page.evaluate(() => (document.getElementById('history-dialog') as HTMLDialogElement | null)?.open ?? false), {
        timeout: 30_000,
      })
      .toBe(true);
    await closeStatistics(page);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'cube2048:history')), { timeout: 30_000 })
      .toBe(true);
    for (const [count, days] of [
      [1, 0],
      [3, 0],
      [3, 20],
      [10_000, 400],
    ] as const) {
      await replaceGames(page, bigGames(count, days));
      await showStatistics(page);
      expect(await labelFaults(page), `${count} games over ${days} days`).toEqual([]);
      const said = await descriptions(page);
      if (lang === 'en' && count === 1)
        expect(said).toEqual(['One game, which ended with 131,072.', 'One game, on 1 Nov 2026: a score of 177,176.']);
      if (lang === 'en' && count === 3 && days === 0)
        expect(said).toEqual([
          '3 games. Best tile 131,072; no tile ended more games than another.',
          '3 games on 1 Nov 2026: scores from 96,004 to 1,234,567.',
        ]);
      await closeStatistics(page);
    }
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
