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
import { anyModalOpen } from '../game-ui/modal';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import { isRecord, own, parseJson } from '../engine/untrusted';
import { historyKeys } from '../game-ui/history/noting';
import { localStorageOf } from '../game-ui/local-storage';
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
  /** The store's key prefix: beside the save, the history's meta says across a reload whether the AI helped with the game. */
  readonly keyPrefix: string;
}

/** What the page asks of the AI whether or not its panel has loaded (see AiPanel). */
export type AiOnDemand = Pick<AiPanel, 'playerActed' | 'autoplaying' | 'made' | 'hints' | 'relabel' | 'dispose'> & {
  /** Whether the AI has helped with the game in progress (a move it made, a hint shown), the change being made now included. */
  helped(): boolean;
};

/** Whether the history's meta beside the save says the AI helped with `game` (an earlier visit's autoplay or hint). */
function helpedBefore(store: GameStore, metaKey: string, win: Window): boolean {
  const { game } = store.getState();
  let text: string | null = null;
  try {
    text = localStorageOf(win).getItem(metaKey);
  } catch {
    // Storage blocked: nothing said of an earlier visit.
  }
  const meta = parseJson(text ?? 'null');
  if (!isRecord(meta) || own(meta, 'seed') !== game.seed || own(meta, 'size') !== game.size) return false;
  return Number(own(meta, 'aiMoves') ?? 0) > 0 || Number(own(meta, 'hints') ?? 0) > 0;
}

/** Follows the AI's help with the game in progress: a game it helped with does not raise the best score. */
function followHelp(store: GameStore, metaKey: string, ai: () => AiPanel | null, life: Lifetime, win: Window): () => boolean {
  let helpedGame = helpedBefore(store, metaKey, win);
  let hintsSeen = 0;
  const helpedNow = (seq: number): boolean => {
    const panel = ai();
    return panel !== null && (panel.made(seq) || panel.hints() > hintsSeen);
  };
  life.own(
    store.subscribe((view) => {
      // Hints shown before a new game were for the game it replaced.
      if (view.change.kind === 'new') helpedGame = false;
      else if (helpedNow(view.change.seq)) helpedGame = true;
      hintsSeen = ai()?.hints() ?? 0;
    }),
  );
  // Asked while the store saves a change, before it is published: that change is the next number.
  return () => helpedGame || helpedNow(store.getState().change.seq + 1);
}

export function aiOnDemand({ doc, game, lang, keyPrefix, ...options }: AiOnDemandOptions): AiOnDemand {
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
    helped: followHelp(options.store, historyKeys(keyPrefix).meta, () => ai, life, doc.defaultView as Window),
    made: (seq) => ai?.made(seq) ?? false,
    hints: () => ai?.hints() ?? 0,
    relabel() {
      ai?.relabel();
      titles();
    },
    dispose: () => life.end(),
  };
}
