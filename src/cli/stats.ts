/**
 * `cube2048 stats`: the statistics of the games `cube2048 play` kept, counted by the same
 * pure module as the page's statistics view, with small text charts.
 */
import type { Dimensions } from '../engine';
import { MAX_SIZE, MIN_SIZE } from '../engine';
import { terminalLocale } from '../i18n/choose';
import type { Lang, Params } from '../i18n/core';
import { ENGLISH, intlTag, say } from '../i18n/core';
import { EN_STATS } from '../i18n/en/stats';
import { loadLang } from '../i18n/load';
import { widthOf } from '../skins/terminal/style';
import type { HistoryEntry } from '../history/entry';
import { filterGames, statisticsOf } from '../history/statistics';
import type { GroupStatistics, SizeStatistics, Statistics } from '../history/statistics';
import { intOption, noPositionals, parseArgs } from './args';
import type { Command, CommandIO } from './command';
import { EXIT } from './command';
import { stateDirectory } from './file-storage';
import type { UnreadableLines } from './history-file';
import { HISTORY_FILE, openHistoryFile } from './history-file';

const HELP = `Usage: cube2048 stats [--size N] [--dimensions D] [--assisted] [--json]

Shows the statistics of the games "cube2048 play" kept in
$XDG_STATE_HOME/cube2048/${HISTORY_FILE} (by default ~/.local/state/cube2048/):
games played, wins, streaks, best and typical scores, time played, with a chart of the
largest tile of each game and of the scores over time. All boards first, then each board:
the squares by size, then the cubes.
They count your own games: a game whose entry says the AI helped (its moves or hints,
as the browser's export writes them) is left out unless --assisted is given.

Options:
  --size N        only the games on boards of size N (${MIN_SIZE} to ${MAX_SIZE}): N×N, and N×N×N
  --dimensions D  only the games on squares (2) or on cubes (3)
  --assisted      count the games the AI helped with too
  --json          print the statistics as JSON instead
  -h, --help      show this help

The JSON object: { today, assisted, withAssisted, overall, bySize: [{ size, dimensions?, … }] }
(assisted: how many games the AI helped with; withAssisted: whether they are counted),
each group with played, wins,
winRate (0 to 1), bestScore, bestTile, meanScore, medianScore, longestGame { id, moves },
winStreak and dailyStreak { current, best }, totalMoves, totalPlayedMs,
tileHistogram [{ tile, games, reached }] and scores [{ id, endedAt, score, size }].
bySize has one group per board: dimensions is 3 for a cube's, absent for a square's.
With --size N or --dimensions D, overall and bySize hold only those games.
`;

const OPTIONS = [{ name: 'size', value: 'N' }, { name: 'dimensions', value: 'D' }, { name: 'assisted' }, { name: 'json' }];
const ASSISTED_FLAG = '--assisted';

/** How many of the latest games the scores chart shows. */
const SCORE_CHART_GAMES = 40;
const BAR_WIDTH = 30;

/** Block characters unless the locale says the terminal is not UTF-8 (then plain ASCII). */
export function usesUnicode(env: Readonly<Record<string, string | undefined>>): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG;
  return !locale || /utf-?8/i.test(locale);
}

/** The words and numbers of one run, in the terminal's language (LC_ALL, LC_MESSAGES, LANG): made per run, passed down. */
interface Words {
  readonly lang: Lang;
  readonly t: <K extends keyof typeof EN_STATS>(key: K, ...params: Params<(typeof EN_STATS)[K]>) => string;
  /** A whole number as the language groups it. */
  readonly n: (x: number) => string;
}

function wordsIn(lang: Lang): Words {
  return { lang, t: (key, ...params) => say(lang, EN_STATS, key, ...params), n: (x) => lang.number.format(Math.round(x)) };
}

