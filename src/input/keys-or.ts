/** The language's word between keys that do the same ("[U] or [Ctrl+Z]"), for every sentence that names keys. */
import type { Lang } from '../i18n/core';
import { say } from '../i18n/core';
import { EN_KEYS } from '../i18n/en/keys';

export const keysOr = (lang: Lang): string => say(lang, EN_KEYS, 'keys.or');
