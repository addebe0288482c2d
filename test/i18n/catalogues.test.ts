import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue, Locale, Message } from '../../src/i18n/core';
import { LOCALES, format, langFor } from '../../src/i18n/core';
import { EN_AI } from '../../src/i18n/en/ai';
import { EN_ANNOUNCE } from '../../src/i18n/en/announce';
import { EN_CORE } from '../../src/i18n/en/core';
import { EN_CUBE } from '../../src/i18n/en/cube';
import { EN_DIALOGS } from '../../src/i18n/en/dialogs';
import { EN_HELP } from '../../src/i18n/en/help';
import { EN_KEYS } from '../../src/i18n/en/keys';
import { EN_VIEW_HELP } from '../../src/i18n/en/view-help';
import { EN_HISTORY } from '../../src/i18n/en/history';
import { EN_MARKUP } from '../../src/i18n/en/markup';
import { EN_NOTICES } from '../../src/i18n/en/notices';
import { EN_PAGE } from '../../src/i18n/en/page';
import { EN_QUESTION } from '../../src/i18n/en/question';
import { EN_SHARE } from '../../src/i18n/en/share';
import { EN_SHOWCASE, EN_SHOWCASE_MARKUP } from '../../src/i18n/en/showcase';
import { EN_SKINS } from '../../src/i18n/en/skins';
import { EN_STATS } from '../../src/i18n/en/stats';
import { EN_TERMINAL } from '../../src/i18n/en/terminal';
import { EN_LAYERS } from '../../src/i18n/en/layers';
import type { Keymap } from '../../src/input/keymap';
import { cubeHowToSentence } from '../../src/input/cube-how-to';
import { howToSentence } from '../../src/input/how-to';
import { DEPTH_KEYS, SPREAD_KEYS } from '../../src/input/cube-keymap';
import { AI_KEYS, ANSWER_KEYS, GAME_KEYS, REPLAY_KEYS, TERMINAL_KEYS, keyLabel, moveSets } from '../../src/input/keymap';
import { BUILT_IN_SKINS } from '../../src/skins/registry';
import { NO_WEBGL_MESSAGE } from '../../src/skins/skin';

const ROOT = resolve(import.meta.dirname, '../..');
const PARTS = {
  EN_CORE,
  EN_HELP,
  EN_VIEW_HELP,
  EN_KEYS,
  EN_QUESTION,
  EN_SKINS,
  EN_NOTICES,
  EN_DIALOGS,
  EN_ANNOUNCE,
  EN_PAGE,
  EN_CUBE,
  EN_AI,
  EN_SHARE,
  EN_MARKUP,
  EN_TERMINAL,
  EN_LAYERS,
  EN_HISTORY,
  EN_STATS,
  EN_SHOWCASE_MARKUP,
  EN_SHOWCASE,
};
const ENGLISH: Catalogue = Object.assign({}, ...Object.values(PARTS));
const OTHERS = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');
const catalogues = Object.fromEntries(
  await Promise.all(
    OTHERS.map(
      async (locale) => [locale, ((await import(`../../src/i18n/locales/${locale}.ts`)) as { default: Catalogue }).default] as const,
    ),
  ),
) as Record<Exclude<Locale, 'en'>, Catalogue>;

const names = (text: string): string[] => [...text.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? '').sort();
const forms = (message: Message): string[] => (typeof message === 'string' ? [message] : Object.values(message));
const allText = (catalogue: Catalogue): string => Object.values(catalogue).flatMap(forms).join('\n');

