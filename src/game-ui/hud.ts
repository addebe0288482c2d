import type { GameView, ReadonlyStore } from '../store/types';
import type { Lang } from '../i18n/core';
import { formatNumber } from './format';

export interface HudElements {
  readonly score: HTMLElement;
  readonly best: HTMLElement;
  readonly moves: HTMLElement;
  /** Where the floating "+N" rises from. */
  readonly scoreCard: HTMLElement;
  readonly undo: HTMLButtonElement;
}

/** How long a "+N" floats before it is removed. */
const GAIN_MS = 800;

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

  const floatGain = (gained: number): void => {
    const doc = el.scoreCard.ownerDocument;
    const gain = doc.createElement('span');
    gain.className = 'gain';
    gain.setAttribute('aria-hidden', 'true');
    gain.textContent = `+${formatNumber(gained, options.lang())}`;
    el.scoreCard.append(gain);
    const still = options.reducedMotion();
    // Web Animations rather than CSS classes: they restart without forcing a layout in the key handler.
    const rise = gain.animate(
      still
        ? [{ opacity: 0 }, { opacity: 1, offset: 0.2 }, { opacity: 0 }]
        : [
            // `translate` composes with the stylesheet's own centring transform.
            { opacity: 0, translate: '0 0.4em' },
            { opacity: 1, translate: '0 -0.1em', offset: 0.25 },
            { opacity: 0, translate: '0 -1.3em' },
          ],
      { duration: GAIN_MS, easing: 'cubic-bezier(.2,.7,.3,1)' },
    );
    animations.add(rise);
    rise.onfinish = () => {
      gain.remove();
      animations.delete(rise);
    };
    if (!still) {
      const bump = el.score.animate([{ transform: 'scale(1)' }, { transform: 'scale(1.12)' }, { transform: 'scale(1)' }], {
        duration: 200,
        easing: 'ease-out',
      });
      animations.add(bump);
      bump.onfinish = () => animations.delete(bump);
    }
  };

  const render = (view: GameView, previous: GameView | null): void => {
    const lang = options.lang();
    set(el.score, formatNumber(view.game.score, lang));
    set(el.best, formatNumber(view.best, lang));
    set(el.moves, formatNumber(view.game.record.length, lang));
    el.undo.disabled = !view.canUndo;
    const { change } = view;
    if (previous && change !== previous.change && change.kind === 'move' && change.report && change.report.gained > 0)
      floatGain(change.report.gained);
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
