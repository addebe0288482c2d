/**
 * Does the AI make the page stutter? Autoplay at full speed on the built game page (flat
 * skin, headless Chromium), against a control that plays the same number of moves at the
 * same pace from the keyboard, with no AI:
 * - the main-thread task that handles each AI answer, as Chromium's own trace times it: the
 *   task that runs the answer's handler, start to end, microtasks included. Autoplay asks for
 *   the next move as soon as it has made one, so an answer usually arrives during the frame's
 *   wait and its task only stores it; when it arrives late, the task also makes the move (every
 *   store listener: skin, HUD, save). Timing it from the page would also count whatever frame
 *   the browser draws before a message posted at the reply runs.
 * - the gaps between animation frames during autoplay and during the control, and on an idle
 *   board. If autoplay's gaps match the control's, what slows the frames is drawing the
 *   moves on this machine, not the AI.
 *
 * `npx tsx bench/autoplay.ts [--seconds 8] [--runs 3]` prints JSON; `autoplaySection` is the
 * `autoplay` section of `npm run bench`.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Figure, SectionOptions, SectionRun } from './figures';
import { figure } from './figures';
import { withBuiltSite } from './site';
import { median, quantile } from './stats';

/** One frame at 60 Hz: the limit for a main-thread task caused by the AI. */
const FRAME_MS = 16.7;

/** The name the answer handler carries in the trace. */
const REPLY_HANDLER = 'cube2048AiReply';

/**
 * Installed as text before the page's scripts (tsx would add helpers the page lacks): frame
 * gaps, and a named wrapper around every worker's message handler, to find it in the trace.
 */
const RECORDER = `(() => {
  const rec = { gaps: [] };
  window.__autoplayBench = rec;
  let last = 0;
  const tick = (t) => { if (last) rec.gaps.push(t - last); last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const proto = Worker.prototype;
  const slot = Object.getOwnPropertyDescriptor(proto, 'onmessage');
  Object.defineProperty(proto, 'onmessage', {
    configurable: true,
    get() { return slot.get.call(this); },
    set(handler) {
      slot.set.call(this, handler && function ${REPLY_HANDLER}(event) { return handler.call(this, event); });
    },
  });
})()`;

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly args?: { readonly data?: { readonly functionName?: string } };
}

/** Milliseconds of each main-thread task that ran the answer handler, from a Chromium trace. */
export function replyTasks(trace: { traceEvents: readonly TraceEvent[] } | readonly TraceEvent[]): number[] {
  const events = Array.isArray(trace) ? (trace as readonly TraceEvent[]) : (trace as { traceEvents: readonly TraceEvent[] }).traceEvents;
  const calls = events.filter((e) => e.ph === 'X' && e.name === 'FunctionCall' && e.args?.data?.functionName === REPLY_HANDLER);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask');
  const out: number[] = [];
  for (const call of calls) {
    const task = tasks.find(
      (t) => t.pid === call.pid && t.tid === call.tid && t.ts <= call.ts && t.ts + (t.dur ?? 0) >= call.ts + (call.dur ?? 0),
    );
    if (task) out.push((task.dur ?? 0) / 1000);
  }
  return out;
}

interface Recorded {
  readonly gaps: number[];
}

const take = (page: Page): Promise<Recorded> =>
  page.evaluate('(() => { const r = window.__autoplayBench; const out = { gaps: r.gaps.splice(0) }; return out; })()') as Promise<Recorded>;

const movesShown = async (page: Page): Promise<number> => Number(await page.textContent('#moves'));

export interface AutoplayRun {
  readonly seconds: number;
  readonly moves: number;
  /** Main-thread ms of the task handling each AI answer (from the trace, see above). */
  readonly replyMs: readonly number[];
  readonly autoplayGaps: readonly number[];
  readonly controlGaps: readonly number[];
  readonly controlMoves: number;
  readonly idleGaps: readonly number[];
}

/** A fresh page (empty storage, flat skin, the recorder installed) showing a new game of `url`'s seed. */
async function freshPage(browser: Browser, url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 800, height: 800 }, deviceScaleFactor: 1 });
  await context.addInitScript(`try { localStorage.setItem('cube2048:settings:v1', JSON.stringify({ skin: 'flat' })); } catch {}`);
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('#board .skin-layer');
  await page.waitForTimeout(1000);
  await take(page);
  return { page, close: () => context.close() };
}

