/**
 * The AI on the game page: a hint (the suggested direction on the board and in words),
 * autoplay at a chosen speed (autoplay.ts), and a line with the expected value of each
 * direction. Every search runs in the AI worker (src/ai/client.ts), so the page never waits on it.
 */
import type { AiClient, Suggestion } from '../ai/client';
import { createAiClient, isCancelled } from '../ai/client';
import type { Direction } from '../engine';
import { acceptsMoves } from '../engine';
import { AI_KEYS, belongsToAnotherControl, commandFor } from '../input';
import type { GameStore } from '../store';
import { anyModalOpen } from '../game-ui/dialogs';
import type { Lang } from '../i18n/core';
import { ENGLISH, intlTag, speaker } from '../i18n/core';
import { EN_AI } from '../i18n/en/ai';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import type { SkinHost } from '../game-ui/skin-host';
import type { Autoplay, Stop } from './autoplay';
import { createAutoplay } from './autoplay';

const ARROWS: Readonly<Record<Direction, string>> = { left: '←', up: '↑', right: '→', down: '↓' };
const ORDER: readonly Direction[] = ['left', 'up', 'right', 'down'];

export interface AiPanelElements {
  readonly hint: HTMLButtonElement;
  readonly autoplay: HTMLButtonElement;
  readonly speed: HTMLSelectElement;
  readonly analysis: HTMLElement;
  /** Where the current hint is mirrored as `data-hint`, for styles and tests. */
  readonly game: HTMLElement;
}

export interface AiPanelOptions {
  readonly store: GameStore;
  readonly skins: SkinHost;
  /** The polite live region. */
  readonly say: (words: string) => void;
  /** One line for the player when the AI cannot run. */
  readonly notify: (message: string) => void;
  /** Defaults to the worker-backed client; tests may pass another. */
  readonly client?: AiClient;
  /** The page's language now (English when absent). */
  readonly lang?: () => Lang;
}

const words = speaker(EN_AI);
type Words = ReturnType<typeof words>;

export interface AiPanel {
  /** The player moved, undid, swiped, clicked the board or started over: autoplay gives way. */
  playerActed(): void;
  /**
   * True while autoplay runs. The page then leaves its move-by-move announcements out: a
   * screen reader cannot keep up with many moves a second, so it hears when autoplay starts
   * and, when it stops, why and the score.
   */
  readonly autoplaying: boolean;
  /** Writes the buttons' words again in the page's language. */
  relabel(): void;
  dispose(): void;
}

const compacts = new Map<string, Intl.NumberFormat>();
const compactFor = (lang: Lang): Intl.NumberFormat => {
  let format = compacts.get(lang.locale);
  if (!format)
    compacts.set(lang.locale, (format = new Intl.NumberFormat(intlTag(lang.locale), { notation: 'compact', maximumSignificantDigits: 3 })));
  return format;
};

/**
 * The analysis line, direction by direction in a fixed order: the best move's expected value
 * in full, the others as how much they give up ("← 1.61M · ↑ −1.2K · → −25K · ↓ no move"),
 * so small differences stay visible. The search's values: higher is better.
 */
export function scoreParts(
  scores: Suggestion['scores'],
  best: Direction | null,
  lang: Lang = ENGLISH,
): { dir: Direction; text: string; best: boolean }[] {
  const top = best ? scores[best] : null;
  const compact = compactFor(lang);
  return ORDER.map((dir) => {
    const value = scores[dir];
    let text: string;
    if (value === null) text = words(lang)('ai.noMove').replace(/ /g, '\u00a0');
    else if (top === null || top === undefined || dir === best) text = compact.format(value);
    else text = value === top ? '±0' : `\u2212${compact.format(top - value)}`;
    return { dir, text: `${ARROWS[dir]}\u00a0${text}`, best: dir === best };
  });
}

/** What the panel shows: the hint on the board, the analysis line and the autoplay button. */
function aiDisplay(elements: AiPanelElements, skins: SkinHost, t: Words, lang: () => Lang) {
  const doc = elements.game.ownerDocument;
  return {
    hint(dir: Direction | null): void {
      skins.setHint(dir);
      if (dir) elements.game.dataset['hint'] = dir;
      else delete elements.game.dataset['hint'];
    },
    analysis(suggestion: Suggestion): void {
      const parts = scoreParts(suggestion.scores, suggestion.dir, lang()).map((part) => {
        const el = doc.createElement(part.best ? 'strong' : 'span');
        el.textContent = part.text;
        el.dataset['dir'] = part.dir;
        return el;
      });
      // A label and the four values, which wrap as a group: all four always show.
      const label = doc.createElement('span');
      label.className = 'ai-analysis-label';
      label.textContent = t('ai.expected');
      const values = doc.createElement('span');
      values.className = 'ai-analysis-values';
      values.append(...parts.flatMap((el, i) => (i === 0 ? [el] : [' ', el])));
      elements.analysis.replaceChildren(label, values);
      elements.analysis.hidden = false;
    },
    autoplay(on: boolean): void {
      elements.autoplay.setAttribute('aria-pressed', String(on));
      const label = elements.autoplay.querySelector('span');
      if (label) label.textContent = t(on ? 'ai.stop' : 'ai.autoplay');
    },
  };
}

