/**
 * Torture, part 4 (issue 9): the built page under a strict Content-Security-Policy, sent as a
 * real response header: no inline scripts, no eval, no inline styles (no <style> elements and
 * no style="" attributes; setting el.style.x from a script is CSSOM and stays allowed). The
 * game must play as usual on both skins, and the AI hint (its worker) must work, without a
 * single violation reported, neither as a `securitypolicyviolation` event nor in the console.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './harness';
import type { OpenGame } from './page-helpers';
import type { Direction, GameState } from '../../src/engine';
import { newGame } from '../../src/engine';
import { GAME_KEY, liveText, openGame, playMoves, readHud } from './page-helpers';
import type { Served } from './static-server';
import { serveDirectory } from './static-server';

const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Collects every violation the page reports, from its very first parse. */
function watchViolations(): void {
  const found: string[] = [];
  Object.defineProperty(window, '__violations', { value: found });
  document.addEventListener('securitypolicyviolation', (e) =>
    found.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}: ${e.sample}`),
  );
}

describe('the game page under a strict Content-Security-Policy', () => {
  const browser = sharedBrowser();
  let served: Served;
  let game: OpenGame;
  const SEED = 2718;
  let state: GameState = newGame({ seed: SEED });
  const violations = async (): Promise<string[]> => [
    ...(await game.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...[...(await game.errors()), ...(await game.page.consoleMessages())].filter((m) => /content security policy|refused to/i.test(m)),
  ];

  beforeAll(async () => {
    // The site the browser project built, served again with the policy as a response header.
    served = await serveDirectory(inject('siteDir'), () => ({ 'content-security-policy': STRICT_CSP }));
    game = await openGame(browser(), { baseUrl: served.url, query: `?seed=${SEED}`, initScript: `(${watchViolations.toString()})()` });
  });
  afterAll(async () => {
    await served?.close();
  });

  it('is served with the policy, and loads without a violation', async () => {
    const response = await fetch(new URL('index.html', served.url).href);
    expect(response.headers.get('content-security-policy')).toBe(STRICT_CSP);
    expect(await violations()).toEqual([]);
  });

  it('plays on the flat board with no violation', async () => {
    state = await play(state, ['left', 'down', 'right', 'down']);
    expect(await violations()).toEqual([]);
  });

  it('switches to the 3D cubes through the settings and plays there with no violation', async () => {
    const { page } = game;
    await page.click('#open-settings');
    await page.click('#settings-dialog label:has(input[name="skin"][value="cubes"])');
    await page.waitForFunction(() => document.querySelectorAll('#board canvas').length === 1, null, { timeout: 30_000 });
    await page.keyboard.press('Escape');
    state = await play(state, ['up', 'left', 'down', 'right']);
    expect(await violations()).toEqual([]);
  });

  it('gives an AI hint from its worker, and autoplays, with no violation', async () => {
    const { page } = game;
    await page.click('#ai-hint');
    await expect.poll(() => liveText(page), { timeout: 15_000 }).toMatch(/^Hint: move (left|right|up|down)\.$/);
    expect(await page.getAttribute('#game', 'data-hint')).toMatch(/^(left|right|up|down)$/);
    const before = await readHud(page);
    await page.selectOption('#ai-speed', 'max');
    await page.click('#ai-autoplay');
    await page.waitForFunction((n) => Number(document.getElementById('moves')?.textContent) >= n + 5, before.moves, { timeout: 15_000 });
    await page.click('#ai-autoplay');
    // One read of both, so a move still landing cannot come between them.
    const { grid, saved } = await page.evaluate(
      (key) => ({
        grid: [...document.querySelectorAll('#game [role="gridcell"]')].map((cell) =>
          cell.textContent === 'empty' ? 0 : Number(cell.textContent),
        ),
        saved: (JSON.parse(localStorage.getItem(key) ?? 'null') as { game: { cells: number[] } }).game.cells,
      }),
      GAME_KEY,
    );
    expect(grid).toEqual(saved);
    expect(await game.errors()).toEqual([]);
    expect(await violations()).toEqual([]);
  });

  // Last, as it leaves a violation behind: proves the watcher would have seen one.
  it('would have noticed: an inline script added now is refused and reported', async () => {
    await game.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
    });
    await expect.poll(violations).toContainEqual(expect.stringContaining('script-src'));
    expect((await violations()).every((v) => /script/i.test(v))).toBe(true);
    expect(await game.page.evaluate(() => '__inlineRan' in window)).toBe(false);
  });

  /** Plays `dirs` with the keyboard and expects the page to show what the engine says. */
  async function play(from: GameState, dirs: readonly Direction[]): Promise<GameState> {
    const next = await playMoves(game.page, from, dirs);
    expect(await game.errors()).toEqual([]);
    return next;
  }
});
