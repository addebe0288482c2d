/**
 * Every screen fits, in every language and width: the page, each of its dialogs and an
 * embedded game, in all eleven locales at 320, 360, 390, 480 (a small tablet, or a window
 * beside another), 768 and 1280 px, set in a font wider
 * than ours (room for other systems' fonts), with no sideways scrolling, no words cut by
 * their box or the screen's edge, no controls lying on each other, no text under 11 px and no
 * button under 24×24 px (geometry.ts). Geometry, not pixels.
 * One page each for the game and the embed: the language and the width change in place, and
 * each (language, width) is opened and measured inside the page in one call.
 * Chromium only: the boxes come from CSS all three engines share, and measuring them three
 * times would triple a run for little (the other engines' own layout checks are in page-ui and
 * i18n, which run everywhere).
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine';
import { LOCALES } from '../../src/i18n/core';
import type { TestPage } from './harness';
import { ENGINE, openPage, sharedBrowser, siteUrl } from './harness';
import type { Screen } from './geometry';
import { screenProblems, useWiderFont } from './geometry';
import { SETTINGS_KEY, dialogOpen, openGame, openSettings, playMoves } from './page-helpers';

const WIDTHS = [320, 360, 390, 480, 768, 1280] as const;
const heightFor = (width: number): number => (width < 500 ? 720 : width < 1000 ? 1024 : 800);

/** The page and its dialogs, each opened the way a player opens it. */
const PAGE_SCREENS: readonly Screen[] = [
  { name: 'page', root: 'body' },
  { name: 'settings', root: '#settings-dialog', steps: [{ click: '#open-settings', opens: 'settings-dialog' }] },
  { name: 'more', root: '#more-dialog', steps: [{ click: '#open-more', opens: 'more-dialog' }] },
  {
    name: 'seed',
    root: '#seed-dialog',
    steps: [
      { click: '#open-more', opens: 'more-dialog' },
      { click: '#more-dialog button[value="seed"]', opens: 'seed-dialog' },
    ],
  },
  // The link to copy by hand, where copying is not allowed (the test refuses the clipboard).
  { name: 'share', root: '#share-dialog', steps: [{ click: '#share', opens: 'share-dialog' }] },
  // The new-game question: the game has moves to lose.
  { name: 'new game question', root: '#confirm-dialog', steps: [{ click: '#new-game', opens: 'confirm-dialog' }] },
  { name: 'your games', root: '#history-dialog', steps: [{ click: '#open-history', opens: 'history-dialog' }] },
  // The end-of-game sheets: their words, whatever the game.
  { name: 'win', root: '#win-dialog', steps: [{ show: 'win-dialog' }] },
  { name: 'game over', root: '#over-dialog', steps: [{ show: 'over-dialog' }] },
];

/** At each width in turn, `measure`'s problems, as "<width> px <screen>: <problem>", and the screens that had any. */
async function atEveryWidth(
  page: TestPage,
  measure: () => Promise<Record<string, string[]>>,
  into: { problems: string[]; failed: number },
) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightFor(width) });
    const found = await measure();
    into.failed += Object.keys(found).length;
    for (const [screen, problems] of Object.entries(found)) into.problems.push(...problems.map((p) => `${width} px ${screen}: ${p}`));
  }
}

describe.runIf(ENGINE === 'chromium')('every screen fits in every language and width', () => {
  const browser = sharedBrowser();

  it(`the page and its ${PAGE_SCREENS.length - 1} dialogs`, { timeout: 600_000 }, async () => {
    const game = await openGame(browser(), {
      query: '?seed=48',
      viewport: { width: 1280, height: 800 },
      // Motion reduced: sheets fade in rather than slide, and tiles do not move while the widths change.
      storage: { [SETTINGS_KEY]: JSON.stringify({ skin: 'flat', reducedMotion: true }) },
    });
    const { page } = game;
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    });
    await useWiderFont(page);
    await playMoves(page, newGame({ seed: 48 }), ['left', 'down', 'right']);
    const seen = { problems: [] as string[], failed: 0 };
    for (const locale of LOCALES) {
      await openSettings(page);
      await page.selectOption('#language-select', locale);
      await page.waitForFunction((lang: string) => document.documentElement.lang === lang, locale);
      await page.keyboard.press('Escape');
      await page.waitForFunction(`!${dialogOpen('settings-dialog')}`);
      const before = seen.problems.length;
      await atEveryWidth(page, () => screenProblems(page, PAGE_SCREENS), seen);
      for (let i = before; i < seen.problems.length; i++) seen.problems[i] = `${locale} ${seen.problems[i]}`;
    }
    const screens = LOCALES.length * WIDTHS.length * PAGE_SCREENS.length;
    expect(seen.problems, `${seen.failed} of ${screens} screens`).toEqual([]);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('an embedded game', { timeout: 300_000 }, async () => {
    const frame = await openPage(browser(), 'about:blank', { viewport: { width: 1280, height: 800 } });
    const { page } = frame;
    const seen = { problems: [] as string[], failed: 0 };
    for (const locale of LOCALES) {
      await page.goto(siteUrl(`embed.html?skin=flat&storage-key=none&seed=48&lang=${locale}`));
      await page.waitForFunction(
        (lang: string) => document.getElementById('game')?.shadowRoot?.querySelector('.root')?.getAttribute('lang') === lang,
        locale,
      );
      await useWiderFont(page, '#game');
      const before = seen.problems.length;
      await atEveryWidth(page, () => screenProblems(page, [{ name: 'embed', root: '.root' }], '#game'), seen);
      for (let i = before; i < seen.problems.length; i++) seen.problems[i] = `${locale} ${seen.problems[i]}`;
    }
    expect(seen.problems, `${seen.failed} of ${LOCALES.length * WIDTHS.length} screens`).toEqual([]);
    expect(await frame.errors()).toEqual([]);
    await frame.close();
  });
});
