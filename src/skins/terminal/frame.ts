/**
 * One whole screen of the terminal skin, as a string: pure, so it can be tested as text.
 * The block (title, scores, board, messages, keys) is centred in the window, the board
 * uses the largest layout that fits, and a window too small for any layout says so.
 */
import type { Direction, Status } from '../../engine';
import { BOARD_COLOURS, textColour, tileColour, tileLabel } from '../palette';
import type { ColorMode, Span, Style } from './style';
import type { Lang } from '../../i18n/core';
import { ENGLISH, speaker } from '../../i18n/core';
import { EN_TERMINAL } from '../../i18n/en/terminal';
import { BASIC_HEX, fitColumns, hasColour, mix, paint, widthOf } from './style';

/** Everything a frame shows; the skin derives it from the store's view. */
export interface FrameModel {
  readonly size: number;
  /** Row-major exponents (0 = empty). */
  readonly cells: Uint8Array;
  readonly score: number;
  readonly best: number;
  readonly moves: number;
  /** Points the latest move earned (shown next to the score), 0 for none. */
  readonly gained: number;
  readonly status: Status;
  readonly target: number;
  readonly canUndo: boolean;
  /** Cells to highlight briefly: where tiles just merged, and where a tile just appeared. */
  readonly merged: ReadonlySet<number>;
  readonly spawned: ReadonlySet<number>;
  /** Messages for the player (a save that could not be read, …). */
  readonly notices: readonly string[];
  /** A question waiting for y/n, shown instead of the status message. */
  readonly prompt: string | null;
  /** A suggested direction, or null. */
  readonly hint: Direction | null;
}

/**
 * The keys a frame names, as the command that reads the keys labels them: the skin reads no
 * keys itself. Each is a command's first key; `move` is the move keys, `movePlain` the same
 * in ASCII for terminals without Unicode.
 */
export interface FrameKeys {
  readonly move: string;
  readonly movePlain: string;
  readonly undo: string;
  readonly newGame: string;
  readonly keepGoing: string;
  readonly quit: string;
  readonly yes: string;
  readonly no: string;
}

export interface FrameOptions {
  readonly columns: number;
  readonly rows: number;
  readonly mode: ColorMode;
  readonly keys: FrameKeys;
  /** The language its words are in (English when absent). */
  readonly lang?: Lang;
}

const words = speaker(EN_TERMINAL);
type Speak = ReturnType<typeof words>;

interface Layout {
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
interface Theme {
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

const themeFor = (mode: ColorMode): Theme => (mode === 'ansi16' ? BASIC_THEME : PALETTE_THEME);
const WHITE = '#ffffff';
/** Text blocks are at least this wide, so messages and keys fit on one line beside a small board. */
const MIN_TEXT_WIDTH = 46;

const ARROWS: Readonly<Record<Direction, string>> = { up: '↑', down: '↓', left: '←', right: '→' };

function boardWidth(size: number, layout: Layout, boxed: boolean): number {
  return boxed ? size * (layout.cellWidth + 1) + 1 : 2 * layout.padX + size * layout.cellWidth + (size - 1) * layout.gapX;
}

function boardHeight(size: number, layout: Layout, boxed: boolean): number {
  return boxed ? size * (layout.cellHeight + 1) + 1 : 2 * layout.padY + size * layout.cellHeight + (size - 1) * layout.gapY;
}

/** A tile's label centred in `width` columns. */
function centred(text: string, width: number): string {
  const left = Math.max(0, Math.floor((width - widthOf(text)) / 2));
  return (' '.repeat(left) + text).padEnd(width).slice(0, width);
}

/** Board lines with coloured tiles on a coloured board. */
function colourBoard(model: FrameModel, layout: Layout, theme: Theme): Span[][] {
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
        const at = r * size + c;
        const e = cells[at] ?? 0;
        const colours = e === 0 ? { bg: theme.slot, fg: theme.slot } : theme.tile(e);
        let bg = colours.bg;
        // A merge flashes lighter; a new tile fades in from the empty slot's colour.
        if (e !== 0 && theme.shades && model.merged.has(at)) bg = mix(bg, WHITE, 0.4);
        else if (e !== 0 && theme.shades && model.spawned.has(at)) bg = mix(bg, theme.slot, 0.55);
        const label = e !== 0 && line === middle ? tileLabel(e) : '';
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

/** Board lines drawn with box lines, for terminals without colour. */
function boxedBoard(model: FrameModel, layout: Layout, ascii: boolean): Span[][] {
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
        const at = r * size + c;
        const e = cells[at] ?? 0;
        const label = line !== middle ? '' : e === 0 ? (ascii ? '.' : '·') : tileLabel(e);
        const style: Style = e === 0 ? { dim: true } : { bold: model.merged.has(at), dim: model.spawned.has(at) };
        spans.push({ text: centred(label, layout.cellWidth), style }, { text: v as string });
      }
      lines.push(spans);
    }
    lines.push(r < size - 1 ? rule(ml as string, mm as string, mr as string) : rule(bl as string, bm as string, br as string));
  }
  return lines;
}

