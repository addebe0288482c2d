/**
 * The cubes skin's sizes, in board units: one cell pitch is 1, the board's top is at y = 0, and
 * the board is centred on the origin. Numbers only, apart from shapes.ts (which builds three's
 * geometries from them): a module loaded later (cube/) reads them without importing three, which
 * would cut three out of the skin's chunk into a chunk of its own.
 */
export const SLOT_SIDE = 0.87;
/** Height of a slot's top face, where cubes stand. */
export const SLOT_TOP = 0.025;
export const CUBE_SIDE = 0.83;
export const CUBE_RADIUS = 0.1;
/** The cube geometry's own height; each value scales it a little (taller for bigger tiles). */
export const CUBE_HEIGHT = 0.56;
export const LABEL_WIDTH = 0.76;
/** Width of the board's border around the outer slots. */
export const RIM = 0.24;
export const BOARD_THICKNESS = 0.34;
/** The board's edges are rounded through its whole thickness: its sides bulge out most halfway down. */
export const BOARD_RADIUS = BOARD_THICKNESS / 2;

/** How tall a cube of `exponent` stands: bigger tiles a little taller, levelling off past 2048. */
export const heightOf = (exponent: number): number =>
  0.38 + 0.022 * Math.min(exponent, 11) + 0.012 * Math.max(0, Math.min(exponent - 11, 6));
