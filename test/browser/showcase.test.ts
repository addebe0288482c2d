/**
 * The showcase as a visitor meets it. In every language, at a phone's 390 px and a desktop's
 * 1280 px: the texts that say what the four boards are and why that matters are the language's
 * own (never the English where a translation exists), nothing runs off the side, the board
 * panels of a row are one height with their boards lined up, Arabic reads right to left, and
 * the buttons, font and colours are the game page's own, light and dark. The language is chosen
 * as the game page chooses it, and the showcase's picker is the game's Language setting.
 * Screenshots of en, de and ar land in test-results/screens for a person to look at.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue, Locale } from '../../src/i18n/core';
import { LOCALES } from '../../src/i18n/core';
import { EN_SHOWCASE_MARKUP } from '../../src/i18n/en/showcase';
import type { TestPage } from './harness';
import { openPage, sharedBrowser, siteUrl, sweep } from './harness';
import { SETTINGS_KEY } from './page-helpers';

const SCREENS = resolve(import.meta.dirname, '../../test-results/screens');

/** What tells a visitor what they see and why it matters. */
const VISITOR_TEXTS = [
  'showcase.heading',
  'showcase.lead',
  'showcase.why',
  'showcase.cubesAbout',
  'showcase.flatAbout',
  'showcase.textAbout',
  'showcase.canvasAbout',
  'showcase.whyTitle',
  'showcase.forPlayers',
  'showcase.forSites',
  'showcase.forMakers',
  'showcase.ownGame',
] as const;

const catalogueOf = async (locale: Locale): Promise<Catalogue> =>
  locale === 'en' ? EN_SHOWCASE_MARKUP : ((await import(`../../src/i18n/locales/${locale}.ts`)) as { default: Catalogue }).default;

/** Opens the showcase and waits until it speaks `locale` and all four boards are drawn. */
async function showcaseIn(page: TestPage, locale: Locale, query = `?lang=${locale}`): Promise<void> {
  await page.goto(siteUrl(`showcase.html${query}`));
  await page.waitForFunction(
    (lang: string) =>
      document.documentElement.lang === lang &&
      document.querySelector('#size option') !== null &&
      document.querySelector('#flat *') !== null &&
      document.querySelector('#canvas canvas') !== null &&
      (document.querySelector('#text')?.textContent ?? '') !== '' &&
      document.querySelector('#cubes canvas, #cubes-note:not(:empty)') !== null,
    locale,
    { timeout: 60_000 },
  );
}

/** The page as laid out now: its visitor texts, direction, what runs off the side, and the board panels by row. */
function layoutOf(page: TestPage): Promise<{
  texts: Record<string, string | null>;
  dir: string;
  sideways: number;
  offScreen: string[];
  clipped: string[];
  rows: { heights: number[]; boardBottoms: number[]; boardSizes: number[] }[];
}> {
  return page.evaluate((keys: readonly string[]) => {
    const name = (el: Element): string =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} “${(el.textContent ?? '').trim().slice(0, 30)}”`;
    const seen = [...document.querySelectorAll('h1, h2, h3, p, li, a, button, label, legend, select, .score-card, .panel, .controls')];
    const shown = seen.filter(
      (el) => el.getBoundingClientRect().width > 1 && !el.closest('.visually-hidden') && getComputedStyle(el).display !== 'inline',
    );
    const rows = new Map<number, { heights: number[]; boardBottoms: number[]; boardSizes: number[] }>();
    for (const panel of document.querySelectorAll('.panel')) {
      const box = panel.getBoundingClientRect();
      const board = panel.querySelector('.frame')!.getBoundingClientRect();
      const row = rows.get(Math.round(box.top)) ?? { heights: [], boardBottoms: [], boardSizes: [] };
      row.heights.push(Math.round(box.height));
      row.boardBottoms.push(Math.round(board.bottom));
      row.boardSizes.push(Math.round(board.width));
      rows.set(Math.round(box.top), row);
    }
    return {
      texts: Object.fromEntries(
        keys.map((key) => [key, document.querySelector(`[data-i18n="${key}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? null]),
      ),
      dir: document.documentElement.dir,
      sideways: document.documentElement.scrollWidth - innerWidth,
      offScreen: shown
        .filter((el) => el.getBoundingClientRect().left < -0.5 || el.getBoundingClientRect().right > innerWidth + 0.5)
        .map(name),
      // A select shortens its own text; every other control and text must fit its box.
      clipped: shown.filter((el) => el.tagName !== 'SELECT' && el.scrollWidth > el.clientWidth + 1).map(name),
      rows: [...rows.values()],
    };
  }, VISITOR_TEXTS);
}

