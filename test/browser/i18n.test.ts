/**
 * The game in the player's language: the page by the browser's languages, by the Language
 * setting and by `?lang=`; the iframe page by `lang=`. Arabic lays the page out right to
 * left, by geometry and by screenshot, while the board keeps left on the left. (That nothing
 * spills out of its box or off the screen, in every language and width: geometry.test.ts.)
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine';
import type { TestPage } from './harness';
import { openPage, sharedBrowser } from './harness';
import { openGame, openSettings, playMoves } from './page-helpers';

/** Screenshots land here (ignored by git) for a person to look at. */
const SCREENS = resolve(import.meta.dirname, '../../test-results/screens');

const text = (page: TestPage, selector: string): Promise<string> =>
  page.evaluate((s: string) => document.querySelector(s)?.textContent?.trim() ?? '', selector);

/** The page's words in each language we look at, and how it lays out. */
const SEEN = {
  de: {
    score: 'Punkte',
    newGame: 'Neues Spiel',
    undo: 'Rückgängig',
    said: /^Nach (links|rechts|oben|unten) geschoben\./,
    settings: 'Einstellungen',
    history: 'Deine Spiele',
    dir: 'ltr',
  },
  ja: {
    score: 'スコア',
    newGame: '新しいゲーム',
    undo: '元に戻す',
    said: /^(左|右|上|下)に動かしました。/,
    settings: '設定',
    history: '自分のゲーム',
    dir: 'ltr',
  },
  ar: { score: 'النقاط', newGame: 'لعبة جديدة', undo: 'تراجع', said: /^تحرّكت إلى /, settings: 'الإعدادات', history: 'ألعابك', dir: 'rtl' },
} as const;

