/**
 * The shape every benchmark result takes in `npm run bench`: figures with their raw samples
 * (the noise shown, not hidden), the goal they are held to, and the aligned text table.
 * bench/results/latest.json is a `BenchResults`; bench/report.ts draws it as HTML.
 */
import { median } from './stats';

export interface Goal {
  /** `<=`: at most `value` is met; `>=`: at least. */
  readonly op: '<=' | '>=';
  readonly value: number;
  /** Where the goal comes from, shown with it. */
  readonly source?: string;
}

export interface Figure {
  /** Stable key, `section.what`; charts and the budget test find figures by it. */
  readonly id: string;
  readonly label: string;
  readonly unit: string;
  /** Median of the samples. */
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** One value per run (for a figure that is itself a per-run statistic: that statistic of each run). */
  readonly samples: readonly number[];
  readonly goal?: Goal;
  /** Which way is better, when it is obvious (a time, a size: lower). */
  readonly better?: 'lower' | 'higher';
}

export interface SectionResult {
  readonly figures: readonly Figure[];
  /** Raw series for charts (every frame time, every latency sample), keyed by name. */
  readonly series?: Readonly<Record<string, readonly number[]>>;
  readonly notes?: readonly string[];
  /** Structured extras shown in the report, not printed (which files a size counts). */
  readonly details?: Readonly<Record<string, readonly string[]>>;
  /** Set when the section failed; its figures are then empty. */
  readonly error?: string;
  readonly ranAt: string;
  /** Run with --quick (fewer runs). */
  readonly quick: boolean;
  readonly seconds: number;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
}

/** What a section's function returns; the runner adds when, how long and how busy. */
export type SectionRun = Pick<SectionResult, 'figures' | 'series' | 'notes' | 'details'>;

export interface SectionOptions {
  /** Fewer runs, for iterating: the figures are noisier. */
  readonly quick: boolean;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGB: number;
  readonly node: string;
  readonly platform: string;
  /** 1-, 5- and 15-minute load averages when the run started and when it ended. */
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
}

export interface BenchResults {
  readonly version: 1;
  /** The latest run; sections not in it keep their earlier results (see each section's `ranAt`). */
  readonly ranAt: string;
  readonly quick: boolean;
  readonly machine: Machine;
  readonly sections: Readonly<Record<string, SectionResult>>;
}

/** A figure from its samples: the median and the range, rounded to what the unit deserves. */
export function figure(
  id: string,
  label: string,
  unit: string,
  samples: readonly number[],
  extra: { goal?: Goal; better?: 'lower' | 'higher'; digits?: number } = {},
): Figure {
  const finite = samples.filter((x) => Number.isFinite(x));
  const digits = extra.digits ?? digitsFor(finite);
  const r = (x: number): number => Number(x.toFixed(digits));
  return {
    id,
    label,
    unit,
    median: finite.length ? r(median(finite)) : Number.NaN,
    min: finite.length ? r(Math.min(...finite)) : Number.NaN,
    max: finite.length ? r(Math.max(...finite)) : Number.NaN,
    samples: finite.map((x) => Number(x.toPrecision(6))),
    ...(extra.goal ? { goal: extra.goal } : {}),
    ...(extra.better ? { better: extra.better } : {}),
  };
}

/** Three significant digits for small numbers, whole numbers from 100 up. */
function digitsFor(values: readonly number[]): number {
  const m = Math.abs(median(values));
  if (!Number.isFinite(m) || m >= 100) return 0;
  if (m >= 10) return 1;
  if (m >= 1) return 2;
  return 3;
}

/** Whether the median meets the goal; null when there is none. */
export function goalMet(f: Figure): boolean | null {
  if (!f.goal || !Number.isFinite(f.median)) return null;
  return f.goal.op === '<=' ? f.median <= f.goal.value : f.median >= f.goal.value;
}

/** A number for people: thousands grouped, millions as "1.78 M". */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return '–';
  const abs = Math.abs(x);
  if (abs >= 1e6) return `${(x / 1e6).toPrecision(3)} M`;
  if (abs >= 1000) return Math.round(x).toLocaleString('en-US');
  return String(x);
}

export const formatRange = (f: Figure): string => (f.samples.length > 1 ? `${formatNumber(f.min)}–${formatNumber(f.max)}` : '');

export function formatGoal(f: Figure): string {
  if (!f.goal) return '';
  const met = goalMet(f);
  return `${f.goal.op === '<=' ? '≤' : '≥'} ${formatNumber(f.goal.value)} ${met === null ? '' : met ? 'met' : 'MISSED'}`.trim();
}

/** The aligned text table: one line per figure, grouped by section. */
export function formatTable(sections: Readonly<Record<string, SectionResult>>): string {
  const rows: string[][] = [['figure', 'median', 'min–max', 'unit', 'n', 'goal']];
  for (const [name, section] of Object.entries(sections)) {
    rows.push([`[${name}]${section.error ? `  FAILED: ${section.error.split('\n')[0] ?? ''}` : ''}`]);
    for (const f of section.figures)
      rows.push([f.label, formatNumber(f.median), formatRange(f), f.unit, String(f.samples.length), formatGoal(f)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.filter((r) => r.length > 1).map((r) => (r[i] ?? '').length)));
  const numeric = new Set([1, 2, 4]);
  return rows
    .map((r) =>
      r.length === 1
        ? r[0]!
        : r
            .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
            .join('  ')
            .trimEnd(),
    )
    .join('\n');
}
