/** The win and game-over overlays and the notices, on the page and in embeds (which load them on first use). */
export const EN_DIALOGS = {
  'win.title': 'You win!',
  'win.text': 'You made the {target} tile with a score of {score}.',
  'win.keep': 'Keep going',
  'win.new': 'New game',
  'over.title': 'Game over',
  'over.final': 'Final score',
  'over.newBest': 'A new best score!',
  'over.best': 'Best: {best}',
  'over.again': 'Try again',
  'over.undo': 'Undo last move',
  'notice.dismiss': 'Dismiss notice',
} as const;
