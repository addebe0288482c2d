/** Small statistics shared by the benchmarks: machines here are noisy, so report medians and spread. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

export const spread = (values: readonly number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
  runs: values.length,
});

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));
