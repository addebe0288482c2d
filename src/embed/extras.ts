/**
 * What an embedded game needs only now and then: its notices, the win and game-over
 * overlays and the new-game question, with their styles. `startGame` loads this module on
 * first use (a notice to show, a finished game, a new game to confirm), so the core that a
 * host page downloads to show a game stays small.
 */
import type { Lang } from '../i18n/core';
import { EN_DIALOGS } from '../i18n/en/dialogs';
import type { GameStore } from '../store';
import { confirmWith } from '../game-ui/dialogs';
import type { PageNotice } from '../game-ui/notices';
import { mountNotices } from '../game-ui/notices';
import type { OverlayActions } from '../game-ui/overlays';
import { mountOverlays } from '../game-ui/overlays';
import { fallbackText } from '../game-ui/fallback';
import type { NewGameQuestion } from '../game-ui/question';
import { questionText } from '../game-ui/question';
import { localize, write } from '../game-ui/localize';
import type { Fallback } from '../game-ui/skin-host';
import stylesheet from './extras.css?inline';
import { adoptStyles, element } from './view';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';

export interface ExtrasParams {
  readonly shadow: ShadowRoot;
  readonly store: GameStore;
  /** Where notices go (above the board). */
  readonly notices: HTMLElement;
  /** What the overlays cover (the board's stage). */
  readonly stage: HTMLElement;
  /** The player's language, as it stands now. */
  readonly lang: () => Lang;
  /** The game's lifetime: the overlays' buttons do nothing once it has ended. */
  readonly game: Lifetime;
  /** Puts focus back on the game as an overlay closes. */
  readonly focusGame: () => void;
  /** How long the final move plays before an overlay covers the board. */
  readonly delay: () => number;
  /** How long the skin shown celebrates a win. */
  readonly celebration: () => number;
  /** Set when the game's history starts (mount.ts): what the game-over overlay waits for. */
  kept?: () => Promise<void>;
}

export interface Extras {
  /** Why the flat board stands in, in the player's language. */
  fallbackText(reason: Fallback): string;
  /** Writes the overlays' words again in the language `lang` now gives. */
  relabel(): void;
  add(notice: PageNotice): void;
  /** Asks the new-game question inside the board. */
  confirm(question: NewGameQuestion): Promise<boolean>;
  /** Whether an overlay or question covers the board (then moves wait). */
  covering(): boolean;
  dispose(): void;
}

/**
 * What the overlays' buttons do, built here rather than in the embed core. Closing the overlays
 * is part of destroy(); that answer must not change the saved game.
 */
function overlayActionsOf(params: ExtrasParams): OverlayActions {
  const { game, store, focusGame, delay, celebration } = params;
  const unlessEnded = (run: () => unknown) => (): void => {
    if (!game.ended) run();
  };
  return {
    keepGoing: unlessEnded(() => store.getState().keepGoing()),
    newGame: unlessEnded(() => store.getState().newGame()),
    undo: unlessEnded(() => store.getState().undo()),
    focusGame,
    delay,
    celebration,
    // Read when a game ends: the history may have started after these overlays.
    get kept() {
      return params.kept;
    },
  };
}

export function mountExtras(params: ExtrasParams): Extras {
  const { shadow, store, notices: noticeBox, stage, lang } = params;
  const actions = overlayActionsOf(params);
  const life = createLifetime();
  const doc = shadow.ownerDocument;
  const h = element(doc);
  life.own(adoptStyles(shadow, stylesheet));
  // Each text carries its key, so `localize` puts the player's language in (game-ui/localize.ts).
  const t = (key: keyof typeof EN_DIALOGS): Record<string, string> => ({ 'data-i18n': key });
  const button = (key: keyof typeof EN_DIALOGS, value: string, className = 'button', autofocus = false): HTMLButtonElement =>
    // `data-autofocus`, not `autofocus`: the browser would act on that attribute itself and could take focus from the host page.
    h('button', { class: className, value, ...t(key), ...(autofocus ? { 'data-autofocus': '' } : {}) }, EN_DIALOGS[key]);
  const overlay = (className: string, labelId: string, ...content: (Node | string)[]): HTMLDialogElement =>
    h('dialog', { class: `overlay ${className}`, 'aria-labelledby': labelId }, h('form', { method: 'dialog', class: 'sheet' }, ...content));

  const winText = h('p', t('win.text'), h('strong', { 'data-fill': 'target' }, '2048'), h('strong', { 'data-fill': 'score' }, '0'));
  write(winText, EN_DIALOGS['win.text']);
  const win = overlay(
    'celebrate',
    'win-title',
    h('div', { class: 'badge', 'aria-hidden': 'true', 'data-fill': 'target' }, '2048'),
    h('h2', { id: 'win-title', ...t('win.title') }, EN_DIALOGS['win.title']),
    winText,
    h('div', { class: 'actions' }, button('win.keep', 'keep', 'button primary', true), button('win.new', 'new')),
  );
  const over = overlay(
    'game-over',
    'over-title',
    h('h2', { id: 'over-title', ...t('over.title') }, EN_DIALOGS['over.title']),
    h(
      'p',
      { class: 'final' },
      h('span', { class: 'final-label', ...t('over.final') }, EN_DIALOGS['over.final']),
      ' ',
      h('strong', { class: 'final-score', 'data-fill': 'score' }, '0'),
      h('span', { class: 'final-best', 'data-fill': 'best' }),
    ),
    h('div', { class: 'actions' }, button('over.again', 'again', 'button primary', true), button('over.undo', 'undo')),
  );
  const question = overlay(
    'confirm',
    'confirm-title',
    h('h2', { id: 'confirm-title', 'data-confirm': 'title' }),
    h('p', { 'data-confirm': 'message' }),
    h(
      'div',
      { class: 'actions' },
      h('button', { class: 'button', value: 'cancel', 'data-autofocus': '' }),
      h('button', { class: 'button primary', value: 'confirm' }),
    ),
  );
  stage.append(win, over, question);
  life.own(() => {
    win.remove();
    over.remove();
    question.remove();
  });
  // The sentence's words around its two numbers, in the player's language.
  for (const dialog of [win, over]) localize(dialog, lang());

  const shown = life.own(mountNotices(noticeBox, store, (id) => store.getState().dismissNotice(id), lang));
  life.own(mountOverlays({ win, over }, store, actions, { modal: false, lang }));
  // A question still open is answered "no" as the game goes.
  life.own(() => {
    if (question.open) question.close('');
  });
  return {
    fallbackText: (reason) => fallbackText(reason, lang()),
    relabel: () => {
      for (const dialog of [win, over]) localize(dialog, lang());
    },
    add: shown.add,
    confirm: (asked) => confirmWith(question, questionText(asked, lang()), { modal: false }),
    covering: () => win.open || over.open || question.open,
    dispose: life.end,
  };
}
