import type { Notice } from '../store/types';
import type { Lang } from './core';
import { format } from './core';
import type { EN_NOTICES } from './en/notices';

/** A text whose English is written where it is made (see EN_NOTICES): the locale's words, else that English. */
export function textOr(lang: Lang, key: keyof typeof EN_NOTICES, english: string): string {
  const message = lang.messages[key];
  return message === undefined ? english : format(lang, message);
}

/** A store notice in the player's language: its kind says which; in English (or a locale without it) its own `message`. */
export const noticeText = (notice: Notice, lang: Lang): string => textOr(lang, `notice.${notice.kind}`, notice.message);
