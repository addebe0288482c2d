/**
 * The markup of an embedded game, built with the DOM API inside its shadow root: fixed
 * text only, never HTML parsed from a string (so it also runs under Trusted Types).
 * The overlays and notices are built on first use by extras.ts.
 */
import { GAME_SHORTCUTS, HOW_TO } from '../input/keymap';
import stylesheet from './styles.css?inline';

export interface EmbedView {
  readonly root: HTMLElement;
  readonly score: HTMLElement;
  readonly best: HTMLElement;
  readonly moves: HTMLElement;
  readonly scoreCard: HTMLElement;
  readonly newGame: HTMLButtonElement;
  readonly undo: HTMLButtonElement;
  readonly notices: HTMLElement;
  /** The focusable game container that the accessible grid fills. */
  readonly game: HTMLElement;
  /** Where the skin draws. */
  readonly board: HTMLElement;
  /** The board's box, which overlays cover (see extras.ts). */
  readonly stage: HTMLElement;
  readonly live: HTMLElement;
}

type Child = Node | string;
type Attributes = Readonly<Record<string, string>>;

const SVG = 'http://www.w3.org/2000/svg';
const ICONS = {
  newGame: 'M12 5V2L7.5 6 12 10V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z',
  undo: 'M12.5 8c-2.65 0-5.05 1-6.9 2.6L2 7v9h9l-3.62-3.62A7.95 7.95 0 0 1 20.1 16l2.37-.78A10.5 10.5 0 0 0 12.5 8z',
} as const;

/** `h(tag, attributes, ...children)` for one document. */
export const element =
  (doc: Document) =>
  <K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] => {
    const el = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.append(...children);
    return el;
  };

export function buildView(doc: Document): EmbedView {
  const h = element(doc);
  const icon = (path: string): SVGSVGElement => {
    const svg = doc.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    const shape = doc.createElementNS(SVG, 'path');
    shape.setAttribute('d', path);
    svg.append(shape);
    return svg;
  };
  const card = (label: string, attributes: Attributes = {}): { card: HTMLElement; value: HTMLElement } => {
    const value = h('span', { class: 'score-value' }, '0');
    return { card: h('div', { class: 'score-card', ...attributes }, h('span', { class: 'score-label' }, label), value), value };
  };
  const score = card('Score', { part: 'score' });
  const best = card('Best');
  const moves = card('Moves');
  const newGame = h('button', { type: 'button', class: 'button primary', 'aria-keyshortcuts': GAME_SHORTCUTS.newGame, part: 'button' });
  newGame.append(icon(ICONS.newGame), h('span', { class: 'label' }, 'New game'));
  const undo = h('button', { type: 'button', class: 'button', 'aria-keyshortcuts': GAME_SHORTCUTS.undo, disabled: '', part: 'button' });
  undo.append(icon(ICONS.undo), h('span', { class: 'label' }, 'Undo'));

  const board = h('div', { class: 'board', 'aria-hidden': 'true' });
  const game = h('div', { class: 'game', tabindex: '0', 'aria-label': 'Game board', 'aria-describedby': 'how-to' }, board);

  const stage = h('div', { class: 'stage', part: 'board' }, game);
  // A labelled region, as on the page: a label on a plain div names nothing (ARIA prohibits it).
  const notices = h('section', { class: 'notices', 'aria-live': 'polite', 'aria-label': 'Notices' });
  const live = h('div', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const root = h(
    'div',
    { class: 'root', part: 'root' },
    h(
      'div',
      { class: 'hud', part: 'hud' },
      h('div', { class: 'scores' }, score.card, best.card, moves.card),
      h('div', { class: 'toolbar', role: 'group', 'aria-label': 'Game controls' }, newGame, undo),
    ),
    notices,
    stage,
    // The page's how-to sentence (from the keymap), as plain text: it is only read out.
    h('p', { class: 'visually-hidden', id: 'how-to' }, HOW_TO.replace(/[{}]/g, '')),
    live,
  );
  return { root, score: score.value, best: best.value, moves: moves.value, scoreCard: score.card, newGame, undo, notices, game, board, stage, live };
}

/** One stylesheet object per text, shared by every game on the page; adopted, so no `<style>` and no global CSS. */
const sheets = new Map<string, CSSStyleSheet>();

export function adoptStyles(shadow: ShadowRoot, css: string = stylesheet): () => void {
  const win = shadow.ownerDocument.defaultView;
  let sheet = sheets.get(css);
  // Stylesheets belong to one document; a game moved into another one builds its own.
  if (!sheet || !win || !(sheet instanceof win.CSSStyleSheet)) {
    sheet = win ? new win.CSSStyleSheet() : new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  const adopted = sheet;
  shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, adopted];
  return () => {
    shadow.adoptedStyleSheets = shadow.adoptedStyleSheets.filter((s) => s !== adopted);
  };
}
