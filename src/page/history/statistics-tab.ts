/** The Statistics tab of "Your games": the figures and two charts, for every size played or one. */
import { statisticsOf } from '../../history/statistics';
import type { GroupStatistics } from '../../history/statistics';
import type { HistoryTexts } from '../../game-ui/history/texts';
import { scoreChart, tileChart } from './charts';
import type { HistoryContext } from './context';
import { sizeOptions } from './context';
import { el, select } from './elements';

function figures(doc: Document, T: HistoryTexts, s: GroupStatistics): HTMLElement {
  const figure = (label: string, value: string): HTMLElement =>
    el(doc, 'div', { className: 'stat' }, el(doc, 'dt', { textContent: label }), el(doc, 'dd', { textContent: value }));
  return el(
    doc,
    'dl',
    { className: 'stats-grid' },
    figure(T.played, T.number(s.played)),
    figure(T.wins, T.number(s.wins)),
    figure(T.winRate, T.percent(s.winRate)),
    figure(T.bestScore, T.number(s.bestScore)),
    figure(T.bestTile, T.number(s.bestTile)),
    figure(T.meanScore, T.number(Math.round(s.meanScore))),
    figure(T.medianScore, T.number(Math.round(s.medianScore))),
    figure(T.longestGame, T.moves(s.longestGame?.moves ?? 0)),
    figure(T.currentStreak, T.number(s.winStreak.current)),
    figure(T.bestStreak, T.number(s.winStreak.best)),
    figure(T.totalMoves, T.number(s.totalMoves)),
    figure(T.timePlayed, T.formatDuration(s.totalPlayedMs)),
    figure(T.dailyStreak, T.streakDays(s.dailyStreak.current, s.dailyStreak.best)),
  );
}

export function statisticsTab(ctx: HistoryContext, panel: HTMLElement): { render(): void } {
  const { doc, T } = ctx;
  let size = 'all';
  const render = (): void => {
    panel.replaceChildren();
    if (ctx.games.length === 0) return void panel.append(el(doc, 'p', { className: 'history-empty', textContent: T.empty }));
    const sizes = sizeOptions(ctx);
    if (!sizes.some(([v]) => v === size)) size = 'all';
    const { field } = select(doc, T.sizeLabel, sizes, size);
    const stats = statisticsOf(ctx.games, ctx.options.today());
    const group = size === 'all' ? stats.overall : (stats.bySize.find((s) => String(s.size) === size) ?? stats.overall);
    const charts = el(doc, 'div', { className: 'charts' }, tileChart(doc, T, group.tileHistogram), scoreChart(doc, T, group.scores));
    panel.append(el(doc, 'div', { className: 'history-filters' }, field), figures(doc, T, group), charts);
  };
  // The size list is drawn again with the tab; one listener on the panel hears each new one.
  ctx.life.listen(panel, 'change', (event) => {
    const input = event.target as HTMLSelectElement;
    if (input.tagName !== 'SELECT') return;
    size = input.value;
    render();
    panel.querySelector('select')?.focus();
  });
  return { render };
}
