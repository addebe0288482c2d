/**
 * Torture, part 5 (issue 9): a long session of the page's own AI autoplay at its fastest speed
 * ("Max": one frame per move), with a new game whenever one ends, must not grow.
 *
 * On the flat board: 5,000 moves; the JS heap after a full garbage collection, and the DOM
 * node and event listener counts, are the same after a warm-up as at the end, within a small
 * tolerance. On the 3D cubes: live WebGL objects (buffers, textures, programs, shaders,
 * framebuffers, renderbuffers, vertex arrays), counted by wrapping every create and delete
 * call, are exactly the same after a warm-up as at the end. The cubes get fewer moves (as
 * many as fit): every frame costs tens of milliseconds on the CI's software renderer, and a
 * per-move leak shows within a few hundred moves as surely as within thousands.
 */
import type { CDPSession } from 'playwright-core';
import type { TestPage } from './harness';
import { describe, expect, it } from 'vitest';
import { chromiumOnly, playwright, sharedBrowser, sharedChromium } from './harness';
import { openGame } from './page-helpers';
import { countGlObjects, glCounts, heapAfterGc } from './torture-helpers';

const FLAT_MOVES = 5_000;
const FLAT_WARM_UP = 500;
const CUBES_MOVES = 150;
const CUBES_WARM_UP = 40;
/**
 * What the JS heap may grow by between the two measurements (both on a fresh game, after a
 * full GC). Some growth is legitimate and bounded: V8 keeps optimising hot code for a while
 * (about 100 KB of compiled code over the first thousands of moves here), and Blink's style
 * caches and performance-entry buffers fill up to their caps: 110–180 KB in all, measured.
 * A leak of 100 bytes a move would add 450 KB over the 4,500 moves measured.
 */
const HEAP_TOLERANCE = 384 * 1024;
/** A small window: less to draw per frame, more moves per second. */
const VIEWPORT = { width: 400, height: 640 };

interface Playing {
  readonly moves: number;
  readonly autoplay: boolean;
  readonly dialog: string | null;
}

const playing = (page: TestPage): Promise<Playing> =>
  page.evaluate(() => ({
    moves: Number(document.getElementById('moves')?.textContent?.replace(/,/g, '')),
    autoplay: document.getElementById('ai-autoplay')?.getAttribute('aria-pressed') === 'true',
    dialog: document.querySelector('dialog[open]')?.id ?? null,
  }));

/**
 * Runs autoplay until `total` moves have been played in this session, across games: a win is
 * played on ("Keep going"), a lost game is started again ("Try again"), and autoplay restarted.
 */
async function autoplay(page: TestPage, session: { moves: number; restarts: number }, total: number): Promise<void> {
  let last = (await playing(page)).moves;
  while (session.moves < total) {
    let now = await playing(page);
    session.moves += Math.max(0, now.moves - last);
    last = now.moves;
    if (session.moves >= total) break;
    if (!now.autoplay) {
      // A win or a loss stops autoplay at once; its dialog follows when the last move has played.
      if (!now.dialog)
        await page
          .locator('dialog[open]')
          .waitFor({ timeout: 1000 })
          .catch(() => undefined);
      now = await playing(page);
      if (now.dialog === 'win-dialog') await page.click('#win-dialog button[value="keep"]');
      else if (now.dialog === 'over-dialog') {
        await page.click('#over-dialog button[value="again"]');
        session.restarts++;
        last = 0;
      }
      await page.click('#ai-autoplay');
    } else await page.waitForTimeout(200);
  }
  // Stopped with the button, and given time to finish the last slide.
  if ((await playing(page)).autoplay) await page.click('#ai-autoplay');
  await page.waitForTimeout(400);
}

interface Footprint {
  readonly heap: number;
  /** Nodes in the document outside the board, and inside it (the flat skin's pool of tile elements). */
  readonly pageNodes: number;
  readonly boardNodes: number;
  /** Every DOM node alive in the renderer: in the document, detached, or inside built-in controls. */
  readonly allNodes: number;
  readonly listeners: number;
}

/**
 * Starts a new game through the page (New game, confirmed), lets every animation end (the
 * floating "+N" lasts 800 ms), collects garbage and measures. Measuring on a fresh game makes
 * the two measurements comparable: each of the 100 undo snapshots holds its own copy of the
 * move record, so memory rightly grows with the length of the game in progress (about 100
 * bytes a move) and is given back when a new game starts; that is not a leak.
 */
