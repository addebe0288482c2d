/**
 * The how-to sentence in the player's language, for a page that speaks another one than
 * English (language.ts; the 3D board's sentence on turning it is written by its turning part). Fetched on its own, so that the bundler hands this module's own
 * exports over and needs no namespace object (its runtime, one more file) on the English page.
 */
import { howToSentence } from '../input/how-to';
import type { Lang } from '../i18n/core';

export const helpSentence = (lang: Lang): string => howToSentence(lang);
