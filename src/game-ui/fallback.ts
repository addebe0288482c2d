/**
 * The words for a flat board standing in for another (game-ui/skin-host.ts says why, in data):
 * the page shows them at once, an embed with its notices, which load on first use.
 */
import type { Lang } from '../i18n/core';
import { say } from '../i18n/core';
import { EN_SKINS } from '../i18n/en/skins';
import { textOr } from '../i18n/notice';
import { NO_WEBGL_MESSAGE } from '../skins/skin';
import { NO_CUBE_MESSAGE } from '../skins/no-cube';
import type { Fallback } from './skin-host';

/** A skin's name for the player: ours in their language, another's as registered (`label`, the registry's English). */
export const skinName = (name: string, lang: Lang, label: string): string =>
  name === 'cubes' || name === 'flat' ? textOr(lang, `skin.${name}`, label) : label;

export function fallbackText(reason: Fallback, lang: Lang): string {
  const skin = skinName(reason.skin, lang, reason.label);
  switch (reason.why) {
    case 'start':
      return say(lang, EN_SKINS, 'skin.couldNotStart', { skin });
    case 'load':
      return say(lang, EN_SKINS, 'skin.couldNotLoad', { skin });
    case 'stopped':
      return say(lang, EN_SKINS, 'skin.stopped', { skin });
    case 'unavailable': {
      // The no-WebGL and no-cube lines are ours to translate; another skin's reason is its own words.
      if (reason.message === NO_CUBE_MESSAGE) return say(lang, EN_SKINS, 'skin.noCube', { skin });
      return reason.message === NO_WEBGL_MESSAGE ? textOr(lang, 'skin.noWebgl', reason.message) : reason.message;
    }
  }
}
