import type { Lang } from '../i18n/core';
import { howToSentence } from '../input/how-to';

/** The how-to sentence in `lang` without its key marks (an embed's is read out, never shown). */
export const howToText = (lang: Lang): string => howToSentence(lang).replace(/[[\]]/g, '');