async function footprint(page: TestPage, cdp: CDPSession): Promise<Footprint> {
  await page.click('#new-game');
  // The question comes once its code has (it loads when first asked), or not at all when nothing is at stake.
  await page.waitForFunction(
    () => (document.getElementById('confirm-dialog') as HTMLDialogElement).open || document.getElementById('moves')?.textContent === '0',
  );
  if (await page.isVisible('#confirm-dialog')) await page.click('#confirm-dialog button[value="confirm"]');
  await page.waitForFunction(() => document.getElementById('moves')?.textContent === '0');
  await page.waitForTimeout(1200);
  const heap = await heapAfterGc(cdp);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  const { pageNodes, boardNodes } = await page.evaluate(() => {
    const count = (root: Node): number => {
      let n = 0;
      const walker = document.createTreeWalker(root);
      while (walker.nextNode()) n++;
      return n;
    };
    const board = count(document.getElementById('board') as HTMLElement);
    // Text that changes with each move (the analysis line drops a direction that cannot move,
    // the live region) or each finished game (the overlays' filled-in score and best, empty until
    // a game is first lost) is content, not a leak: it is left out of the page's count.
    const changing = [
      ...['ai-analysis', 'live'].map((id) => document.getElementById(id)),
      ...document.querySelectorAll('[data-fill]'),
    ].reduce((n, el) => n + (el ? count(el) : 0), 0);
    return { pageNodes: count(document) - board - changing, boardNodes: board };
  });
  return { heap, pageNodes, boardNodes, allNodes: metric('Nodes'), listeners: metric('JSEventListeners') };
}

describe('a long autoplay session', () => {
  const browser = sharedBrowser();
  // For the flat board, frames are composited on the CPU and not held to 60 a second: with
  // SwiftShader compositing every frame, autoplay managed a third of the moves per second,
  // and a move at "Max" waits for a frame. The page and what it does are the same.
  const softwareCompositing = sharedChromium(['--disable-gpu-compositing', '--disable-frame-rate-limit', '--disable-gpu-vsync']);

  chromiumOnly('heap, node and listener counts come from CDP')(
    `keeps the JS heap, DOM nodes and listeners flat over ${FLAT_MOVES.toLocaleString('en-US')} moves on the flat board`,
    async () => {
      const game = await openGame(softwareCompositing(), { query: '?seed=9001', viewport: VIEWPORT });
      const { page } = game;
      const cdp = await playwright(page).context().newCDPSession(playwright(page));
      await cdp.send('Performance.enable');
      await page.selectOption('#ai-speed', 'max');
      const session = { moves: 0, restarts: 0 };

      await autoplay(page, session, FLAT_WARM_UP);
      const warm = await footprint(page, cdp);
      await autoplay(page, session, FLAT_MOVES);
      const end = await footprint(page, cdp);
      console.log(
        `flat session: ${session.moves} moves, ${session.restarts} games lost and started again; ${JSON.stringify(warm)} → ${JSON.stringify(end)}`,
      );

      expect(session.moves).toBeGreaterThanOrEqual(FLAT_MOVES);
      expect(end.heap - warm.heap, `the heap grew from ${warm.heap} to ${end.heap} bytes`).toBeLessThan(HEAP_TOLERANCE);
      expect(end.pageNodes, 'nodes in the page outside the board').toBe(warm.pageNodes);
      // The flat skin reuses its tile elements, keeping as many as it ever had to show at once:
      // at most two a cell (a merge shows both tiles), each an element and its label's text.
      expect(end.boardNodes - warm.boardNodes, 'tile elements kept by the flat skin').toBeLessThanOrEqual(2 * 16 * 2);
      // Built-in controls make their inner nodes once, when first shown (the win dialog may first
      // open after the warm-up); a leak would add thousands over these moves.
      expect(end.allNodes - end.boardNodes - (warm.allNodes - warm.boardNodes), 'all nodes, detached ones included').toBeLessThanOrEqual(
        32,
      );
      expect(end.listeners, 'event listeners').toBe(warm.listeners);
      expect(await game.errors()).toEqual([]);
      await game.close();
      // A safety net, not a budget: about 100 s on an idle 2-core machine, three times that on a busy one.
    },
    480_000,
  );

  it(`keeps the live WebGL objects exactly flat over ${CUBES_MOVES} moves on the 3D cubes`, async () => {
    const game = await openGame(browser(), {
      skin: 'cubes',
      query: '?seed=9002',
      viewport: VIEWPORT,
      initScript: `(${countGlObjects.toString()})()`,
    });
    const { page } = game;
    expect(await page.locator('#board canvas').count(), 'the cubes are shown').toBe(1);
    await page.selectOption('#ai-speed', 'max');
    const session = { moves: 0, restarts: 0 };

    await autoplay(page, session, CUBES_WARM_UP);
    const warm = await glCounts(page);
    await autoplay(page, session, CUBES_MOVES);
    const end = await glCounts(page);
    console.log(`cubes session: ${session.moves} moves; live WebGL objects ${JSON.stringify(warm)} → ${JSON.stringify(end)}`);

    expect(warm.buffers, 'the counter sees the skin').toBeGreaterThan(0);
    expect(end).toEqual(warm);
    expect(await game.errors()).toEqual([]);
    await game.close();
  }, 120_000);
});
