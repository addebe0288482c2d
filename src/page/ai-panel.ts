/**
 * The AI on the game page: a hint (the suggested direction on the board and in words),
 * autoplay at a chosen speed, and a line with the expected value of each direction. Every
 * search runs in the AI worker (src/ai/client.ts), so the page never waits on it.
 */
import type { AiClient, Suggestion } from '../ai/client';
import { createAiClient, isCancelled } from '../ai/client';
import type { PresetName } from '../ai/presets';
import type { Direction } from '../engine';
import { acceptsMoves } from '../engine';
import { AI_KEYS, belongsToAnotherControl, commandFor } from '../input';
import type { GameStore } from '../store';
import { anyModalOpen } from '../game-ui/dialogs';
import type { Lang } from '../i18n/core';
import { ENGLISH, intlTag, speaker } from '../i18n/core';
import { EN_AI } from '../i18n/en/ai';
import type { SkinHost } from '../game-ui/skin-host';

export type AutoplaySpeed = 'slow' | 'normal' | 'fast' | 'max';

interface SpeedPlan {
  /** Pause after each move, so a player can follow (the slide takes about 150 ms). */
  readonly delayMs: number;
  /** Slow play can afford the stronger search; it ends well inside the pause. */
  readonly preset: PresetName;
  /** Jump the running animation to its end before each move, so the board keeps up. */
  readonly skipAnimation: boolean;
}

const SPEEDS: Readonly<Record<AutoplaySpeed, SpeedPlan>> = {
  slow: { delayMs: 700, preset: 'strong', skipAnimation: false },
  normal: { delayMs: 300, preset: 'strong', skipAnimation: false },
  fast: { delayMs: 90, preset: 'fast', skipAnimation: false },
  max: { delayMs: 0, preset: 'fast', skipAnimation: true },
};

const isSpeed = (value: string): value is AutoplaySpeed => value in SPEEDS;

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
/** Why autoplay stopped (or cannot start). */
type Stop = 'stopped' | 'stoppedOver' | 'stoppedWon' | 'stoppedStuck';

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

