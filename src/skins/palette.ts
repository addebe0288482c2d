/**
 * Colours and labels of tiles, shared by every skin so the cubes, the flat board and
 * the text agree. Indexed by exponent (1 = tile 2, 11 = tile 2048).
 */

/**
 * The classic 2048 hues, spread so that each tile stands apart from the next at a glance
 * (CIEDE2000 at least 10, test/skins/palette.test.ts): 2 to 64 from cream through orange to
 * red, 128 to 1024 from pale lemon to amber, then 2048's classic gold, then jewel tones.
 */
const TILE_COLOURS: readonly string[] = [
  '#cdc1b4', // 0: empty (unused for tiles)
  '#eee4da', // 2
  '#ecd9a8', // 4
  '#f2b179', // 8
  '#f68b55', // 16
  '#f0674b', // 32
  '#da3a2a', // 64
  '#f8eaa8', // 128
  '#f3d35c', // 256
  '#eaae32', // 512
  '#e28a24', // 1024
  '#edc22e', // 2048
  '#2f9e7e', // 4096
  '#2b86b8', // 8192
  '#4a62c9', // 16384
  '#7a4fc2', // 32768
  '#a8429e', // 65536
  '#c73a5a', // 131072
];
/** Beyond 131072 (only reachable on big boards): charcoal and dark jewels in turn. */
const HUGE_COLOURS: readonly string[] = ['#3c3a32', '#1f5e6e', '#5a2e6e', '#6e3a1f'];

/** Pure white rather than the classic #f9f6f2: on 64 that is the difference between 3.2:1 and 2.96:1. */
const LIGHT_TEXT = '#ffffff';
/** The classic grey-brown of 2 and 4. */
const SOFT_TEXT = '#776e65';
/** On the bright classic tiles white would be unreadable (contrast under 2:1), so numbers are dark there. */
const DARK_TEXT = '#4a3c30';

/** Tiles up to 2^19 = 524288 print their digits (six at most); bigger ones print `2^e`. */
export const MAX_DIGITS_EXPONENT = 19;

export function tileColour(exponent: number): string {
  return TILE_COLOURS[exponent] ?? HUGE_COLOURS[(exponent - TILE_COLOURS.length) % HUGE_COLOURS.length] ?? '#3c3a32';
}

/** Number colour on a tile: at least 3:1 contrast (WCAG AA for large bold text) on every tile. */
export function textColour(exponent: number): string {
  if (exponent <= 2) return SOFT_TEXT;
  if (exponent <= 5 || (exponent >= 7 && exponent <= 11)) return DARK_TEXT;
  return LIGHT_TEXT;
}

/** How strongly a tile glows (0–1): the gold tiles warm up towards 2048, bigger ones keep a halo. */
export function tileGlow(exponent: number): number {
  if (exponent < 7) return 0;
  if (exponent <= 11) return (exponent - 6) / 5;
  return 0.6;
}

/*
 * The engine's `valueOf` and `exponentOf` (engine/board.ts), the only value arithmetic a skin
 * needs, written out: a skin may import the engine's types only, and a value import of even
 * these two would cost the flat embed core a second file (the bundler keeps a module shared
 * by the engine and the palette in a chunk of its own). test/skins/palette.test.ts holds them
 * to the engine's on every tile a board can hold.
 */

/** The tile value of an exponent: 0 for an empty cell, 2^e otherwise (the engine's `valueOf`). */
export const tileValue = (exponent: number): number => (exponent === 0 ? 0 : 2 ** exponent);

/** The exponent of a tile value (0 for empty) from a board or a move report (the engine's `exponentOf` on tile values). */
export const exponentOfValue = (value: number): number => (value === 0 ? 0 : Math.round(Math.log2(value)));

/**
 * The text printed on a tile: its digits up to 524288, then `2^e` so a label never needs
 * more than six characters. Renderers draw the part after `^` as a superscript.
 */
export function tileLabel(exponent: number): string {
  return exponent <= MAX_DIGITS_EXPONENT ? String(tileValue(exponent)) : `2^${exponent}`;
}

export interface BoardColours {
  /** The board under the slots. */
  readonly board: string;
  /** An empty slot. */
  readonly slot: string;
  /** The direction hint: it fills the hint's badge (the page's primary button colour, at least 5:1 on the board). */
  readonly hint: string;
  /** The hint's arrow and the ring around its badge (the primary button's text colour), so it reads on any tile. */
  readonly hintInk: string;
}

export const BOARD_COLOURS: Readonly<Record<'light' | 'dark', BoardColours>> = {
  light: { board: '#bbada0', slot: '#cdc1b4', hint: '#3b2f25', hintInk: '#fff8ec' },
  dark: { board: '#4a423b', slot: '#5e554c', hint: '#edc22e', hintInk: '#231a06' },
};

/** The font stack of every number: Clear Sans like the original where installed, else a bold grotesque. */
export const TILE_FONT = '"Clear Sans","Helvetica Neue",Arial,"Liberation Sans","Nimbus Sans",sans-serif';

/**
 * Font size of a label as a fraction of the tile's width: big for short numbers, fitted for
 * long ones, never growing again as values grow (a `2^e` label is as small as six digits).
 */
export function labelFontScale(label: string): number {
  return Math.min(0.5, 1.4 / (label.includes('^') ? 6 : label.length || 1));
}
