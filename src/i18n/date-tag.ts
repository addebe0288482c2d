import type { Locale } from './core';
import { intlTag } from './core';

/**
 * The tag a date is written with: English as the game always wrote it (day month year), the
 * others as their locale writes one. Its own module, so only code that writes dates (the
 * history, the daily banner) carries it, not the embed's core.
 */
export const dateTag = (locale: Locale): string => (locale === 'en' ? 'en-GB' : intlTag(locale));
