/**
 * The game page's responsiveness, measured in headless Chromium on the built site:
 * - input latency: from a key's `keydown` (its event timestamp) to the end of the first frame
 *   rendered after the move reached the store (the frame whose rendering shows it), over many moves;
 * - gzip KB of the JavaScript the page loads with the flat skin and with the 3D skin;
 * - time from navigation to the first drawn board.
 *
 * `npx tsx bench/latency.ts [--moves 100] [--runs 5]` builds the site, serves it and prints JSON.
 * `measureLatency(page)` works on any open game page (a benchmark or a test).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../test/browser/harness';
import { serveDirectory } from '../test/browser/static-server';

export interface Summary {
  readonly samples: number;
  readonly median: number;
  readonly p95: number;
  readonly min: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  const round = (x: number): number => Math.round(x * 100) / 100;
  return { samples: sorted.length, median: round(at(0.5)), p95: round(at(0.95)), min: round(sorted[0] ?? NaN), max: round(sorted[sorted.length - 1] ?? NaN) };
}

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
 * the keydown → rendered-frame latency of each. Leaves a pause after each move so every sample
 * is a move applied at once, not one waiting in the queue behind another.
 */
export async function measureLatency(page: Page, options: { readonly moves?: number; readonly pauseMs?: number } = {}): Promise<Summary> {
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
  return summarize(samples.slice(0, moves));
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

/** gzip bytes of the same-origin scripts this page loaded, read from the built files. */
async function scriptBytes(page: Page, siteDir: string, origin: string): Promise<{ files: string[]; gzip: number; raw: number }> {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const files = [...new Set(urls.filter((u) => u.startsWith(origin) && new URL(u).pathname.endsWith('.js')).map((u) => new URL(u).pathname.slice(1)))].sort();
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const body = await readFile(join(siteDir, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files, gzip, raw };
}

const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

/** Input latency, first drawn board and page JS size for the flat and the cubes skin. */
export async function benchPage(options: { moves?: number; runs?: number } = {}): Promise<Record<string, unknown>> {
  const moves = options.moves ?? 100;
  const runs = options.runs ?? 5;
  const root = resolve(import.meta.dirname, '..');
  const siteDir = await mkdtemp(join(tmpdir(), 'cube2048-bench-'));
  const { build } = await import('vite');
  await build({ root, logLevel: 'error', build: { outDir: siteDir, emptyOutDir: true } });
  const server = await serveDirectory(siteDir);
  const browser = await launchBrowser();
  const origin = server.url.replace(/\/$/, '');
  const url = `${server.url}index.html?seed=2048&size=6`;
  try {
    const report: Record<string, unknown> = { machine: { cpus: (await import('node:os')).cpus().length }, moves, runs };
    for (const skin of ['flat', 'cubes'] as const) {
      const firstBoard: number[] = [];
      let js: Awaited<ReturnType<typeof scriptBytes>> | null = null;
      for (let r = 0; r < runs; r++) {
        const { page, close } = await openFresh(browser, url, skin);
        firstBoard.push(await page.evaluate(() => performance.getEntriesByName('cube2048:first-board')[0]?.startTime ?? NaN));
        js ??= await scriptBytes(page, siteDir, origin);
        await close();
      }
      const { page, close } = await openFresh(browser, url, skin);
      const latency = await measureLatency(page, { moves });
      await close();
      report[skin] = {
        latencyMs: latency,
        firstBoardMs: summarize(firstBoard),
        js: { gzipKB: kb(js?.gzip ?? 0), rawKB: kb(js?.raw ?? 0), files: js?.files ?? [] },
      };
    }
    return report;
  } finally {
    await browser.close();
    await server.close();
    await rm(siteDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  console.log(JSON.stringify(await benchPage({ moves: arg('moves', 100), runs: arg('runs', 5) }), null, 2));
}
