/**
 * Every text the history and statistics say (the recorder's notices and the view's labels,
 * sentences and chart descriptions): English catalogue in src/i18n/en/history.ts, the others in
 * each locale's module. `historyTexts(lang)` words them in the language `lang` gives when each
 * is read (the members are getters), so a page whose player changes language, and every embed
 * with its own `lang`, speak their own: no language is set here for everyone.
 */
import type { Dimensions } from '../../engine';
import type { GameMode } from '../../history/entry';
import type { Lang, Params } from '../../i18n/core';
import { ENGLISH, intlTag, say } from '../../i18n/core';
import { dateTag } from '../../i18n/date-tag';
import { EN_HISTORY } from '../../i18n/en/history';
import type { UnavailableReason } from './db';

const formats = new Map<string, Intl.DateTimeFormat>();
/** A date (and time) format for `lang`, made once per locale. */
function dateFormat(lang: Lang, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang.locale}:${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateTag(lang.locale), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** The history's words and formats in the language `lang` gives (English when absent), read when each is shown. */
export class HistoryTexts {
  constructor(private readonly lang: () => Lang = () => ENGLISH) {}

  private t<K extends keyof typeof EN_HISTORY>(key: K, ...params: Params<(typeof EN_HISTORY)[K]>): string {
    return say(this.lang(), EN_HISTORY, key, ...params);
  }

  private games(count: number): string {
    return this.t('history.games', { n: count });
  }

  /** "1,284" or "1.284": a number as the language writes it. */
  readonly number = (n: number): string => this.lang().number.format(n);
  /** "1 Dec 2026, 14:05". */
  readonly formatDate = (ms: number): string => dateFormat(this.lang(), true).format(ms);
  /** "1 Dec 2026". */
  readonly formatDay = (ms: number): string => dateFormat(this.lang(), false).format(ms);
  /** "1 h 05 min", "12 min", "40 s": time played, to the minute once it is long. */
  readonly formatDuration = (ms: number): string => {
    const s = Math.round(ms / 1000);
    if (s < 60) return this.t('history.seconds', { s });
    const min = Math.round(s / 60);
    if (min < 60) return this.t('history.minutes', { min });
    return this.t('history.hours', { h: Math.floor(min / 60), min: String(min % 60).padStart(2, '0') });
  };
  /** How a game began, in words. */
  readonly modeName = (mode: GameMode): string => this.t(`history.mode.${mode}`);
  // Notices
  readonly unavailable = (reason: UnavailableReason, error: string) =>
    this.t('history.unavailable', {
      why:
        reason === 'unsupported'
          ? this.t('history.why.unsupported')
          : this.t(reason === 'refused' ? 'history.why.refused' : 'history.why.failed', { error }),
    });
  get blocked() {
    return this.t('history.blocked');
  }
  readonly writeFailed = (full: boolean) => this.t(full ? 'history.writeFull' : 'history.writeFailed');
  readonly unreadable = (count: number) => this.t('history.unreadable', { n: count });

  // The dialog
  get title() {
    return this.t('history.title');
  }
  get close() {
    return this.t('history.close');
  }
  get openButton() {
    return this.t('history.openButton');
  }
  get tabStats() {
    return this.t('history.tabStats');
  }
  get tabGames() {
    return this.t('history.tabGames');
  }
  get loading() {
    return this.t('history.loading');
  }
  get empty() {
    return this.t('history.empty');
  }
  get allSizes() {
    return this.t('history.allSizes');
  }
  /** A board's name: 4 × 4, or 4 × 4 × 4 for a cube. */
  readonly size = (size: number, dimensions: Dimensions = 2) => this.t(dimensions === 3 ? 'history.cubeSize' : 'history.size', { size });
  get sizeLabel() {
    return this.t('history.sizeLabel');
  }
  get modeLabel() {
    return this.t('history.modeLabel');
  }
  get allModes() {
    return this.t('history.allModes');
  }
  get sortLabel() {
    return this.t('history.sortLabel');
  }
  get sortNewest() {
    return this.t('history.sortNewest');
  }
  get sortOldest() {
    return this.t('history.sortOldest');
  }
  get sortScore() {
    return this.t('history.sortScore');
  }

  // Figures
  get played() {
    return this.t('history.played');
  }
  get wins() {
    return this.t('history.wins');
  }
  get winRate() {
    return this.t('history.winRate');
  }
  get bestScore() {
    return this.t('history.bestScore');
  }
  get bestTile() {
    return this.t('history.bestTile');
  }
  get meanScore() {
    return this.t('history.meanScore');
  }
  get medianScore() {
    return this.t('history.medianScore');
  }
  get longestGame() {
    return this.t('history.longestGame');
  }
  readonly moves = (count: number) => this.t('history.moves', { n: count });
  get currentStreak() {
    return this.t('history.currentStreak');
  }
  get bestStreak() {
    return this.t('history.bestStreak');
  }
  get totalMoves() {
    return this.t('history.totalMoves');
  }
  get timePlayed() {
    return this.t('history.timePlayed');
  }
  get dailyStreak() {
    return this.t('history.dailyStreak');
  }
  readonly streakDays = (current: number, best: number) => this.t('history.streakDays', { n: current, best });
  readonly percent = (rate: number) =>
    new Intl.NumberFormat(intlTag(this.lang().locale), { style: 'percent' }).format(Math.round(rate * 100) / 100);

  // Charts
  get tilesTitle() {
    return this.t('history.tilesTitle');
  }
  /** The tile chart in a sentence: one game, or several whose most common end is `top` (`tied` when no tile ended more than another). */
  readonly tilesSummary = (played: number, best: number, top: number, topCount: number, tied: boolean): string => {
    const [bestTile, topTile] = [this.number(best), this.number(top)];
    if (played === 1) return this.t('history.tilesOne', { best: bestTile });
    if (tied) return this.t('history.tilesEven', { games: this.games(played), best: bestTile });
    return this.t('history.tilesSummary', { n: played, best: bestTile, top: topTile, topCount });
  };
  get tilesTable() {
    return this.t('history.tilesTable');
  }
  get tileColumn() {
    return this.t('history.tileColumn');
  }
  get gamesColumn() {
    return this.t('history.gamesColumn');
  }
  get scoresTitle() {
    return this.t('history.scoresTitle');
  }
  /** The scores chart in a sentence: one game, games of one day, or a span of days. */
  readonly scoresSummary = (count: number, first: number, last: number, low: number, high: number): string => {
    const [from, to] = [this.formatDay(first), this.formatDay(last)];
    if (count === 1) return this.t('history.scoresOne', { date: from, score: low });
    if (from === to) return this.t('history.scoresOneDay', { games: this.games(count), date: from, low, high });
    return this.t('history.scoresSummary', { n: count, first: from, last: to, low, high });
  };
  /** "177K", "1.2M": a short number for a chart's axis. */
  readonly compact = (n: number): string =>
    new Intl.NumberFormat(intlTag(this.lang().locale), { notation: 'compact', maximumFractionDigits: 1 }).format(n);
  readonly scoresTable = (count: number) => this.t('history.scoresTable', { n: count });
  get dateColumn() {
    return this.t('history.dateColumn');
  }
  get scoreColumn() {
    return this.t('history.scoreColumn');
  }
  get boardColumn() {
    return this.t('history.boardColumn');
  }

  // The list
  readonly showing = (shown: number, total: number) =>
    shown >= total ? this.games(total) : this.t('history.showing', { shown, n: total });
  readonly more = (count: number) => this.t('history.more', { n: count });
  readonly row = (score: number, tile: number) => this.t('history.row', { score, tile: String(tile) });
  readonly rowDetails = (size: number, moves: number, ms: number, dimensions: Dimensions = 2) =>
    this.t(dimensions === 3 ? 'history.cubeRowDetails' : 'history.rowDetails', { size, n: moves, time: this.formatDuration(ms) });
  get won() {
    return this.t('history.won');
  }
  get over() {
    return this.t('history.over');
  }
  get left() {
    return this.t('history.left');
  }
  /** The mark of a game the AI helped with, and what it did. */
  get assisted() {
    return this.t('history.assisted');
  }
  readonly assistedDetails = (moves: number, hints: number) =>
    this.t('history.assistedDetails', { moves: this.number(moves), hints: this.number(hints) });
  /** The mode of a daily-challenge game the AI helped with: it is not the player's result of that day. */
  get dailyNotCounted() {
    return this.t('history.dailyNotCounted');
  }
  readonly includeAssisted = (count: number) => this.t('history.includeAssisted', { n: this.number(count) });
  get replay() {
    return this.t('history.replay');
  }
  get share() {
    return this.t('history.share');
  }
  get exportOne() {
    return this.t('history.exportOne');
  }
  get remove() {
    return this.t('history.remove');
  }
  readonly rowActions = (score: number, date: string) => this.t('history.rowActions', { date, score });
  get copied() {
    return this.t('history.copied');
  }
  readonly copyBy = (link: string) => this.t('history.copyBy', { link });

  // Whole history
  get exportAll() {
    return this.t('history.exportAll');
  }
  get importFile() {
    return this.t('history.importFile');
  }
  get clear() {
    return this.t('history.clear');
  }
  readonly checking = (done: number, total: number) => this.t('history.checking', { done, total });
  readonly exported = (count: number) => this.t('history.exported', { n: count });
  readonly imported = (added: number, known: number) =>
    known > 0 ? this.t('history.importedKnown', { added: this.games(added), n: known }) : this.t('history.imported', { n: added });
  readonly importSkipped = (count: number, first: string) => this.t('history.importSkipped', { n: count, first });
  readonly importFailed = (why: string) => this.t('history.importFailed', { why });
  get tooBig() {
    return this.t('history.tooBig');
  }
  get unreadableFile() {
    return this.t('history.unreadableFile');
  }
  get confirmDelete() {
    return {
      title: this.t('history.deleteTitle'),
      message: this.t('history.deleteMessage'),
      confirm: this.t('history.deleteConfirm'),
      cancel: this.t('history.deleteCancel'),
    };
  }
  readonly confirmClear = (count: number) => ({
    title: this.t('history.clearTitle'),
    message: this.t('history.clearMessage', { n: count }),
    confirm: this.t('history.clearConfirm'),
    cancel: this.t('history.clearCancel'),
  });
  get deleted() {
    return this.t('history.deleted');
  }
  get cleared() {
    return this.t('history.cleared');
  }
  readonly failed = (why: string) => this.t('history.failed', { why });
}

/** The history's texts in the language `lang` gives. */
export const historyTexts = (lang?: () => Lang): HistoryTexts => new HistoryTexts(lang);
