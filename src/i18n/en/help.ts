/**
 * Help texts that name keys: the page's how-to paragraph and the embed's (read out). The keys
 * are never written here: `howToSentence` (src/input/how-to.ts) fills them in from the keymap.
 * How to turn the 3D board is in view-help.ts, the word between keys that do the same in keys.ts.
 * Apart from the core's words, so that an embed in English, which shows the keymap's English
 * copy, downloads none of this.
 */
export const EN_HELP = {
  /**
   * How to play, said by `howToSentence` (src/input/how-to.ts), which fills in the keymap's keys, each shown as a key:
   * {move} the sets of move keys, {undo} the undo keys, {newGame} the new-game key. Never write a key's name here.
   */
  'game.howTo': 'Slide the tiles with {move} or a swipe. Equal tiles merge. {undo} undoes, {newGame} starts a new game.',
  /** Between the sets of move keys ("[←][↑][→][↓], [WASD], [HJKL]"); spaces count. */
  'keys.list': ', ',
} as const;