describe('the catalogues', () => {
  it('give every key once across the English modules', () => {
    const keys = Object.values(PARTS).flatMap((part) => Object.keys(part));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(OTHERS)('%s has every key, and no key English does not have', (locale) => {
    const catalogue = catalogues[locale];
    expect(Object.keys(catalogue).filter((key) => !(key in ENGLISH))).toEqual([]);
    expect(Object.keys(ENGLISH).filter((key) => !(key in catalogue))).toEqual([]);
  });

  it.each(OTHERS)('%s fills the same placeholders as English, in every plural form its language needs', (locale) => {
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [key, english] of Object.entries(ENGLISH)) {
      const message = catalogues[locale][key];
      if (message === undefined) continue;
      const wanted = [...new Set(forms(english).flatMap(names))].filter((n) => n !== 'n').sort();
      if (typeof english === 'string') {
        expect(typeof message, `${locale} ${key} is a sentence`).toBe('string');
        expect([...new Set(names(message as string))].sort(), `${locale} ${key}`).toEqual([...new Set(names(english))].sort());
        continue;
      }
      expect(typeof message, `${locale} ${key} has plural forms`).toBe('object');
      const plural = message as Exclude<Message, string>;
      for (const category of needed) expect(plural[category], `${locale} ${key} says the ${category} form`).toBeTypeOf('string');
      expect(
        Object.keys(plural).filter((c) => !(needed as string[]).includes(c)),
        `${locale} ${key} has only forms ${locale} uses`,
      ).toEqual([]);
      // Each form says every value; the count itself may be in words ("one move", "نقلتان").
      for (const [category, text] of Object.entries(plural))
        expect([...new Set(names(text))].filter((n) => n !== 'n').sort(), `${locale} ${key} (${category})`).toEqual(wanted);
    }
  });

  it.each(OTHERS)('%s names the same keys in the how-to sentence as the keymap does', (locale) => {
    const marks = (text: string): string[] => [...text.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1] ?? '').sort();
    expect(marks(howToSentence(langFor(locale, catalogues[locale])))).toEqual(marks(howToSentence()));
    expect(marks(cubeHowToSentence(langFor(locale, catalogues[locale])))).toEqual(marks(cubeHowToSentence()));
  });

  it('name no key the keymap binds: help texts get key names from it through placeholders', () => {
    const maps: readonly Keymap[] = [GAME_KEYS, DEPTH_KEYS, SPREAD_KEYS, AI_KEYS, TERMINAL_KEYS, ANSWER_KEYS, REPLAY_KEYS];
    const labels = new Set(maps.flatMap((map) => Object.keys(map).map((key) => keyLabel(key))));
    // A set of move keys, as help texts show it: ←↑→↓, WASD, HJKL.
    for (const set of moveSets()) labels.add(set.map((key) => keyLabel(key)).join(''));
    expect([...labels]).toEqual(expect.arrayContaining(['←', 'WASD', 'HJKL', 'U', 'Ctrl+Z', 'N', 'Esc', 'Space']));
    // A label that could be a word or a letter in a sentence ("Enter a seed", "Home-Verzeichnis", "I") counts as a key cap, [Enter].
    const wordLike = (label: string): boolean => /^[A-Za-z]+$/.test(label) && (label.length === 1 || label !== label.toUpperCase());
    const named: string[] = [];
    for (const [locale, catalogue] of [['en', ENGLISH] as const, ...Object.entries(catalogues)])
      for (const [key, message] of Object.entries(catalogue))
        for (const text of forms(message)) {
          for (const label of labels)
            if (wordLike(label) ? text.includes(`[${label}]`) : text.includes(label)) named.push(`${locale} ${key}: ${label}`);
          if (/\b(Ctrl|Control|Meta|Alt|Shift)\+|⌘/.test(text)) named.push(`${locale} ${key}: a modifier`);
        }
    // Each of these names a key: write a placeholder instead, filled from src/input/keymap.ts where the text is said.
    expect(named).toEqual([]);
  });

  it('are text, never markup: no message holds a tag or an entity', () => {
    for (const [locale, catalogue] of [['en', ENGLISH] as const, ...Object.entries(catalogues)]) {
      for (const [key, message] of Object.entries(catalogue)) {
        for (const text of forms(message)) {
          expect(text, `${locale} ${key}`).not.toMatch(/<[a-z/!?]/i);
          expect(text, `${locale} ${key}`).not.toMatch(/&[a-z#][a-z0-9]*;/i);
        }
      }
    }
  });

  it('reach the page and the embeds only as text: no code that shows them parses markup', () => {
    const sinks = /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser/;
    const files = ['src/game-ui', 'src/page', 'src/embed', 'src/i18n', 'src/skins/terminal'].flatMap((dir) =>
      readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `${dir}/${f}`),
    );
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) expect(readFileSync(resolve(ROOT, file), 'utf8'), file).not.toMatch(sinks);
  });

  it('hold English copies only of texts written elsewhere, and those copies agree', () => {
    expect(EN_NOTICES['skin.noWebgl']).toBe(NO_WEBGL_MESSAGE);
    for (const skin of BUILT_IN_SKINS.filter((s) => s.playable)) expect(EN_NOTICES[`skin.${skin.name}` as 'skin.cubes']).toBe(skin.label);
    const store = ['store', 'persistence', 'other-tabs']
      .map((file) => readFileSync(resolve(ROOT, `src/store/${file}.ts`), 'utf8'))
      .join('');
    for (const kind of ['corrupt-save', 'corrupt-best', 'storage-unavailable', 'synced'] as const)
      expect(store).toContain(`'${kind}', '${EN_NOTICES[`notice.${kind}`]}'`);
  });

  it.each([
    ['index.html', 60],
    ['showcase.html', 25],
  ] as const)("give %s its English: each data-i18n text and label is the catalogue's", (file, least) => {
    const html = readFileSync(resolve(ROOT, file), 'utf8');
    let checked = 0;
    for (const m of html.matchAll(/<(\w+)\b([^>]*?)\sdata-i18n="([^"]+)"([^>]*)>(.*?)<\/\1>/gs)) {
      const inner = (m[5] ?? '')
        .replace(/<(\w+)[^>]*data-fill="([^"]+)"[^>]*>.*?<\/\1>/gs, '{$2}')
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      expect(inner, m[3]).toBe(ENGLISH[m[3] ?? '']);
      checked++;
    }
    for (const m of html.matchAll(/aria-label="([^"]*)"([^>]*?)data-i18n-label="([^"]+)"/g)) {
      expect(m[1], m[3]).toBe(ENGLISH[m[3] ?? '']);
      checked++;
    }
    expect(checked).toBeGreaterThan(least);
  });

  it("keep each locale's glossary words (docs/glossary.md) in its catalogue", () => {
    const rows = readFileSync(resolve(ROOT, 'docs/glossary.md'), 'utf8')
      .split('\n')
      .filter((line) => /^\| `[a-zA-Z-]+` \|/.test(line));
    expect(rows).toHaveLength(OTHERS.length);
    for (const row of rows) {
      const [locale, ...terms] = row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const text = allText(catalogues[(locale ?? '').replaceAll('`', '') as Exclude<Locale, 'en'>]).toLocaleLowerCase();
      for (const term of terms) expect(text, `${locale} uses “${term}”`).toContain(term.toLocaleLowerCase());
    }
  });

  it("fill placeholders and formats numbers the locale's way, counting with its plural rules", () => {
    const de = langFor('de', catalogues.de);
    const ru = langFor('ru', catalogues.ru);
    const ar = langFor('ar', catalogues.ar);
    const exported = (lang: typeof de, n: number): string => format(lang, lang.messages['share.exported'] ?? '', { n });
    expect(exported(de, 1)).toBe('Spiel exportiert: 1 Zug.');
    expect(exported(de, 1234)).toBe('Spiel exportiert: 1.234 Züge.');
    expect([1, 3, 5, 21].map((n) => exported(ru, n))).toEqual([
      'Игра экспортирована: 1 ход.',
      'Игра экспортирована: 3 хода.',
      'Игра экспортирована: 5 ходов.',
      'Игра экспортирована: 21 ход.',
    ]);
    expect([0, 1, 2, 3, 11, 100].map((n) => exported(ar, n))).toEqual([
      'صُدّرت اللعبة: 0 نقلة.',
      'صُدّرت اللعبة: نقلة واحدة.',
      'صُدّرت اللعبة: نقلتان.',
      'صُدّرت اللعبة: 3 نقلات.',
      'صُدّرت اللعبة: 11 نقلة.',
      'صُدّرت اللعبة: 100 نقلة.',
    ]);
  });
});