/** The computed properties that make a button look like the game's (not its state: a disabled one shows another cursor). */
const LOOK = [
  'fontFamily',
  'fontWeight',
  'fontSize',
  'borderTopLeftRadius',
  'borderTopStyle',
  'backgroundColor',
  'color',
  'minHeight',
] as const;
async function lookOf(page: TestPage, selectors: readonly string[]): Promise<Record<string, string>[]> {
  // Read at rest: a colour mid-transition (the theme settling on a loaded machine) is not the button's colour.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => undefined));
  return page.evaluate(
    ([sels, props]: readonly [readonly string[], readonly string[]]) => [
      { font: getComputedStyle(document.body).fontFamily, size: getComputedStyle(document.documentElement).fontSize },
      ...sels.map((sel) => {
        const style = getComputedStyle(document.querySelector(sel)!);
        return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))]));
      }),
    ],
    [selectors, LOOK] as const,
  );
}

describe('the showcase, as a visitor meets it', () => {
  const browser = sharedBrowser();
  beforeAll(async () => {
    await mkdir(SCREENS, { recursive: true });
  });

  it.each([390, 1280])(
    'says what it shows and why in every language at %i px, nothing off the side, panels of a row one height',
    async (width) => {
      const opened = await openPage(browser(), 'about:blank', { viewport: { width, height: width < 500 ? 844 : 900 } });
      const { page } = opened;
      for (const locale of sweep(LOCALES, (l) => ['en', 'de', 'ar', 'ja'].includes(l))) {
        await showcaseIn(page, locale);
        const seen = await layoutOf(page);
        const words = await catalogueOf(locale);
        for (const key of VISITOR_TEXTS) {
          expect(seen.texts[key], `${locale} ${key}`).toBe(words[key]);
          if (locale !== 'en') expect(seen.texts[key], `${locale} ${key} is translated`).not.toBe(EN_SHOWCASE_MARKUP[key]);
        }
        expect(seen.dir, locale).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expect(seen.sideways, `${locale} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(0);
        expect(seen.offScreen, `${locale} at ${width} px: off the screen`).toEqual([]);
        expect(seen.clipped, `${locale} at ${width} px: wider than its box`).toEqual([]);
        // One board to a row on a phone, four side by side on a desktop.
        expect(seen.rows.map((row) => row.heights.length)).toEqual(width < 500 ? [1, 1, 1, 1] : [4]);
        for (const row of seen.rows) {
          expect(
            Math.max(...row.heights) - Math.min(...row.heights),
            `${locale} at ${width} px: panel heights ${row.heights}`,
          ).toBeLessThanOrEqual(1);
          expect(new Set(row.boardBottoms).size, `${locale}: the boards of a row end on one line`).toBe(1);
          expect(new Set(row.boardSizes).size, `${locale}: the boards of a row are one size`).toBe(1);
        }
        if (['en', 'de', 'ar'].includes(locale)) await page.screenshot({ path: `${SCREENS}/showcase-${locale}-${width}.png` });
      }
      expect(await opened.errors()).toEqual([]);
      await opened.close();
    },
  );

  it.each([
    ['en', 390, 'light'],
    ['de', 1280, 'light'],
    ['ar', 390, 'dark'],
    ['en', 1280, 'dark'],
  ] as const)("wears the game's font and buttons (%s, %i px, %s)", async (locale, width, scheme) => {
    const opened = await openPage(browser(), 'about:blank', { viewport: { width, height: 900 } });
    const { page } = opened;
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(siteUrl(`index.html?lang=${locale}`));
    await page.waitForFunction(
      (lang: string) => document.documentElement.lang === lang && document.querySelector('#board *') !== null,
      locale,
    );
    const [gameFont, undo, newGame] = await lookOf(page, ['#undo', '#new-game']);
    await showcaseIn(page, locale);
    const [font, ...buttons] = await lookOf(page, ['#undo', '.arrows .button', '#new', '#play']);
    expect(font).toEqual(gameFont);
    expect(buttons).toEqual([undo, undo, newGame, newGame]);
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it("speaks the language the game page would, and its picker is the game's Language setting", async () => {
    const opened = await openPage(browser(), 'about:blank', { viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    const { page } = opened;
    const heading = async (): Promise<string | null> => (await page.textContent('[data-i18n="showcase.heading"]'))?.trim() ?? null;
    // The browser's language, with no setting and no ?lang=.
    await showcaseIn(page, 'de', '');
    expect(await heading()).toBe((await catalogueOf('de'))['showcase.heading']);
    expect(await page.inputValue('#language')).toBe('auto');

    // Chosen here: the showcase speaks it at once, and so does the game page, which shares the setting.
    await page.selectOption('#language', 'ja');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(await heading()).toBe((await catalogueOf('ja'))['showcase.heading']);
    expect(JSON.parse((await page.evaluate((key: string) => localStorage.getItem(key), SETTINGS_KEY)) ?? '{}')).toMatchObject({
      language: 'ja',
    });
    await showcaseIn(page, 'ja', '');
    await page.goto(siteUrl('index.html'));
    await page.waitForFunction(() => document.documentElement.lang === 'ja');

    // ?lang= outranks the setting for this visit, as on the game page.
    await showcaseIn(page, 'ar');
    expect(await heading()).toBe((await catalogueOf('ar'))['showcase.heading']);
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });
});