/** Greedy word wrap of plain text to `width` columns. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (widthOf(line) + 1 + widthOf(word) <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (widthOf(line) > width) {
      const head = fitColumns(line, width) || [...line][0] || '';
      lines.push(head);
      line = line.slice(head.length);
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

const spanWidth = (spans: readonly Span[]): number => spans.reduce((n, s) => n + widthOf(s.text), 0);

/** Cuts a line of spans to `width` columns. */
function truncate(spans: readonly Span[], width: number): Span[] {
  const out: Span[] = [];
  let left = width;
  for (const span of spans) {
    if (left <= 0) break;
    const width = widthOf(span.text);
    out.push(width <= left ? span : { ...span, text: fitColumns(span.text, left) });
    left -= Math.min(width, left);
  }
  return out;
}

function header(model: FrameModel, mode: ColorMode, t: Speak, grouped: (n: number) => string): Span[][] {
  const colour = hasColour(mode);
  const theme = themeFor(mode);
  const title: Span[] = [
    { text: 'cube2048', style: { bold: true, ...(colour ? { fg: theme.accent } : {}) } },
    { text: `  ${model.size}×${model.size} · ${t('term.reach', { target: grouped(model.target) })}`, style: { dim: true } },
  ];
  const gain: Span[] =
    model.gained > 0 ? [{ text: ` +${grouped(model.gained)}`, style: { bold: true, ...(colour ? { fg: theme.accent } : {}) } }] : [];
  const chip = (label: string, value: number): Span[] =>
    colour
      ? [
          { text: ` ${label} `, style: { bg: theme.board, fg: theme.chipLabel } },
          { text: `${grouped(value)} `, style: { bg: theme.board, fg: theme.chipValue, bold: true } },
        ]
      : [{ text: `${label} ` }, { text: grouped(value), style: { bold: true } }];
  const scores: Span[] = [
    ...chip(t('term.score'), model.score),
    ...gain,
    { text: '  ' },
    ...chip(t('term.best'), model.best),
    { text: '  ' },
    ...chip(t('term.moves'), model.moves),
  ];
  return [title, scores];
}

function messages(model: FrameModel, mode: ColorMode, keys: FrameKeys, width: number, t: Speak, grouped: (n: number) => string): Span[][] {
  const colour = hasColour(mode);
  const theme = themeFor(mode);
  const lines: Span[][] = [];
  for (const notice of model.notices) {
    wrap(`! ${notice}`, width).forEach((text) => lines.push([{ text, style: colour ? { fg: theme.notice } : { bold: true } }]));
  }
  if (model.prompt !== null) {
    lines.push(
      [{ text: model.prompt, style: { bold: true } }],
      [{ text: t('term.yesNo', { yes: keys.yes, no: keys.no }), style: { dim: true } }],
    );
  } else if (model.status === 'won') {
    lines.push(
      [{ text: t('term.won', { target: grouped(model.target) }), style: { bold: true, ...(colour ? { fg: theme.accent } : {}) } }],
      [{ text: t('term.wonKeys', { keepGoing: keys.keepGoing, newGame: keys.newGame, quit: keys.quit }), style: { dim: true } }],
    );
  } else if (model.status === 'over') {
    lines.push(
      [{ text: t('term.over'), style: { bold: true } }],
      [
        {
          text: model.canUndo
            ? t('term.overUndoKeys', { undo: keys.undo, newGame: keys.newGame, quit: keys.quit })
            : t('term.overKeys', { newGame: keys.newGame, quit: keys.quit }),
          style: { dim: true },
        },
      ],
    );
  }
  // Two lines always, so the board never jumps when a message comes or goes.
  while (lines.length < 2) lines.push([]);
  return lines;
}

