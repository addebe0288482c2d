/**
 * A cube game's hint on the board, the same in every skin: a skin points at one side of a square,
 * but a cube's hint may be `in` or `out`, which no side of the screen shows. The AI panel marks
 * the suggested move as the game's `data-hint`; while a cube is played this badge over the board
 * shows it: an arrow toward the side, or for `in` and `out` the cube buttons' end-on arrows (a
 * cross going away, a dot coming), with the move in words. The live region says it already, so
 * the badge is hidden from screen readers.
 */
import type { CubeDirection, DepthDirection } from '../engine';
import { CUBE_DIRECTIONS } from '../engine';
import { boardDirection } from '../input/view-direction';
import { icon } from '../game-ui/icon';
import type { Lifetime } from '../game-ui/lifetime';

export const DEPTH_ICONS: Readonly<Record<DepthDirection, string>> = {
  // Seen end on, an arrow going away shows its tail (a cross), one coming its point (a dot).
  in: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM8.5 7.1 7.1 8.5 10.6 12l-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4-3.5 3.5z',
  out: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm0 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
};

/** A side's arrow, pointing right before it is turned. */
const ARROW = 'M4 11h11.2l-4.6-4.6L12 5l7 7-7 7-1.4-1.4 4.6-4.6H4z';
const TURNS: Readonly<Record<CubeDirection, number>> = { right: 0, down: 90, left: 180, up: 270, in: 0, out: 0 };

const isDirection = (value: string | undefined): value is CubeDirection => CUBE_DIRECTIONS.includes(value as CubeDirection);

/**
 * The badge in `game` while `life` lasts. `words` names a move; `azimuth` is how far the 3D view
 * is turned, so that the arrow points at the side of the screen whose key makes the move.
 */
export function cubeHint(
  game: HTMLElement,
  life: Lifetime,
  { words, azimuth }: { words: (dir: CubeDirection) => string; azimuth: () => number },
): { relabel(): void } {
  const doc = game.ownerDocument;
  const badge = Object.assign(doc.createElement('div'), { className: 'cube-hint', hidden: true });
  badge.setAttribute('aria-hidden', 'true');
  const label = doc.createElement('span');
  game.append(badge);
  life.own(() => badge.remove());
  const show = (): void => {
    const hint = game.dataset['hint'];
    badge.hidden = !isDirection(hint);
    if (!isDirection(hint)) return;
    // Where the view is turned, the side of the screen the move goes to (the inverse of the keys' turn).
    const dir = boardDirection(-azimuth(), hint);
    const depth = dir === 'in' || dir === 'out';
    const svg = icon(doc, depth ? DEPTH_ICONS[dir] : ARROW);
    svg.style.transform = `rotate(${TURNS[dir]}deg)`;
    label.textContent = words(dir);
    badge.dataset['dir'] = dir;
    badge.replaceChildren(svg, label);
  };
  const watch = new MutationObserver(show);
  watch.observe(game, { attributes: true, attributeFilter: ['data-hint'] });
  life.own(watch);
  show();
  return { relabel: show };
}
