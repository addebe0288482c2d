/**
 * The choices of the game's settings that code writes (the board sizes and the languages) and
 * the motion setting as a choice of three: the settings dialog's, and the showcase's options,
 * which change the same settings.
 */
import { MAX_SIZE, MIN_SIZE } from '../engine';
import type { Lang } from '../i18n/core';
import { LOCALES, languageName, say } from '../i18n/core';
import { EN_PAGE } from '../i18n/en/page';

export type MotionChoice = 'system' | 'full' | 'reduce';

/** The Motion setting as the form shows it: "System" is the system's prefers-reduced-motion. */
export const motionChoice = (reduced: boolean | null): MotionChoice => (reduced === null ? 'system' : reduced ? 'reduce' : 'full');
/** The Motion setting a choice stands for. */
export const motionSetting = (choice: string): boolean | null => (choice === 'system' ? null : choice === 'reduce');

/** Fills a board-size select and a language select (once: a second call finds them filled). */
export function addSizesAndLanguages(size: HTMLSelectElement, language: HTMLSelectElement, l: Lang): void {
  if (size.options.length === 0) {
    for (let n = MIN_SIZE; n <= MAX_SIZE; n++) size.add(new Option(say(l, EN_PAGE, 'size.option', { size: n }), String(n)));
  }
  // Each language named in itself (and marked as such, so a screen reader says it right).
  if (language.options.length === 0) {
    language.add(new Option(say(l, EN_PAGE, 'lang.auto'), 'auto'));
    for (const locale of LOCALES) {
      const option = new Option(languageName(locale), locale);
      option.lang = locale;
      language.add(option);
    }
  }
}

/** Writes the sizes and the "browser language" choice again in `l`. */
export function relabelSizesAndLanguages(size: HTMLSelectElement, language: HTMLSelectElement, l: Lang): void {
  for (const option of size.options) option.text = say(l, EN_PAGE, 'size.option', { size: Number(option.value) });
  const auto = language.options[0];
  if (auto) auto.text = say(l, EN_PAGE, 'lang.auto');
}
