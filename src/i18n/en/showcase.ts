/**
 * The showcase page (showcase.html), in English. Like EN_MARKUP for the game page, the
 * page's English is its markup (`data-i18n`), so the page never downloads `EN_SHOWCASE_MARKUP`:
 * it types the keys for the other locales, and a test holds it to showcase.html. The panels'
 * titles for the built-in boards are the game's own names for them (`skin.cubes`, `skin.flat`).
 */
export const EN_SHOWCASE_MARKUP = {
  'showcase.title': 'cube2048: one game, four board styles',
  'showcase.play': 'Play the game',
  'showcase.heading': 'One game, four board styles',
  'showcase.lead':
    'The four boards below show one and the same game of 2048. Make a move with the arrows or your keyboard, and all four show it at once.',
  'showcase.why':
    "The game's rules decide every move; a board style only draws the result. So the look can change without changing the game: scores, saved games and replays stay the same in every style.",
  'showcase.controls': 'Controls for all four boards',
  'showcase.move': 'Move',
  'showcase.up': 'Move up',
  'showcase.left': 'Move left',
  'showcase.down': 'Move down',
  'showcase.right': 'Move right',
  'showcase.boards': 'The same game in four board styles',
  'showcase.cubesAbout':
    "The game's usual look: tiles as cubes that slide, merge and pop in 3D. Its code is downloaded only when it is shown.",
  'showcase.flatAbout': 'Classic flat tiles that work in every browser. The game switches to them by itself where 3D cannot run.',
  'showcase.text': 'Text',
  'showcase.textAbout': "The board as plain characters, like the game's version for the terminal.",
  'showcase.canvas': 'Canvas',
  'showcase.canvasAbout':
    "Made outside the game, the way anyone can make a board style: it draws what the rules report and uses nothing but the game's public interface.",
  'showcase.whyTitle': 'Why it matters',
  'showcase.forPlayers': 'Players pick the board style they like in the settings, and their game goes on exactly where it was.',
  'showcase.forSites': 'Websites can embed the game in the style that suits them, and it plays the same everywhere.',
  'showcase.forMakers': 'Designers can make a new style without touching the rules, as the canvas board shows.',
  'showcase.ownGame': 'This page keeps its own game, apart from the one on the main page.',
} as const;

/** What the showcase's code writes: the line under the controls when a game is won or over. */
export const EN_SHOWCASE = {
  'showcase.won': 'You made the target tile! Move again to play on.',
  'showcase.over': 'No moves left. Undo, or start a new game.',
} as const;
