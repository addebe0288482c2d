/**
 * Every text the history and statistics say (the recorder's notices and the view's labels,
 * sentences and chart descriptions), in the history's language: English catalogue in
 * src/i18n/en/history.ts, the others in each locale's module. The page sets the language
 * (`setHistoryLang`) when it loads this code and when the player changes it; each text is
 * read when it is shown, so the members below are getters.
 */
import type { GameMode } from '../../history/entry';
import type { Lang, Params } from '../../i18n/core';
import { ENGLISH, intlTag, say } from '../../i18n/core';
import { EN_HISTORY } from '../../i18n/en/history';
import type { UnavailableReason } from './db';

let lang: Lang = ENGLISH;
/** The language the history speaks from now on. */
export const setHistoryLang = (next: Lang): void => {
  lang = next;
};
const t = <K extends keyof typeof EN_HISTORY>(key: K, ...params: Params<(typeof EN_HISTORY)[K]>): string =>
  say(lang, EN_HISTORY, key, ...params);

/** "1 h 05 min", "12 min", "40 s": time played, to the minute once it is long. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return t('history.seconds', { s });
  const min = Math.round(s / 60);
  if (min < 60) return t('history.minutes', { min });
  return t('history.hours', { h: Math.floor(min / 60), min: String(min % 60).padStart(2, '0') });
}

const formats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (withTime: boolean): Intl.DateTimeFormat => {
  const key = `${lang.locale}:${withTime}`;
  let format = formats.get(key);
  if (!format) {
    // English as it was (day month year); the others as their locale writes a date.
    const tag = lang.locale === 'en' ? 'en-GB' : intlTag(lang.locale);
    format = new Intl.DateTimeFormat(tag, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    formats.set(key, format);
  }
  return format;
};
export const formatDate = (ms: number): string => dateFormat(true).format(ms);
export const formatDay = (ms: number): string => dateFormat(false).format(ms);

export const MODE_NAMES: Readonly<Record<GameMode, string>> = {
  get normal() {
    return t('history.mode.normal');
  },
  get daily() {
    return t('history.mode.daily');
  },
  get seeded() {
    return t('history.mode.seeded');
  },
  get forked() {
    return t('history.mode.forked');
  },
  get imported() {
    return t('history.mode.imported');
  },
};

const games = (count: number): string => t('history.games', { n: count });

export const HISTORY_TEXT = {
  // Notices
  unavailable: (reason: UnavailableReason, error: string) =>
    t('history.unavailable', {
      why:
        reason === 'unsupported'
          ? t('history.why.unsupported')
          : t(reason === 'refused' ? 'history.why.refused' : 'history.why.failed', { error }),
    }),
  get blocked() {
    return t('history.blocked');
  },
  writeFailed: (full: boolean) => t(full ? 'history.writeFull' : 'history.writeFailed'),
  unreadable: (count: number) => t('history.unreadable', { n: count }),

  // The dialog
  get title() {
    return t('history.title');
  },
  get close() {
    return t('history.close');
  },
  get openButton() {
    return t('history.openButton');
  },
  get tabStats() {
    return t('history.tabStats');
  },
  get tabGames() {
    return t('history.tabGames');
  },
  get loading() {
    return t('history.loading');
  },
  get empty() {
    return t('history.empty');
  },
  get allSizes() {
    return t('history.allSizes');
  },
  size: (size: number) => t('history.size', { size }),
  get sizeLabel() {
    return t('history.sizeLabel');
  },
  get modeLabel() {
    return t('history.modeLabel');
  },
  get allModes() {
    return t('history.allModes');
  },
  get sortLabel() {
    return t('history.sortLabel');
  },
  get sortNewest() {
    return t('history.sortNewest');
  },
  get sortOldest() {
    return t('history.sortOldest');
  },
  get sortScore() {
    return t('history.sortScore');
  },

  // Figures
  get played() {
    return t('history.played');
  },
  get wins() {
    return t('history.wins');
  },
  get winRate() {
    return t('history.winRate');
  },
  get bestScore() {
    return t('history.bestScore');
  },
  get bestTile() {
    return t('history.bestTile');
  },
  get meanScore() {
    return t('history.meanScore');
  },
  get medianScore() {
    return t('history.medianScore');
  },
  get longestGame() {
    return t('history.longestGame');
  },
  moves: (count: number) => t('history.moves', { n: count }),
  get currentStreak() {
    return t('history.currentStreak');
  },
  get bestStreak() {
    return t('history.bestStreak');
  },
  get totalMoves() {
    return t('history.totalMoves');
  },
  get timePlayed() {
    return t('history.timePlayed');
  },
  get dailyStreak() {
    return t('history.dailyStreak');
  },
  streakDays: (current: number, best: number) => t('history.streakDays', { n: current, best }),
  percent: (rate: number) => new Intl.NumberFormat(intlTag(lang.locale), { style: 'percent' }).format(Math.round(rate * 100) / 100),

  // Charts
  get tilesTitle() {
    return t('history.tilesTitle');
  },
  tilesSummary: (played: number, best: number, top: number, topCount: number) =>
    t('history.tilesSummary', { n: played, best: String(best), top: String(top), topCount }),
  get tilesTable() {
    return t('history.tilesTable');
  },
  get tileColumn() {
    return t('history.tileColumn');
  },
  get gamesColumn() {
    return t('history.gamesColumn');
  },
  get scoresTitle() {
    return t('history.scoresTitle');
  },
  scoresSummary: (count: number, first: number, last: number, low: number, high: number) =>
    t('history.scoresSummary', { n: count, first: formatDay(first), last: formatDay(last), low, high }),
  scoresTable: (count: number) => t('history.scoresTable', { n: count }),
  get dateColumn() {
    return t('history.dateColumn');
  },
  get scoreColumn() {
    return t('history.scoreColumn');
  },
  get boardColumn() {
    return t('history.boardColumn');
  },

  // The list
  showing: (shown: number, total: number) => (shown >= total ? games(total) : t('history.showing', { shown, n: total })),
  more: (count: number) => t('history.more', { n: count }),
  row: (score: number, tile: number) => t('history.row', { score, tile: String(tile) }),
  rowDetails: (size: number, moves: number, ms: number) => t('history.rowDetails', { size, n: moves, time: formatDuration(ms) }),
  get won() {
    return t('history.won');
  },
  get over() {
    return t('history.over');
  },
  get left() {
    return t('history.left');
  },
  get replay() {
    return t('history.replay');
  },
  get share() {
    return t('history.share');
  },
  get exportOne() {
    return t('history.exportOne');
  },
  get remove() {
    return t('history.remove');
  },
  rowActions: (score: number, date: string) => t('history.rowActions', { date, score }),
  get copied() {
    return t('history.copied');
  },
  copyBy: (link: string) => t('history.copyBy', { link }),

  // Whole history
  get exportAll() {
    return t('history.exportAll');
  },
  get importFile() {
    return t('history.importFile');
  },
  get clear() {
    return t('history.clear');
  },
  checking: (done: number, total: number) => t('history.checking', { done, total }),
  exported: (count: number) => t('history.exported', { n: count }),
  imported: (added: number, known: number) =>
    known > 0 ? t('history.importedKnown', { added: games(added), n: known }) : t('history.imported', { n: added }),
  importSkipped: (count: number, first: string) => t('history.importSkipped', { n: count, first }),
  importFailed: (why: string) => t('history.importFailed', { why }),
  get tooBig() {
    return t('history.tooBig');
  },
  get unreadableFile() {
    return t('history.unreadableFile');
  },
  get confirmDelete() {
    return {
      title: t('history.deleteTitle'),
      message: t('history.deleteMessage'),
      confirm: t('history.deleteConfirm'),
      cancel: t('history.deleteCancel'),
    };
  },
  confirmClear: (count: number) => ({
    title: t('history.clearTitle'),
    message: t('history.clearMessage', { n: count }),
    confirm: t('history.clearConfirm'),
    cancel: t('history.clearCancel'),
  }),
  get deleted() {
    return t('history.deleted');
  },
  get cleared() {
    return t('history.cleared');
  },
  failed: (why: string) => t('history.failed', { why }),
};
