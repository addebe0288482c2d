/**
 * The language a skin's own words follow (a cube's layer names on the flat board and in 3D):
 * the one marked on the nearest `lang` around the board, across a shadow root's edge, as the
 * page and the embed mark it. Loaded with a cube's drawing only.
 */
import type { Lang, Locale } from '../i18n/core';
import { LOCALES } from '../i18n/core';

/** The element whose `lang` the page or embed marks: the nearest, across a shadow root's edge. */
function markedLang(el: Element): Element | null {
  let node: Element | null = el;
  while (node) {
    const marked: Element | null = node.closest('[lang]');
    if (marked) return marked;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

const localeOf = (el: Element | null): Locale => {
  const tag = el?.getAttribute('lang') ?? 'en';
  return (LOCALES as readonly string[]).includes(tag) ? (tag as Locale) : 'en';
};

/** Follows the language marked around `el`: `onLang` with each one once its words are loaded. */
export function followLang(el: Element, onLang: (lang: Lang) => void): () => void {
  const marked = markedLang(el);
  let asked: Locale | null = null;
  const load = (): void => {
    const locale = localeOf(marked);
    if (locale === asked) return;
    asked = locale;
    // Fetched as the game fetches a language (a static import here splits the script-tag build's first file in five).
    void import('../i18n/load')
      .then((code) => code.loadLang(locale))
      .then((lang) => {
        if (asked === locale) onLang(lang);
      });
  };
  load();
  if (!marked) return () => {};
  const observer = new MutationObserver(load);
  observer.observe(marked, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