export function mountAiPanel(elements: AiPanelElements, options: AiPanelOptions): AiPanel {
  const { store, skins, say, notify } = options;
  const lang = options.lang ?? ((): Lang => ENGLISH);
  const t: ReturnType<typeof words> = (key, ...params) => words(lang())(key, ...params);
  const client = options.client ?? createAiClient();
  const doc = elements.game.ownerDocument;
  const win = doc.defaultView as Window;

  /** The hint shown now, for the position with this change number. */
  let hintSeq: number | null = null;
  /** A running autoplay loop's token; null when stopped. Only the newest loop may act. */
  let loop: { readonly id: number; wake: (() => void) | null; timer: ReturnType<typeof setTimeout> | null; moves: number } | null = null;
  let loops = 0;
  /** The change number of autoplay's own latest move; any other change is the player's. */
  let ownSeq: number | null = null;

  const showHint = (dir: Direction | null): void => {
    skins.setHint(dir);
    if (dir) elements.game.dataset['hint'] = dir;
    else delete elements.game.dataset['hint'];
  };

  const clearHint = (): void => {
    if (hintSeq === null) return;
    hintSeq = null;
    showHint(null);
  };

  const showAnalysis = (suggestion: Suggestion): void => {
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
  };

  const failed = (error: unknown): void => {
    console.warn('cube2048: the AI failed', error);
    notify(t('ai.failed'));
  };

  const renderAutoplay = (): void => {
    const on = loop !== null;
    elements.autoplay.setAttribute('aria-pressed', String(on));
    const label = elements.autoplay.querySelector('span');
    if (label) label.textContent = t(on ? 'ai.stop' : 'ai.autoplay');
  };

  function stopAutoplay(why: Stop | null): void {
    if (!loop) return;
    const current = loop;
    const played = current.moves > 0;
    loop = null;
    ownSeq = null;
    if (current.timer !== null) clearTimeout(current.timer);
    current.wake?.();
    client.cancel();
    renderAutoplay();
    if (!why) return;
    const { game } = store.getState();
    const words = t(`ai.${why}`, { target: String(game.target) });
    say(played ? t('ai.withScore', { words, score: game.score }) : words);
  }

  /** Why autoplay cannot make its next move, or null when it can. */
  const blocked = (): Stop | null => {
    const { game } = store.getState();
    if (game.status === 'over') return 'stoppedOver';
    if (game.status === 'won') return 'stoppedWon';
    if (!acceptsMoves(game)) return 'stopped';
    if (anyModalOpen(doc)) return 'stopped';
    return null;
  };

  const pause = (token: NonNullable<typeof loop>, ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      token.wake = resolve;
      // At full speed one frame between moves keeps the page drawing and responsive.
      if (ms <= 0) {
        const frame = win.requestAnimationFrame(() => resolve());
        token.timer = setTimeout(() => {
          win.cancelAnimationFrame(frame);
          resolve();
        }, 50);
      } else token.timer = setTimeout(resolve, ms);
    }).then(() => {
      token.wake = null;
      token.timer = null;
    });

  async function runAutoplay(token: NonNullable<typeof loop>): Promise<void> {
    /** The search for the position after autoplay's last move, started before the pause. */
    let ahead: { readonly seq: number; readonly preset: PresetName; readonly answer: Promise<Suggestion> } | null = null;
    while (loop === token) {
      const reason = blocked();
      if (reason) {
        stopAutoplay(reason);
        return;
      }
      const plan = SPEEDS[isSpeed(elements.speed.value) ? elements.speed.value : 'normal'];
      const view = store.getState();
      const early = ahead && ahead.seq === view.change.seq && ahead.preset === plan.preset ? ahead.answer : null;
      ahead = null;
      let suggestion: Suggestion;
      try {
        suggestion = await (early ?? client.suggest(view.game, { preset: plan.preset }));
      } catch (error) {
        if (loop !== token) return;
        if (isCancelled(error)) continue;
        stopAutoplay(null);
        failed(error);
        return;
      }
      if (loop !== token) return;
      // The position changed while the AI thought (another tab): think again.
      if (store.getState().change.seq !== view.change.seq) continue;
      if (!suggestion.dir) {
        stopAutoplay('stoppedStuck');
        return;
      }
      const late = blocked();
      if (late) {
        stopAutoplay(late);
        return;
      }
      showAnalysis(suggestion);
      if (plan.skipAnimation) skins.skin()?.finish();
      ownSeq = view.change.seq + 1;
      if (store.getState().move(suggestion.dir)) token.moves++;
      const after = store.getState();
      ownSeq = after.change.seq;
      // The worker thinks about the next move while this one is drawn and the pause runs.
      if (acceptsMoves(after.game)) {
        const answer = client.suggest(after.game, { preset: plan.preset });
        // Stopping cancels it; nobody may be left waiting for that rejection.
        answer.catch(() => undefined);
        ahead = { seq: after.change.seq, preset: plan.preset, answer };
      }
      await pause(token, plan.delayMs);
    }
  }

  const startAutoplay = (): void => {
    if (loop) return;
    const reason = blocked();
    if (reason) {
      const cannot = {
        stopped: 'ai.cannotStart',
        stoppedOver: 'ai.cannotStartOver',
        stoppedWon: 'ai.cannotStartWon',
        stoppedStuck: 'ai.cannotStart',
      } as const;
      say(t(cannot[reason], { target: String(store.getState().game.target) }));
      return;
    }
    clearHint();
    loop = { id: ++loops, wake: null, timer: null, moves: 0 };
    renderAutoplay();
    say(t('ai.started'));
    void runAutoplay(loop);
  };

  async function hint(): Promise<void> {
    stopAutoplay('stopped');
    const view = store.getState();
    if (!acceptsMoves(view.game)) {
      say(t(view.game.status === 'over' ? 'ai.hintOver' : 'ai.hintChoose'));
      return;
    }
    let suggestion: Suggestion;
    try {
      suggestion = await client.suggest(view.game, { preset: 'fast' });
    } catch (error) {
      if (!isCancelled(error)) failed(error);
      return;
    }
    // A move made while the AI thought makes the answer stale.
    if (store.getState().change.seq !== view.change.seq || loop) return;
    showAnalysis(suggestion);
    if (!suggestion.dir) {
      say(t('ai.hintStuck'));
      return;
    }
    hintSeq = view.change.seq;
    showHint(suggestion.dir);
    say(t(`ai.hint.${suggestion.dir}`));
  }

  const unsubscribe = store.subscribe((next, previous) => {
    if (next.change.seq === previous.change.seq) return;
    if (hintSeq !== null && next.change.seq !== hintSeq) clearHint();
    // Any change autoplay did not make (undo, new game, another tab) hands the game back to the player.
    if (loop && next.change.seq !== ownSeq) stopAutoplay('stopped');
    if (!loop) elements.analysis.hidden = true;
  });

  const onHint = (): void => void hint();
  const onAutoplay = (): void => (loop ? stopAutoplay('stopped') : startAutoplay());
  const onVisibility = (): void => {
    if (doc.visibilityState === 'hidden') stopAutoplay(null);
  };
  const onBoardPointer = (): void => stopAutoplay('stopped');
  const onKey = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || anyModalOpen(doc) || belongsToAnotherControl(event.target)) return;
    const command = commandFor(AI_KEYS, event);
    if (command === 'stopAutoplay' && loop) stopAutoplay('stopped');
    if (command === 'hint') {
      event.preventDefault();
      void hint();
    }
  };
  // The AI buttons' titles name their keys from the keymap (page.ts fills the page's other key help).
  // The buttons' titles name their keys from the keymap; the page writes them (it shows them before this code loads).
  const relabel = renderAutoplay;
  relabel();
  elements.hint.addEventListener('click', onHint);
  elements.autoplay.addEventListener('click', onAutoplay);
  elements.game.addEventListener('pointerdown', onBoardPointer);
  doc.addEventListener('visibilitychange', onVisibility);
  doc.addEventListener('keydown', onKey);

  return {
    relabel,
    playerActed: () => stopAutoplay('stopped'),
    get autoplaying() {
      return loop !== null;
    },
    dispose() {
      stopAutoplay(null);
      unsubscribe();
      elements.hint.removeEventListener('click', onHint);
      elements.autoplay.removeEventListener('click', onAutoplay);
      elements.game.removeEventListener('pointerdown', onBoardPointer);
      doc.removeEventListener('visibilitychange', onVisibility);
      doc.removeEventListener('keydown', onKey);
      client.dispose();
    },
  };
}