const CANNOT_START = {
  stopped: 'ai.cannotStart',
  stoppedOver: 'ai.cannotStartOver',
  stoppedWon: 'ai.cannotStartWon',
  stoppedStuck: 'ai.cannotStart',
} as const;

/** What autoplay says when it stops: why, and the score once it has made a move. */
function stopLine(t: Words, store: GameStore, why: Stop, played: boolean): string {
  const { game } = store.getState();
  const line = t(`ai.${why}`, { target: String(game.target) });
  return played ? t('ai.withScore', { words: line, score: game.score }) : line;
}

/** The player's keys, clicks and taps: a hint, autoplay on and off, and any touch of the board or a hidden tab stops autoplay. */
function listenToPlayer(
  life: Lifetime,
  elements: AiPanelElements,
  { autoplay, hint, startAutoplay }: { autoplay: Autoplay; hint: () => Promise<void>; startAutoplay: () => void },
): void {
  const doc = elements.game.ownerDocument;
  life.listen(elements.hint, 'click', () => void hint());
  life.listen(elements.autoplay, 'click', () => (autoplay.running ? autoplay.stop('stopped') : startAutoplay()));
  life.listen(elements.game, 'pointerdown', () => autoplay.stop('stopped'));
  life.listen(doc, 'visibilitychange', () => {
    if (doc.visibilityState === 'hidden') autoplay.stop(null);
  });
  life.listen<KeyboardEvent>(doc, 'keydown', (event) => {
    if (event.defaultPrevented || anyModalOpen(doc) || belongsToAnotherControl(event.target)) return;
    const command = commandFor(AI_KEYS, event);
    if (command === 'stopAutoplay' && autoplay.running) autoplay.stop('stopped');
    if (command === 'hint') {
      event.preventDefault();
      void hint();
    }
  });
}

export function mountAiPanel(elements: AiPanelElements, options: AiPanelOptions): AiPanel {
  const { store, say } = options;
  const lang = options.lang ?? ((): Lang => ENGLISH);
  const t: Words = (key, ...params) => words(lang())(key, ...params);
  const life = createLifetime();
  const client = life.own(options.client ?? createAiClient());
  const show = aiDisplay(elements, options.skins, t, lang);
  /** The hint shown now, for the position with this change number. */
  let hintSeq: number | null = null;
  const clearHint = (): void => {
    if (hintSeq === null) return;
    hintSeq = null;
    show.hint(null);
  };
  const failed = (error: unknown): void => {
    console.warn('cube2048: the AI failed', error);
    options.notify(t('ai.failed'));
  };
  const autoplay = life.own(
    createAutoplay({
      store,
      skins: options.skins,
      client,
      speed: elements.speed,
      showAnalysis: show.analysis,
      failed,
      stopped(why, played) {
        show.autoplay(false);
        if (why) say(stopLine(t, store, why, played));
      },
    }),
  );

  const startAutoplay = (): void => {
    if (autoplay.running) return;
    const reason = autoplay.blocked();
    if (reason) return say(t(CANNOT_START[reason], { target: String(store.getState().game.target) }));
    clearHint();
    show.autoplay(true);
    say(t('ai.started'));
    autoplay.start();
  };

  async function hint(): Promise<void> {
    autoplay.stop('stopped');
    const view = store.getState();
    if (!acceptsMoves(view.game)) return say(t(view.game.status === 'over' ? 'ai.hintOver' : 'ai.hintChoose'));
    let suggestion: Suggestion;
    try {
      suggestion = await client.suggest(view.game, { preset: 'fast' });
    } catch (error) {
      if (!isCancelled(error)) failed(error);
      return;
    }
    // A move made while the AI thought makes the answer stale.
    if (store.getState().change.seq !== view.change.seq || autoplay.running) return;
    show.analysis(suggestion);
    if (!suggestion.dir) return say(t('ai.hintStuck'));
    hintSeq = view.change.seq;
    show.hint(suggestion.dir);
    say(t(`ai.hint.${suggestion.dir}`));
  }

  life.own(
    store.subscribe((next, previous) => {
      if (next.change.seq === previous.change.seq) return;
      if (hintSeq !== null && next.change.seq !== hintSeq) clearHint();
      // Any change autoplay did not make (undo, new game, another tab) hands the game back to the player.
      if (autoplay.running && !autoplay.made(next.change.seq)) autoplay.stop('stopped');
      if (!autoplay.running) elements.analysis.hidden = true;
    }),
  );
  listenToPlayer(life, elements, { autoplay, hint, startAutoplay });
  // The buttons' titles name their keys from the keymap; the page writes them (it shows them before this code loads).
  const relabel = (): void => show.autoplay(autoplay.running);
  relabel();
  return {
    relabel,
    playerActed: () => autoplay.stop('stopped'),
    get autoplaying() {
      return autoplay.running;
    },
    dispose: () => life.end(),
  };
}
