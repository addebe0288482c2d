/**
 * cube2048's words in the player's language: a small typed catalogue layer on top of `Intl`.
 *
 * A catalogue maps a key to a whole sentence with named placeholders ("Score {score}.") or,
 * where a count changes the words, to its plural forms by `Intl.PluralRules` category, the
 * count being `{n}`. English catalogues (`en/*.ts`) sit beside the code that speaks them and
 * type the keys; each other locale is one module (`locales/<tag>.ts`), loaded only when
 * chosen. A key a locale lacks falls back to English, never to the key's name. Numbers in
 * placeholders are formatted for the locale. Pure: no DOM, so the terminal reads it too.
 */

/** The locales cube2048 speaks, English first (it is always there). */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'it', 'ru', 'zh-CN', 'ja', 'ko', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** A language's name in itself, for the Language setting ("Deutsch", "Português (Brasil)", "简体中文"). */
export function languageName(locale: Locale): string {
  const tag = locale === 'zh-CN' ? 'zh-Hans' : locale;
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? locale;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

const RTL: readonly Locale[] = ['ar'];

/** Forms of one message by plural category; `other` is always there. */
export type Plural = { readonly other: string } & { readonly [C in Intl.LDMLPluralRule]?: string };
export type Message = string | Plural;
export type Catalogue = { readonly [key: string]: Message };

type Names<S> = S extends `${string}{${infer N}}${infer R}` ? N | Names<R> : never;
/** The placeholders a message takes: its `{names}` (and `n`, the count, for a plural). */
export type MessageNames<M> = M extends string ? Names<M> : M extends Plural ? Names<M[keyof M] & string> | 'n' : never;
/** What a message's placeholders need: nothing, or one value per name. */
export type Params<M> = [MessageNames<M>] extends [never] ? [] : [params: { readonly [N in MessageNames<M>]: string | number }];

/** One locale, ready to speak: its messages (none for English) and its formatters. */
export interface Lang {
  readonly locale: Locale;
  readonly dir: 'ltr' | 'rtl';
  /** The locale's own messages; what it lacks is said in English. */
  readonly messages: Catalogue;
  readonly plural: Intl.PluralRules;
  readonly number: Intl.NumberFormat;
}

/** The locale's tag for Intl. Arabic with Western digits: the tiles show 2, 4, 8… so the score and the sentences about them do too. */
export const intlTag = (locale: Locale): string => (locale === 'ar' ? 'ar-u-nu-latn' : locale);

export function langFor(locale: Locale, messages: Catalogue = {}): Lang {
  const tag = intlTag(locale);
  return {
    locale,
    dir: RTL.includes(locale) ? 'rtl' : 'ltr',
    messages,
    plural: new Intl.PluralRules(tag),
    number: new Intl.NumberFormat(tag),
  };
}

/** English, always at hand: what every game speaks before (or without) another catalogue. */
export const ENGLISH: Lang = langFor('en');

/** A message with its placeholders filled; numbers are formatted for the locale. */
export function format(lang: Lang, message: Message, params: Readonly<Record<string, string | number>> = {}): string {
  const text = typeof message === 'string' ? message : pick(lang, message, params['n']);
  return text.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? lang.number.format(value) : value;
  });
}

function pick(lang: Lang, forms: Plural, n: string | number | undefined): string {
  if (typeof n !== 'number') return forms.other;
  // An exact form wins where a locale writes one ("=0" is not needed yet: CLDR's categories are enough).
  return forms[lang.plural.select(n)] ?? forms.other;
}

/** The message for `key` in `lang`, else in English. */
export function say<C extends Catalogue, K extends keyof C & string>(lang: Lang, english: C, key: K, ...params: Params<C[K]>): string {
  const message = lang.messages[key] ?? english[key] ?? '';
  return format(lang, message, params[0] as Readonly<Record<string, string | number>> | undefined);
}

/** `say` bound to one English catalogue: `const t = speaker(EN_X)(lang); t('key', { … })`. */
export type Speak<C extends Catalogue> = <K extends keyof C & string>(key: K, ...params: Params<C[K]>) => string;
export const speaker =
  <C extends Catalogue>(english: C) =>
  (lang: Lang): Speak<C> =>
  (key, ...params) =>
    say(lang, english, key, ...params);
