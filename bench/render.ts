/**
 * The 3D skin's rendering cost in each engine: headless Chromium on SwiftShader, Firefox and
 * WebKitGTK on Mesa llvmpipe under Xvfb (all software WebGL here, so compare the engines'
 * ratios, not absolute times), 600×600 CSS px at DPR 1, over a scripted burst of 200 moves
 * (one every 80 ms, so animations are cut short by the next move as with a fast player):
 * - frame work time: how long each frame's callback (pose update + `renderer.render`) ran;
 * - draw calls per frame, frames drawn while idle for 2 s (goal 0);
 * - JS heap (Chromium only: it takes CDP) and GPU object counts (`renderer.info.memory`) before and after, after a GC.
 * (The three-skin chunk's size is measured with the other bundles, in bench/sizes.ts.)
 *
 * Chromium also runs the burst in every look (src/skins/looks.ts), the looks taking turns within
 * each run so they share the machine's load: `render.look.glossy.frameWorkP95Ms` and so on,
 * with each look's p95 over clay's (`render.look.glossy.p95OverClay`; the goal is 1.5 at most).
 * And on a 4×4×4 cube in every look (issue 26), its moves taking all six directions in turn:
 * `render.cube.neon.drawCallsMax` (goal 12 at most, every tile moving), `…idleFrames2s` (goal 0)
 * and its frame work.
 *
 * `npx tsx bench/render.ts [--runs 3] [--engine firefox] [--look neon] [--cube]` prints JSON (`--cube`: the cube's burst); `renderSection` is the
 * `render` section of `npm run bench`: each figure is the median of the runs' values, with
 * their range; Chromium's keep their names (`render.frameWorkMedianMs`), the others' carry the
 * engine (`render.firefox.frameWorkMedianMs`).
 */
import { pathToFileURL } from 'node:url';
import type { CubeDirection, Direction } from '../src/engine';
import type { LookName } from '../src/skins/looks';
import { LOOKS } from '../src/skins/looks';
import type { EngineName, TestBrowser, TestPage } from '../test/browser/harness';
import { ENGINES, launchEngine, playwright } from '../test/browser/harness';
import type { ServedFixtures } from '../test/browser/fixtures/serve';
import { serveFixtures } from '../test/browser/fixtures/serve';
import type { Figure, SectionOptions, SectionRun } from './figures';
import { figure } from './figures';
import { median, quantile } from './stats';

const MOVES = 200;
const MOVE_EVERY_MS = 80;
const IDLE_MS = 2000;
const ORDER: readonly Direction[] = ['left', 'down', 'right', 'down', 'left', 'up'];
/** A cube's burst: the square's turns with `in` and `out` among them, so every tile moves across the layers too. */
const CUBE_ORDER: readonly CubeDirection[] = ['left', 'in', 'down', 'right', 'out', 'down', 'left', 'in', 'up', 'out'];
/** The board of a burst: the square 4×4, or the 4×4×4 cube. */
export type BurstBoard = 'square' | 'cube';

/** The JS heap after a GC, in MB; NaN outside Chromium (forcing a GC and reading the heap take CDP). */
async function heapMB(page: TestPage): Promise<number> {
  if (page.engine !== 'chromium') return Number.NaN;
  const native = playwright(page);
  const cdp = await native.context().newCDPSession(native);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
}

/** One run's figures, and every frame's work and interval for the histograms. */
interface RenderRun {
  readonly figures: Record<string, number>;
  readonly work: readonly number[];
  readonly intervals: readonly number[];
}

