/**
 * What the game page needs only now and then: its notices, the win and game-over overlays,
 * and the questions it asks in its confirm dialog. page.ts loads this when first wanted (a
 * notice, a finished game, a question: game-ui/when-wanted.ts), as the embed loads its extras.
 */
import type { Lang } from '../i18n/core';
import type { GameStore } from '../store';
import type { ConfirmText } from '../game-ui/dialogs';
import { confirmWith } from '../game-ui/dialogs';
import { createLifetime } from '../game-ui/lifetime';
import type { PageNotice } from '../game-ui/notices';
import { mountNotices } from '../game-ui/notices';
import type { OverlayActions } from '../game-ui/overlays';
import { mountOverlays } from '../game-ui/overlays';
import type { NewGameQuestion } from '../game-ui/question';
import { questionText } from '../game-ui/question';
import { byId } from './by-id';

export interface PageExtrasParams {
  readonly doc: Document;
  readonly store: GameStore;
  readonly lang: () => Lang;
  /** Where focus goes, how long the final move plays, and what game over waits for. */
  readonly overlays: Pick<OverlayActions, 'focusGame' | 'delay' | 'celebration' | 'kept'>;
}

export interface PageExtras {
  add(notice: PageNotice): void;
  /** Asks the new-game question in the page's confirm dialog. */
  ask(question: NewGameQuestion): Promise<boolean>;
  /** Asks any other yes-or-no question there (the history's). */
  confirm(text: ConfirmText): Promise<boolean>;
  dispose(): void;
}

export function mountPageExtras({ doc, store, lang, overlays }: PageExtrasParams): PageExtras {
  const life = createLifetime();
  const confirmDialog = byId<HTMLDialogElement>(doc, 'confirm-dialog');
  const notices = life.own(mountNotices(byId(doc, 'notices'), store, (id) => store.getState().dismissNotice(id), lang));
  // The win and game-over overlays play the final move out first; game over also waits until the game is kept.
  life.own(
    mountOverlays(
      { win: byId(doc, 'win-dialog'), over: byId(doc, 'over-dialog') },
      store,
      {
        keepGoing: () => store.getState().keepGoing(),
        newGame: () => store.getState().newGame(),
        undo: () => store.getState().undo(),
        ...overlays,
      },
      { lang },
    ),
  );
  return {
    add: notices.add,
    ask: (question) => confirmWith(confirmDialog, questionText(question, lang())),
    confirm: (text) => confirmWith(confirmDialog, text),
    dispose: life.end,
  };
}
