/**
 * The game page's side of turning the 3D board, loaded once a board that turns is shown: the
 * keys that turn it (VIEW_KEYS), the reset button, shown while the view is not the tilted one,
 * and the sentence saying how to turn it. What turns is the skin (skins/three/orbit.ts); where
 * the player leaves the view is kept with the settings (board.ts).
 */
import type { Lang } from '../i18n/core';
import { describeKeys } from '../input';
import { attachViewKeys } from '../input/view-keys';
import { viewHowToSentence } from '../input/view-how-to';
import type { Skin } from '../skins/skin';
import { createLifetime } from '../game-ui/lifetime';
import type { SettingsStore } from './settings';

export interface TurningOptions {
  readonly doc: Document;
  readonly resetView: HTMLElement;
  readonly settings: SettingsStore;
  /** The skin shown now. */
  readonly skin: () => Skin | null;
  readonly lang: () => Lang;
}

export interface Turning {
  /** Shows the reset button and the sentence as the skin shown and its view now ask. */
  refresh(): void;
  /** Writes the sentence again in the page's language (after it changed). */
  relabel(): void;
  dispose(): void;
}

export function startTurning({ doc, resetView, settings, skin, lang }: TurningOptions): Turning {
  const life = createLifetime();
  const turn = (command: Parameters<NonNullable<Skin['turn']>>[0]): void => skin()?.turn?.(command);
  life.own(attachViewKeys(doc, turn));
  life.listen(resetView, 'click', () => turn('resetView'));
  // The game's own sentence is written already (in the markup, or by the page's language): this writes the view's.
  const relabel = (): void => describeKeys(doc, null, viewHowToSentence(lang()));
  relabel();
  const refresh = (): void => {
    const shown = skin();
    // Loaded before a board that turns is shown (board.ts), so the sentence is in place before its first frame.
    const turnable = shown ? Boolean(shown.turn) : true;
    resetView.hidden = !turnable || !settings.get().view;
    for (const el of doc.querySelectorAll<HTMLElement>('[data-how-to="view"]')) el.hidden = !turnable;
  };
  refresh();
  return { refresh, relabel, dispose: life.end };
}
