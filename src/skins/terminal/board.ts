/**
 * The board of the terminal skin as lines of spans: a square, or a cube's layers side by side
 * (in as many rows as the window needs), each under its label. Pure, like the frame.
 */
import type { Dimensions } from '../../engine';
import { BOARD_COLOURS, textColour, tileColour, tileLabel } from '../palette';
import type { ColorMode, Span, Style } from './style';
import { BASIC_HEX, hasColour, mix, widthOf } from './style';

/** What a board shows: the cells (exponents, 0 = empty) and the latest move's marks. */
export interface BoardModel {
  readonly size: number;
  readonly dimensions: Dimensions;
  /** Exponents indexed `(layer * size + row) * size + col`. */
  readonly cells: Uint8Array;
  readonly merged: ReadonlySet<number>;
  readonly spawned: ReadonlySet<number>;
}

export interface Layout {
  readonly cellWidth: number;
  readonly cellHeight: number;
  readonly gapX: number;
  readonly gapY: number;
  /** Board margin around the cells (colour boards) — boxed boards use their lines instead. */
  readonly padX: number;
  readonly padY: number;
}

/** Largest first; each is tried until one fits the window. */
const LAYOUTS: readonly Layout[] = [
  { cellWidth: 8, cellHeight: 3, gapX: 2, gapY: 1, padX: 2, padY: 1 },
  { cellWidth: 7, cellHeight: 1, gapX: 1, gapY: 1, padX: 1, padY: 1 },
];

/** The colours of a frame: the shared palette, or a hand-picked set for 16-colour terminals. */
export interface Theme {
  readonly board: string;
  readonly slot: string;
  readonly chipLabel: string;
  readonly chipValue: string;
  readonly accent: string;
  readonly notice: string;
  tile(exponent: number): { readonly bg: string; readonly fg: string };
  /** Whether merged and new tiles can be shown in lighter shades (not with 16 colours). */
  readonly shades: boolean;
}

const PALETTE_THEME: Theme = {
  board: BOARD_COLOURS.light.board,
  slot: BOARD_COLOURS.light.slot,
  chipLabel: '#eee4da',
  chipValue: '#ffffff',
  accent: '#edc22e',
  notice: '#f2b179',
  tile: (e) => ({ bg: tileColour(e), fg: textColour(e) }),
  shades: true,
};

/** Tiles from 2 upwards on 16 colours: [background, text] indices into BASIC_HEX, bright after dark of each hue. */
const BASIC_TILES: readonly (readonly [number, number])[] = [
  [7, 0],
  [15, 0],
  [3, 0],
  [11, 0],
  [1, 15],
  [9, 15],
  [5, 15],
  [13, 0],
  [4, 15],
  [12, 15],
  [2, 0],
  [10, 0],
  [6, 0],
  [14, 0],
];
const basic = (i: number): string => BASIC_HEX[i] as string;

const BASIC_THEME: Theme = {
  board: basic(8),
  slot: basic(0),
  chipLabel: basic(7),
  chipValue: basic(15),
  accent: basic(11),
  notice: basic(11),
  tile: (e) => {
    const [bg, fg] = BASIC_TILES[(e - 1) % BASIC_TILES.length] as readonly [number, number];
    return { bg: basic(bg), fg: basic(fg) };
  },
  shades: false,
};

export const themeFor = (mode: ColorMode): Theme => (mode === 'ansi16' ? BASIC_THEME : PALETTE_THEME);
const WHITE = '#ffffff';

function boardWidth(size: number, layout: Layout, boxed: boolean): number {
  return boxed ? size * (layout.cellWidth + 1) + 1 : 2 * layout.padX + size * layout.cellWidth + (size - 1) * layout.gapX;
}

/** A boxed board draws a rule between its rows only where its layout has a gap between them. */
function boardHeight(size: number, layout: Layout, boxed: boolean): number {
  return boxed
    ? size * layout.cellHeight + (size - 1) * Math.min(1, layout.gapY) + 2
    : 2 * layout.padY + size * layout.cellHeight + (size - 1) * layout.gapY;
}

/** A tile's number, or 2^n where the number is wider than `width`. */
const labelIn = (exponent: number, width: number): string => (widthOf(tileLabel(exponent)) > width ? `2^${exponent}` : tileLabel(exponent));

/** A tile's label centred in `width` columns. */
function centred(text: string, width: number): string {
  const left = Math.max(0, Math.floor((width - widthOf(text)) / 2));
  return (' '.repeat(left) + text).padEnd(width).slice(0, width);
}

/** Board lines of one layer (a square's only one) with coloured tiles on a coloured board. */
function colourBoard(model: BoardModel, layer: number, layout: Layout, theme: Theme): Span[][] {
  const { size, cells } = model;
  const width = boardWidth(size, layout, false);
  const boardStyle: Style = { bg: theme.board };
  const blank: Span[] = [{ text: ' '.repeat(width), style: boardStyle }];
  const lines: Span[][] = [];
  for (let y = 0; y < layout.padY; y++) lines.push(blank);
  const middle = Math.floor(layout.cellHeight / 2);
  for (let r = 0; r < size; r++) {
    for (let line = 0; line < layout.cellHeight; line++) {
      const spans: Span[] = [{ text: ' '.repeat(layout.padX), style: boardStyle }];
      for (let c = 0; c < size; c++) {
        const at = (layer * size + r) * size + c;
        const e = cells[at] ?? 0;
        const colours = e === 0 ? { bg: theme.slot, fg: theme.slot } : theme.tile(e);
        let bg = colours.bg;
        // A merge flashes lighter; a new tile fades in from the empty slot's colour.
        if (e !== 0 && theme.shades && model.merged.has(at)) bg = mix(bg, WHITE, 0.4);
        else if (e !== 0 && theme.shades && model.spawned.has(at)) bg = mix(bg, theme.slot, 0.55);
        const label = e !== 0 && line === middle ? labelIn(e, layout.cellWidth) : '';
        spans.push({ text: centred(label, layout.cellWidth), style: { bg, fg: colours.fg, bold: true } });
        if (c < size - 1) spans.push({ text: ' '.repeat(layout.gapX), style: boardStyle });
      }
      spans.push({ text: ' '.repeat(layout.padX), style: boardStyle });
      lines.push(spans);
    }
    if (r < size - 1) for (let y = 0; y < layout.gapY; y++) lines.push(blank);
  }
  for (let y = 0; y < layout.padY; y++) lines.push(blank);
  return lines;
}

