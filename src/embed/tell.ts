import type { Problem } from './options';

/** The words' chunk, asked for once: every line waits on the one promise, so lines keep the order of their calls. */
let wording: Promise<typeof import('./problems')> | undefined;

/**
 * Tells the console what was wrong, in one line, once its words have come (problems.ts, a
 * chunk that a page whose options are all good never fetches); `call` names the handle's
 * method it was wrong in. Returns whether anything was.
 */
export function tell(problems: readonly Problem[], call?: string, level: 'error' | 'warn' = 'error'): boolean {
  if (problems.length > 0)
    void (wording ??= import('./problems')).then(
      ({ problemLine }) => console[level](problemLine(problems, call)),
      // Without its words (offline before the chunk was cached), the problems as they are.
      () => console[level]('cube2048:', call, problems),
    );
  return problems.length > 0;
}
