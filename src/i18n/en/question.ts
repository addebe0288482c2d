/** The question before a new game throws play away or changes the board (game-ui/question.ts; an embed loads it with its dialogs). */
export const EN_QUESTION = {
  'ask.newGame': 'Start a new game?',
  'ask.resize': 'Start a {size} × {size} game?',
  /** The same for a cube. */
  'ask.resizeCube': 'Start a {size} × {size} × {size} game?',
  'ask.seed': 'Start game {seed}?',
  'ask.endsCurrent': 'Your current game, with a score of {score}, will end.',
  'ask.confirm': 'New game',
  'ask.cancel': 'Keep playing',
} as const;
