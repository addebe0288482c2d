/**
 * What an embedded game needs only now and then: its notices, the win and game-over
 * overlays and the new-game question, with their styles. `startGame` loads this module on
 * first use (a notice to show, a finished game, a new game to confirm), so the core that a
 * host page downloads to show a game stays small.
 */
import type { GameStore } from '../store';
import type { ConfirmText } from '../ui/dialogs';
import { confirmWith } from '../ui/dialogs';
import type { PageNotice } from '../ui/notices';
import { mountNotices } from '../ui/notices';
import type { OverlayActions } from '../ui/overlays';
import { mountOverlays } from '../ui/overlays';
import stylesheet from './extras.css?inline';
import { adoptStyles, element } from './view';

export interface ExtrasParams {
  readonly shadow: ShadowRoot;
  readonly store: GameStore;
  /** Where notices go (above the board). */
  readonly notices: HTMLElement;
  /** What the overlays cover (the board's stage). */
  readonly stage: HTMLElement;
  readonly actions: OverlayActions;
}

export interface Extras {
  add(notice: PageNotice): void;
  /** Asks the new-game question (or another yes/no one) inside the board. */
  confirm(text: ConfirmText): Promise<boolean>;
  /** Whether an overlay or question covers the board (then moves wait). */
  covering(): boolean;
  dispose(): void;
}

export function mountExtras({ shadow, store, notices: noticeBox, stage, actions }: ExtrasParams): Extras {
  const doc = shadow.ownerDocument;
  const h = element(doc);
  const unadopt = adoptStyles(shadow, stylesheet);
  const button = (text: string, value: string, className = 'button', autofocus = false): HTMLButtonElement =>
    // `data-autofocus`, not `autofocus`: the browser would act on that attribute itself and could take focus from the host page.
    h('button', { class: className, value, ...(autofocus ? { 'data-autofocus': '' } : {}) }, text);
  const overlay = (className: string, labelId: string, ...content: (Node | string)[]): HTMLDialogElement =>
    h('dialog', { class: `overlay ${className}`, 'aria-labelledby': labelId }, h('form', { method: 'dialog', class: 'sheet' }, ...content));

  const win = overlay(
    'celebrate',
    'win-title',
    h('div', { class: 'badge', 'aria-hidden': 'true', 'data-fill': 'target' }, '2048'),
    h('h2', { id: 'win-title' }, 'You win!'),
    h('p', {}, 'You made the ', h('strong', { 'data-fill': 'target' }, '2048'), ' tile with a score of ', h('strong', { 'data-fill': 'score' }, '0'), '.'),
    h('div', { class: 'actions' }, button('Keep going', 'keep', 'button primary', true), button('New game', 'new')),
  );
  const over = overlay(
    'game-over',
    'over-title',
    h('h2', { id: 'over-title' }, 'Game over'),
    h('p', { class: 'final' }, h('span', { class: 'final-label' }, 'Final score '), h('strong', { class: 'final-score', 'data-fill': 'score' }, '0'), h('span', { class: 'final-best', 'data-fill': 'best' })),
    h('div', { class: 'actions' }, button('Try again', 'again', 'button primary', true), button('Undo last move', 'undo')),
  );
  const question = overlay(
    'confirm',
    'confirm-title',
    h('h2', { id: 'confirm-title', 'data-confirm': 'title' }),
    h('p', { 'data-confirm': 'message' }),
    h('div', { class: 'actions' }, button('Keep playing', 'cancel', 'button', true), button('New game', 'confirm', 'button primary')),
  );
  stage.append(win, over, question);

  const shown = mountNotices(noticeBox, store, (id) => store.getState().dismissNotice(id));
  const unmountOverlays = mountOverlays({ win, over }, store, actions, { modal: false });
  return {
    add: shown.add,
    confirm: (text) => confirmWith(question, text, { modal: false }),
    covering: () => win.open || over.open || question.open,
    dispose() {
      if (question.open) question.close('');
      unmountOverlays();
      shown.dispose();
      win.remove();
      over.remove();
      question.remove();
      unadopt();
    },
  };
}
