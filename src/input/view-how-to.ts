/**
 * How to turn the 3D board, in the player's language: loaded with the game page's turning
 * part, apart from the game's how-to (how-to.ts), which the page shows already.
 */
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_VIEW_HELP } from '../i18n/en/view-help';
import { keysOr } from './keys-or';
import type { ViewHowToCaps } from './keymap';

/** How to turn the 3D board, in one sentence in the player's language for the game page: the catalogue's `view.howTo` with the keymap's keys. */
export function viewHowToSentence(lang: Lang = ENGLISH, keys: ViewHowToCaps = VIEW_HOW_TO_CAPS): string {
  const or = keysOr(lang);
  return say(lang, EN_VIEW_HELP, 'view.howTo', { turn: keys.turn.join(or), top: keys.top.join(or), reset: keys.reset.join(or) });
}

/** `viewHowToCaps()`. */
export const VIEW_HOW_TO_CAPS: ViewHowToCaps = { turn: ['[Q]', '[E]'], top: ['[T]'], reset: ['[R]'] };
