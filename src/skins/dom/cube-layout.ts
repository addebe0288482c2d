/**
 * Where the flat board puts a cube's layers: one panel per layer (a label strip over a square
 * grid), as many side by side as makes the panels biggest in the box it is given: a row in a
 * wide box, a column in a tall one, a grid in a square. Pure: sizes in, pixels out.
 */

/** A tile's width as a share of the cell pitch (the square board's TILE_SHARE). */
export const CUBE_TILE_SHARE = 0.875;

export interface CubeLayout {
  /** How many panels stand side by side in a row. */
  readonly columns: number;
  /** The side of each panel's square grid, and the height of its label strip above it (px). */
  readonly side: number;
  readonly label: number;
  /** The label's font size (px). */
  readonly font: number;
  /** The top-left corner of each panel (its label strip), layer 0 first (px). */
  readonly panels: readonly { readonly x: number; readonly y: number }[];
}

/** The label's font: readable on a phone, not shouting on a desktop. */
const fontFor = (width: number, height: number): number => Math.min(16, Math.max(11, Math.min(width, height) / 30));

/**
 * Lays out `layers` panels in a `width`×`height` box: each panel is a label strip over a square
 * grid, panels `gap` apart. Chooses the number of columns that gives the biggest grids (more
 * columns where two choices tie), then centres each row and the block.
 */
export function layoutCube(width: number, height: number, layers: number): CubeLayout {
  const font = fontFor(width, height);
  const label = Math.round(font * 1.7);
  const gap = Math.max(6, Math.min(width, height) * 0.025);
  let columns = 1;
  let side = -Infinity;
  for (let c = 1; c <= layers; c++) {
    const rows = Math.ceil(layers / c);
    const fit = Math.min((width - (c - 1) * gap) / c, (height - (rows - 1) * gap) / rows - label);
    if (fit >= side) [columns, side] = [c, fit];
  }
  // Whole pixels, so the grids' edges are crisp and rounding never pushes one past the box.
  side = Math.max(0, Math.floor(side));
  const rows = Math.ceil(layers / columns);
  const blockHeight = rows * (side + label) + (rows - 1) * gap;
  const top = Math.max(0, (height - blockHeight) / 2);
  const panels = Array.from({ length: layers }, (_, layer) => {
    const row = Math.floor(layer / columns);
    const inRow = Math.min(columns, layers - row * columns);
    const left = (width - inRow * side - (inRow - 1) * gap) / 2;
    return { x: Math.round(left + (layer % columns) * (side + gap)), y: Math.round(top + row * (side + label + gap)) };
  });
  return { columns, side, label, font, panels };
}

/** The top-left corner of cell (`row`, `col`)'s tile in layer `layer`, fractional anywhere mid-move (px). */
export function tileCorner(layout: CubeLayout, size: number, layer: number, row: number, col: number): { x: number; y: number } {
  const pitch = layout.side / (size + 1 - CUBE_TILE_SHARE);
  const inset = pitch * (1 - CUBE_TILE_SHARE);
  const below = Math.max(0, Math.min(layout.panels.length - 1, Math.floor(layer)));
  const above = Math.min(layout.panels.length - 1, below + 1);
  const t = layer - below;
  const a = layout.panels[below] ?? { x: 0, y: 0 };
  const b = layout.panels[above] ?? a;
  // Between two layers (a move in or out) the tile travels straight from one panel's cell to the next's.
  return {
    x: a.x + (b.x - a.x) * t + inset + col * pitch,
    y: a.y + (b.y - a.y) * t + layout.label + inset + row * pitch,
  };
}

/** A tile's side in a layout for a cube of edge `size` (px). */
export const tileSide = (layout: CubeLayout, size: number): number => (layout.side / (size + 1 - CUBE_TILE_SHARE)) * CUBE_TILE_SHARE;
