/**
 * The words of a cube game where a square's would not do: what the live region says of it
 * (game-ui/cube-access.ts), and the game page's board choices, buttons for the third axis and
 * what touch play says of them (page/cube.ts, loaded with the first cube game and the settings).
 * Apart from the first words, so that a square game downloads none of this.
 */
export const EN_CUBE = {
  /** A cube's merges in one layer (`layer` counts from 1, nearest the player). */
  'said.mergedIn': 'Merged {merges} in layer {layer}.',
  'said.spawnIn': 'New {value} in layer {layer}, row {row}, column {column}.',
  'said.newCube': 'New game on a {size} by {size} by {size} cube.',
  /** The accessible name of a cube game's board (a square's is `game.boardSized`, "Game board, 4 by 4"). */
  'game.cubeSized': 'Game cube, {size} by {size} by {size}',
  /**
   * How to play a cube's third axis on the game page, shown on cube games, said by `cubeHowToSentence` (src/input/cube-how-to.ts):
   * {in} the keys that slide the tiles away from the player (to the far layer), {out} toward the player, {spread} the key held
   * to pull the layers apart. Never write a key's name here.
   */
  'cube.howTo': 'On a cube, {in} slides the tiles away from you and {out} toward you; hold {spread} to pull the layers apart.',
  /** The board choices in the settings, grouped by shape: the squares' group, then the cubes'. */
  'size.squares': 'Square',
  'size.cubes': 'Cube',
  /** A cube's size as a board choice (3 × 3 × 3). */
  'size.cubeOption': '{size} × {size} × {size}',
  /** The group of buttons under a cube for touch play. */
  'cube.controls': 'Cube moves',
  /** The button that slides a cube's tiles away from the player, toward the far layer. */
  'cube.in': 'In',
  /** The button that slides a cube's tiles toward the player, toward the near layer. */
  'cube.out': 'Out',
  /** The button held to pull a cube's layers apart, so that a buried tile can be read. */
  'cube.spread': 'Spread',
  /** How to play a cube on a touch screen, shown under the board of a cube game. */
  'cube.howToTouch':
    'On a cube, tap In to slide the tiles away from you and Out to slide them toward you; hold Spread to pull the layers apart.',
} as const;
