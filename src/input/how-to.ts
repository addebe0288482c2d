/**
 * The how-to sentence in the player's language: the catalogue's words with the keymap's keys
 * filled in. Apart from the keymap, so that an embed in English never downloads it.
 */
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_HELP } from '../i18n/en/help';
import type { HowToCaps } from './keymap';
import { keysOr } from './keys-or';

/**
 * How to play, in one sentence in the player's language for the game page and the embed, each
 * key cap in [brackets]: the catalogue's `game.howTo` with the keymap's keys filled in, the
 * sets of move keys joined by the language's word for a list, the keys of one command by its
 * word for a choice ("Slide the tiles with [←][↑][→][↓], [WASD], [HJKL] or a swipe. Equal
 * tiles merge. [U] or [Ctrl+Z] undoes, [N] starts a new game."). No catalogue names a key: a
 * new binding changes the keymap and the copies its test prints, nothing else.
 */
export function howToSentence(lang: Lang = ENGLISH, keys: HowToCaps = HOW_TO_CAPS): string {
  const or = keysOr(lang);
  return say(lang, EN_HELP, 'game.howTo', {
    move: keys.move.join(say(lang, EN_HELP, 'keys.list')),
    undo: keys.undo.join(or),
    newGame: keys.newGame.join(or),
  });
}

/** `howToCaps()`. */
export const HOW_TO_CAPS: HowToCaps = { move: ['[←][↑][→][↓]', '[WASD]', '[HJKL]'], undo: ['[U]', '[Ctrl+Z]'], newGame: ['[N]'] };
