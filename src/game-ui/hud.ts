import type { GameView, ReadonlyStore } from '../store/types';
import type { Lang } from '../i18n/core';
import { formatNumber } from './format';
import { floatGain } from './gain-loader';

export interface HudElements {
  readonly score: HTMLElement;
  readonly best: HTMLElement;
  readonly moves: HTMLElement;
  /** Where the floating "+N" rises from. */
  readonly scoreCard: HTMLElement;
  readonly undo: HTMLButtonElement;
}

/** Score, best, move count, the floating "+N" on scoring moves, and the Undo button's state. */
export function mountHud(
  el: HudElements,
  store: ReadonlyStore<GameView>,
  options: { readonly reducedMotion: () => boolean; readonly lang: () => Lang },
): { refresh(): void; dispose(): void } {
  const animations = new Set<Animation>();
  const set = (node: HTMLElement, text: string): void => {
    if (node.textContent !== text) node.textContent = text;
  };

  const render = (view: GameView, previous: GameView | null): void => {
    const lang = options.lang();
    set(el.score, formatNumber(view.game.score, lang));
    set(el.best, formatNumber(view.best, lang));
    set(el.moves, formatNumber(view.game.record.length, lang));
    el.undo.disabled = !view.canUndo;
    const { change } = view;
    if (previous && change !== previous.change && change.kind === 'move' && change.report && change.report.gained > 0)
      floatGain(el, change.report.gained, options, animations);
  };

  render(store.getState(), null);
  const unsubscribe = store.subscribe(render);
  return {
    // A new language shows at once: the numbers are written again in its way.
    refresh: () => render(store.getState(), null),
    dispose() {
      unsubscribe();
      for (const animation of animations) animation.finish();
      animations.clear();
    },
  };
}
