/**
 * Accessibility audits with axe-core at WCAG 2.2 AA, in every engine: the game page (light and
 * dark, flat and cubes), each of its dialogs, the iframe embed and the showcase. Each must have
 * no violation at all. (What axe cannot see, such as the live region's words or keyboard
 * focus order, the page tests check by hand.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { newGame, playMove } from '../../src/engine';
import { encodeRecord, recordOf } from '../../src/replay/record';
import type { TestPage } from './harness';
import { openPage, sharedBrowser } from './harness';
import {
  GAME_KEY,
  KEY_OF,
  SETTINGS_KEY,
  dialogOpen,
  lastMoveOfAGame,
  nearlyWon,
  openGame,
  openSettings,
  pressMoves,
  saveOf,
  waitForMoves,
} from './page-helpers';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Runs axe on the page (or the element `within` names) and lists each violation with the elements it found. */
async function violations(page: TestPage, within?: string): Promise<string[]> {
  // Colours are read as drawn: a dialog still fading in has not its final contrast yet.
  await page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [
      document,
      ...[...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : [])),
    ];
    const running = roots.flatMap((root) => root.getAnimations()).map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(running), new Promise((done) => setTimeout(done, 3000))]).then(() => true);
  });
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(`(() => { ${AXE_SOURCE}\n; window.axe = window.axe || axe; return true; })()`);
  return page.evaluate(
    async ([tags, selector]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join(' | ')}`,
      );
    },
    [WCAG_22_AA, within ?? null] as const,
  );
}

/** Plays moves that change the board, so a new game would throw something away. */
async function play(page: TestPage, seed: number, dirs: readonly Direction[]): Promise<void> {
  const states = await pressMoves(page, newGame({ seed }), dirs);
  await waitForMoves(page, states.length - 1);
}

describe('accessibility audits (axe-core, WCAG 2.2 AA)', () => {
  const browser = sharedBrowser();

  for (const theme of ['light', 'dark'] as const)
    for (const skin of ['flat', 'cubes'] as const)
      it(`finds nothing on the game page in the ${theme} theme with the ${skin} board`, async () => {
        const game = await openGame(browser(), { query: '?seed=12', skin, storage: { [SETTINGS_KEY]: JSON.stringify({ skin, theme }) } });
        await play(game.page, 12, ['left', 'down']);
        expect(await violations(game.page)).toEqual([]);
        expect(await game.errors()).toEqual([]);
        await game.close();
      });

  for (const theme of ['light', 'dark'] as const)
    it(`finds nothing on the daily challenge's banner (${theme} theme)`, async () => {
      const game = await openGame(browser(), { query: '?daily', storage: { [SETTINGS_KEY]: JSON.stringify({ theme }) } });
      await game.page.waitForFunction(() => document.getElementById('daily-banner')?.hidden === false);
      expect(await violations(game.page, '#daily-banner')).toEqual([]);
      expect(await game.errors()).toEqual([]);
      await game.close();
    });

  it('finds nothing in the settings, the new-game question, the game menu and the seed dialog', async () => {
    const game = await openGame(browser(), { query: '?seed=13' });
    const { page } = game;
    await openSettings(page);
    expect(await violations(page, '#settings-dialog'), 'settings').toEqual([]);
    await page.keyboard.press('Escape');

    await play(page, 13, ['left', 'down']);
    await page.click('#new-game');
    await page.waitForFunction(dialogOpen('confirm-dialog'));
    expect(await violations(page, '#confirm-dialog'), 'the new-game question').toEqual([]);
    await page.click('#confirm-dialog button[value="cancel"]');

    await page.click('#open-more');
    await page.waitForFunction(dialogOpen('more-dialog'));
    expect(await violations(page, '#more-dialog'), 'the game menu').toEqual([]);
    await page.click('#more-dialog button[value="seed"]');
    await page.waitForFunction(dialogOpen('seed-dialog'));
    expect(await violations(page, '#seed-dialog'), 'the seed dialog').toEqual([]);
    // A wrong seed shows its error next to the field.
    await page.fill('#seed-input', 'not a number');
    await page.click('#seed-dialog button[value="start"]');
    await page.waitForFunction(() => (document.getElementById('seed-error')?.textContent ?? '') !== '');
    expect(await violations(page, '#seed-dialog'), 'the seed dialog with an error').toEqual([]);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('finds nothing in the share dialog shown when the clipboard refuses', async () => {
    const game = await openGame(browser(), {
      query: '?seed=14',
      initScript: `Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });`,
    });
    await game.page.click('#share');
    await game.page.waitForFunction(dialogOpen('share-dialog'));
    expect(await violations(game.page, '#share-dialog')).toEqual([]);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('finds nothing in the replay viewer a shared link opens, of a square game and of a cube one (a grid per layer)', async () => {
    let state = newGame({ seed: 15 });
    for (const dir of ['left', 'down', 'right', 'down', 'left'] as const) state = playMove(state, dir).state;
    let cube = newGame({ size: 3, dimensions: 3, seed: 15 });
    for (const dir of ['in', 'left', 'out'] as const) cube = playMove(cube, dir).state;
    // A record whose checksum is wrong shows its verdict on a notice's ground, in either theme.
    for (const [shape, record, grids, theme] of [
      ['square', recordOf(state), 0, 'light'],
      ['cube', recordOf(cube), 3, 'light'],
      ['broken, light', { ...recordOf(state), score: 999_999 }, 0, 'light'],
      ['broken, dark', { ...recordOf(state), score: 999_999 }, 0, 'dark'],
    ] as const) {
      const open = await openGame(browser(), {
        query: `#g=${encodeRecord(record)}`,
        storage: { [SETTINGS_KEY]: JSON.stringify({ theme }) },
      });
      await open.page.waitForFunction(dialogOpen('replay-dialog'));
      await open.page.click('#replay-dialog [data-action="forward"]');
      await open.page.waitForFunction((n) => document.querySelectorAll('#replay-dialog .replay-grid [role="grid"]').length === n, grids);
      expect(await violations(open.page, '#replay-dialog'), shape).toEqual([]);
      expect(await open.errors()).toEqual([]);
      await open.close();
    }
  });

  it('finds nothing in the win and game-over dialogs', async () => {
    const won = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(nearlyWon()) } });
    await won.page.keyboard.press('ArrowLeft');
    await won.page.waitForFunction(dialogOpen('win-dialog'));
    expect(await violations(won.page, '#win-dialog'), 'win').toEqual([]);
    expect(await won.errors()).toEqual([]);
    await won.close();

    const { before, dir } = lastMoveOfAGame();
    const lost = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(before) } });
    await lost.page.keyboard.press(KEY_OF[dir]);
    await lost.page.waitForFunction(dialogOpen('over-dialog'));
    expect(await violations(lost.page, '#over-dialog'), 'game over').toEqual([]);
    expect(await lost.errors()).toEqual([]);
    await lost.close();
  });

  for (const theme of ['light', 'dark'] as const)
    it(`finds nothing in Your games, its statistics and its list (${theme} theme)`, async () => {
      const { before, dir } = lastMoveOfAGame();
      const game = await openGame(browser(), {
        storage: { [GAME_KEY]: saveOf(before), [SETTINGS_KEY]: JSON.stringify({ skin: 'flat', theme }) },
      });
      const { page } = game;
      await page.keyboard.press(KEY_OF[dir]);
      await page.waitForFunction(dialogOpen('over-dialog'));
      await page.keyboard.press('Escape');
      await page.click('#open-history');
      await page.waitForFunction(() => document.querySelector('#history-stats .stats-grid') !== null);
      await page.evaluate(() => document.querySelectorAll('#history-dialog details').forEach((d) => d.setAttribute('open', '')));
      expect(await violations(page, '#history-dialog'), 'statistics').toEqual([]);
      await page.click('#history-tab-games');
      await page.waitForFunction(() => document.querySelector('#history-games .history-row') !== null);
      expect(await violations(page, '#history-dialog'), 'list').toEqual([]);
      expect(await game.errors()).toEqual([]);
      await game.close();
    });

  for (const [skin, theme] of [
    ['flat', 'light'],
    ['cubes', 'dark'],
  ] as const)
    it(`finds nothing in the iframe embed (${skin} board, ${theme} theme), nor in its new-game question`, async () => {
      const embed = await openPage(browser(), `embed.html?skin=${skin}&theme=${theme}&seed=16&storage-key=none`);
      const { page } = embed;
      await page.waitForFunction(() => document.getElementById('game')?.shadowRoot?.querySelector('[role="grid"]') !== null);
      expect(await violations(page), 'the game').toEqual([]);
      for (const key of ['ArrowLeft', 'ArrowDown']) await page.keyboard.press(key);
      await page.keyboard.press('n');
      await page.waitForFunction(() => document.getElementById('game')?.shadowRoot?.querySelector('dialog[open]') !== null);
      expect(await violations(page), 'the new-game question').toEqual([]);
      expect(await embed.errors()).toEqual([]);
      await embed.close();
    });

  it('finds nothing on the showcase, with all four skins showing', async () => {
    const showcase = await openPage(browser(), 'showcase.html');
    const { page } = showcase;
    await page.waitForFunction(
      () =>
        document.querySelector('#cubes canvas, #cubes-note:not(:empty)') !== null &&
        document.querySelector('#text')?.textContent !== '' &&
        document.querySelector('#canvas canvas') !== null,
    );
    expect(await violations(page)).toEqual([]);
    expect(await showcase.errors()).toEqual([]);
    await showcase.close();
  });
});
