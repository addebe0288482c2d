/**
 * How to play a cube's third axis, in one sentence in the player's language, and its keys as
 * the game page's cube buttons name them: loaded with the page's cube part only (the 3D page's
 * how-to chunk, which every square game on it loads, carries none of it).
 */
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_CUBE } from '../i18n/en/cube';
import { keysOr } from './keys-or';
import type { CubeHowToCaps } from './cube-keymap';

/** The catalogue's `cube.howTo` with the keymap's keys, each key cap in [brackets]. */
export function cubeHowToSentence(lang: Lang = ENGLISH, keys: CubeHowToCaps = CUBE_HOW_TO_CAPS): string {
  const or = keysOr(lang);
  return say(lang, EN_CUBE, 'cube.howTo', { in: keys.in.join(or), out: keys.out.join(or), spread: keys.spread.join(or) });
}

/** `cubeHowToCaps()`. */
export const CUBE_HOW_TO_CAPS: CubeHowToCaps = { in: ['[F]', '[PageDown]'], out: ['[B]', '[PageUp]'], spread: ['[X]'] };

/** `ariaKeys` of a cube's keys, for its buttons (the chunk would otherwise bring the keymap's naming code). */
export const CUBE_SHORTCUTS = { in: 'F PageDown', out: 'B PageUp', spread: 'X' } as const;
