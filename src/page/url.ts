import { MAX_SIZE, MIN_SIZE, isValidSeed, isValidSize } from '../engine';

export interface StartOptions {
  readonly seed?: number;
  readonly size?: number;
  /** What was not understood, in words for a notice. */
  readonly problems: readonly string[];
}

/**
 * `?seed=123&size=5` on the page's address: start that game. Bad values are reported and
 * ignored, never half-applied.
 */
export function parseStartOptions(search: string): StartOptions {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const read = (name: string, valid: (n: number) => boolean, expected: string): number | undefined => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    const n = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (valid(n)) return n;
    problems.push(`The link's ${name} is not ${expected}, so it was ignored.`);
    return undefined;
  };
  const seed = read('seed', isValidSeed, 'a whole number from 0 to 4294967295');
  const size = read('size', isValidSize, `a board size from ${MIN_SIZE} to ${MAX_SIZE}`);
  return { ...(seed !== undefined ? { seed } : {}), ...(size !== undefined ? { size } : {}), problems };
}

/** The address without the start options, so a reload resumes the game instead of restarting it. */
export function withoutStartOptions(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('seed');
  url.searchParams.delete('size');
  return url.href;
}
