/**
 * Which of our locales a player gets: the best match for what they asked (a `lang` option,
 * `?lang=`, the Language setting, the browser's languages, or the terminal's LC_ALL,
 * LC_MESSAGES and LANG). Pure: the caller hands in what it read.
 */
import type { Locale } from './core';
import { LOCALES } from './core';

/** The locale a language region falls back to when we speak only one of its variants. */
const BY_LANGUAGE: Readonly<Record<string, Locale>> = Object.fromEntries(LOCALES.map((l) => [l.split('-')[0] ?? l, l]));
/** Scripts and regions of Chinese written in traditional characters: not zh-CN's simplified ones. */
const TRADITIONAL = /^zh-(hant|tw|hk|mo)\b/i;

/** One language tag ("de-AT", "pt", "zh-Hans-CN") matched to a locale, or null. */
export function matchLocale(tag: string): Locale | null {
  const clean = tag.trim();
  const exact = LOCALES.find((l) => l.toLowerCase() === clean.toLowerCase());
  if (exact) return exact;
  if (TRADITIONAL.test(clean)) return null;
  return BY_LANGUAGE[(clean.split('-')[0] ?? '').toLowerCase()] ?? null;
}

/** The first of `tags` we speak; English when none. */
export function chooseLocale(tags: readonly (string | null | undefined)[]): Locale {
  for (const tag of tags) {
    const locale = tag ? matchLocale(tag) : null;
    if (locale) return locale;
  }
  return 'en';
}

/** The terminal's language, as POSIX orders its variables: LC_ALL, then LC_MESSAGES, then LANG. */
export function terminalLocale(env: Readonly<Record<string, string | undefined>>): Locale {
  const set = (name: string): string | null => (env[name] ? (env[name] ?? null) : null);
  const main = set('LC_ALL') ?? set('LC_MESSAGES') ?? set('LANG');
  // "de_DE.UTF-8@euro" is de-DE; "C" and "POSIX" name no language.
  const tag = main?.replace(/[.@].*$/, '').replace(/_/g, '-');
  return chooseLocale([tag === 'C' || tag === 'POSIX' ? null : tag]);
}
