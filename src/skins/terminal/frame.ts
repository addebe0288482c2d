/**
 * One whole screen of the terminal skin, as a string: pure, so it can be tested as text.
 * The block (title, scores, board, messages, keys) is centred in the window, the board
 * uses the largest layout that fits, and a window too small for any layout says so.
 */
import type { Direction, Status } from '../../engine';
import type { BoardModel } from './board';
import { boardLines, layoutsFor, smallestBoard, themeFor } from './board';
import type { ColorMode, Span } from './style';
import type { Lang } from '../../i18n/core';
import { ENGLISH, speaker } from '../../i18n/core';
import { EN_TERMINAL } from '../../i18n/en/terminal';
import { layerName } from '../layer-name';
import { fitColumns, hasColour, paint, widthOf } from './style';

/** Everything a frame shows; the skin derives it from the store's view. Its board: `size`, `dimensions` (3: a cube, drawn layer by layer), `cells`, and the cells a move `merged` and `spawned`. */
export interface FrameModel extends BoardModel {
  readonly score: number;
  readonly best: number;
  readonly moves: number;
  /** Points the latest move earned (shown next to the score), 0 for none. */
  readonly gained: number;
  readonly status: Status;
  readonly target: number;
  readonly canUndo: boolean;
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
  /** A cube's keys for in and out. */
  readonly in: string;
  readonly out: string;
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

/** Text blocks are at least this wide, so messages and keys fit on one line beside a small board. */
const MIN_TEXT_WIDTH = 46;

const ARROWS: Readonly<Record<Direction, string>> = { up: '↑', down: '↓', left: '←', right: '→' };

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

/** "4×4", or "4×4×4" for a cube. */
const shapeName = ({ size, dimensions }: FrameModel): string => Array<number>(dimensions).fill(size).join('×');

function header(model: FrameModel, mode: ColorMode, t: Speak, grouped: (n: number) => string): Span[][] {
  const colour = hasColour(mode);
  const theme = themeFor(mode);
  const title: Span[] = [
    { text: 'cube2048', style: { bold: true, ...(colour ? { fg: theme.accent } : {}) } },
    { text: `  ${shapeName(model)} · ${t('term.reach', { target: grouped(model.target) })}`, style: { dim: true } },
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
  const named = { move: mode === 'plain' ? keys.movePlain : keys.move, undo: keys.undo, newGame: keys.newGame, quit: keys.quit };
  const line = model.dimensions === 3 ? t('term.keysCube', { ...named, in: keys.in, out: keys.out }) : t('term.keys', named);
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
  const board = smallestBoard(model, mode);
  return { columns: board.columns, rows: board.rows + 7 };
}

/** The visible lines of the frame (without positioning), centred in the window. */
export function frameLines(model: FrameModel, options: FrameOptions): Span[][] {
  const { columns, rows, mode, keys } = options;
  const lang = options.lang ?? ENGLISH;
  const t = words(lang);
  const grouped = (n: number): string => lang.number.format(n);
  for (const layout of layoutsFor(model.dimensions)) {
    const board = boardLines(model, layout, mode, columns, (layer) => layerName(lang, layer, model.size));
    if (!board) continue;
    const width = Math.max(...board.map(spanWidth));
    // Wide enough for the keys line where the window is (a language's words may be longer than English's).
    const blockWidth = Math.min(columns, Math.max(width, MIN_TEXT_WIDTH, spanWidth(keysLines(model, mode, keys, t, Infinity)[0] ?? [])));
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
