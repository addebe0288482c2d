import type { Dimensions, GameState } from '../engine';
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, isValidDimensions, isValidSeed, isValidSize } from '../engine';

export interface StartOptions {
  readonly seed?: number;
  readonly size?: number;
  /** 3 for a cube (`?dimensions=3`); a link without it asks for a square, as every link did before cubes. */
  readonly dimensions?: Dimensions;
  /** What was not understood, in words for a notice. */
  readonly problems: readonly string[];
}

/**
 * `?seed=123&size=5` (and `&dimensions=3` for a cube) on the page's address: start that game.
 * Bad values are reported and ignored, never half-applied.
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
  const dimensions = read('dimensions', isValidDimensions, '2 or 3') as Dimensions | undefined;
  const seed = read('seed', isValidSeed, 'a whole number from 0 to 4294967295');
  // A cube's size too: one too big for a cube gets the default size there (linkedGame).
  const size = read('size', isValidSize, `a board size from ${MIN_SIZE} to ${MAX_SIZE}`);
  return {
    ...(seed !== undefined ? { seed } : {}),
    ...(size !== undefined ? { size } : {}),
    dimensions,
    problems,
  };
}

/** The address without the start options, so a reload resumes the game instead of restarting it. */
export function withoutStartOptions(href: string): string {
  const url = new URL(href);
  for (const name of ['seed', 'size', 'dimensions']) url.searchParams.delete(name);
  return url.href;
}

/**
 * The game a link's start options ask for instead of `game`, or null when they ask for none or
 * for `game` itself (a reopened seed link resumes it). A cube needs `dimensions=3`, and a cube's
 * size is 3 to 5: a link of a bigger size, or none, gets the default size there.
 */
export function linkedGame(
  { seed, size, dimensions = 2 }: StartOptions,
  game: Pick<GameState, 'seed' | 'size' | 'board'>,
): { size: number; dimensions: Dimensions; seed?: number } | null {
  const wanted = isValidSize(size ?? game.size, dimensions) ? (size ?? game.size) : DEFAULT_SIZE;
  return (seed === undefined && size === undefined && dimensions < 3) ||
    (game.seed === seed && game.size === wanted && game.board.dimensions === dimensions)
    ? null
    : { size: wanted, dimensions, seed };
}