async function oneRun(browser: TestBrowser, served: ServedFixtures, look: LookName, board: BurstBoard = 'square'): Promise<RenderRun> {
  const context = await browser.newContext({ viewport: { width: 600, height: 600 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(served.url('skins.html'));
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.evaluate(
    ({ l, cube }) =>
      window.fixture.mount({ skin: 'cubes', seed: 2048, timedClock: true, look: l, ...(cube ? { dimensions: 3 as const } : {}) }),
    { l: look, cube: board === 'cube' },
  );
  await page.waitForFunction((l) => window.fixture.stats()?.look === l, look);
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
    { moves: MOVES, every: MOVE_EVERY_MS, order: board === 'cube' ? CUBE_ORDER : ORDER },
  );
  await page.waitForTimeout(500);
  const { work, drawCalls, intervals } = await page.evaluate(() => window.fixture.frameWork());

  const settled = (await page.evaluate(() => window.fixture.stats()))!.frames;
  await page.waitForTimeout(IDLE_MS);
  const idleFrames = (await page.evaluate(() => window.fixture.stats()))!.frames - settled;
  const heapAfter = await heapMB(page);
  const gpuAfter = (await page.evaluate(() => window.fixture.stats()))!;
  const errors = await page.errors();
  await context.close();
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);

  const figures = {
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
    gpuProgramsAfter: gpuAfter.programs,
  };
  return { figures, work, intervals };
}

/**
 * `runs` runs of the burst in each of `looks` (clay alone by default), the looks taking turns within a run; with
 * `cube`, the cube's burst in each look too, under `cube:<look>`.
 */
export async function benchRender(
  options: { runs?: number; engine?: EngineName; looks?: readonly LookName[]; cube?: boolean } = {},
): Promise<Record<string, RenderRun[]>> {
  const runs = options.runs ?? 3;
  const looks = options.looks ?? ['clay'];
  const boards: readonly BurstBoard[] = options.cube ? ['square', 'cube'] : ['square'];
  const [served, browser] = await Promise.all([serveFixtures(), launchEngine(options.engine ?? 'chromium')]);
  try {
    const results: Record<string, RenderRun[]> = {};
    for (let i = 0; i < runs; i++)
      for (const board of boards)
        for (const look of looks)
          (results[board === 'cube' ? `cube:${look}` : look] ??= []).push(await oneRun(browser, served, look, board));
    return results;
  } finally {
    await browser.close();
    await served.close();
  }
}

const LABELS: Readonly<Record<string, readonly [label: string, unit: string, better?: 'lower' | 'higher']>> = {
  frameWorkMedianMs: ['frame work, median', 'ms', 'lower'],
  frameWorkP95Ms: ['frame work, p95', 'ms', 'lower'],
  frameWorkP99Ms: ['frame work, p99', 'ms', 'lower'],
  framesOver16_7msShare: ['frames with work over 16.7 ms', '%', 'lower'],
  framesDrawn: [`frames drawn over ${MOVES} moves`, 'frames'],
  frameIntervalMedianMs: ['frame to next frame, median (SwiftShader)', 'ms', 'lower'],
  frameIntervalP95Ms: ['frame to next frame, p95 (SwiftShader)', 'ms', 'lower'],
  drawCallsMax: ['draw calls per frame, most', 'calls', 'lower'],
  drawCallsMedian: ['draw calls per frame, median', 'calls', 'lower'],
  idleFrames2s: ['frames drawn while idle 2 s', 'frames', 'lower'],
  jsHeapBeforeMB: ['JS heap before, after GC', 'MB'],
  jsHeapAfterMB: ['JS heap after, after GC', 'MB'],
  gpuGeometriesBefore: ['GPU geometries before', 'count'],
  gpuGeometriesAfter: ['GPU geometries after', 'count'],
  gpuTexturesBefore: ['GPU textures before', 'count'],
  gpuTexturesAfter: ['GPU textures after', 'count'],
  gpuProgramsAfter: ['shader programs after', 'count'],
};

/** Figures Firefox and WebKit report too (the heap needs CDP: Chromium only). */
const EVERY_ENGINE = Object.keys(LABELS).filter((key) => !key.startsWith('jsHeap'));

/** Each look's frame work and draw calls, and its p95 over clay's, from runs the looks took in turns. */
function lookFigures(byLook: Record<string, readonly RenderRun[]>): Figure[] {
  const clayP95 = (byLook.clay ?? []).map((r) => r.figures.frameWorkP95Ms ?? Number.NaN);
  return Object.entries(byLook).flatMap(([look, runs]) => {
    if (look.startsWith('cube:')) return [];
    const values = (key: string): number[] => runs.map((r) => r.figures[key] ?? Number.NaN);
    const p95 = values('frameWorkP95Ms');
    return [
      ...(['frameWorkMedianMs', 'frameWorkP95Ms', 'drawCallsMax', 'idleFrames2s'] as const).map((key) => {
        const [label, unit, better] = LABELS[key]!;
        return figure(`render.look.${look}.${key}`, `${look}: ${label}`, unit, values(key), better ? { better } : {});
      }),
      figure(
        `render.look.${look}.p95OverClay`,
        `${look}: frame work p95 over clay's in the same run`,
        '×',
        p95.map((v, i) => v / (clayP95[i] ?? Number.NaN)),
        { better: 'lower', goal: { op: '<=' as const, value: 1.5, source: 'issue 25: each look within 1.5× clay' } },
      ),
    ];
  });
}

/** The 4×4×4 cube's burst in each look: draw calls with every tile moving (goal 12 at most), frames at rest (goal 0), frame work. */
function cubeFigures(byLook: Record<string, readonly RenderRun[]>): Figure[] {
  return Object.entries(byLook).flatMap(([name, runs]) => {
    if (!name.startsWith('cube:')) return [];
    const look = name.slice('cube:'.length);
    return (['frameWorkMedianMs', 'frameWorkP95Ms', 'drawCallsMax', 'drawCallsMedian', 'idleFrames2s'] as const).map((key) => {
      const [label, unit, better] = LABELS[key]!;
      const goal =
        key === 'drawCallsMax'
          ? { goal: { op: '<=' as const, value: 12, source: 'issue 26: a 4×4×4 cube, every tile moving' } }
          : key === 'idleFrames2s'
            ? { goal: { op: '<=' as const, value: 0, source: 'draw on demand (ARCHITECTURE.md)' } }
            : {};
      return figure(
        `render.cube.${look}.${key}`,
        `4×4×4 cube, ${look}: ${label}`,
        unit,
        runs.map((r) => r.figures[key] ?? Number.NaN),
        { ...(better ? { better } : {}), ...goal },
      );
    });
  });
}

/** The 3D skin at 600×600 CSS px, DPR 1, 200 scripted moves, in each engine (Chromium's figures first, by their old names; its cube's after its looks'). */
export async function renderSection({ quick }: SectionOptions): Promise<SectionRun> {
  const figures: Figure[] = [];
  const series: Record<string, number[]> = {};
  const counts: string[] = [];
  for (const engine of ENGINES) {
    const chromium = engine === 'chromium';
    const byLook = await benchRender({ runs: quick ? 1 : 3, engine, looks: chromium ? LOOKS : ['clay'], cube: chromium });
    const runs = byLook.clay ?? [];
    if (chromium) figures.push(...lookFigures(byLook), ...cubeFigures(byLook));
    counts.push(`${engine} ${runs.length}`);
    const prefix = engine === 'chromium' ? 'render' : `render.${engine}`;
    for (const [key, [label, unit, better]] of Object.entries(LABELS)) {
      if (engine !== 'chromium' && !EVERY_ENGINE.includes(key)) continue;
      const values = runs.map((r) =>
        key === 'framesOver16_7msShare' ? 100 * (r.figures[key] ?? Number.NaN) : (r.figures[key] ?? Number.NaN),
      );
      const named = engine === 'chromium' ? label : `${engine}: ${label.replace('(SwiftShader)', '(llvmpipe)')}`;
      figures.push(
        figure(`${prefix}.${key}`, named, unit, values, {
          ...(better ? { better } : {}),
          ...(key === 'idleFrames2s' ? { goal: { op: '<=' as const, value: 0, source: 'draw on demand (ARCHITECTURE.md)' } } : {}),
        }),
      );
    }
    const suffix = engine === 'chromium' ? '' : `.${engine}`;
    series[`frameWorkMs${suffix}`] = runs.flatMap((r) => r.work.map((w) => Number(w.toFixed(3))));
    series[`frameIntervalMs${suffix}`] = runs.flatMap((r) => r.intervals.map((w) => Number(w.toFixed(2))));
  }
  return {
    figures,
    series,
    notes: [
      `runs per engine: ${counts.join(', ')}; ${MOVES} moves, one every ${MOVE_EVERY_MS} ms; frame work = the skin's frame callback (pose update + renderer.render), timed in the page.`,
      'All three engines draw WebGL in software here (SwiftShader, llvmpipe): compare their ratios, not absolute times.',
    ],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string): string | undefined => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const runs = arg('--runs');
  const engine = arg('--engine') as EngineName | undefined;
  const look = arg('--look') as LookName | undefined;
  const results = await benchRender({
    ...(runs ? { runs: Number(runs) } : {}),
    ...(engine ? { engine } : {}),
    looks: look ? [look] : LOOKS,
    cube: process.argv.includes('--cube'),
  });
  console.log(JSON.stringify(Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.map((one) => one.figures)])), null, 2));
}
