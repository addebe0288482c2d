/**
 * Every text the history and statistics say, in one place (English): the recorder's notices
 * and the view's labels, sentences and chart descriptions.
 */
import type { GameMode } from '../../history/entry';
import { formatNumber } from '../format';

const plural = (n: number, one: string, many: string): string => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "1 h 05 min", "12 min", "40 s": time played, to the minute once it is long. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return `${formatNumber(h)} h ${String(min % 60).padStart(2, '0')} min`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatDate = (ms: number): string => dateFormat.format(ms);
export const formatDay = (ms: number): string => dayFormat.format(ms);

export const MODE_NAMES: Readonly<Record<GameMode, string>> = {
  normal: 'Normal',
  daily: 'Daily challenge',
  seeded: 'Chosen seed',
  forked: 'Played on from a replay',
  imported: 'Imported',
};

export const HISTORY_TEXT = {
  // Notices
  unavailable: (why: string) => `Your games cannot be kept in this browser: ${why}. The game plays on; best scores are still saved.`,
  blocked: 'Your games are waiting to be kept: another cube2048 tab is using an older version of the history. Close or reload it; nothing is lost meanwhile.',
  writeFailed: (full: boolean) =>
    full
      ? "This game could not be kept in your history: the browser's storage is full. It waits in this browser and is kept once there is room (export and clear old games to make some)."
      : 'This game could not be kept in your history just now. It waits in this browser and is kept on the next try.',
  unreadable: (n: number) => `${plural(n, 'kept game', 'kept games')} could not be read and ${n === 1 ? 'is' : 'are'} left out; ${n === 1 ? 'it stays' : 'they stay'} in the database untouched.`,

  // The dialog
  title: 'Your games',
  close: 'Close',
  openButton: 'Your games: history and statistics',
  tabStats: 'Statistics',
  tabGames: 'Games',
  loading: 'Reading your games…',
  empty: 'No games kept yet. A game is kept here when it ends, or when you start a new one after 10 moves.',
  allSizes: 'All boards',
  size: (n: number) => `${n} × ${n}`,
  sizeLabel: 'Board',
  modeLabel: 'Mode',
  allModes: 'All modes',
  sortLabel: 'Sort',
  sortNewest: 'Newest first',
  sortOldest: 'Oldest first',
  sortScore: 'Highest score',

  // Figures
  played: 'Games played',
  wins: 'Wins',
  winRate: 'Win rate',
  bestScore: 'Best score',
  bestTile: 'Best tile',
  meanScore: 'Average score',
  medianScore: 'Median score',
  longestGame: 'Longest game',
  moves: (n: number) => plural(n, 'move', 'moves'),
  currentStreak: 'Winning streak',
  bestStreak: 'Best winning streak',
  totalMoves: 'Moves made',
  timePlayed: 'Time played',
  dailyStreak: 'Daily challenge streak',
  streakDays: (current: number, best: number) => `${plural(current, 'day', 'days')} (best ${formatNumber(best)})`,
  percent: (rate: number) => `${Math.round(rate * 100)}%`,

  // Charts
  tilesTitle: 'Best tile per game',
  tilesSummary: (played: number, best: number, top: number, topCount: number) =>
    `${plural(played, 'game', 'games')}. Best tile ${formatNumber(best)}; most games ended with ${formatNumber(top)} (${formatNumber(topCount)}).`,
  tilesTable: 'Show as a table',
  tileColumn: 'Best tile',
  gamesColumn: 'Games',
  scoresTitle: 'Scores over time',
  scoresSummary: (n: number, first: number, last: number, low: number, high: number) =>
    `Your last ${plural(n, 'game', 'games')}, from ${formatDay(first)} to ${formatDay(last)}: scores from ${formatNumber(low)} to ${formatNumber(high)}.`,
  scoresTable: (n: number) => `Show the last ${formatNumber(n)} as a table`,
  dateColumn: 'Date',
  scoreColumn: 'Score',
  boardColumn: 'Board',

  // The list
  showing: (shown: number, total: number) => (shown >= total ? plural(total, 'game', 'games') : `Showing ${formatNumber(shown)} of ${plural(total, 'game', 'games')}`),
  more: (n: number) => `Show ${formatNumber(n)} more`,
  row: (score: number, tile: number) => `Score ${formatNumber(score)}, best tile ${formatNumber(tile)}`,
  rowDetails: (size: number, moves: number, ms: number) => `${size} × ${size} · ${plural(moves, 'move', 'moves')} · ${formatDuration(ms)}`,
  won: 'Won',
  over: 'Game over',
  left: 'Left unfinished',
  replay: 'Replay',
  share: 'Copy link',
  exportOne: 'Export',
  remove: 'Delete',
  rowActions: (score: number, date: string) => `Game of ${date}, score ${formatNumber(score)}`,
  copied: 'Link copied.',
  copyBy: (link: string) => `Copy this link to share the game: ${link}`,

  // Whole history
  exportAll: 'Export all',
  importFile: 'Import…',
  clear: 'Clear history',
  checking: (done: number, total: number) => `Checking the games: ${formatNumber(done)} of ${formatNumber(total)}…`,
  exported: (n: number) => `Exported ${plural(n, 'game', 'games')}.`,
  imported: (added: number, known: number) => `Imported ${plural(added, 'game', 'games')}${known > 0 ? `; ${plural(known, 'was', 'were')} already kept` : ''}.`,
  importSkipped: (n: number, first: string) => `${plural(n, 'entry was', 'entries were')} skipped: ${first}${n > 1 ? ' …' : ''}`,
  importFailed: (why: string) => `That file cannot be imported: ${why} Nothing was changed.`,
  tooBig: 'it is too large to be a cube2048 history.',
  unreadableFile: 'it could not be read.',
  confirmDelete: {
    title: 'Delete this game?',
    message: 'It goes from your history and your statistics. This cannot be undone.',
    confirm: 'Delete',
    cancel: 'Keep it',
  },
  confirmClear: (n: number) => ({
    title: 'Clear your history?',
    message: `All ${plural(n, 'kept game', 'kept games')} and their statistics go. Export them first to keep a copy. Best scores stay.`,
    confirm: 'Clear history',
    cancel: 'Keep my games',
  }),
  deleted: 'Game deleted.',
  cleared: 'History cleared.',
  failed: (why: string) => `That did not work: ${why}`,
} as const;
