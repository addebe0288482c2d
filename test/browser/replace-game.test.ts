/**
 * Every way the game page replaces a game in progress asks first (game-ui/replace.ts), and the
 * game left behind reaches Your games by the keep rule (10 moves or more): links (`?seed=`,
 * `?size=`, a shared `#g=` game played on from, today's challenge over an earlier day's), the
 * settings' board size, and a replay played on from during the daily challenge. The embeds
 * and the iframe page are in embed-replace.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { newGame, toRows } from '../../src/engine';
import { DAILY_KEY_PREFIX, dailySeed, utcDay } from '../../src/page/daily';
import { ReplayTimeline, encodeRecord, recordOf } from '../../src/replay/record';
import { playGame } from '../history/games';
import type { TestPage } from './harness';
import { sharedBrowser, siteUrl } from './harness';
import { GAME_KEY, boardShown, isDialogOpen, openGame, openSettings, readGrid, saveOf, storedGames, waitForMoves } from './page-helpers';

/** A game of 15 moves in progress: one the keep rule keeps when it is left. */
const fifteenMoves = (seed = 21): GameState => playGame({ size: 4, seed, moves: 15 });

const confirmTitle = (page: TestPage): Promise<string | null> => page.textContent('#confirm-title');

/** Waits for the question, and answers it: "Keep playing" (cancel) or "New game" (confirm). */
async function answer(page: TestPage, with_: 'cancel' | 'confirm'): Promise<void> {
  await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), { timeout: 15_000 }).toBe(true);
  await page.click(`#confirm-dialog button[value="${with_}"]`);
  await expect.poll(() => isDialogOpen(page, 'confirm-dialog')).toBe(false);
}

/** The game `left` is in Your games, kept as left with all its moves. */
async function expectKept(page: TestPage, left: GameState, mode = 'normal'): Promise<void> {
  await expect
    .poll(() => storedGames(page), { timeout: 15_000 })
    .toEqual([expect.objectContaining({ end: 'left', score: left.score, moves: left.record.length, mode })]);
}

const goto = async (page: TestPage, path: string): Promise<void> => {
  await page.goto(siteUrl(path));
  await boardShown(page);
};

describe('replacing a game in progress on the game page', () => {
  const browser = sharedBrowser();

  it('a ?seed= link asks first: "Keep playing" keeps the game, "New game" starts the link’s game and keeps the old one', async () => {
    const mine = fifteenMoves();
    const game = await openGame(browser(), { query: '?seed=77', storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), { timeout: 15_000 }).toBe(true);
    expect(await confirmTitle(page)).toBe('Start game 77?');
    expect(await page.textContent('#confirm-dialog [data-confirm="message"]')).toBe(
      `Your current game, with a score of ${mine.score.toLocaleString('en-US')}, will end.`,
    );
    await answer(page, 'cancel');
    await waitForMoves(page, 15);
    expect(await readGrid(page)).toEqual(toRows(mine.board));
    expect(new URL(await page.url()).search, 'the address no longer starts a game').toBe('');

    await goto(page, 'index.html?seed=77');
    await answer(page, 'confirm');
    await waitForMoves(page, 0);
    expect(await readGrid(page)).toEqual(toRows(newGame({ seed: 77 }).board));
    await expectKept(page, mine);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('a ?size= link asks first, and keeps the game it replaces', async () => {
    const mine = fifteenMoves();
    const game = await openGame(browser(), { query: '?size=5', storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), { timeout: 15_000 }).toBe(true);
    expect(await confirmTitle(page)).toBe('Start a 5 × 5 game?');
    await answer(page, 'cancel');
    await waitForMoves(page, 15);
    expect((await readGrid(page)).length).toBe(4);

    await goto(page, 'index.html?size=5');
    await answer(page, 'confirm');
    await expect.poll(async () => (await readGrid(page)).length).toBe(5);
    await expectKept(page, mine);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('a link over a game with nothing at stake starts its game without a question', async () => {
    const game = await openGame(browser(), { query: '?seed=77' });
    const { page } = game;
    expect(await readGrid(page)).toEqual(toRows(newGame({ seed: 77 }).board));
    expect(await isDialogOpen(page, 'confirm-dialog')).toBe(false);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('a shared game (#g=) played on from asks first, and keeps the game it replaces', async () => {
    const mine = fifteenMoves();
    const shared = recordOf(playGame({ size: 4, seed: 5, moves: 30 }));
    const game = await openGame(browser(), { query: `#g=${encodeRecord(shared)}`, storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), { timeout: 15_000 }).toBe(true);
    await page.click('#replay-dialog [data-action="fork"]');
    await expect.poll(() => confirmTitle(page)).toBe('Play on from this move?');
    await answer(page, 'cancel');
    expect(await isDialogOpen(page, 'replay-dialog')).toBe(true);
    expect(await readGrid(page)).toEqual(toRows(mine.board));

    await page.click('#replay-dialog [data-action="fork"]');
    await answer(page, 'confirm');
    await expect.poll(() => isDialogOpen(page, 'replay-dialog')).toBe(false);
    expect(await readGrid(page)).toEqual(toRows(new ReplayTimeline(shared).stateAt(0).board));
    await expectKept(page, mine);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('a replay played on from during the daily challenge keeps the normal game it replaces', async () => {
    const mine = fifteenMoves();
    const shared = recordOf(playGame({ size: 4, seed: 5, moves: 30 }));
    const game = await openGame(browser(), { query: `?daily#g=${encodeRecord(shared)}`, storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), { timeout: 15_000 }).toBe(true);
    await page.click('#replay-dialog [data-action="fork"]');
    await expect
      .poll(() => page.textContent('#confirm-dialog [data-confirm="message"]'))
      .toBe(`Your saved game, with a score of ${mine.score.toLocaleString('en-US')}, will end.`);
    await answer(page, 'cancel');
    expect(await isDialogOpen(page, 'replay-dialog')).toBe(true);

    await page.click('#replay-dialog [data-action="fork"]');
    await answer(page, 'confirm');
    await page.waitForURL((url) => !url.search.includes('daily'));
    await boardShown(page);
    await expectKept(page, mine);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('today’s challenge over a daily game of an earlier day asks first, and keeps that game', async () => {
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    const earlier = playGame({ size: 4, seed: dailySeed(yesterday), moves: 15 });
    const game = await openGame(browser(), { query: '?daily', storage: { [`${DAILY_KEY_PREFIX}:game:v1`]: saveOf(earlier) } });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), { timeout: 15_000 }).toBe(true);
    await answer(page, 'cancel');
    await waitForMoves(page, 15);
    expect(await readGrid(page)).toEqual(toRows(earlier.board));

    await goto(page, 'index.html?daily');
    await answer(page, 'confirm');
    await waitForMoves(page, 0);
    expect(await readGrid(page)).toEqual(toRows(newGame({ seed: dailySeed(utcDay(new Date())) }).board));
    await expect
      .poll(() => storedGames(page), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ end: 'left', score: earlier.score, moves: 15 })]);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('the settings’ board size asks first, and keeps the game it replaces', async () => {
    const mine = fifteenMoves();
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await openSettings(page);
    await page.selectOption('#size-select', '6');
    await expect.poll(() => confirmTitle(page)).toBe('Start a 6 × 6 game?');
    await answer(page, 'cancel');
    await waitForMoves(page, 15);
    expect((await readGrid(page)).length).toBe(4);

    await page.selectOption('#size-select', '6');
    await answer(page, 'confirm');
    await expect.poll(async () => (await readGrid(page)).length).toBe(6);
    await expectKept(page, mine);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
