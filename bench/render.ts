/**
 * The 3D skin's rendering cost in headless Chromium on SwiftShader (software WebGL),
 * 600×600 CSS px at DPR 1, over a scripted burst of 200 moves (one every 80 ms, so
 * animations are cut short by the next move as with a fast player):
 * - frame work time: how long each frame's callback (pose update + `renderer.render`) ran;
 * - draw calls per frame, frames drawn while idle for 2 s (goal 0);
 * - JS heap and GPU object counts (`renderer.info.memory`) before and after, after a GC;
 * - gzip KB of the three-skin chunk of the built site (the cubes skin with three.js, loaded by `import()`).
 *
 * `npx tsx bench/render.ts [--runs 3]` prints JSON; every figure is the median over the runs.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import type { Direction } from '../src/engine';
import { launchBrowser } from '../test/browser/harness';
import type { ServedFixtures } from '../test/browser/fixtures/serve';
import { serveFixtures } from '../test/browser/fixtures/serve';
import { median, quantile, round } from './stats';

const MOVES = 200;
const MOVE_EVERY_MS = 80;
const IDLE_MS = 2000;
const ORDER: readonly Direction[] = ['left', 'down', 'right', 'down', 'left', 'up'];

/** Builds the site as shipped (the project's vite config) and measures its three-skin chunk. */
async function siteThreeChunkKB(): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'cube2048-bench-site-'));
  try {
    await build({ root: resolve(import.meta.dirname, '..'), logLevel: 'error', build: { outDir: dir, emptyOutDir: true, manifest: true } });
    return await threeChunkKB(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** gzip kB (1000 bytes, level 9, as vite reports) of the chunk `import()` loads for the cubes skin, plus chunks only it needs. */
async function threeChunkKB(dir: string): Promise<number> {
  type Entry = { file: string; imports?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(await readFile(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, Entry>;
  const key = Object.keys(manifest).find((k) => k.endsWith('src/skins/three/cubes.ts'));
  if (!key) throw new Error('the build has no chunk for src/skins/three/cubes.ts');
  // Chunks the pages load anyway (statically, from an entry) are not the skin's cost.
  const loadedByPages = new Set<string>();
  const visit = (k: string): void => {
    if (loadedByPages.has(k)) return;
    loadedByPages.add(k);
    for (const i of manifest[k]?.imports ?? []) visit(i);
  };
  for (const [k, entry] of Object.entries(manifest)) if (entry.isEntry) visit(k);
  const files = new Set<string>([manifest[key]!.file]);
  for (const imported of manifest[key]!.imports ?? []) if (!loadedByPages.has(imported)) files.add(manifest[imported]!.file);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(dir, file)), { level: 9 }).length;
  return bytes / 1000;
}

async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
}

async function oneRun(browser: Browser, served: ServedFixtures): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: { width: 600, height: 600 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(served.url('skins.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 2048, timedClock: true }));
  // Warm up (shader compilation, first uploads), then measure from a settled state.
  await page.evaluate(async () => {
    for (const d of ['left', 'right', 'up', 'down'] as const) window.fixture.move(d);
    await window.fixture.frames(30);
    window.fixture.frameWork();
  });
  const heapBefore = await heapMB(page);
  const gpuBefore = (await page.evaluate(() => window.fixture.stats()))!;

  await page.evaluate(
    async ({ moves, every, order }) => {
      let turn = 0;
      for (let i = 0; i < moves; i++) {
        let moved = false;
        for (let k = 0; k < order.length && !moved; k++) moved = window.fixture.move(order[(turn + k) % order.length]!);
        if (!moved) window.fixture.newGame();
        turn++;
        await new Promise((done) => setTimeout(done, every));
      }
    },
    { moves: MOVES, every: MOVE_EVERY_MS, order: ORDER },
  );
  await page.waitForTimeout(500);
  const { work, drawCalls, intervals } = await page.evaluate(() => window.fixture.frameWork());

  const settled = (await page.evaluate(() => window.fixture.stats()))!.frames;
  await page.waitForTimeout(IDLE_MS);
  const idleFrames = (await page.evaluate(() => window.fixture.stats()))!.frames - settled;
  const heapAfter = await heapMB(page);
  const gpuAfter = (await page.evaluate(() => window.fixture.stats()))!;
  await context.close();
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);

  return {
    frameWorkMedianMs: median(work),
    frameWorkP95Ms: quantile(work, 0.95),
    frameWorkP99Ms: quantile(work, 0.99),
    framesOver16_7msShare: work.filter((w) => w > 1000 / 60).length / Math.max(work.length, 1),
    framesDrawn: work.length,
    // Includes the GPU process drawing the previous frame: on SwiftShader that is the CPU rasterizing.
    frameIntervalMedianMs: median(intervals),
    frameIntervalP95Ms: quantile(intervals, 0.95),
    drawCallsMax: Math.max(...drawCalls),
    drawCallsMedian: median(drawCalls),
    idleFrames2s: idleFrames,
    jsHeapBeforeMB: heapBefore,
    jsHeapAfterMB: heapAfter,
    gpuGeometriesBefore: gpuBefore.geometries,
    gpuGeometriesAfter: gpuAfter.geometries,
    gpuTexturesBefore: gpuBefore.textures,
    gpuTexturesAfter: gpuAfter.textures,
  };
}

export async function benchRender(options: { runs?: number } = {}): Promise<Record<string, number>> {
  const runs = options.runs ?? 3;
  const [served, browser] = await Promise.all([serveFixtures(), launchBrowser()]);
  try {
    const results: Record<string, number>[] = [];
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, served));
    const summary: Record<string, number> = { runs, moves: MOVES, canvasCssPx: 600, devicePixelRatio: 1 };
    for (const key of Object.keys(results[0]!)) {
      const values = results.map((r) => r[key]!);
      summary[key] = round(median(values), 3);
      if (key.startsWith('frameWork')) {
        summary[`${key}Min`] = round(Math.min(...values), 3);
        summary[`${key}Max`] = round(Math.max(...values), 3);
      }
    }
    summary.threeChunkGzipKB = round(await siteThreeChunkKB(), 2);
    return summary;
  } finally {
    await browser.close();
    await served.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : undefined;
  console.log(JSON.stringify(await benchRender(runs ? { runs } : {}), null, 2));
}
