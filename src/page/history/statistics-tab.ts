/** The Statistics tab of "Your games": the figures and two charts, for every size played or one. */
import { filterGames, statisticsOf } from '../../history/statistics';
import type { GroupStatistics } from '../../history/statistics';
import type { HistoryTexts } from '../../game-ui/history/texts';
import { scoreChart, tileChart } from './charts';
import type { HistoryContext } from './context';
import { boardOf, sizeOptions } from './context';
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

/** The choice to count the games the AI helped with too (by default only the player's own count). */
function includeAssisted(doc: Document, T: HistoryTexts, count: number, checked: boolean): HTMLLabelElement {
  const box = el(doc, 'input', { type: 'checkbox', className: 'history-include-assisted' });
  box.checked = checked;
  return el(doc, 'label', { className: 'history-filter history-check' }, box, el(doc, 'span', { textContent: T.includeAssisted(count) }));
}

export function statisticsTab(ctx: HistoryContext, panel: HTMLElement): { render(): void } {
  const { doc, T } = ctx;
  let size = 'all';
  let withAssisted = false;
  const render = (): void => {
    panel.replaceChildren();
    if (ctx.games.length === 0) return void panel.append(el(doc, 'p', { className: 'history-empty', textContent: T.empty }));
    const sizes = sizeOptions(ctx);
    if (!sizes.some(([v]) => v === size)) size = 'all';
    const { field } = select(doc, T.sizeLabel, sizes, size);
    const chosen = size === 'all' ? ctx.games : filterGames(ctx.games, boardOf(size));
    const stats = statisticsOf(chosen, ctx.options.today(), { withAssisted });
    const group = stats.overall;
    const charts = el(doc, 'div', { className: 'charts' }, tileChart(doc, T, group.tileHistogram), scoreChart(doc, T, group.scores));
    const filters = stats.assisted > 0 ? [field, includeAssisted(doc, T, stats.assisted, withAssisted)] : [field];
    panel.append(el(doc, 'div', { className: 'history-filters' }, ...filters), figures(doc, T, group), charts);
  };
  // The size list and the choice are drawn again with the tab; one listener on the panel hears each new one.
  ctx.life.listen(panel, 'change', (event) => {
    const input = event.target as HTMLSelectElement | HTMLInputElement;
    if (input.tagName === 'INPUT') withAssisted = (input as HTMLInputElement).checked;
    else if (input.tagName === 'SELECT') size = input.value;
    else return;
    render();
    panel.querySelector<HTMLElement>(input.tagName === 'SELECT' ? 'select' : 'input')?.focus();
  });
  return { render };
}
