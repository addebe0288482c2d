/**
 * The AI on the game page: a hint (the suggested direction on the board and in words),
 * autoplay at a chosen speed (autoplay.ts), and the move it suggests in a plain sentence, with
 * how it rated every move behind a "Why?". Every search runs in the AI worker
 * (src/ai/client.ts), so the page never waits on it.
 */
import type { AiClient, Suggestion } from '../ai/client';
import { createAiClient, isCancelled } from '../ai/client';
import type { CubeDirection } from '../engine';
import { DIRECTIONS, acceptsMoves } from '../engine';
import { AI_KEYS, belongsToAnotherControl, commandFor } from '../input';
import type { GameStore } from '../store';
import { anyModalOpen } from '../game-ui/modal';
import type { Lang } from '../i18n/core';
import { ENGLISH, intlTag, speaker } from '../i18n/core';
import { EN_AI } from '../i18n/en/ai';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import type { SkinHost } from '../game-ui/skin-host';
import type { Autoplay, Stop } from './autoplay';
import { createAutoplay } from './autoplay';

/** `in` and `out` as the cube's buttons draw them: seen end on, an arrow going away shows its tail (a cross), one coming its point (a dot). */
const ARROWS: Readonly<Record<CubeDirection, string>> = { left: '←', up: '↑', right: '→', down: '↓', in: '⊗', out: '⊙' };
const ORDER: readonly CubeDirection[] = ['left', 'up', 'right', 'down', 'in', 'out'];

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
  /** Whether the store's change with this number is a move autoplay made (the history counts them). */
  made(seq: number): boolean;
  /** How many hints were shown on the board so far (the history counts them). */
  hints(): number;
  /** Writes the buttons' words again in the page's language. */
  relabel(): void;
  dispose(): void;
}

const percents = new Map<string, Intl.NumberFormat>();
const percentFor = (lang: Lang): Intl.NumberFormat => {
  let format = percents.get(lang.locale);
  if (!format)
    percents.set(lang.locale, (format = new Intl.NumberFormat(intlTag(lang.locale), { style: 'percent', maximumSignificantDigits: 2 })));
  return format;
};

export interface MoveRating {
  readonly dir: CubeDirection;
  readonly best: boolean;
  /** How far below the best move's rating this move's is, as a share of it (0 for the best); null where the move is not possible. */
  readonly lower: number | null;
}

/** Below this share a move is as good as the best: the search's ratings differ by rounding noise there. */
const AS_GOOD = 0.0005;

/**
 * The search's ratings (higher is better, on no scale a player knows) as something readable:
 * each move, the best first, then the others from the nearest to it, with how much lower each
 * was rated as a share of the best rating. A square's ratings have no `in` or `out`.
 */
export function moveRatings(scores: Suggestion['scores'], best: CubeDirection | null): MoveRating[] {
  const top = best ? scores[best] : null;
  const ratings = ORDER.filter((dir) => dir in scores).map((dir): MoveRating => {
    const value = scores[dir] ?? null;
    const lower = value === null || top === null || top === undefined ? null : Math.max(0, (top - value) / (Math.abs(top) || 1));
    return { dir, best: dir === best, lower };
  });
  const rank = (r: MoveRating): number => (r.best ? -1 : (r.lower ?? Infinity));
  return ratings.sort((a, b) => rank(a) - rank(b));
}

/** How a rating reads: "best", "just as good", "rated 0.28% lower", "not possible". */
export function ratingWords(rating: MoveRating, t: Words, lang: Lang): string {
  if (rating.best) return t('ai.best');
  if (rating.lower === null) return t('ai.impossible');
  if (rating.lower < AS_GOOD) return t('ai.asGood');
  return t('ai.lower', { percent: percentFor(lang).format(rating.lower) });
}

/** The analysis: the suggested move in a sentence beside its arrow, and behind "Why?", how each move was rated. */
function analysisView(root: HTMLElement, t: Words) {
  const doc = root.ownerDocument;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = ''): HTMLElementTagNameMap[K] => {
    const made = doc.createElement(tag);
    made.className = className;
    return made;
  };
  const move = el('p', 'ai-move');
  const arrow = el('span', 'ai-arrow');
  arrow.setAttribute('aria-hidden', 'true');
  const sentence = el('strong');
  move.append(arrow, sentence);
  const why = el('details', 'ai-why');
  const summary = el('summary');
  const intro = el('p');
  const list = el('ol');
  why.append(summary, intro, list);
  return {
    show(ratings: readonly MoveRating[], words: (rating: MoveRating) => string): void {
      if (!move.isConnected) root.replaceChildren(move, why);
      const best = ratings.find((r) => r.best);
      move.hidden = !best;
      if (best) {
        arrow.textContent = ARROWS[best.dir];
        sentence.textContent = t(`ai.move.${best.dir}`);
      }
      summary.textContent = t('ai.why');
      intro.textContent = t('ai.whyIntro');
      list.replaceChildren(
        ...ratings.map((rating) => {
          const item = el('li');
          item.dataset['dir'] = rating.dir;
          if (rating.best) item.dataset['best'] = '';
          const name = el('span');
          name.textContent = `${ARROWS[rating.dir]} ${t(`ai.move.${rating.dir}`)}`;
          const rated = el('span');
          rated.textContent = words(rating);
          item.append(name, ' ', rated);
          return item;
        }),
      );
    },
  };
}

/** What the panel shows: the hint on the board, the analysis and the autoplay button. */
function aiDisplay(elements: AiPanelElements, skins: SkinHost, store: GameStore, t: Words, lang: () => Lang) {
  const view = analysisView(elements.analysis, t);
  let hints = 0;
  return {
    hint(dir: CubeDirection | null): void {
      // The skins point at a square's sides; a cube's hint, whatever its move, is drawn once, by the page's cube part (cube-hint.ts), from `data-hint`.
      const cube = store.getState().game.board.dimensions === 3;
      skins.setHint(cube ? null : (DIRECTIONS.find((square) => square === dir) ?? null));
      if (dir) elements.game.dataset['hint'] = dir;
      else delete elements.game.dataset['hint'];
      if (dir) hints++;
    },
    hints: (): number => hints,
    analysis(suggestion: Suggestion): void {
      view.show(moveRatings(suggestion.scores, suggestion.dir), (rating) => ratingWords(rating, t, lang()));
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
  const show = aiDisplay(elements, options.skins, options.store, t, lang);
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
    made: autoplay.made,
    hints: show.hints,
    dispose: () => life.end(),
  };
}
