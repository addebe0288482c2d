/**
 * The statistics' two charts as accessible SVG: each is an image with a title and a
 * one-sentence description, followed by the same figures as a table for screen readers
 * and anyone who would rather read them. Colours come from the page's theme variables.
 */
import { shapeOf } from '../../history/entry';
import type { ScorePoint, TileBucket } from '../../history/statistics';
import type { HistoryTexts } from '../../game-ui/history/texts';

const SVG = 'http://www.w3.org/2000/svg';
/** The scores chart draws at most this many of the latest games (the table lists fewer still). */
export const MAX_POINTS = 200;
const TABLE_ROWS = 50;
/** A label's width in the charts' 11 px tabular figures, with room for a wider font than ours. */
const labelWidth = (text: string): number => 7 * [...text].length;
let ids = 0;

function svg<K extends keyof SVGElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const el = doc.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

function table(doc: Document, label: string, head: readonly string[], rows: readonly (readonly string[])[]): HTMLDetailsElement {
  const details = doc.createElement('details');
  const summary = doc.createElement('summary');
  summary.textContent = label;
  const t = doc.createElement('table');
  const tr = t.createTHead().insertRow();
  for (const h of head) {
    const th = doc.createElement('th');
    th.scope = 'col';
    th.textContent = h;
    tr.append(th);
  }
  const body = t.createTBody();
  for (const row of rows) {
    const r = body.insertRow();
    for (const cell of row) r.insertCell().textContent = cell;
  }
  details.append(summary, t);
  return details;
}

function figure(doc: Document, title: string, description: string, chart: SVGSVGElement, alternative: HTMLElement): HTMLElement {
  const fig = doc.createElement('figure');
  fig.className = 'chart';
  const id = `chart-${++ids}`;
  const caption = doc.createElement('figcaption');
  caption.id = `${id}-title`;
  caption.textContent = title;
  const desc = doc.createElement('p');
  desc.id = `${id}-desc`;
  desc.className = 'chart-desc';
  desc.textContent = description;
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-labelledby', caption.id);
  chart.setAttribute('aria-describedby', desc.id);
  fig.append(caption, chart, desc, alternative);
  return fig;
}

/**
 * A chart's drawing: laid out left to right in every language (an SVG's text anchors follow the
 * writing direction, so in Arabic the labels ran into the bars and off the edge).
 */
function chartSvg(doc: Document, width: number, height: number, kind: string): SVGSVGElement {
  return svg(doc, 'svg', { viewBox: `0 0 ${width} ${height}`, class: `chart-svg ${kind}`, focusable: 'false', direction: 'ltr' });
}

/** Horizontal bars: how many games ended with each best tile, biggest tile at the top. */
export function tileChart(doc: Document, T: HistoryTexts, buckets: readonly TileBucket[]): HTMLElement {
  const shown = [...buckets].reverse();
  const played = buckets.reduce((n, b) => n + b.games, 0);
  const most = Math.max(1, ...buckets.map((b) => b.games));
  const top = shown.reduce<TileBucket | null>((a, b) => (a === null || b.games > a.games ? b : a), null);
  const row = 26;
  const width = 320;
  // The columns are as wide as their longest label: a tile of 131072, a count of 10,000 games.
  const labelW = 8 + Math.max(28, ...shown.map((b) => labelWidth(T.number(b.tile))));
  const countW = 6 + Math.max(14, ...shown.map((b) => labelWidth(T.number(b.games))));
  const height = shown.length * row + 4;
  const chart = chartSvg(doc, width, height, 'tiles');
  shown.forEach((b, i) => {
    const y = i * row + 2;
    const barW = ((width - labelW - countW) * b.games) / most;
    chart.append(
      svg(
        doc,
        'text',
        { x: labelW - 8, y: y + row / 2, 'text-anchor': 'end', 'dominant-baseline': 'central', class: 'chart-label' },
        T.number(b.tile),
      ),
      svg(doc, 'rect', { x: labelW, y: y + 3, width: Math.max(b.games > 0 ? 2 : 0, barW), height: row - 6, rx: 3, class: 'chart-bar' }),
      svg(doc, 'text', { x: labelW + barW + 6, y: y + row / 2, 'dominant-baseline': 'central', class: 'chart-value' }, T.number(b.games)),
    );
  });
  const best = buckets[buckets.length - 1]?.tile ?? 0;
  const tied = shown.filter((b) => b.games === top?.games).length > 1;
  const description = T.tilesSummary(played, best, top?.tile ?? 0, top?.games ?? 0, tied);
  return figure(
    doc,
    T.tilesTitle,
    description,
    chart,
    table(
      doc,
      T.tilesTable,
      [T.tileColumn, T.gamesColumn],
      shown.map((b) => [T.number(b.tile), T.number(b.games)]),
    ),
  );
}