async function runOnce(browser: Browser, url: string, seconds: number): Promise<AutoplayRun> {
  const first = await freshPage(browser, url);
  let auto: Recorded;
  let idle: Recorded;
  let moves: number;
  let replyMs: number[];
  try {
    await first.page.waitForTimeout(2000);
    idle = await take(first.page);
    await first.page.selectOption('#ai-speed', 'max');
    await first.page.click('#ai-autoplay');
    await browser.startTracing(first.page, { categories: ['devtools.timeline', 'toplevel'] });
    // Only the traced seconds count: starting and stopping the trace takes a while.
    await take(first.page);
    const before = await movesShown(first.page);
    await first.page.waitForTimeout(seconds * 1000);
    moves = (await movesShown(first.page)) - before;
    auto = await take(first.page);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof replyTasks>[0];
    await first.page.click('#ai-autoplay');
    replyMs = replyTasks(trace);
  } finally {
    await first.close();
  }

  // The control: as many moves at the same pace, from keys, on a fresh game of the same seed.
  const second = await freshPage(browser, url);
  try {
    const { page } = second;
    await page.focus('#game');
    const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp'];
    const every = (seconds * 1000) / Math.max(1, moves);
    const started = Date.now();
    for (let i = 0; (await movesShown(page)) < moves && Date.now() - started < seconds * 2000; i++) {
      await page.keyboard.press(keys[i % keys.length] as string);
      const wait = started + (i + 1) * every - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
    }
    const controlMoves = await movesShown(page);
    const control = await take(page);
    return { seconds, moves, replyMs, autoplayGaps: auto.gaps, controlGaps: control.gaps, controlMoves, idleGaps: idle.gaps };
  } finally {
    await second.close();
  }
}

export async function benchAutoplay(options: { seconds?: number; runs?: number } = {}): Promise<AutoplayRun[]> {
  const seconds = options.seconds ?? 8;
  const runs = options.runs ?? 3;
  return withBuiltSite(async ({ url, browser }) => {
    const out: AutoplayRun[] = [];
    for (let r = 0; r < runs; r++) out.push(await runOnce(browser, `${url}index.html?seed=${3000 + r}`, seconds));
    return out;
  });
}

export async function autoplaySection({ quick }: SectionOptions): Promise<SectionRun> {
  const runs = await benchAutoplay({ seconds: quick ? 4 : 8, runs: quick ? 1 : 3 });
  const per = (f: (run: AutoplayRun) => number): number[] => runs.map(f);
  const lower = { better: 'lower' as const };
  const figures: Figure[] = [
    figure(
      'autoplay.movesPerSecond',
      'autoplay at Max: moves per second (flat)',
      'moves/s',
      per((r) => r.moves / r.seconds),
      { better: 'higher' },
    ),
    figure(
      'autoplay.replyMedian',
      'main-thread task per AI answer, median',
      'ms',
      per((r) => median(r.replyMs)),
      lower,
    ),
    figure(
      'autoplay.replyMax',
      'main-thread task per AI answer, longest',
      'ms',
      per((r) => Math.max(...r.replyMs)),
      {
        ...lower,
        goal: { op: '<=', value: FRAME_MS, source: 'issue 7: no main-thread frame over 16.7 ms caused by the AI' },
      },
    ),
    figure(
      'autoplay.replyOverFrame',
      'AI answers whose task took over 16.7 ms',
      '%',
      per((r) => (100 * r.replyMs.filter((ms) => ms > FRAME_MS).length) / Math.max(1, r.replyMs.length)),
      lower,
    ),
    figure(
      'autoplay.gapMedian',
      'frame gap during autoplay, median',
      'ms',
      per((r) => median(r.autoplayGaps)),
      lower,
    ),
    figure(
      'autoplay.gapP95',
      'frame gap during autoplay, p95',
      'ms',
      per((r) => quantile(r.autoplayGaps, 0.95)),
      lower,
    ),
    figure(
      'autoplay.controlGapMedian',
      'frame gap, same moves from keys (no AI), median',
      'ms',
      per((r) => median(r.controlGaps)),
      lower,
    ),
    figure(
      'autoplay.controlGapP95',
      'frame gap, same moves from keys (no AI), p95',
      'ms',
      per((r) => quantile(r.controlGaps, 0.95)),
      lower,
    ),
    figure(
      'autoplay.idleGapMedian',
      'frame gap on an idle board, median',
      'ms',
      per((r) => median(r.idleGaps)),
      lower,
    ),
  ];
  return {
    figures,
    series: {
      'autoplay.replyMs': runs.flatMap((r) => r.replyMs.map((x) => Number(x.toFixed(2)))),
      'autoplay.gaps': runs.flatMap((r) => r.autoplayGaps.map((x) => Number(x.toFixed(2)))),
    },
    notes: [
      `the built page, flat skin, 800×800; ${runs[0]?.seconds ?? 0} s of autoplay at Max per run, then the control: the same number of key moves at the same pace.`,
    ],
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const runs = await benchAutoplay({ seconds: arg('seconds', 8), runs: arg('runs', 3) });
  const summary = runs.map((r) => ({
    moves: r.moves,
    controlMoves: r.controlMoves,
    replyMedian: median(r.replyMs),
    replyP95: quantile(r.replyMs, 0.95),
    replyMax: Math.max(...r.replyMs),
    gapMedian: median(r.autoplayGaps),
    gapP95: quantile(r.autoplayGaps, 0.95),
    controlGapMedian: median(r.controlGaps),
    controlGapP95: quantile(r.controlGaps, 0.95),
    idleGapMedian: median(r.idleGaps),
  }));
  console.log(JSON.stringify(summary, null, 2));
}
