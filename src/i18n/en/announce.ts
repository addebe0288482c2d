/** What the live region says after each change (loaded just after a game shows). */
export const EN_ANNOUNCE = {
  'said.left': 'Moved left.',
  'said.right': 'Moved right.',
  'said.up': 'Moved up.',
  'said.down': 'Moved down.',
  'said.in': 'Moved in, away from you.',
  'said.out': 'Moved out, toward you.',
  /** One value's merges in this move: `n` pairs of `half` became `n` tiles of `value`. */
  'said.merge': { one: 'two {half}s into {value}', other: '{n} pairs of {half}s into {value}s' },
  /** The list of merges ("two 8s into 16 and two 2s into 4"), joined the locale's way. */
  'said.merged': 'Merged {merges}.',
  'said.spawn': 'New {value} in row {row}, column {column}.',
  'said.score': 'Score {score}.',
  'said.won': 'You reached {target}! You win. Keep going or start a new game.',
  'said.over': 'Game over. Final score {score}.',
  'said.undo': 'Undid the last move.',
  'said.new': 'New game on a {size} by {size} board.',
  'said.keepGoing': 'Playing on past {target}.',
  'said.sync': 'The game was continued in another tab.',
} as const;
