/** What the parts of "Your games" share: the games read, the status line, and a way to draw again. */
import type { Dimensions } from '../../engine';
import type { GameSummary } from '../../history/entry';
import { shapeOf } from '../../history/entry';
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

/** A board's key among the choices: "4" for the 4×4 square (as it always was), "4x4x4" for the cube. */
const boardKey = (g: Pick<GameSummary, 'size' | 'dimensions'>): string =>
  shapeOf(g) === 3 ? `${g.size}x${g.size}x${g.size}` : String(g.size);

/** The board a choice's key names, as `filterGames` takes it. */
export const boardOf = (key: string): { size: number; dimensions: Dimensions } => ({
  size: Number.parseInt(key, 10),
  dimensions: key.includes('x') ? 3 : 2,
});

/** The boards played, as choices after "All boards": squares by size, then cubes. */
export const sizeOptions = ({ games, T }: HistoryContext): [string, string][] => {
  const boards = new Map(games.map((g) => [shapeOf(g) * 100 + g.size, g]));
  return [
    ['all', T.allSizes],
    ...[...boards.keys()]
      .sort((a, b) => a - b)
      .map((k): [string, string] => {
        const g = boards.get(k) as GameSummary;
        return [boardKey(g), T.size(g.size, shapeOf(g))];
      }),
  ];
};