/** Board lines of one layer drawn with box lines, for terminals without colour. */
function boxedBoard(model: BoardModel, layer: number, layout: Layout, ascii: boolean): Span[][] {
  const { size, cells } = model;
  const [h, v, tl, tm, tr, ml, mm, mr, bl, bm, br] = ascii ? '-|+++++++++' : '─│┌┬┐├┼┤└┴┘';
  const rule = (left: string, mid: string, right: string): Span[] => [
    { text: left + Array.from({ length: size }, () => (h as string).repeat(layout.cellWidth)).join(mid) + right },
  ];
  const middle = Math.floor(layout.cellHeight / 2);
  const lines: Span[][] = [rule(tl as string, tm as string, tr as string)];
  for (let r = 0; r < size; r++) {
    for (let line = 0; line < layout.cellHeight; line++) {
      const spans: Span[] = [{ text: v as string }];
      for (let c = 0; c < size; c++) {
        const at = (layer * size + r) * size + c;
        const e = cells[at] ?? 0;
        const label = line !== middle ? '' : e === 0 ? (ascii ? '.' : '·') : labelIn(e, layout.cellWidth);
        const style: Style = e === 0 ? { dim: true } : { bold: model.merged.has(at), dim: model.spawned.has(at) };
        spans.push({ text: centred(label, layout.cellWidth), style }, { text: v as string });
      }
      lines.push(spans);
    }
    if (r === size - 1) lines.push(rule(bl as string, bm as string, br as string));
    else if (layout.gapY > 0) lines.push(rule(ml as string, mm as string, mr as string));
  }
  return lines;
}

/** A cube's boards are smaller than a square's, so that its layers fit side by side in an 80-column window. */
const CUBE_LAYOUT: Layout = { cellWidth: 5, cellHeight: 1, gapX: 1, gapY: 0, padX: 1, padY: 0 };
/** The layouts tried for a board of this shape, largest first. */
export const layoutsFor = (dimensions: Dimensions): readonly Layout[] => (dimensions === 3 ? [...LAYOUTS, CUBE_LAYOUT] : LAYOUTS);
/** Columns between two layers side by side, and lines between two rows of layers. */
const LAYER_GAP = 3;

/** How many of a cube's layers go in a row when `perRow` do, and the board's size then (a label line over each row of layers). */
function arrangement(model: BoardModel, layout: Layout, boxed: boolean, perRow: number): { columns: number; rows: number } {
  const layers = model.dimensions === 3 ? model.size : 1;
  const across = Math.min(perRow, layers);
  const down = Math.ceil(layers / across);
  const width = boardWidth(model.size, layout, boxed);
  const height = boardHeight(model.size, layout, boxed);
  if (model.dimensions !== 3) return { columns: width, rows: height };
  return { columns: across * width + (across - 1) * LAYER_GAP, rows: down * (height + 1) + (down - 1) };
}

/** The smallest window a cube fits in (layers in two rows), or a square with its smallest layout. */
export function smallestBoard(model: BoardModel, mode: ColorMode): { columns: number; rows: number } {
  const layout = layoutsFor(model.dimensions).at(-1) as Layout;
  return arrangement(model, layout, !hasColour(mode), Math.ceil(model.size / 2));
}

/**
 * The board's lines in `layout`, as wide as `columns` allows: a cube's layers side by side,
 * as many to a row as fit, each labelled by `label(layer)`; null when not even one fits.
 */
export function boardLines(
  model: BoardModel,
  layout: Layout,
  mode: ColorMode,
  columns: number,
  label: (layer: number) => string,
): Span[][] | null {
  const boxed = !hasColour(mode);
  const draw = (layer: number): Span[][] =>
    boxed ? boxedBoard(model, layer, layout, mode === 'plain') : colourBoard(model, layer, layout, themeFor(mode));
  const width = boardWidth(model.size, layout, boxed);
  if (width > columns) return null;
  if (model.dimensions !== 3) return draw(0);
  let fit = 1;
  while (fit < model.size && arrangement(model, layout, boxed, fit + 1).columns <= columns) fit++;
  // As few rows of layers as fit, evenly filled: 4 layers two by two rather than three and one.
  const across = Math.ceil(model.size / Math.ceil(model.size / fit));
  const gap: Span = { text: ' '.repeat(LAYER_GAP) };
  const lines: Span[][] = [];
  for (let first = 0; first < model.size; first += across) {
    const layers = Array.from({ length: Math.min(across, model.size - first) }, (_, i) => first + i);
    if (first > 0) lines.push([]);
    lines.push(layers.flatMap((layer, i) => [...(i > 0 ? [gap] : []), { text: centred(label(layer), width), style: { bold: true } }]));
    const boards = layers.map(draw);
    (boards[0] ?? []).forEach((_, row) => lines.push(boards.flatMap((board, i) => [...(i > 0 ? [gap] : []), ...(board[row] ?? [])])));
  }
  return lines;
}
