/**
 * The language the game page speaks: the markup's words, `<html lang dir>` and the key help
 * in it from the start, and another language taken up while the page runs.
 */
import { chooseLocale } from '../i18n/choose';
import type { Lang, Locale } from '../i18n/core';
import { describeKeys } from '../input';
import { createLifetime } from '../game-ui/lifetime';

/** The page's language (the game's and the showcase's): `?lang=` (this visit), else the Language setting, else the browser's languages. */
export const pageLocale = (asked: string | null, setting: Locale | 'auto', browser: readonly string[]): Locale =>
  chooseLocale([asked, setting === 'auto' ? null : setting, ...browser]);

/** Writes the markup's words in a language: `game-ui/localize.ts`'s `localize`, and the how-to sentence with the keymap's keys. */
export type Localize = (root: ParentNode & Node, lang: Lang) => void;

/**
 * The catalogue of `locale` and the relabelling that writes it into the markup, with the how-to
 * sentence's code: all load on demand (an English page has its words in the markup and the
 * keymap's English sentence).
 */
export const loadWords = (locale: Locale): Promise<{ lang: Lang; localize: Localize }> =>
  Promise.all([
    import('../i18n/load').then((code) => code.loadLang(locale)),
    import('../game-ui/localize'),
    import('./help-sentences'),
  ]).then(([lang, words, help]) => ({
    lang,
    localize: (root, to) => {
      words.localize(root, to);
      describeKeys(root, help.helpSentence(to));
    },
  }));

export interface PageLanguageOptions {
  readonly doc: Document;
  /** The language the page starts in, its catalogue loaded. */
  readonly lang: Lang;
  /** Loaded with a language other than English (the markup is English already). */
  readonly localize?: Localize;
  /** Writes again what the page's parts have put in words (numbers, labels), once the page speaks another language. */
  readonly relabel: () => void;
}

export interface PageLanguage {
  /** The language the page speaks now. */
  readonly lang: () => Lang;
  /** Speaks `locale` from now on: the markup at once, the rest written again. */
  change(locale: Locale): Promise<void>;
  dispose(): void;
}

export function speakPageLanguage({ doc, lang: first, localize: given, relabel }: PageLanguageOptions): PageLanguage {
  const life = createLifetime();
  let current = first;
  let localize = given ?? null;
  /** The markup's words, `<html lang dir>` and the how-to paragraph with every aria-keyshortcuts (from the keymap). */
  const write = (): void => {
    doc.documentElement.lang = current.locale;
    doc.documentElement.dir = current.dir;
    if (localize) localize(doc, current);
    else describeKeys(doc);
  };
  write();
  return {
    lang: () => current,
    async change(locale) {
      // The loader and the relabelling come with the first change (an English page starts without them).
      const words = await loadWords(locale);
      if (life.ended) return;
      current = words.lang;
      localize = words.localize;
      write();
      relabel();
      // A chosen language outlives the `?lang=` this visit came with.
      const win = doc.defaultView as Window;
      const url = new URL(win.location.href);
      if (url.searchParams.has('lang')) {
        url.searchParams.delete('lang');
        win.history.replaceState(win.history.state, '', url);
      }
    },
    dispose: () => life.end(),
  };
}
