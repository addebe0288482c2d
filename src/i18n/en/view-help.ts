/**
 * How to turn the 3D board on the game page: loaded with the page's turning part, apart from
 * the game's how-to (help.ts), which the 3D page has in its markup already.
 */
export const EN_VIEW_HELP = {
  /**
   * How to turn the 3D board on the game page, said by `viewHowToSentence` (src/input/view-how-to.ts): {turn} the keys that
   * turn it a quarter, {top} the key for the view from the top, {reset} the key back to the tilted view. Never write a key's name here.
   */
  'view.howTo':
    'Drag the 3D board to turn it (two fingers on a touch screen), zoom with the wheel or a pinch; {turn} turns it, {top} shows it from the top, {reset} resets the view.',
} as const;
