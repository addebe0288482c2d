/**
 * bench/results/report.html from the results of `npm run bench`: one self-contained file,
 * charts drawn here as inline SVG (no library, no network), light or dark with the system.
 * Every chart shows the spread of the runs, not just a median.
 */
import type { BenchResults, Figure, SectionResult } from './figures';
import { formatGoal, formatNumber, formatRange, goalMet } from './figures';
import { quantile } from './stats';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Fixed-point text without trailing zeros: 12.50 → "12.5". */
const fmt = (x: number, digits = 1): string => String(Number(x.toFixed(digits)));

/** Round tick values covering [lo, hi], about `count` of them. */
function ticks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

/** A number short enough for an axis: 1500000 → "1.5M", 2500 → "2.5k". */
function short(x: number): string {
  const abs = Math.abs(x);
  if (abs >= 1e6) return `${fmt(x / 1e6, 2)}M`;
  if (abs >= 1e4) return `${fmt(x / 1e3, 1)}k`;
  return fmt(x, 2);
}

interface Frame {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

const plotWidth = (f: Frame): number => f.width - f.left - f.right;
const plotHeight = (f: Frame): number => f.height - f.top - f.bottom;

function svg(f: Frame, title: string, body: string): string {
  return `<svg viewBox="0 0 ${f.width} ${f.height}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${body}</svg>`;
}

/** A vertical value axis with grid lines, from `lo` to `hi`. */
function yAxis(
  f: Frame,
  lo: number,
  hi: number,
  label: string,
  format: (x: number) => string = short,
): { y: (v: number) => number; svg: string } {
  const y = (v: number): number => f.top + plotHeight(f) * (1 - (v - lo) / (hi - lo || 1));
  let out = '';
  for (const t of ticks(lo, hi)) {
    out += `<line class="grid" x1="${f.left}" x2="${f.width - f.right}" y1="${y(t)}" y2="${y(t)}"/>`;
    out += `<text class="tick" x="${f.left - 6}" y="${y(t)}" text-anchor="end" dominant-baseline="middle">${esc(format(t))}</text>`;
  }
  out += `<text class="axis-label" transform="translate(14 ${f.top + plotHeight(f) / 2}) rotate(-90)" text-anchor="middle">${esc(label)}</text>`;
  return { y, svg: out };
}

/** A horizontal value axis along the bottom. */
function xAxis(
  f: Frame,
  lo: number,
  hi: number,
  label: string,
  format: (x: number) => string = short,
): { x: (v: number) => number; svg: string } {
  const x = (v: number): number => f.left + (plotWidth(f) * (v - lo)) / (hi - lo || 1);
  let out = '';
  const bottom = f.height - f.bottom;
  for (const t of ticks(lo, hi, 6)) {
    out += `<line class="grid" x1="${x(t)}" x2="${x(t)}" y1="${f.top}" y2="${bottom}"/>`;
    out += `<text class="tick" x="${x(t)}" y="${bottom + 16}" text-anchor="middle">${esc(format(t))}</text>`;
  }
  out += `<text class="axis-label" x="${f.left + plotWidth(f) / 2}" y="${f.height - 4}" text-anchor="middle">${esc(label)}</text>`;
  return { x, svg: out };
}

/** A min–max whisker across `x` from `y1` to `y2`, vertical. */
const whisker = (x: number, y1: number, y2: number): string =>
  Math.abs(y1 - y2) < 1 ? '' : `<path class="whisker" d="M${x - 5} ${y1}H${x + 5}M${x} ${y1}V${y2}M${x - 5} ${y2}H${x + 5}"/>`;

function card(title: string, caption: string, chart: string): string {
  return `<figure class="card chart"><figcaption><h3>${esc(title)}</h3><p>${caption}</p></figcaption>${chart}</figure>`;
}

const empty = (title: string, why: string): string => card(title, esc(why), '<p class="empty">No data.</p>');

type Figures = ReadonlyMap<string, Figure>;

/** Frame work time of every frame of every run, 0.5 ms bins, the 60 Hz budget marked. */
function frameHistogram(section: SectionResult | undefined, figures: Figures): string {
  const title = 'Frame work time, 3D skin';
  const work = section?.series?.frameWorkMs ?? [];
  if (work.length === 0) return empty(title, 'Run `npm run bench -- render`.');
  const budget = 1000 / 60;
  const bin = 0.5;
  // Two 60 Hz frames wide; anything slower piles up in the last bar, labelled as such.
  const cap = 35;
  const bins = new Array<number>(Math.ceil(cap / bin) + 1).fill(0);
  for (const w of work) bins[Math.min(bins.length - 1, Math.floor(w / bin))]! += 1;
  const over = work.filter((w) => w > budget).length;
  const f: Frame = { width: 640, height: 300, left: 56, right: 16, top: 18, bottom: 42 };
  const most = Math.max(...bins);
  const yA = yAxis(f, 0, most * 1.08, 'frames', (v) => fmt(v, 0));
  const xA = xAxis(f, 0, cap + bin, 'frame work (ms): pose update + renderer.render', (v) => fmt(v, 1));
  let body = yA.svg + xA.svg;
  bins.forEach((count, i) => {
    if (count === 0) return;
    const x0 = xA.x(i * bin);
    const w = Math.max(1, xA.x((i + 1) * bin) - x0 - 1);
    const y = yA.y(count);
    const last = i === bins.length - 1;
    body += `<rect class="${i * bin >= budget ? 'bar bad' : 'bar'}${last ? ' overflow' : ''}" x="${x0}" y="${y}" width="${w}" height="${f.top + plotHeight(f) - y}"><title>${last ? `≥ ${fmt(i * bin)}` : `${fmt(i * bin)}–${fmt((i + 1) * bin)}`} ms: ${count} frames</title></rect>`;
  });
  const bx = xA.x(budget);
  body += `<line class="goal-line" x1="${bx}" x2="${bx}" y1="${f.top}" y2="${f.top + plotHeight(f)}"/>`;
  body += `<text class="goal-text" x="${bx + 5}" y="${f.top + 12}">16.7 ms: one 60 Hz frame</text>`;
  body += `<text class="goal-text" x="${bx + 5}" y="${f.top + 28}">${over} of ${work.length} frames over (${fmt((100 * over) / work.length, 1)}%)</text>`;
  const med = figures.get('render.frameWorkMedianMs');
  const p95 = figures.get('render.frameWorkP95Ms');
  const caption = `${work.length} frames over ${section?.figures.find((x) => x.id === 'render.framesDrawn')?.samples.length ?? 0} run(s) of 200 scripted moves, 600×600 CSS px, DPR 1, SwiftShader. Median ${med ? fmt(med.median, 2) : '–'} ms, p95 ${p95 ? fmt(p95.median, 2) : '–'} ms; the last bar (red outline) holds every frame from ${fmt(cap)} ms up.`;
  return card(title, esc(caption), svg(f, title, body));
}

/** Flat engine moves/s by board size, the bitboard beside it at 4×4, each with its runs' range; log scale, as they differ tenfold. */
function movesChart(figures: Figures): string {
  const title = 'Moves per second by board size';
  const sizes = [3, 4, 5, 6, 7, 8].map((n) => ({ n, flat: figures.get(`engine.flat.${n}x${n}`) }));
  const bitboard = figures.get('engine.bitboard.4x4');
  const shown = [...sizes.map((s) => s.flat), bitboard].filter((x): x is Figure => x !== undefined);
  if (shown.length === 0) return empty(title, 'Run `npm run bench -- engine`.');
  const f: Frame = { width: 640, height: 300, left: 64, right: 16, top: 30, bottom: 42 };
  const lo = Math.floor(Math.log10(Math.min(...shown.map((x) => x.min)) / 2));
  const hi = Math.ceil(Math.log10(Math.max(...shown.map((x) => x.max)) * 1.5));
  const y = (v: number): number => f.top + plotHeight(f) * (1 - (Math.log10(Math.max(v, 10 ** lo)) - lo) / (hi - lo));
  let body = '';
  for (let e = lo; e <= hi; e++) {
    for (const m of e < hi ? [1, 2, 5] : [1]) {
      const v = m * 10 ** e;
      body += `<line class="grid${m === 1 ? '' : ' minor'}" x1="${f.left}" x2="${f.width - f.right}" y1="${y(v)}" y2="${y(v)}"/>`;
      if (m === 1)
        body += `<text class="tick" x="${f.left - 6}" y="${y(v)}" text-anchor="end" dominant-baseline="middle">${esc(short(v))}</text>`;
    }
  }
  body += `<text class="axis-label" transform="translate(14 ${f.top + plotHeight(f) / 2}) rotate(-90)" text-anchor="middle">moves per second (log scale)</text>`;
  const group = plotWidth(f) / sizes.length;
  const barW = Math.min(44, group / 3);
  const base = f.top + plotHeight(f);
  const bar = (fig: Figure, x: number, cls: string): string =>
    `<rect class="bar ${cls}" x="${x}" y="${y(fig.median)}" width="${barW}" height="${base - y(fig.median)}"><title>${esc(fig.label)}: ${formatNumber(fig.median)} moves/s (${formatRange(fig)})</title></rect>${whisker(x + barW / 2, y(fig.min), y(fig.max))}<text class="value" x="${x + barW / 2}" y="${y(fig.max) - 5}" text-anchor="middle">${esc(short(fig.median))}</text>`;
  sizes.forEach(({ n, flat }, i) => {
    const cx = f.left + group * (i + 0.5);
    const withBitboard = n === 4 && bitboard;
    if (flat) body += bar(flat, withBitboard ? cx - barW - 2 : cx - barW / 2, 'a');
    if (withBitboard) body += bar(bitboard, cx + 2, 'b');
    body += `<text class="tick" x="${cx}" y="${f.height - f.bottom + 16}" text-anchor="middle">${n}×${n}</text>`;
  });
  body += `<g class="legend" transform="translate(${f.left + 8} ${f.top - 12})"><rect class="bar a" width="10" height="10" y="-9"/><text x="14">flat engine (src/engine)</text><rect class="bar b" x="180" width="10" height="10" y="-9"/><text x="194">bitboard (src/ai/bitboard.ts), 4×4 only</text></g>`;
  const caption =
    'Median of the runs; the whiskers span the fastest and the slowest run. One thread, wall clock, positions from seeded games. Log scale: the bitboard is an order of magnitude faster.';
  return card(title, caption, svg(f, title, body));
}

/** The judge's time on 10⁶ cases next to the C baseline's, every run a dot. */
function ojChart(figures: Figures): string {
  const title = 'cube2048 oj against a C judge';
  const rows = [figures.get('oj.js'), figures.get('oj.c')].filter((x): x is Figure => x !== undefined);
  if (rows.length === 0) return empty(title, 'Run `npm run bench -- oj`.');
  const rowH = 66;
  const f: Frame = { width: 640, height: 20 + rows.length * rowH + 40, left: 200, right: 24, top: 12, bottom: 40 };
  const xA = xAxis(f, 0, Math.max(...rows.map((r) => r.max)) * 1.1, 'seconds', (v) => fmt(v / 1000, 1));
  let body = xA.svg;
  rows.forEach((r, i) => {
    const y = f.top + i * rowH + 10;
    body += `<text class="row-label" x="${f.left - 10}" y="${y + 15}" text-anchor="end" dominant-baseline="middle">${esc(r.label.replace(/, .*$/, ''))}</text>`;
    body += `<rect class="bar ${i === 0 ? 'a' : 'b'}" x="${f.left}" y="${y}" width="${Math.max(1, xA.x(r.median) - f.left)}" height="30" rx="2"><title>${esc(r.label)}: ${fmt(r.median / 1000, 2)} s</title></rect>`;
    for (const v of r.samples)
      body += `<circle class="run-dot" cx="${xA.x(v)}" cy="${y + 40}" r="3.5"><title>${fmt(v / 1000, 2)} s</title></circle>`;
    // Inside the bar's end: the run dots may lie past it, and the longest bar reaches the edge.
    body += `<text class="value in-bar" x="${xA.x(r.median) - 8}" y="${y + 15}" text-anchor="end" dominant-baseline="middle">${fmt(r.median / 1000, 2)} s</text>`;
  });
  const ratio = figures.get('oj.ratio');
  const cases = /([\d,]+) cases/.exec(rows[0]?.label ?? '')?.[1] ?? '10⁶';
  const caption = `${cases} random boards and directions, stdin to stdout; the two judges run alternately and their outputs are compared.${ratio ? ` cube2048 is ${fmt(ratio.median, 2)}× as fast as C (runs: ${formatRange(ratio) || fmt(ratio.median, 2)}).` : ''} Bars: the median; dots under them: each run.`;
  return card(title, esc(caption), svg(f, title, body));
}

/** Expectimax nodes/s at each fixed depth. */
function searchChart(figures: Figures): string {
  const title = 'AI search speed by depth';
  const depths = [...figures.values()].filter((x) => /^engine\.search\.depth\d+$/.test(x.id));
  if (depths.length === 0) return empty(title, 'Run `npm run bench -- engine`.');
  const f: Frame = { width: 640, height: 240, left: 64, right: 16, top: 16, bottom: 42 };
  const yA = yAxis(f, 0, Math.max(...depths.map((d) => d.max)) * 1.15, 'nodes per second');
  let body = yA.svg;
  const group = plotWidth(f) / depths.length;
  const barW = Math.min(64, group / 2);
  depths.forEach((d, i) => {
    const cx = f.left + group * (i + 0.5);
    const y = yA.y(d.median);
    const native = figures.get(`${d.id}.vsNative`);
    body += `<rect class="bar c" x="${cx - barW / 2}" y="${y}" width="${barW}" height="${f.top + plotHeight(f) - y}"><title>${esc(d.label)}: ${formatNumber(d.median)} nodes/s</title></rect>${whisker(cx, yA.y(d.min), yA.y(d.max))}`;
    body += `<text class="value" x="${cx}" y="${yA.y(d.max) - 5}" text-anchor="middle">${esc(short(d.median))}${native ? ` · ${fmt(native.median, 2)}× native` : ''}</text>`;
    body += `<text class="tick" x="${cx}" y="${f.height - f.bottom + 16}" text-anchor="middle">depth ${esc(d.id.replace(/\D+/g, ''))}</text>`;
  });
  return card(
    title,
    'Expectimax on positions from seeded games, one thread, wall clock; "× native" compares with nneonneo/2048-ai (C++, g++ -O2) on the same positions when its checkout is present.',
    svg(f, title, body),
  );
}

/** Every size figure as a horizontal bar, budgets marked. */
function sizesChart(figures: Figures): string {
  const title = 'Bundle sizes against their budgets';
  const rows = [...figures.values()].filter((x) => x.id.startsWith('sizes.'));
  if (rows.length === 0) return empty(title, 'Run `npm run bench -- sizes`.');
  const rowH = 30;
  const f: Frame = { width: 640, height: 30 + rows.length * rowH + 40, left: 232, right: 56, top: 16, bottom: 40 };
  const hi = Math.max(...rows.map((r) => Math.max(r.median, r.goal?.value ?? 0))) * 1.05;
  const xA = xAxis(f, 0, hi, 'kB, gzip -9 (1 kB = 1000 bytes)', (v) => fmt(v, 0));
  let body = xA.svg;
  rows.forEach((r, i) => {
    const y = f.top + i * rowH + 6;
    const met = goalMet(r);
    const cls = met === null ? 'bar a' : met ? 'bar good' : 'bar bad';
    body += `<text class="row-label" x="${f.left - 8}" y="${y + 10}" text-anchor="end" dominant-baseline="middle">${esc(r.label)}</text>`;
    body += `<rect class="${cls}" x="${f.left}" y="${y}" width="${Math.max(1, xA.x(r.median) - f.left)}" height="20" rx="2"><title>${esc(r.label)}: ${fmt(r.median, 2)} kB${r.goal ? ` (budget ${r.goal.value} kB)` : ''}</title></rect>`;
    // Past the budget tick when the bar ends just short of it, so the two never overlap.
    const budgetX = r.goal ? xA.x(r.goal.value) : -Infinity;
    const labelX = Math.abs(xA.x(r.median) - budgetX) < 36 ? Math.max(xA.x(r.median), budgetX) + 6 : xA.x(r.median) + 6;
    body += `<text class="value" x="${labelX}" y="${y + 10}" dominant-baseline="middle">${fmt(r.median, 1)}</text>`;
    if (r.goal) {
      const bx = xA.x(r.goal.value);
      body += `<path class="budget" d="M${bx} ${y - 3}V${y + 23}"/><text class="budget-text" x="${bx}" y="${y - 5}" text-anchor="middle">≤ ${r.goal.value}</text>`;
    }
  });
  return card(
    title,
    'Green: within budget; red: over; blue: no budget. The upright tick marks the budget. Definitions are in bench/sizes.ts; the files each figure counts are listed under the table.',
    svg(f, title, body),
  );
}

/** Deterministic jitter in [-1, 1] for the i-th dot. */
function jitter(i: number): number {
  const s = Math.sin(i * 12.9898 + 1) * 43758.5453;
  return (s - Math.floor(s)) * 2 - 1;
}

/** Every latency sample per skin as a dot, with its quartile box, median and p95, and the goal. */
function latencyChart(section: SectionResult | undefined): string {
  const title = 'Input latency: keydown → first frame showing the move';
  const skins = [
    { key: 'latency.flat', name: 'flat' },
    { key: 'latency.cubes', name: '3D cubes' },
  ].map((s) => ({ ...s, values: section?.series?.[s.key] ?? [] }));
  if (skins.every((s) => s.values.length === 0)) return empty(title, 'Run `npm run bench -- page`.');
  const goal = section?.figures.find((x) => x.id === 'page.flat.latencyMedian')?.goal?.value ?? 17;
  const all = skins.flatMap((s) => s.values);
  // Wide enough for the goal and 95% of samples; the slowest few sit on the right edge.
  const hi = Math.max(goal * 2, quantile(all, 0.95) * 1.15);
  const rowH = 84;
  const f: Frame = { width: 640, height: 24 + skins.length * rowH + 40, left: 84, right: 20, top: 16, bottom: 40 };
  const xA = xAxis(f, 0, hi, 'milliseconds', (v) => fmt(v, 0));
  let body = xA.svg;
  skins.forEach((s, row) => {
    const cy = f.top + row * rowH + rowH / 2;
    body += `<text class="row-label" x="${f.left - 10}" y="${cy}" text-anchor="end" dominant-baseline="middle">${esc(s.name)}</text>`;
    if (s.values.length === 0) return;
    s.values.forEach((v, i) => {
      const x = xA.x(Math.min(v, hi));
      body += `<circle class="dot ${row === 0 ? 'a' : 'b'}" cx="${x}" cy="${cy + jitter(i + row * 1000) * 22}" r="2.6"><title>${fmt(v, 1)} ms</title></circle>`;
    });
    const [q1, q2, q3, p95] = [0.25, 0.5, 0.75, 0.95].map((q) => xA.x(Math.min(quantile(s.values, q), hi))) as [
      number,
      number,
      number,
      number,
    ];
    body += `<rect class="box" x="${q1}" y="${cy - 28}" width="${Math.max(1, q3 - q1)}" height="56"/>`;
    body += `<path class="median" d="M${q2} ${cy - 30}V${cy + 30}"/><path class="p95" d="M${p95} ${cy - 30}V${cy + 30}"/>`;
    const anchor = (x: number): string => (x > f.width - f.right - 50 ? 'end' : x < f.left + 50 ? 'start' : 'middle');
    body += `<text class="value" x="${q2}" y="${cy - 34}" text-anchor="${anchor(q2)}">median ${fmt(quantile(s.values, 0.5), 1)} ms</text>`;
    body += `<text class="value muted" x="${p95}" y="${cy + 42}" text-anchor="${anchor(p95)}">p95 ${fmt(quantile(s.values, 0.95), 1)} ms</text>`;
  });
  const gx = xA.x(goal);
  body += `<line class="goal-line" x1="${gx}" x2="${gx}" y1="${f.top}" y2="${f.height - f.bottom}"/><text class="goal-text" x="${gx + 5}" y="${f.height - f.bottom - 6}">goal ≤ ${goal} ms</text>`;
  const runs = section?.figures.find((x) => x.id === 'page.flat.latencyMedian')?.samples.length ?? 0;
  return card(
    title,
    esc(
      `Every move of ${runs} run(s) per skin on the built game page in headless Chromium (software rendering, a shared 2-core machine). The box spans the middle half; samples past the right edge sit on it.`,
    ),
    svg(f, title, body),
  );
}

function statusBadge(f: Figure): string {
  const met = goalMet(f);
  if (met === null) return '';
  return met ? '<span class="badge good">met</span>' : '<span class="badge bad">missed</span>';
}

/** ± half the range as a share of the median: how noisy the runs were. */
function spreadText(f: Figure): string {
  if (f.samples.length < 2 || !f.median) return '';
  return `±${fmt((50 * (f.max - f.min)) / Math.abs(f.median), 0)}%`;
}

function figureTable(results: BenchResults): string {
  let rows = '';
  for (const [name, section] of Object.entries(results.sections)) {
    const meta = `${section.ranAt.replace('T', ' ').slice(0, 16)} UTC · ${section.seconds} s · load ${section.loadBefore[0] ?? '?'} → ${section.loadAfter[0] ?? '?'}${section.quick ? ' · quick' : ''}`;
    rows += `<tr class="section"><th colspan="7">${esc(name)} <span class="meta">${esc(meta)}</span></th></tr>`;
    if (section.error) rows += `<tr><td colspan="7" class="error">failed: ${esc(section.error.split('\n')[0] ?? '')}</td></tr>`;
    for (const f of section.figures) {
      const goal = f.goal
        ? `${esc(formatGoal(f).replace(/ (met|MISSED)$/, ''))}${f.goal.source ? `<span class="muted"> (${esc(f.goal.source)})</span>` : ''}`
        : '';
      rows += `<tr><td>${esc(f.label.trim())}</td><td class="num">${esc(formatNumber(f.median))}</td><td class="num muted">${esc(formatRange(f))}</td><td class="num muted">${esc(spreadText(f))}</td><td>${esc(f.unit)}</td><td class="num muted">${f.samples.length}</td><td>${goal} ${statusBadge(f)}</td></tr>`;
    }
  }
  return `<table><thead><tr><th>figure</th><th class="num">median</th><th class="num">min–max</th><th class="num">spread</th><th>unit</th><th class="num">runs</th><th>goal</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function notesList(results: BenchResults): string {
  let out = '';
  for (const [name, section] of Object.entries(results.sections)) {
    for (const note of section.notes ?? []) out += `<li><b>${esc(name)}</b>: ${esc(note)}</li>`;
    for (const [key, files] of Object.entries(section.details ?? {}))
      out += `<li><b>${esc(name)}</b> <code>${esc(key)}</code>: ${files.map((x) => `<code>${esc(x)}</code>`).join(', ')}</li>`;
  }
  return out ? `<ul class="notes">${out}</ul>` : '';
}

/** The handful of figures a reader looks for first. */
function headline(figures: Figures): string {
  const picks: [string, string][] = [
    ['sizes.flatEmbedCoreKB', 'flat embed core, kB gzip'],
    ['sizes.page3dKB', 'whole 3D page, kB gzip'],
    ['render.frameWorkMedianMs', '3D frame work, median ms'],
    ['render.idleFrames2s', 'frames drawn while idle'],
    ['page.flat.latencyMedian', 'flat key → frame, ms'],
    ['page.cubes.latencyMedian', '3D key → frame, ms'],
    ['engine.flat.4x4', 'flat engine 4×4, moves/s'],
    ['oj.ratio', 'oj vs C, × faster'],
  ];
  const cards = picks
    .map(([id, label]) => {
      const f = figures.get(id);
      if (!f) return '';
      const met = goalMet(f);
      return `<div class="stat ${met === null ? '' : met ? 'good' : 'bad'}"><div class="stat-value">${esc(formatNumber(f.median))}</div><div class="stat-label">${esc(label)}</div><div class="stat-range">${esc(formatRange(f) || 'one run')}${f.goal ? ` · goal ${esc(formatGoal(f).replace(/ (met|MISSED)$/, ''))}` : ''}</div></div>`;
    })
    .join('');
  return `<section class="stats">${cards}</section>`;
}

const STYLE = `
:root { color-scheme: light dark; --bg: #f6f5f1; --card: #ffffff; --fg: #1d1c1a; --muted: #6b675f; --grid: #e4e1da; --line: #d6d2c8;
  --a: #3b6fd8; --b: #e0862b; --c: #7b5cc4; --good: #2e8b57; --bad: #d0453a; --goal: #2e8b57; --box: rgba(29, 28, 26, 0.06); }
@media (prefers-color-scheme: dark) {
  :root { --bg: #151517; --card: #1f1f23; --fg: #ecebe8; --muted: #a19d94; --grid: #2f2f35; --line: #3a3a42;
    --a: #6f9cf5; --b: #f3a45a; --c: #a58bef; --good: #4fbf80; --bad: #f06a5e; --goal: #4fbf80; --box: rgba(255, 255, 255, 0.07); }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1320px; margin: 0 auto; padding: 28px 24px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; letter-spacing: -0.01em; }
h2 { font-size: 18px; margin: 36px 0 12px; }
h3 { font-size: 16px; margin: 0; }
.sub { color: var(--muted); margin: 0; }
code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 12px; margin-top: 22px; }
.stat { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; border-top: 4px solid var(--line); }
.stat.good { border-top-color: var(--good); } .stat.bad { border-top-color: var(--bad); }
.stat-value { font-size: 26px; font-weight: 650; font-variant-numeric: tabular-nums; }
.stat-label { font-size: 13px; }
.stat-range { font-size: 12px; color: var(--muted); font-variant-numeric: tabular-nums; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(560px, 1fr)); gap: 16px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; margin: 0; }
.chart figcaption p { color: var(--muted); font-size: 13px; margin: 4px 0 8px; }
.chart svg { width: 100%; height: auto; display: block; font-size: 12px; }
.empty { color: var(--muted); }
svg text { fill: var(--fg); }
svg .tick, svg .muted { fill: var(--muted); font-variant-numeric: tabular-nums; }
svg .axis-label { fill: var(--muted); font-size: 12px; }
svg .row-label { font-size: 13px; }
svg .value { font-size: 11.5px; font-variant-numeric: tabular-nums; }
svg .value.in-bar { fill: #fff; font-weight: 600; font-size: 13px; }
svg .grid { stroke: var(--grid); stroke-width: 1; } svg .grid.minor { stroke-dasharray: 2 3; }
svg .run-dot { fill: var(--card); stroke: var(--fg); stroke-width: 1.5; }
svg .bar { fill: var(--a); } svg .bar.b { fill: var(--b); } svg .bar.c { fill: var(--c); }
svg .bar.good { fill: var(--good); } svg .bar.bad { fill: var(--bad); } svg .bar.overflow { stroke: var(--bad); stroke-width: 2; }
svg .whisker { stroke: var(--fg); stroke-width: 1.3; fill: none; opacity: 0.75; }
svg .goal-line { stroke: var(--goal); stroke-width: 2; stroke-dasharray: 6 4; }
svg .goal-text { fill: var(--goal); font-weight: 600; }
svg .budget { stroke: var(--fg); stroke-width: 2.5; }
svg .budget-text { fill: var(--fg); font-size: 10.5px; }
svg .dot.a { fill: var(--a); opacity: 0.55; } svg .dot.b { fill: var(--b); opacity: 0.55; }
svg .box { fill: var(--box); stroke: var(--fg); stroke-width: 1; }
svg .median { stroke: var(--fg); stroke-width: 2.5; } svg .p95 { stroke: var(--muted); stroke-width: 1.5; stroke-dasharray: 3 3; }
svg .legend text { font-size: 12px; }
table { width: 100%; border-collapse: collapse; font-size: 14px; background: var(--card); border: 1px solid var(--line); border-radius: 10px; overflow: hidden; }
th, td { text-align: left; padding: 6px 12px; border-bottom: 1px solid var(--grid); vertical-align: baseline; }
thead th { font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
tr.section th { background: var(--bg); font-size: 15px; padding-top: 14px; }
.meta, .muted { color: var(--muted); font-weight: 400; font-size: 12.5px; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.badge { display: inline-block; padding: 0 7px; border-radius: 9px; font-size: 12px; font-weight: 600; color: #fff; }
.badge.good { background: var(--good); } .badge.bad { background: var(--bad); }
.error { color: var(--bad); }
.notes { color: var(--muted); font-size: 13px; padding-left: 18px; }
.notes code { font-size: 12px; }
footer { margin-top: 28px; color: var(--muted); font-size: 13px; }
`;

export function renderReport(results: BenchResults): string {
  const figures: Figures = new Map(Object.values(results.sections).flatMap((s) => s.figures.map((f) => [f.id, f] as const)));
  const m = results.machine;
  const when = results.ranAt.replace('T', ' ').slice(0, 16);
  const quick = Object.entries(results.sections)
    .filter(([, section]) => section.quick)
    .map(([name]) => name);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cube2048 benchmarks, ${esc(when)} UTC</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>cube2048 benchmarks</h1>
<p class="sub">${esc(when)} UTC${quick.length ? ` · quick (fewer runs, noisier): ${esc(quick.join(', '))}` : ''} · ${esc(m.cpu)}, ${m.cores} cores, ${m.memoryGB} GB · Node ${esc(m.node)} · ${esc(m.platform)} · load average ${esc(m.loadBefore.join(' / '))} before, ${esc(m.loadAfter.join(' / '))} after</p>
${headline(figures)}
<h2>Charts</h2>
<div class="charts">
${frameHistogram(results.sections.render, figures)}
${latencyChart(results.sections.page)}
${sizesChart(figures)}
${movesChart(figures)}
${searchChart(figures)}
${ojChart(figures)}
</div>
<h2>Every figure</h2>
${figureTable(results)}
${notesList(results)}
<footer>Medians over the runs, with the fastest and slowest run as min–max; "spread" is half that range as a share of the median. Made by <code>npm run bench</code>; redraw from <code>bench/results/latest.json</code> with <code>npm run bench -- --report-only</code>.</footer>
</main>
</body>
</html>
`;
}
