/**
 * What a first visit to the game page costs, as a site owner's server sees it and as the
 * player's browser fetches it, in headless Chromium on the built site:
 * - `firstVisitRequests`, `firstVisitKB`: every request the server answered (the page's and
 *   its service worker's) from navigation until the worker has cached what it keeps, and the
 *   bytes of the bodies it sent (uncompressed, as the files are; a 304 sends none);
 * - `firstVisitRepeated`: files whose body the server sent more than once in that visit;
 * - `tenMovesJsKB`: the JavaScript the page itself fetched from navigation to its tenth move
 *   (and what those moves set loading), in kB of gzip -9 (each script once), with the default
 *   (3D) board: what a player downloads to play. test/budgets.test.ts holds it to 160 kB.
 * The site is served as a static host serves a Vite build: files with an ETag, hashed files in
 * assets/ immutable.
 *
 * `npx tsx bench/visit.ts` builds the site, serves it and prints JSON; `visitSection` is the
 * `visit` section of `npm run bench`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { launchChromiumBrowser } from '../test/browser/engines/chromium';
import { serveDirectory } from '../test/browser/static-server';
import type { SectionRun } from './figures';
import { figure } from './figures';

const IMMUTABLE = { 'cache-control': 'public, max-age=31536000, immutable' };
const MOVES = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp'] as const;
/** The 3D page's budget as a player meets it (issue 24): every script through ten moves, gzip kB. */
export const TEN_MOVES_BUDGET_KB = 160;

export interface VisitReport {
  readonly firstVisitRequests: number;
  readonly firstVisitKB: number;
  readonly firstVisitRepeated: readonly string[];
  readonly tenMovesJsKB: number;
  readonly served: readonly string[];
  readonly tenMovesScripts: readonly string[];
}

async function gzipKB(files: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(file), { level: 9 }).length;
  return Number((bytes / 1000).toFixed(2));
}

export async function measureVisit(): Promise<VisitReport> {
  const root = resolve(import.meta.dirname, '..');
  const site = await mkdtemp(join(tmpdir(), 'cube2048-visit-'));
  try {
    await build({ root, logLevel: 'error', build: { outDir: site, emptyOutDir: true, chunkSizeWarningLimit: 4096 } });
    const served: { path: string; status: number; bytes: number }[] = [];
    const server = await serveDirectory(
      site,
      (path) => (path.startsWith('/assets/') ? IMMUTABLE : {}),
      (path, status, bytes) => void served.push({ path, status, bytes }),
    );
    const browser = await launchChromiumBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith('.js') && !scripts.includes(url.pathname)) scripts.push(url.pathname);
      });
      await page.goto(server.url);
      await page.waitForFunction(() => document.querySelector('#board canvas, #board .tile') !== null, null, { timeout: 60_000 });
      await page.locator('#game').focus();
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press(MOVES[i % MOVES.length] ?? 'ArrowLeft');
        await page.waitForTimeout(150);
      }
      // Whatever the ten moves set loading counts: the list is read once a second passes with no new script.
      for (let count = -1; count !== scripts.length;) {
        count = scripts.length;
        await page.waitForTimeout(1000);
      }
      const tenMovesScripts = [...scripts];
      // The service worker has taken the page and kept what it keeps: the requests stop.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
      let seen = -1;
      while (seen !== served.length) {
        seen = served.length;
        await page.waitForTimeout(1500);
      }
      await context.close();
      const sent = served.filter(({ status }) => status === 200).map(({ path }) => (path === '/' ? '/index.html' : path));
      return {
        firstVisitRequests: served.length,
        firstVisitKB: Number((served.reduce((total, { bytes }) => total + bytes, 0) / 1000).toFixed(1)),
        firstVisitRepeated: [...new Set(sent.filter((path, i) => sent.indexOf(path) !== i))],
        tenMovesJsKB: await gzipKB(tenMovesScripts.map((path) => join(site, path))),
        served: served.map(({ path, status }) => `${status} ${path}`),
        tenMovesScripts,
      };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await rm(site, { recursive: true, force: true });
  }
}

export async function visitSection(): Promise<SectionRun> {
  const report = await measureVisit();
  return {
    figures: [
      figure('visit.firstVisitRequests', 'first visit: requests', 'requests', [report.firstVisitRequests], { better: 'lower', digits: 0 }),
      figure('visit.firstVisitKB', 'first visit: bytes sent', 'kB', [report.firstVisitKB], { better: 'lower', digits: 1 }),
      figure('visit.firstVisitRepeated', 'first visit: files sent twice', 'files', [report.firstVisitRepeated.length], {
        better: 'lower',
        digits: 0,
        goal: { op: '<=', value: 0, source: 'issue 24' },
      }),
      figure('visit.tenMovesJsKB', '3D page: JavaScript through ten moves', 'kB gzip', [report.tenMovesJsKB], {
        better: 'lower',
        digits: 2,
        goal: { op: '<=', value: TEN_MOVES_BUDGET_KB, source: 'issue 24 budget' },
      }),
    ],
    notes: ['bytes as the files are (the test server compresses nothing); scripts through ten moves: each once, gzip -9.'],
    details: { served: report.served, tenMovesScripts: report.tenMovesScripts },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureVisit(), null, 2));
