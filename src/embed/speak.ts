/**
 * What an embedded game needs to speak a language other than English: the catalogue loader
 * and the markup's relabelling. Loaded only then, so a game in English downloads neither.
 */
import type { Lang } from '../i18n/core';
import { loadLang } from '../i18n/load';
import { localize } from '../game-ui/localize';
import { howToText } from './how-to-text';
import type { EmbedView } from './view';

/** Loads `locale` and, if it is still `wanted` then, writes the markup's words in it; the language, or null when it was not. */
export async function speakIn(locale: Lang['locale'], { root, howTo }: EmbedView, wanted: () => boolean): Promise<Lang | null> {
  const lang = await loadLang(locale);
  if (!wanted()) return null;
  localize(root, lang);
  howTo.textContent = howToText(lang);
  return lang;
}
