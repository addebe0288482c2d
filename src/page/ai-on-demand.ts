/**
 * The AI bar on the game page before its code has come: the buttons (and their titles, which
 * name their keys) show at once, and the first hint or autoplay loads the panel (and its
 * worker client), which then takes that click (or the hint key) itself.
 */
import type { Lang } from '../i18n/core';
import { say } from '../i18n/core';
import { EN_PAGE } from '../i18n/en/page';
import { AI_KEYS, PAGE_HELP, belongsToAnotherControl, commandFor } from '../input';
import type { GameStore } from '../store';
import { anyModalOpen } from '../game-ui/dialogs';
import { createLifetime } from '../game-ui/lifetime';
import type { SkinHost } from '../game-ui/skin-host';
import type { AiPanel } from './ai-panel';
import { byId } from './by-id';
import { onDemand } from './on-demand';

export interface AiOnDemandOptions {
  readonly doc: Document;
  /** The focusable game container, where the hint is mirrored. */
  readonly game: HTMLElement;
  readonly store: GameStore;
  readonly skins: SkinHost;
  readonly say: (words: string) => void;
  readonly notify: (message: string) => void;
  readonly lang: () => Lang;
}

/** What the page asks of the AI whether or not its panel has loaded (see AiPanel). */
export type AiOnDemand = Pick<AiPanel, 'playerActed' | 'autoplaying' | 'relabel' | 'dispose'>;

export function aiOnDemand({ doc, game, lang, ...options }: AiOnDemandOptions): AiOnDemand {
  const life = createLifetime();
  const elements = {
    hint: byId<HTMLButtonElement>(doc, 'ai-hint'),
    autoplay: byId<HTMLButtonElement>(doc, 'ai-autoplay'),
    speed: byId<HTMLSelectElement>(doc, 'ai-speed'),
    analysis: byId(doc, 'ai-analysis'),
    game,
  };
  const titles = (): void => {
    elements.hint.title = say(lang(), EN_PAGE, 'ai.hintTitle', { key: PAGE_HELP.labels.hint });
    elements.autoplay.title = say(lang(), EN_PAGE, 'ai.autoplayTitle', { key: PAGE_HELP.labels.stopAutoplay });
  };
  titles();
  /** Until the panel has come: its buttons and the hint key load it. */
  const waiting = life.child();
  let ai: AiPanel | null = null;
  const panel = onDemand(life, () =>
    import('./ai-panel').then((code) => {
      waiting.end();
      return (ai = code.mountAiPanel(elements, { ...options, lang }));
    }),
  );
  const wake = (event: Event): void => {
    if (event instanceof KeyboardEvent) {
      if (event.defaultPrevented || anyModalOpen(doc) || belongsToAnotherControl(event.target) || commandFor(AI_KEYS, event) !== 'hint')
        return;
      event.preventDefault();
    }
    const button = event.currentTarget === elements.autoplay ? elements.autoplay : elements.hint;
    void panel().then(() => button.click());
  };
  waiting.listen(elements.hint, 'click', wake);
  waiting.listen(elements.autoplay, 'click', wake);
  waiting.listen(doc, 'keydown', wake);
  return {
    playerActed: () => ai?.playerActed(),
    get autoplaying() {
      return ai?.autoplaying ?? false;
    },
    relabel() {
      ai?.relabel();
      titles();
    },
    dispose: () => life.end(),
  };
}
