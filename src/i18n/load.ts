/**
 * Loads a locale's catalogue: one chunk per locale, fetched only when that locale is chosen
 * (English is in the core, so it needs none).
 */
import type { Catalogue, Lang, Locale } from './core';
import { ENGLISH, langFor } from './core';

const LOADERS: Readonly<Record<Exclude<Locale, 'en'>, () => Promise<{ readonly default: Catalogue }>>> = {
  es: () => import('./locales/es'),
  'pt-BR': () => import('./locales/pt-BR'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  it: () => import('./locales/it'),
  ru: () => import('./locales/ru'),
  'zh-CN': () => import('./locales/zh-CN'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  ar: () => import('./locales/ar'),
};

const loaded = new Map<Locale, Promise<Lang>>();

/** The locale ready to speak; English (with one console line) when its catalogue cannot be fetched. */
export function loadLang(locale: Locale): Promise<Lang> {
  if (locale === 'en') return Promise.resolve(ENGLISH);
  let lang = loaded.get(locale);
  if (!lang) {
    lang = LOADERS[locale]().then(
      (module) => langFor(locale, module.default),
      (error: unknown) => {
        loaded.delete(locale);
        console.warn(`cube2048: the ${locale} texts could not be loaded, so the game speaks English`, error);
        return ENGLISH;
      },
    );
    loaded.set(locale, lang);
  }
  return lang;
}
