/** What the parts of "Your games" share: the games read, the status line, and a way to draw again. */
import type { GameSummary } from '../../history/entry';
import type { HistoryDb } from '../../game-ui/history/db';
import type { Lifetime } from '../../game-ui/lifetime';
import type { HistoryTexts } from '../../game-ui/history/texts';
import type { HistoryViewOptions } from './view';

export interface HistoryContext {
  readonly doc: Document;
  readonly options: HistoryViewOptions;
  readonly T: HistoryTexts;
  /** The view's lifetime: the parts' listeners end with it. */
  readonly life: Lifetime;
  /** The status line: reading, problems, and what an action did. */
  readonly status: HTMLElement;
  /** Every kept game's summary, as last read; the actions keep it in step with the database. */
  games: GameSummary[];
  /** Draws the tab shown again, and the actions that need games. */
  render(): void;
  /** Runs `run` with the database: a failure shows in the status line, no database at all as a notice. */
  withDb(run: (db: HistoryDb) => Promise<void>): Promise<void>;
}

/** The board sizes played, as choices after "All sizes". */
export const sizeOptions = ({ games, T }: HistoryContext): [string, string][] => [
  ['all', T.allSizes],
  ...[...new Set(games.map((g) => g.size))].sort((a, b) => a - b).map((n): [string, string] => [String(n), T.size(n)]),
];
