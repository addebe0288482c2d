import type { Lang } from '../i18n/core';
import { ENGLISH } from '../i18n/core';

/** Numbers as the page prints and speaks them, in the player's locale: "1,284", "1.284", "1 284". */
export const formatNumber = (n: number, lang: Lang = ENGLISH): string => lang.number.format(n);