/** A line through the latest games' scores, oldest on the left. */
export function scoreChart(doc: Document, T: HistoryTexts, scores: readonly ScorePoint[]): HTMLElement {
  const points = scores.slice(-MAX_POINTS);
  const width = 320;
  const height = 150;
  const values = points.map((p) => p.score);
  const high = Math.max(1, ...values);
  const low = Math.min(...values);
  const highLabel = T.compact(high);
  // The axis is as wide as its label ("177K", "1.2M"), so no score is cut.
  const pad = { left: 10 + Math.max(14, labelWidth(highLabel)), right: 8, top: 10, bottom: 22 };
  const x = (i: number): number =>
    pad.left + (points.length <= 1 ? (width - pad.left - pad.right) / 2 : ((width - pad.left - pad.right) * i) / (points.length - 1));
  const y = (score: number): number => pad.top + (height - pad.top - pad.bottom) * (1 - score / high);
  const chart = chartSvg(doc, width, height, 'scores');
  chart.append(
    svg(doc, 'line', { x1: pad.left, x2: width - pad.right, y1: y(0), y2: y(0), class: 'chart-axis' }),
    svg(doc, 'line', { x1: pad.left, x2: width - pad.right, y1: y(high), y2: y(high), class: 'chart-grid' }),
    svg(
      doc,
      'text',
      { x: pad.left - 6, y: y(high), 'text-anchor': 'end', 'dominant-baseline': 'central', class: 'chart-label' },
      highLabel,
    ),
    svg(doc, 'text', { x: pad.left - 6, y: y(0), 'text-anchor': 'end', 'dominant-baseline': 'central', class: 'chart-label' }, '0'),
  );
  if (points.length > 1)
    chart.append(
      svg(doc, 'polyline', { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.score).toFixed(1)}`).join(' '), class: 'chart-line' }),
    );
  if (points.length <= 60)
    for (const [i, p] of points.entries())
      chart.append(svg(doc, 'circle', { cx: x(i).toFixed(1), cy: y(p.score).toFixed(1), r: 2.5, class: 'chart-dot' }));
  const first = points[0];
  const last = points[points.length - 1];
  if (first && last) {
    const [from, to] = [T.formatDay(first.endedAt), T.formatDay(last.endedAt)];
    // One day is named once, under the middle; a span by its two ends.
    if (from === to)
      chart.append(svg(doc, 'text', { x: x((points.length - 1) / 2), y: height - 6, 'text-anchor': 'middle', class: 'chart-label' }, from));
    else
      chart.append(
        svg(doc, 'text', { x: pad.left, y: height - 6, class: 'chart-label' }, from),
        svg(doc, 'text', { x: width - pad.right, y: height - 6, 'text-anchor': 'end', class: 'chart-label' }, to),
      );
  }
  const description = first && last ? T.scoresSummary(points.length, first.endedAt, last.endedAt, low, high) : '';
  const rows = points.slice(-TABLE_ROWS).reverse();
  return figure(
    doc,
    T.scoresTitle,
    description,
    chart,
    table(
      doc,
      T.scoresTable(rows.length),
      [T.dateColumn, T.scoreColumn, T.boardColumn],
      rows.map((p) => [T.formatDate(p.endedAt), T.number(p.score), T.size(p.size, shapeOf(p))]),
    ),
  );
}
