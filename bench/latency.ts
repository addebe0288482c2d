/**
 * The game page's responsiveness, measured in headless Chromium on the built site, with the
 * flat and with the 3D skin:
 * - input latency: from a key's `keydown` (its event timestamp) to the end of the first frame
 *   rendered after the move reached the store (the frame whose rendering shows it), over many moves;
 * - time from navigation to the first drawn board.
 * (What the page downloads is measured with the other bundles, in bench/sizes.ts.)
 *
 * `npx tsx bench/latency.ts [--moves 50] [--runs 3]` builds the site, serves it and prints JSON;
 * `pageSection` is the `page` section of `npm run bench`.
 * `measureLatency(page)` works on any open game page (a benchmark or a test).
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Figure, SectionOptions, SectionRun } from './figures';
import { figure } from './figures';
import { withBuiltSite } from './site';
import { median, quantile } from './stats';

/** The goal for keydown → frame showing the move (issue 4): within one 60 Hz frame. */
const LATENCY_GOAL_MS = 17;

declare global {
  interface Window {
    __latency?: { samples: number[]; pending: number };
  }
}

/**
 * Installed in the page as text: a capture listener on window runs before the game's own, so
 * its frame request comes first; a message posted from a frame callback is handled once that
 * frame has been rendered. (Text, not a function: tsx would add helpers the page lacks.)
 */
const RECORDER = `(() => {
  if (window.__latency) return;
  const record = { samples: [], pending: 0 };
  window.__latency = record;
  const movesShown = () => document.getElementById('moves')?.textContent ?? '';
  window.addEventListener('keydown', (event) => {
    const before = movesShown();
    const pressedAt = event.timeStamp;
    record.pending++;
    const afterFrame = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (movesShown() !== before) {
          record.samples.push(performance.now() - pressedAt);
          record.pending--;
        } else if (performance.now() - pressedAt < 1000) requestAnimationFrame(afterFrame);
        else record.pending--; // the key changed nothing (a blocked direction)
      };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(afterFrame);
  }, { capture: true });
})()`;

/**
 * Presses arrow keys on an open game page until `moves` of them changed the board, and returns
 * the keydown → rendered-frame latency of each, in ms. Leaves a pause after each move so every
 * sample is a move applied at once, not one waiting in the queue behind another.
 */
export async function measureLatency(page: Page, options: { readonly moves?: number; readonly pauseMs?: number } = {}): Promise<number[]> {
  const moves = options.moves ?? 100;
  const pauseMs = options.pauseMs ?? 180;
  await page.evaluate(RECORDER);
  const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown'];
  for (let i = 0; ; i++) {
    const count = await page.evaluate(() => window.__latency?.samples.length ?? 0);
    if (count >= moves) break;
    if (i > moves * 6) throw new Error(`only ${count} of ${moves} key presses moved the board`);
    await page.keyboard.press(keys[i % keys.length] as string);
    await page.waitForTimeout(pauseMs);
  }
  const samples = await page.evaluate(() => window.__latency?.samples ?? []);
  return samples.slice(0, moves);
}

const SETTINGS_KEY = 'cube2048:settings:v1';

async function openFresh(browser: Browser, url: string, skin: 'flat' | 'cubes'): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 800, height: 800 }, deviceScaleFactor: 1 });
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [SETTINGS_KEY, JSON.stringify({ skin })] as const,
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('cube2048:first-board').length > 0, null, { timeout: 60_000 });
  return { page, close: () => context.close() };
}

export interface SkinPageBench {
  /** Navigation → first drawn board, one per fresh load. */
  readonly firstBoardMs: readonly number[];
  /** Every latency sample of each run (a fresh page per run). */
  readonly latencyMs: readonly (readonly number[])[];
}

/** Input latency and first drawn board for the flat and the cubes skin. */
export async function benchPage(options: { moves?: number; runs?: number } = {}): Promise<Record<'flat' | 'cubes', SkinPageBench>> {
  const moves = options.moves ?? 50;
  const runs = options.runs ?? 3;
  return withBuiltSite(async ({ url: root, browser }) => {
    const url = `${root}index.html?seed=2048&size=6`;
    const report: Partial<Record<'flat' | 'cubes', SkinPageBench>> = {};
    for (const skin of ['flat', 'cubes'] as const) {
      const firstBoardMs: number[] = [];
      const latencyMs: number[][] = [];
      for (let r = 0; r < runs; r++) {
        const { page, close } = await openFresh(browser, url, skin);
        firstBoardMs.push(await page.evaluate(() => performance.getEntriesByName('cube2048:first-board')[0]?.startTime ?? NaN));
        latencyMs.push(await measureLatency(page, { moves }));
        await close();
      }
      report[skin] = { firstBoardMs, latencyMs };
    }
    return { flat: report.flat!, cubes: report.cubes! };
  });
}

/** Per skin: latency median and p95 (each run's, then their median and range) and the first drawn board. */
export async function pageSection({ quick }: SectionOptions): Promise<SectionRun> {
  const moves = quick ? 25 : 50;
  const bench = await benchPage({ moves, runs: quick ? 1 : 3 });
  const figures: Figure[] = [];
  const series: Record<string, readonly number[]> = {};
  for (const skin of ['flat', 'cubes'] as const) {
    const { latencyMs, firstBoardMs } = bench[skin];
    const name = skin === 'flat' ? 'flat' : '3D';
    const goal = { op: '<=' as const, value: LATENCY_GOAL_MS, source: 'issue 4: within one 60 Hz frame' };
    figures.push(
      figure(
        `page.${skin}.latencyMedian`,
        `${name}: keydown → frame showing it, median`,
        'ms',
        latencyMs.map((run) => median(run)),
        { better: 'lower', goal },
      ),
    );
    figures.push(
      figure(
        `page.${skin}.latencyP95`,
        `${name}: keydown → frame showing it, p95`,
        'ms',
        latencyMs.map((run) => quantile(run, 0.95)),
        { better: 'lower' },
      ),
    );
    figures.push(figure(`page.${skin}.firstBoard`, `${name}: navigation → first drawn board`, 'ms', firstBoardMs, { better: 'lower' }));
    series[`latency.${skin}`] = latencyMs.flat().map((x) => Number(x.toFixed(2)));
  }
  return { figures, series, notes: [`the built site at 800×800, a fresh page per run; ${moves} moves a run, one every 180 ms.`] };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  console.log(JSON.stringify(await benchPage({ moves: arg('moves', 50), runs: arg('runs', 3) }), null, 2));
}
