/**
 * The words a screen reader hears for each change. Loaded just after the game shows (see
 * session.ts), so the code a host page downloads to show a game stays small.
 */
import type { Direction, Step } from '../engine';
import type { GameView } from '../store/types';
import { formatNumber } from './format';

const ORDINAL_TIMES = ['', '', ' twice', ' three times', ' four times'];
const times = (n: number): string => ORDINAL_TIMES[n] ?? ` ${n} times`;

/** "two 8s into 16", "two 2s into 4 twice", joined with commas and a final "and". */
function describeMerges(steps: readonly Step[]): string {
  const byValue = new Map<number, number>();
  for (const step of steps) if (step.kind === 'merge') byValue.set(step.value, (byValue.get(step.value) ?? 0) + 1);
  const parts = [...byValue.entries()].sort((a, b) => b[0] - a[0]).map(([value, n]) => `two ${value / 2}s into ${value}${times(n)}`);
  if (parts.length === 0) return '';
  const last = parts.pop() as string;
  return ` Merged ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}.`;
}

function describeSpawn(steps: readonly Step[], size: number): string {
  const spawn = steps.find((s) => s.kind === 'spawn');
  if (!spawn || spawn.kind !== 'spawn') return '';
  return ` New ${spawn.value} in row ${Math.floor(spawn.at / size) + 1}, column ${(spawn.at % size) + 1}.`;
}

/** What a player hears when the game ends or is won by this change. */
function describeOutcome(view: GameView, previous: GameView | null): string {
  const { game } = view;
  if (game.status === previous?.game.status) return '';
  if (game.status === 'won') return ` You reached ${game.target}! You win. Keep going or start a new game.`;
  if (game.status === 'over') return ` Game over. Final score ${formatNumber(game.score)}.`;
  return '';
}

const MOVED: Readonly<Record<Direction, string>> = { left: 'Moved left.', right: 'Moved right.', up: 'Moved up.', down: 'Moved down.' };

/**
 * The words a screen reader says after a change: "Moved left. Merged two 8s into 16. New 2
 * in row 1, column 4. Score 1,284." Null when nothing worth saying happened (page load).
 */
export function describeChange(view: GameView, previous: GameView | null): string | null {
  const { game, change } = view;
  const score = ` Score ${formatNumber(game.score)}.`;
  switch (change.kind) {
    case 'move': {
      const report = change.report;
      if (!report) return null;
      return `${MOVED[report.dir]}${describeMerges(report.steps)}${describeSpawn(report.steps, game.size)}${score}${describeOutcome(view, previous)}`;
    }
    case 'undo':
      return `Undid the last move.${score}`;
    case 'new':
      return `New game on a ${game.size} by ${game.size} board.`;
    case 'keepGoing':
      return `Playing on past ${game.target}.`;
    case 'sync':
      return `The game was continued in another tab.${score}`;
    case 'start':
      return null;
  }
}