describe("cube2048 in the player's language", () => {
  const browser = sharedBrowser();
  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
  });

  it.each(['de', 'ja', 'ar'] as const)("speaks %s by the browser's language, laid out in its direction at 390 px", async (locale) => {
    const seen = SEEN[locale];
    const game = await openGame(browser(), {
      query: '?seed=48',
      viewport: { width: 390, height: 844 },
      locale: { de: 'de-DE', ja: 'ja-JP', ar: 'ar-EG' }[locale],
    });
    const { page } = game;
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, seen.dir]);
    expect(await text(page, '#score-card .score-label')).toBe(seen.score);
    expect(await text(page, '#new-game')).toBe(seen.newGame);
    expect(await text(page, '#undo')).toBe(seen.undo);
    expect(await page.getAttribute('#open-settings', 'aria-label')).toBe(seen.settings);

    // The arrow keys keep their meaning whatever the writing direction: the engine's own moves are what shows.
    await playMoves(page, newGame({ seed: 48 }), ['left', 'down', 'right', 'down', 'left']);
    await page.waitForFunction(
      (pattern: string) => new RegExp(pattern).test(document.getElementById('live')?.textContent ?? ''),
      seen.said.source,
    );
    await page.screenshot({ path: `${SCREENS}/i18n-${locale}-390.png` });

    if (locale === 'ar') {
      const layout = await page.evaluate(() => {
        const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
        const cards = [...document.querySelectorAll('.scores .score-card')].map((c) => c.getBoundingClientRect().left);
        return {
          cards,
          newGameRightOfUndo: box('#new-game').left > box('#undo').left,
          board: getComputedStyle(document.getElementById('game')!).direction,
          boardLayer: getComputedStyle(document.querySelector('#board > *')!).direction,
        };
      });
      expect(layout.cards, 'the score cards read right to left: Score first, on the right').toEqual(
        [...layout.cards].sort((a, b) => b - a),
      );
      expect(layout.newGameRightOfUndo, 'the toolbar reads right to left').toBe(true);
      expect([layout.board, layout.boardLayer], 'the board is not mirrored').toEqual(['ltr', 'ltr']);
    }

    await openSettings(page);
    expect(await text(page, '#settings-title')).toBe(seen.settings);
    expect(await page.inputValue('#language-select')).toBe('auto');
    if (locale === 'ar') {
      const head = await page.evaluate(() => {
        const title = document.getElementById('settings-title')!.getBoundingClientRect();
        const close = document.querySelector('#settings-dialog .sheet-head button')!.getBoundingClientRect();
        const label = document.querySelector('label[for="language-select"]')!.getBoundingClientRect();
        const select = document.getElementById('language-select')!.getBoundingClientRect();
        const sheet = document.getElementById('settings-dialog')!;
        // The title keeps the sheet's padding from its edge, as it does on the left in English.
        const titleInset = sheet.getBoundingClientRect().right - title.right >= parseFloat(getComputedStyle(sheet).paddingRight) - 1;
        return { titleRightOfClose: title.left > close.left, labelRightOfSelect: label.left > select.left, titleInset };
      });
      expect(head, 'the settings read right to left').toEqual({ titleRightOfClose: true, labelRightOfSelect: true, titleInset: true });
    }
    await page.screenshot({ path: `${SCREENS}/i18n-${locale}-390-settings.png` });
    await page.keyboard.press('Escape');

    // The history and statistics speak it too.
    await page.click('#open-history');
    await page.waitForFunction(
      (title: string) =>
        (document.getElementById('history-dialog') as HTMLDialogElement | null)?.open &&
        document.getElementById('history-title')?.textContent === title,
      seen.history,
    );
    await page.screenshot({ path: `${SCREENS}/i18n-${locale}-390-history.png` });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENS}/i18n-${locale}-1280.png` });
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('takes ?lang= for one visit, remembers the Language setting, and names a language it does not speak', async () => {
    const game = await openGame(browser(), { query: '?lang=ja', locale: 'en-US' });
    const { page } = game;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await text(page, '#score-card .score-label')).toBe('スコア');

    // The setting changes the words in place, and wins over the address from then on.
    await openSettings(page);
    await page.selectOption('#language-select', 'de');
    await page.waitForFunction(
      () => document.documentElement.lang === 'de' && document.getElementById('settings-title')?.textContent === 'Einstellungen',
    );
    expect(await text(page, '#score-card .score-label')).toBe('Punkte');
    expect(new URL(await page.url()).searchParams.has('lang')).toBe(false);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await text(page, '#new-game')).toBe('Neues Spiel');
    await game.close();

    const bad = await openGame(browser(), { query: '?lang=klingon', locale: 'en-US' });
    expect(await bad.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await text(bad.page, '#score-card .score-label')).toBe('Score');
    const errors = await bad.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /cube2048: lang="klingon" is not a language cube2048 speaks \(en, es, .*\), so the browser's language is used\./,
    );
    await bad.close();
  });

  it("speaks the iframe page's lang= inside its shadow root and on its <html>, and names a bad one", async () => {
    const frame = await openPage(browser(), 'embed.html?lang=ar&skin=flat&storage-key=none', { viewport: { width: 390, height: 600 } });
    const { page } = frame;
    await page.waitForFunction(() => document.getElementById('game')?.shadowRoot?.querySelector('.root')?.getAttribute('lang') === 'ar');
    const seen = await page.evaluate(() => {
      const root = document.getElementById('game')!.shadowRoot!;
      const labels = [...root.querySelectorAll('.score-label')].map((l) => l.textContent);
      return {
        html: [document.documentElement.lang, document.documentElement.dir],
        dir: root.querySelector('.root')!.getAttribute('dir'),
        labels,
        board: getComputedStyle(root.querySelector('.game')!).direction,
        newGame: root.querySelector('button .label')!.textContent,
      };
    });
    expect(seen).toEqual({ html: ['ar', 'rtl'], dir: 'rtl', labels: ['النقاط', 'الأفضل', 'النقلات'], board: 'ltr', newGame: 'لعبة جديدة' });
    await page.screenshot({ path: `${SCREENS}/i18n-embed-ar-390.png` });
    expect(await frame.errors()).toEqual([]);
    await frame.close();

    const bad = await openPage(browser(), 'embed.html?lang=xx&skin=flat&storage-key=none', { locale: 'de-DE' });
    await bad.page.waitForFunction(
      () => document.getElementById('game')?.shadowRoot?.querySelector('.score-label')?.textContent === 'Punkte',
    );
    // Written once its words have come (a chunk of their own).
    await expect.poll(() => bad.errors()).toHaveLength(1);
    const errors = await bad.errors();
    expect(errors[0]).toMatch(/lang="xx" is not a language cube2048 speaks .*, so the browser's language is used/);
    await bad.close();
  });
});
