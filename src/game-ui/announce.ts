/**
 * The words a screen reader hears for each change, in the player's language. Loaded just
 * after the game shows (see session.ts), so the code a host page downloads to show a game
 * stays small.
 */
import type { Step } from '../engine';
import type { Lang } from '../i18n/core';
import { ENGLISH, intlTag, speaker } from '../i18n/core';
import { EN_ANNOUNCE } from '../i18n/en/announce';
import type { GameView } from '../store/types';

export const words = speaker(EN_ANNOUNCE);
type Speak = ReturnType<typeof words>;

/** How a cube's changes are said (cube-access.ts sets it when a cube game first shows: square games never load it). */
export const forCubes: { describe?: (view: GameView, previous: GameView | null, lang: Lang) => string | null } = {};

/** "Merged two 8s into 16 and 2 pairs of 2s into 4s.", biggest first, joined the locale's way. */
function describeMerges(t: Speak, lang: Lang, steps: readonly Step[]): string | null {
  const byValue = new Map<number, number>();
  for (const step of steps) if (step.kind === 'merge') byValue.set(step.value, (byValue.get(step.value) ?? 0) + 1);
  if (byValue.size === 0) return null;
  const parts = [...byValue.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([value, n]) => t('said.merge', { n, half: String(value / 2), value: String(value) }));
  return t('said.merged', { merges: new Intl.ListFormat(intlTag(lang.locale), { type: 'conjunction' }).format(parts) });
}

function describeSpawn(t: Speak, steps: readonly Step[], size: number): string | null {
  const spawn = steps.find((s) => s.kind === 'spawn');
  if (!spawn || spawn.kind !== 'spawn') return null;
  return t('said.spawn', { value: String(spawn.value), row: Math.floor(spawn.at / size) + 1, column: (spawn.at % size) + 1 });
}

/** What a player hears when the game ends or is won by this change. */
function describeOutcome(t: Speak, view: GameView, previous: GameView | null): string | null {
  const { game } = view;
  if (game.status === previous?.game.status) return null;
  if (game.status === 'won') return t('said.won', { target: String(game.target) });
  if (game.status === 'over') return t('said.over', { score: game.score });
  return null;
}

/** Sentences joined as the locale writes them: a space between, none in Chinese and Japanese. */
const join = (lang: Lang, sentences: readonly (string | null)[]): string =>
  sentences.filter((s): s is string => s !== null).join(lang.locale === 'zh-CN' || lang.locale === 'ja' ? '' : ' ');

/**
 * The words a screen reader says after a change: "Moved left. Merged two 8s into 16. New 2
 * in row 1, column 4. Score 1,284." Null when nothing worth saying happened (page load).
 * Tile values are said as the tiles show them ("2048"), scores grouped for the locale.
 */
export function describeChange(view: GameView, previous: GameView | null, lang: Lang = ENGLISH): string | null {
  if (view.game.board.dimensions > 2) {
    // A cube's changes are said in its own words, which come with the first cube shown: never a square's ("a 3 by 3 board") before them.
    return forCubes.describe?.(view, previous, lang) ?? null;
  }
  const t = words(lang);
  const { game, change } = view;
  const score = t('said.score', { score: game.score });
  switch (change.kind) {
    case 'move': {
      const report = change.report;
      if (!report) return null;
      return join(lang, [
        t(`said.${report.dir}`),
        describeMerges(t, lang, report.steps),
        describeSpawn(t, report.steps, game.size),
        score,
        describeOutcome(t, view, previous),
      ]);
    }
    case 'undo':
      return join(lang, [t('said.undo'), score]);
    case 'new':
      return t('said.new', { size: game.size });
    case 'keepGoing':
      return t('said.keepGoing', { target: String(game.target) });
    case 'sync':
      return join(lang, [t('said.sync'), score]);
    case 'start':
      return null;
  }
}
