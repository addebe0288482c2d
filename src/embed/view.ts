/**
 * The markup of an embedded game, built with the DOM API inside its shadow root: fixed
 * text only, never HTML parsed from a string (so it also runs under Trusted Types).
 * The overlays and notices are built on first use by extras.ts.
 */
import { icon } from '../game-ui/icon';
import { EN_CORE } from '../i18n/en/core';
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
  /** The how-to sentence the board is described by. */
  readonly howTo: HTMLElement;
}

type Child = Node | string;
type Attributes = Readonly<Record<string, string>>;

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
  // Each text carries its key (data-i18n), so the player's language replaces the English once it has loaded (game-ui/localize.ts).
  const card = (key: 'hud.score' | 'hud.best' | 'hud.moves', attributes: Attributes = {}): { card: HTMLElement; value: HTMLElement } => {
    const value = h('span', { class: 'score-value' }, '0');
    return {
      card: h('div', { class: 'score-card', ...attributes }, h('span', { class: 'score-label', 'data-i18n': key }, EN_CORE[key]), value),
      value,
    };
  };
  const score = card('hud.score', { part: 'score' });
  const best = card('hud.best');
  const moves = card('hud.moves');
  const newGame = h('button', { type: 'button', class: 'button primary', 'aria-keyshortcuts': GAME_SHORTCUTS.newGame, part: 'button' });
  newGame.append(icon(doc, ICONS.newGame), h('span', { class: 'label', 'data-i18n': 'game.newGame' }, EN_CORE['game.newGame']));
  const undo = h('button', { type: 'button', class: 'button', 'aria-keyshortcuts': GAME_SHORTCUTS.undo, disabled: '', part: 'button' });
  undo.append(icon(doc, ICONS.undo), h('span', { class: 'label', 'data-i18n': 'game.undo' }, EN_CORE['game.undo']));

  const board = h('div', { class: 'board', 'aria-hidden': 'true' });
  // The board keeps left on the left in a right-to-left language (arrow keys and swipes keep their meaning).
  const game = h(
    'div',
    { class: 'game', tabindex: '0', 'aria-label': EN_CORE['game.board'], 'aria-describedby': 'how-to', dir: 'ltr' },
    board,
  );

  const stage = h('div', { class: 'stage', part: 'board' }, game);
  // A labelled region, as on the page: a label on a plain div names nothing (ARIA prohibits it).
  const notices = h('section', {
    class: 'notices',
    'aria-live': 'polite',
    'aria-label': EN_CORE['game.notices'],
    'data-i18n-label': 'game.notices',
  });
  // The page's how-to sentence (the keymap's English), as plain text: it is only read out (another language: `howToText`).
  const howTo = h('p', { class: 'visually-hidden', id: 'how-to' }, HOW_TO.replace(/[[\]]/g, ''));
  const live = h('div', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const root = h(
    'div',
    { class: 'root', part: 'root' },
    h(
      'div',
      { class: 'hud', part: 'hud' },
      h('div', { class: 'scores' }, score.card, best.card, moves.card),
      h(
        'div',
        { class: 'toolbar', role: 'group', 'aria-label': EN_CORE['game.controls'], 'data-i18n-label': 'game.controls' },
        newGame,
        undo,
      ),
    ),
    notices,
    stage,
    howTo,
    live,
  );
  return {
    root,
    score: score.value,
    best: best.value,
    moves: moves.value,
    scoreCard: score.card,
    newGame,
    undo,
    notices,
    game,
    board,
    stage,
    live,
    howTo,
  };
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
