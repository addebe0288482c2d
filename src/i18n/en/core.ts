/** What every game says at once (the page and the embed core): its score bar, buttons and board label. */
export const EN_CORE = {
  'hud.score': 'Score',
  'hud.best': 'Best',
  'hud.moves': 'Moves',
  'game.newGame': 'New game',
  'game.undo': 'Undo',
  'game.controls': 'Game controls',
  'game.notices': 'Notices',
  'game.board': 'Game board',
  'game.boardSized': 'Game board, {size} by {size}',
  /** What the accessible grid says for a cell without a tile. */
  'grid.empty': 'empty',
  'skin.noBoard': 'The board could not be shown. Please reload the page.',
} as const;