/** The keys line; where a language's words make it wider than `width`, it breaks between its parts (at " · "). */
function keysLines(model: FrameModel, mode: ColorMode, keys: FrameKeys, t: Speak, width: number): Span[][] {
  const hint: Span[] = model.hint
    ? [
        {
          text: t('term.hint', { arrow: ARROWS[model.hint] }),
          style: { bold: true, ...(hasColour(mode) ? { fg: themeFor(mode).accent } : {}) },
        },
        { text: '  ' },
      ]
    : [];
  const line = t('term.keys', {
    move: mode === 'plain' ? keys.movePlain : keys.move,
    undo: keys.undo,
    newGame: keys.newGame,
    quit: keys.quit,
  });
  if (spanWidth(hint) + widthOf(line) <= width) return [[...hint, { text: line, style: { dim: true } }]];
  const parts = line.split(' · ');
  const half = Math.ceil(parts.length / 2);
  return [
    [...hint, { text: parts.slice(0, half).join(' · '), style: { dim: true } }],
    [{ text: parts.slice(half).join(' · '), style: { dim: true } }],
  ];
}

/** The size a window must have for the smallest layout of this board. */
export function minimumWindow(model: FrameModel, mode: ColorMode): { columns: number; rows: number } {
  const layout = LAYOUTS[LAYOUTS.length - 1] as Layout;
  const boxed = !hasColour(mode);
  return { columns: boardWidth(model.size, layout, boxed), rows: boardHeight(model.size, layout, boxed) + 7 };
}

/** The visible lines of the frame (without positioning), centred in the window. */
export function frameLines(model: FrameModel, options: FrameOptions): Span[][] {
  const { columns, rows, mode, keys } = options;
  const lang = options.lang ?? ENGLISH;
  const t = words(lang);
  const grouped = (n: number): string => lang.number.format(n);
  const boxed = !hasColour(mode);
  for (const layout of LAYOUTS) {
    const width = boardWidth(model.size, layout, boxed);
    if (width > columns) continue;
    // Wide enough for the keys line where the window is (a language's words may be longer than English's).
    const blockWidth = Math.min(columns, Math.max(width, MIN_TEXT_WIDTH, spanWidth(keysLines(model, mode, keys, t, Infinity)[0] ?? [])));
    const board = boxed ? boxedBoard(model, layout, mode === 'plain') : colourBoard(model, layout, themeFor(mode));
    const text = [...header(model, mode, t, grouped), []];
    const below = [[], ...messages(model, mode, keys, blockWidth, t, grouped), ...keysLines(model, mode, keys, t, blockWidth)];
    const height = text.length + board.length + below.length;
    if (height > rows) continue;
    const left = Math.floor((columns - blockWidth) / 2);
    const indent = (spans: readonly Span[], inner: number): Span[] => {
      const line = truncate(spans, blockWidth);
      return [{ text: ' '.repeat(left + Math.max(0, Math.floor((blockWidth - inner) / 2))) }, ...line];
    };
    const lines: Span[][] = [];
    const top = Math.floor((rows - height) / 2);
    for (let i = 0; i < top; i++) lines.push([]);
    for (const line of text) lines.push(indent(line, Math.min(blockWidth, spanWidth(line))));
    for (const line of board) lines.push(indent(line, width));
    for (const line of below) lines.push(indent(line, Math.min(blockWidth, spanWidth(line))));
    while (lines.length < rows) lines.push([]);
    return lines;
  }
  const need = minimumWindow(model, mode);
  const notice = [
    t('term.small'),
    ...wrap(
      t('term.need', { columns: String(need.columns), rows: String(need.rows), haveColumns: String(columns), haveRows: String(rows) }),
      columns,
    ),
    ...wrap(t('term.enlarge', { quit: keys.quit }), columns),
  ];
  const lines: Span[][] = [];
  const top = Math.max(0, Math.floor((rows - notice.length) / 2));
  for (let i = 0; i < top; i++) lines.push([]);
  notice.forEach((text, i) => {
    const left = Math.max(0, Math.floor((columns - widthOf(text)) / 2));
    lines.push(truncate([{ text: ' '.repeat(left) }, { text, style: { bold: i === 0 } }], columns));
  });
  while (lines.length < rows) lines.push([]);
  return lines.slice(0, Math.max(rows, 1));
}

/**
 * The whole screen as one write: cursor home, every line painted and cleared to its end,
 * no newline after the last (so the screen never scrolls). Terminals that know
 * synchronized output draw it in one go.
 */
export function renderFrame(model: FrameModel, options: FrameOptions): string {
  const lines = frameLines(model, options).map((spans) => `${paint(spans, options.mode)}\x1b[K`);
  return `\x1b[?2026h\x1b[H${lines.join('\r\n')}\x1b[?2026l`;
}