/** "Lines 2, 3 and 4 of … could not be read; they were moved to …", in the terminal's language. */
export function unreadableLine({ lines, file, movedTo }: UnreadableLines, lang: Lang = ENGLISH): string {
  const { t } = wordsIn(lang);
  const list = new Intl.ListFormat(intlTag(lang.locale), { type: 'conjunction' }).format(lines.map(String));
  return movedTo === null
    ? t('stats.unreadableSkipped', { n: lines.length, lines: list, file })
    : t('stats.unreadableMoved', { n: lines.length, lines: list, file, moved: movedTo });
}

function duration({ t }: Words, ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 0) return t('stats.seconds', { s: Math.floor(ms / 1000) });
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? t('stats.minutes', { min: minutes }) : t('stats.hours', { h: hours, min: minutes % 60 });
}

/** A bar of `value` out of `max` in BAR_WIDTH columns, in eighths of a block (or #). */
function bar(value: number, max: number, unicode: boolean): string {
  if (value <= 0 || max <= 0) return '';
  const eighths = Math.max(1, Math.round((value / max) * BAR_WIDTH * 8));
  if (!unicode) return '#'.repeat(Math.max(1, Math.round(eighths / 8)));
  return '█'.repeat(Math.floor(eighths / 8)) + (['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'][eighths % 8] ?? '');
}

function sparkline(values: readonly number[], unicode: boolean): string {
  const levels = unicode ? '▁▂▃▄▅▆▇█' : '_.-:=+*#';
  const top = Math.max(...values, 1);
  return values.map((v) => levels[Math.min(levels.length - 1, Math.floor((v / top) * levels.length))]).join('');
}

function section(w: Words, title: string, g: GroupStatistics, unicode: boolean): string {
  const { t, n, lang } = w;
  const dot = unicode ? '·' : '-';
  const rate = new Intl.NumberFormat(intlTag(lang.locale), { style: 'percent' }).format(Math.round(g.winRate * 100) / 100);
  const rows: [string, string][] = [
    [t('stats.wins'), t('stats.winsValue', { wins: g.wins, played: g.played, rate })],
    [t('stats.streak'), t('stats.streakValue', { current: g.winStreak.current, best: g.winStreak.best })],
    [t('stats.best'), t('stats.bestValue', { score: g.bestScore, dot, tile: g.bestTile })],
    // One game has one score: no mean and median to tell apart.
    [
      t('stats.score'),
      g.played === 1 ? n(g.bestScore) : t('stats.scoreValue', { mean: Math.round(g.meanScore), dot, median: Math.round(g.medianScore) }),
    ],
    [t('stats.longest'), t('stats.moves', { n: g.longestGame?.moves ?? 0 })],
    [t('stats.movesPlayed'), n(g.totalMoves)],
    [t('stats.timePlayed'), duration(w, g.totalPlayedMs)],
  ];
  if (g.dailyStreak.best > 0)
    rows.push([
      t('stats.daily'),
      t('stats.streakValue', { current: t('stats.days', { n: g.dailyStreak.current }), best: t('stats.days', { n: g.dailyStreak.best }) }),
    ]);
  // Labels in one column, as wide as the widest needs (wide CJK characters count two).
  const column = Math.max(14, ...rows.map(([label]) => widthOf(label) + 2));
  const lines = [
    `${title} ${dot} ${t('stats.games', { n: g.played })}`,
    ...rows.map(([label, value]) => `  ${label}${' '.repeat(column - widthOf(label))}${value}`),
  ];

  const most = Math.max(...g.tileHistogram.map((b) => b.games));
  const tileWidth = Math.max(...g.tileHistogram.map((b) => String(b.tile).length));
  lines.push('', `  ${t('stats.tiles')}`);
  for (const b of g.tileHistogram)
    lines.push(`    ${String(b.tile).padStart(tileWidth)} ${bar(b.games, most, unicode).padEnd(BAR_WIDTH)} ${n(b.games)}`);

  // Scores over time need two games at least (one game's score is in the Score row).
  const recent = g.scores.slice(-SCORE_CHART_GAMES).map((p) => p.score);
  if (recent.length > 1)
    lines.push(
      '',
      `  ${t('stats.scoresLast', { n: recent.length })}`,
      `    ${sparkline(recent, unicode)}  ${t('stats.range', { low: Math.min(...recent), high: Math.max(...recent) })}`,
    );
  return `${lines.join('\n')}\n`;
}

