/**
 * A cube's own key bindings, beside keymap.ts's and read the same way (`commandFor`): apart from
 * them because only code loaded when a cube is played imports this (input/cube-keys.ts, the page's
 * cube part, the terminal), so the flat embed core, which holds keymap.ts, carries none of it.
 */
import type { DepthDirection } from '../engine';
import type { KeyLike, Keymap } from './keymap';
import { capsOf, commandFor } from './keymap';

/**
 * A cube's keys for its third axis, wherever a cube is played (kept apart from GAME_KEYS so a
 * square-only game carries none): F sends the tiles forward, away from you (`in`), B back
 * toward you (`out`), and Page Down and Page Up go down and up the stack of layers the same way.
 */
export const DEPTH_KEYS: Keymap<DepthDirection> = { f: 'in', b: 'out', PageDown: 'in', PageUp: 'out' };

/**
 * The key held to pull a cube's layers apart in the browser (the 3D board's `spreadLayers`): X, for
 * "x-ray", free among every other binding and away from where AZERTY and QWERTZ move letters.
 */
export const SPREAD_KEYS: Keymap<'spread'> = { x: 'spread' };

/** Whether a key is the spread key whatever modifiers are held: it is let go with or without one held by then. */
export const isSpreadKey = ({ key, code }: Pick<KeyLike, 'key' | 'code'>): boolean =>
  commandFor(SPREAD_KEYS, { key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false }) === 'spread';

/** The keys of a cube game's how-to sentence, by what they do, each key cap in [brackets]. */
export interface CubeHowToCaps {
  readonly in: readonly string[];
  readonly out: readonly string[];
  readonly spread: readonly string[];
}

/** The cube's how-to sentence's key caps, from the bindings above (written out in cube-how-to.ts, held to these by a test). */
export const cubeHowToCaps = (): CubeHowToCaps => ({
  in: capsOf(DEPTH_KEYS, 'in'),
  out: capsOf(DEPTH_KEYS, 'out'),
  spread: capsOf(SPREAD_KEYS, 'spread'),
});
