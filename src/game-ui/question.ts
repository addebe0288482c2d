/**
 * The words of the question asked before a new game (session.ts decides when to ask, in
 * data): the page words it at once; an embed with its in-board dialogs, loaded on first use.
 */
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_QUESTION } from '../i18n/en/question';
import type { ConfirmText } from './dialogs';

/** What would be asked: a new game of `size` (when the board size changes) or with `seed`, ending a game with `score` at stake (null: none). */
export interface NewGameQuestion {
  readonly resize: number | null;
  readonly seed: number | null;
  readonly score: number | null;
}

/** What those questions say about the game that would end. */
export const gameEndsLine = (score: number, lang: Lang = ENGLISH): string => say(lang, EN_QUESTION, 'ask.endsCurrent', { score });

export function questionText({ resize, seed, score }: NewGameQuestion, lang: Lang): ConfirmText {
  return {
    title:
      resize !== null
        ? say(lang, EN_QUESTION, 'ask.resize', { size: resize })
        : seed !== null
          ? say(lang, EN_QUESTION, 'ask.seed', { seed: String(seed) })
          : say(lang, EN_QUESTION, 'ask.newGame'),
    message: score !== null ? gameEndsLine(score, lang) : say(lang, EN_QUESTION, 'ask.resizeWhy'),
    confirm: say(lang, EN_QUESTION, 'ask.confirm'),
    cancel: say(lang, EN_QUESTION, 'ask.cancel'),
  };
}