/** A board's name: "4×4", or "4×4×4" for a cube (x without Unicode). */
const boardName = (size: number, dimensions: Dimensions | undefined, unicode: boolean): string =>
  Array<number>(dimensions ?? 2)
    .fill(size)
    .join(unicode ? '×' : 'x');

function report(w: Words, stats: Statistics, unicode: boolean): string {
  const { t } = w;
  const title = (g: SizeStatistics): string => t('stats.board', { board: boardName(g.size, g.dimensions, unicode) });
  // Games of one board are told once, under that board's name (all boards would say the same again).
  const only = stats.bySize.length === 1 ? stats.bySize[0] : undefined;
  const parts = only
    ? [section(w, title(only), stats.overall, unicode)]
    : [section(w, t('stats.allBoards'), stats.overall, unicode), ...stats.bySize.map((g) => section(w, title(g), g, unicode))];
  return parts.join('\n');
}

/** What to say when the games asked for are none. */
function noneText({ t }: Words, size: number | undefined, dimensions: Dimensions | undefined, unicode: boolean): string {
  if (size === undefined) return dimensions === 3 ? t('stats.noneCube') : t('stats.none');
  const flag = dimensions === 3 ? ' --dimensions 3' : '';
  return t('stats.noneSize', { board: boardName(size, dimensions, unicode), size: `${size}${flag}` });
}

/** Today as a UTC day (YYYY-MM-DD), for the daily-challenge streak. */
const utcToday = (): string => new Date(Date.now()).toISOString().slice(0, 10);

export const statsCommand: Command = {
  name: 'stats',
  summary: 'show the statistics of the games cube2048 play kept',
  help: HELP,
  async run(args: readonly string[], io: CommandIO): Promise<number> {
    const w = wordsIn(await loadLang(terminalLocale(io.env)));
    const { t } = w;
    const parsed = parseArgs(args, OPTIONS);
    noPositionals(parsed);
    const size = intOption(parsed, 'size', MIN_SIZE, MAX_SIZE);
    const dimensions = intOption(parsed, 'dimensions', 2, 3) as Dimensions | undefined;
    const json = parsed.options.has('json');
    const directory = stateDirectory(io.env);
    let games: readonly HistoryEntry[] = [];
    if (directory) {
      const file = openHistoryFile(directory);
      try {
        const read = file.read();
        if (read.problem) io.stderr.write(`cube2048 stats: ${unreadableLine(read.problem, w.lang)}\n`);
        games = read.entries;
      } catch (error) {
        io.stderr.write(`cube2048 stats: cannot read ${file.path}: ${(error as Error).message}\n`);
        return EXIT.failure;
      }
    }
    const chosen = filterGames(games, { size, dimensions });
    const stats = statisticsOf(chosen, utcToday(), { withAssisted: parsed.options.has('assisted') });
    if (json) {
      io.stdout.write(`${JSON.stringify(stats, null, 2)}\n`);
      return EXIT.ok;
    }
    const unicode = usesUnicode(io.env);
    // The games the AI helped with are named in a line of their own, counted or not.
    const assisted =
      stats.assisted === 0
        ? ''
        : `${stats.withAssisted ? t('stats.assistedCounted', { n: stats.assisted }) : t('stats.assistedLeftOut', { n: stats.assisted, flag: ASSISTED_FLAG })}\n`;
    if (stats.overall.played === 0) {
      io.stdout.write(`${games.length === 0 ? t('stats.none') : noneText(w, size, dimensions, unicode)}\n${assisted}`);
      return EXIT.ok;
    }
    io.stdout.write(`${report(w, stats, unicode)}${assisted && `\n${assisted}`}`);
    return EXIT.ok;
  },
};
