/**
 * The words for what was wrong with a host's options and calls (options.ts finds it and says
 * it as data). A chunk of its own: a page whose options are all good never fetches it.
 */
import { DEFAULT_SIZE, MAX_SEED, MAX_SIZE, MIN_SIZE } from '../engine';
import { LOCALES } from '../i18n/core';
import { DEFAULT_SKIN } from '../skins/registry';
import type { FlagName, Problem } from './options';
import { DEFAULT_STORAGE, GAME_EVENTS, LIVE_OPTIONS, OPTION_NAMES, quote } from './options';

/** What a bad flag's value gives instead. */
const FLAG_FALLBACK: Readonly<Record<FlagName, string>> = {
  reducedMotion: 'the system setting is followed',
  history: 'games are not kept',
  turnable: 'the board does not turn',
};

/** One problem in words. */
export function wordProblem(problem: Problem): string {
  if (typeof problem === 'string') return problem;
  switch (problem[0]) {
    case 'skin':
      return `${problem[1]} is not a skin (one of ${problem[2].join(', ')}, or a factory), so ${DEFAULT_SKIN} is used`;
    case 'oneOf':
      return `${problem[1]} is not one of ${problem[2].join(', ')}, so ${problem[3]} is used`;
    case 'size':
      return `${problem[1]} is not a board size from ${MIN_SIZE} to ${MAX_SIZE}, so ${DEFAULT_SIZE} is used`;
    case 'dimensions':
      return `${problem[1]} is not 2 or 3 (a square or a cube), so 2 is used`;
    case 'seed':
      return `${problem[1]} is not a whole number from 0 to ${MAX_SEED}, so a random seed is used`;
    case 'storage':
      return `${problem[1]} is not a key of up to 64 letters, digits and : _ . - (or false), so "${DEFAULT_STORAGE}" is used`;
    case 'lang':
      return `${problem[1]} is not a language cube2048 speaks (${LOCALES.join(', ')}), so the browser's language is used`;
    case 'flag':
      return `${problem[1]} is not true or false, so ${FLAG_FALLBACK[problem[2]]}`;
    case 'flagText':
      return `${problem[1]} is not true, false or auto, so ${FLAG_FALLBACK[problem[2]]}`;
    case 'on':
      return `option on must be an object of functions (${GAME_EVENTS.join(', ')}), not ${quote(problem[1])}`;
    case 'onName':
      return `on.${problem[1]} is not an event (known: ${GAME_EVENTS.join(', ')})`;
    case 'onFunction':
      return `on.${problem[1]} is ${quote(problem[2])}, not a function`;
    case 'options':
      return `the options must be an object, not ${quote(problem[1])}; defaults are used`;
    case 'optionsLive':
      return `the options must be an object, not ${quote(problem[1])}`;
    case 'unknown':
      return `option ${quote(problem[1])} is unknown (known: ${OPTION_NAMES.join(', ')})`;
    case 'notLive':
      return `option ${quote(problem[1])} cannot change while the game runs (these can: ${LIVE_OPTIONS.join(', ')})`;
    case 'shared':
      return `another game on this page already saves under "${problem[1]}", so this one is not saved. Give each game its own storage key`;
    case 'direction':
      return `${quote(problem[1])} is not a direction; use one of ${problem[2].join(', ')}`;
  }
}

/** One console line for everything that was wrong (`call`: the handle's method it was wrong in), or null when nothing was. */
export function problemLine(problems: readonly Problem[], call?: string): string | null {
  return problems.length === 0 ? null : `cube2048: ${call ? `${call}: ` : ''}${problems.map(wordProblem).join('; ')}.`;
}
