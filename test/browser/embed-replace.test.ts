/**
 * An embed replaces its game the one way the page does (game-ui/replace.ts): the player's New
 * game asks first when play is at stake; a host's code (`newGame()`, the element's `seed` and
 * `size` attributes, the game a mount asks for over a saved one) is not asked, but with the
 * `history` option the game it replaces is kept by the keep rule, even before the history's
 * code has come. The iframe page's `newGame` message is in embed-iframe.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Cube2048Element } from '../../src/embed/element';
import type { GameState } from '../../src/engine';
import { playGame } from '../history/games';
import { openEmbedsPage, useFixtures } from './fixtures/serve';
import type { OpenedPage } from './harness';
import { sharedBrowser } from './harness';
import { saveOf, storedGames } from './page-helpers';

const browser = sharedBrowser();
const fixtures = useFixtures();

/** A game of 15 moves in progress: one the keep rule keeps when it is left. */
const mine: GameState = playGame({ size: 4, seed: 21, moves: 15 });

/** The fixture page, with `mine` saved under the storage key `key` before any game mounts. */
async function hostPage(key: string): Promise<OpenedPage> {
  const opened = await openEmbedsPage(browser(), fixtures());
  await opened.page.evaluate(([k, save]) => localStorage.setItem(`cube2048:${k}:game:v1`, save), [key, saveOf(mine)] as const);
  return opened;
}

/** The game left behind is in the embed's own history, kept as left with all its moves. */
const expectKept = (opened: OpenedPage, key: string): Promise<void> =>
  expect
    .poll(() => storedGames(opened.page, `cube2048:${key}:history`), { timeout: 15_000 })
    .toEqual([expect.objectContaining({ end: 'left', score: mine.score, moves: 15 })]);

describe('replacing an embedded game in progress', () => {
  it('newGame() from the host replaces the game at once, without a question, and keeps the old one with history', async () => {
    const opened = await hostPage('host-a');
    const run = await opened.page.evaluate(async () => {
      window.game = window.embeds.mountGame(document.getElementById('host') as HTMLElement, {
        skin: 'flat',
        storage: 'host-a',
        history: true,
      });
      const before = window.game.getState().moves;
      // At once: before the history's code has come.
      window.game.newGame();
      const after = window.game.getState().moves;
      await window.game.ready;
      const asked = document.querySelector('#host [data-cube2048]')?.shadowRoot?.querySelector('dialog.confirm[open]') != null;
      return { before, after, asked };
    });
    expect(run).toEqual({ before: 15, after: 0, asked: false });
    await expectKept(opened, 'host-a');
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('the player’s New game asks first: "Keep playing" keeps the game, "New game" replaces it and keeps the old one', async () => {
    const opened = await hostPage('host-b');
    const { page } = opened;
    await page.evaluate(async () => {
      window.game = window.embeds.mountGame(document.getElementById('host') as HTMLElement, {
        skin: 'flat',
        storage: 'host-b',
        history: true,
      });
      await window.game.ready;
    });
    const inGame = (selector: string): string => `document.querySelector('#host [data-cube2048]').shadowRoot.querySelector('${selector}')`;
    const ask = async (answer: 'cancel' | 'confirm'): Promise<void> => {
      await page.evaluate(`${inGame('.toolbar .button.primary')}.click()`);
      await page.waitForFunction(`${inGame('dialog.confirm[open]')} !== null`);
      await page.evaluate(`${inGame(`dialog.confirm button[value="${answer}"]`)}.click()`);
      await page.waitForFunction(`${inGame('dialog.confirm[open]')} === null`);
    };
    await ask('cancel');
    expect(await page.evaluate(() => window.game.getState().moves)).toBe(15);
    await ask('confirm');
    await expect.poll(() => page.evaluate(() => window.game.getState().moves)).toBe(0);
    await expectKept(opened, 'host-b');
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('<cube-2048>: a new seed attribute replaces the game without a question, and keeps the old one with history', async () => {
    const opened = await hostPage('host-c');
    const run = await opened.page.evaluate(async () => {
      const element = document.createElement('cube-2048') as Cube2048Element;
      element.setAttribute('skin', 'flat');
      element.setAttribute('storage-key', 'host-c');
      element.setAttribute('history', '');
      document.getElementById('host')?.append(element);
      await element.game?.ready;
      const before = element.getState()?.moves;
      element.setAttribute('seed', '99');
      const after = element.getState();
      return { before, after: { moves: after?.moves, seed: after?.seed } };
    });
    expect(run).toEqual({ before: 15, after: { moves: 0, seed: 99 } });
    await expectKept(opened, 'host-c');
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('<cube-2048 seed> mounted over another saved game starts its own, and keeps the saved one with history', async () => {
    const opened = await hostPage('host-d');
    const state = await opened.page.evaluate(async () => {
      const element = document.createElement('cube-2048') as Cube2048Element;
      const attributes: [string, string][] = [
        ['skin', 'flat'],
        ['storage-key', 'host-d'],
        ['history', ''],
        ['seed', '99'],
      ];
      for (const [name, value] of attributes) element.setAttribute(name, value);
      document.getElementById('host')?.append(element);
      await element.game?.ready;
      return element.getState();
    });
    expect(state).toMatchObject({ moves: 0, seed: 99 });
    await expectKept(opened, 'host-d');
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });
});
