/**
 * The points a move scored, floating up from the score's label ("+N") while the score swells.
 * Its own module so the script-tag build can fetch it after the first board (gain-loader.ts).
 */
import type { Lang } from '../i18n/core';
import { formatNumber } from './format';
import type { HudElements } from './hud';

/** How long a "+N" floats before it is removed. */
const GAIN_MS = 800;

/** Floats "+`gained`" over the score card; its animations are kept in `animations` until they end (the hud finishes them when it goes). */
export function floatGain(
  el: HudElements,
  gained: number,
  options: { readonly reducedMotion: () => boolean; readonly lang: () => Lang },
  animations: Set<Animation>,
): void {
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
          { opacity: 1, translate: '0 0', offset: 0.25 },
          { opacity: 0, translate: '0 -0.3em' },
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
}
