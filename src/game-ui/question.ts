/**
 * The words of the question asked before a game at stake is replaced (replace.ts decides when
 * to ask, in data): the page words it at once; an embed with its in-board dialogs, loaded on first use.
 */
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_QUESTION } from '../i18n/en/question';
import type { ConfirmText } from './dialogs';

/** What would be asked: a new game of `size` (when the board's size or shape changes; `cube`: a cube) or with `seed`, ending a game with `score` at stake. */
export interface NewGameQuestion {
  readonly resize: number | null;
  readonly cube?: boolean;
  readonly seed: number | null;
  readonly score: number;
}

/** What those questions say about the game that would end. */
export const gameEndsLine = (score: number, lang: Lang = ENGLISH): string => say(lang, EN_QUESTION, 'ask.endsCurrent', { score });

export function questionText({ resize, cube, seed, score }: NewGameQuestion, lang: Lang): ConfirmText {
  return {
    title:
      resize !== null
        ? say(lang, EN_QUESTION, cube ? 'ask.resizeCube' : 'ask.resize', { size: resize })
        : seed !== null
          ? say(lang, EN_QUESTION, 'ask.seed', { seed: String(seed) })
          : say(lang, EN_QUESTION, 'ask.newGame'),
    message: gameEndsLine(score, lang),
    confirm: say(lang, EN_QUESTION, 'ask.confirm'),
    cancel: say(lang, EN_QUESTION, 'ask.cancel'),
  };
}
