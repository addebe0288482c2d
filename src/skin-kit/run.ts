/**
 * The conformance run: one skin through a scripted game, in the page it is called in (a real
 * browser). Each check is a sentence; each problem says what was seen, when, and what to do.
 */
import type { Direction } from '../engine';
import { DIRECTIONS } from '../engine';
import type { FrameClock, Skin, SkinFactory, SkinInspection, SkinOptions } from '../skins/skin';
import { notASkin } from '../skins/not-a-skin';
import { FADE_MS, SLIDE_MS } from '../skins/timeline';
import type { GameView, ReadonlyStore } from '../store/types';
import { ManualClock } from './clock';
import { motionProblems, restProblems } from './compare';
import type { LeakTracker } from './leaks';
import { trackLeaks } from './leaks';
import type { TestGame } from './test-game';
import { createTestGame } from './test-game';
import type { SkinCode } from './skin-code';

export interface SkinKitOptions {
  /** Where the skin is mounted; the kit makes (and removes) a 320 px square on the page when absent. */
  readonly host?: HTMLElement;
  /** The seed of the scripted games (default 2048): another seed plays other boards. */
  readonly seed?: number;
  /** Options the skin starts with, besides the kit's own clock (the kit sets theme and motion as it goes). */
  readonly skinOptions?: Omit<SkinOptions, 'clock'>;
}

export interface SkinKitCheck {
  /** What was checked, as a sentence ("shows the board at rest after every move"). */
  readonly name: string;
  /** What went wrong, one sentence each; empty when the check passed. */
  readonly problems: readonly string[];
}

export interface SkinKitReport {
  /** The skin's `name`. */
  readonly skin: string;
  readonly passed: boolean;
  readonly checks: readonly SkinKitCheck[];
  /** How long the run took, in milliseconds. */
  readonly ms: number;
}

/** Problems listed per check. */
const MAX_PROBLEMS = 6;

const NO_INSPECT =
  'the skin has no inspect(), so the kit cannot see what it shows; add inspect() returning the tiles drawn in the latest frame (docs/skins.md)';

/**
 * A store that counts the subscriptions a skin holds, so dispose() can be held to ending them;
 * the skin's listeners run as its own code.
 */
function countingStore(
  store: ReadonlyStore<GameView>,
  code: SkinCode,
): { readonly store: ReadonlyStore<GameView>; readonly open: () => number } {
  let open = 0;
  return {
    store: {
      getState: () => store.getState(),
      subscribe(listener) {
        const off = store.subscribe(code.wrap('its store listener', listener));
        open++;
        let done = false;
        return () => {
          if (!done) open--;
          done = true;
          off();
        };
      },
    },
    open: () => open,
  };
}

/** The kit's clock as the skin gets it: its frames run as the skin's own code. */
const clockFor = (clock: ManualClock, code: SkinCode): FrameClock => ({
  now: () => clock.now(),
  requestFrame: (callback) => clock.requestFrame(code.wrap('a frame it asked the clock for', callback)),
  cancelFrame: (handle) => clock.cancelFrame(handle),
});

/** A call into the skin that threw, already put in words ("setHint('left') threw TypeError: …"). */
class SkinCallError extends Error {}

const describeError = (error: unknown): string =>
  error instanceof SkinCallError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** One kit run: the host, the clock and game the skin is given, and what has been found so far. */
interface KitRun {
  readonly host: HTMLElement;
  /** The seed of the scripted games. */
  readonly seed: number;
  readonly clock: ManualClock;
  /** The clock the skin is given: the kit's, its frames run as the skin's code. */
  readonly skinClock: FrameClock;
  readonly game: TestGame;
  readonly counted: ReturnType<typeof countingStore>;
  /** The game now. */
  readonly view: () => GameView;
  readonly tracker: LeakTracker;
  /** Waits for `n` of the window's own frames (not counted as the skin's). */
  readonly frames: (n: number) => Promise<void>;
  readonly checks: SkinKitCheck[];
  /** The skin, once it has mounted. */
  skin: Skin | null;
  name: string;
}

/** Sets a run up in the page: the host (made when not given), the leak tracker, and the game. */
function startRun(options: SkinKitOptions): KitRun {
  const doc = options.host?.ownerDocument ?? document;
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  if (!win) throw new Error('cube2048/skin-kit runs in a document shown in a window (a real browser)');
  const host = options.host ?? doc.body.appendChild(Object.assign(doc.createElement('div'), { className: 'cube2048-skin-kit' }));
  if (!options.host) Object.assign(host.style, { position: 'relative', width: '320px', height: '320px' });
  const seed = options.seed ?? 2048;
  const realFrame = win.requestAnimationFrame.bind(win);
  const frames = (n: number): Promise<void> => new Promise((done) => (n <= 0 ? done() : realFrame(() => void frames(n - 1).then(done))));
  const tracker = trackLeaks(win);
  const clock = new ManualClock();
  const game = createTestGame({ seed });
  const counted = countingStore(game.store, tracker.code);
  const view = (): GameView => game.store.getState();
  const checks: SkinKitCheck[] = [];
  const skinClock = clockFor(clock, tracker.code);
  return { host, seed, clock, skinClock, game, counted, view, tracker, frames, checks, skin: null, name: '(unnamed)' };
}

/** Runs one check; a throw inside it (the skin's) is its problem, named with the call that threw. */
async function check(run: KitRun, sentence: string, body: (problems: string[]) => Promise<void> | void): Promise<void> {
  const problems: string[] = [];
  try {
    await body(problems);
  } catch (error) {
    problems.push(describeError(error));
  }
  // The first few say what is wrong; a hundred more of the same would only bury them.
  const shown =
    problems.length > MAX_PROBLEMS
      ? [...problems.slice(0, MAX_PROBLEMS), `and ${problems.length - MAX_PROBLEMS} more problems like these`]
      : problems;
  run.checks.push({ name: sentence, problems: shown });
}

/** Calls into the skin, as its own code; a throw becomes a SkinCallError naming `what` was called. */
function call<T>(run: KitRun, what: string, body: () => T): T {
  try {
    return run.tracker.code.run(what, body);
  } catch (error) {
    throw new SkinCallError(`${what} threw ${describeError(error)}`, { cause: error });
  }
}

/**
 * Every frame the skin asks for runs (on its clock and the window's), until it asks for
 * none. A one-off request that comes late (a ResizeObserver's first call, which some
 * engines make several frames after mount) is waited for too; a skin that never stops
 * asking is caught by the idle check.
 */
async function settle({ clock, frames, tracker }: KitRun): Promise<void> {
  for (let round = 0; round < 6; round++) {
    clock.runUntilIdle();
    await frames(2);
    if (clock.pending === 0 && tracker.pendingFrames === 0) return;
  }
}

/** What the skin says it shows, asked as a call into it; null for a skin without inspect(). */
function inspect(run: KitRun): SkinInspection | null {
  const look = run.skin?.inspect?.bind(run.skin);
  return look ? call(run, 'inspect()', look) : null;
}

/** What is wrong with what the skin shows now, the game being at rest. */
function atRest(run: KitRun, when: string): string[] {
  const seen = inspect(run);
  if (!seen) return [];
  const problems = restProblems(seen.tiles, run.view().game.board, when);
  if (seen.animating) problems.push(`${when}, inspect() still says animating after every frame it asked for has run`);
  return problems;
}

/** What is wrong with what the skin shows `elapsed` ms into a move. */
function midway(run: KitRun, when: string, elapsed: number, reduced: boolean): string[] {
  run.clock.advance(elapsed);
  const seen = inspect(run);
  return seen ? motionProblems(seen.tiles, run.view().game.size, when, reduced) : [];
}

/** The first direction that changes the board, played; null when none does. */
const play = ({ game }: KitRun): Direction | null => DIRECTIONS.find((dir) => game.move(dir)) ?? null;

function report(run: KitRun, started: number): SkinKitReport {
  const { name: skin, checks } = run;
  return { skin, passed: checks.every((c) => c.problems.length === 0), checks, ms: Math.round(performance.now() - started) };
}

/**
 * Runs `factory`'s skin through slides, merges, spawns, a win, undo, new games, a size
 * change, keys faster than the animation, finish(), reduced motion, a theme change, the hint
 * on and off, and dispose(); resolves with what it found. Never throws for a faulty skin:
 * a throw is a problem in the report.
 */
export async function runSkinKit(factory: SkinFactory, options: SkinKitOptions = {}): Promise<SkinKitReport> {
  const started = performance.now();
  const run = startRun(options);
  try {
    await check(run, 'the factory returns a skin and it mounts in the host', (problems) => mountSkin(run, factory, options, problems));
    // Only a mounted skin goes on to the other checks.
    const mounted = run.skin as Skin | null;
    if (!mounted) return report(run, started);
    for (const [sentence, body] of CHECKS) await check(run, sentence, (problems) => body(run, mounted, problems));
    return report(run, started);
  } finally {
    run.tracker.stop();
    run.game.destroy();
    if (!options.host) run.host.remove();
  }
}

function mountSkin(run: KitRun, factory: SkinFactory, options: SkinKitOptions, problems: string[]): void {
  const given: SkinOptions = { theme: 'light', reducedMotion: false, parallax: false, ...options.skinOptions, clock: run.skinClock };
  const made: unknown = call(run, 'the factory', () => factory(given));
  const wrong = notASkin(made);
  if (wrong) {
    problems.push(wrong);
    return;
  }
  const candidate = made as Skin;
  run.name = candidate.name;
  call(run, 'mount(host, store)', () => candidate.mount(run.host, run.counted.store));
  run.skin = candidate;
  if (run.host.childNodes.length === 0) problems.push('mount() added nothing to the host; a skin draws inside the host it is given');
  if (run.counted.open() === 0) problems.push('mount() did not subscribe to the store, so the skin cannot follow the game');
  if (!candidate.inspect) problems.push(NO_INSPECT);
}

type CheckBody = (run: KitRun, skin: Skin, problems: string[]) => Promise<void> | void;

async function firstBoardAtRest(run: KitRun, _skin: Skin, problems: string[]): Promise<void> {
  await settle(run);
  problems.push(...atRest(run, 'after mounting'));
  if (run.clock.pending > 0 || run.tracker.pendingFrames > 0)
    problems.push('at rest the skin keeps asking for animation frames; draw on demand, only while something moves');
}

async function everyMove(run: KitRun, _skin: Skin, problems: string[]): Promise<void> {
  const seen = new Set<string>();
  for (let n = 1; n <= 40 && !(seen.has('slide') && seen.has('merge') && seen.has('spawn') && n > 12); n++) {
    const dir = play(run);
    if (!dir) break;
    for (const step of run.view().change.report?.steps ?? []) seen.add(step.kind);
    problems.push(...midway(run, `halfway through move ${n} (${dir})`, SLIDE_MS / 2, false));
    await settle(run);
    problems.push(...atRest(run, `after move ${n} (${dir})`));
  }
  if (!seen.has('merge')) problems.push('the scripted game made no merge (try another seed)');
}

async function wonGame(run: KitRun, _skin: Skin, problems: string[]): Promise<void> {
  const { game, view } = run;
  game.newGame({ seed: run.seed + 1, target: 16 });
  await settle(run);
  for (let n = 0; n < 200 && view().game.status === 'playing'; n++) if (!play(run)) break;
  await settle(run);
  if (view().game.status !== 'won') problems.push('the scripted game did not reach 16 (try another seed)');
  problems.push(...atRest(run, 'after the winning move'));
  game.keepGoing();
  await settle(run);
  problems.push(...atRest(run, 'after "keep going"'));
}

async function undoing(run: KitRun, _skin: Skin, problems: string[]): Promise<void> {
  play(run);
  await settle(run);
  run.game.undo();
  await settle(run);
  problems.push(...atRest(run, 'after undo'));
  play(run);
  run.clock.advance(10);
  run.game.undo();
  await settle(run);
  problems.push(...atRest(run, 'after undo in the middle of a move'));
}

async function quickKeys(run: KitRun, _skin: Skin, problems: string[]): Promise<void> {
  for (let n = 1; n <= 8; n++) {
    const dir = play(run);
    if (!dir) break;
    problems.push(...midway(run, `10 ms into quick move ${n} (${dir})`, 10, false));
  }
  await settle(run);
  problems.push(...atRest(run, 'after eight quick moves'));
}

async function finishMidMove(run: KitRun, skin: Skin, problems: string[]): Promise<void> {
  const dir = play(run);
  run.clock.advance(10);
  call(run, 'finish()', () => skin.finish());
  run.clock.advance(0);
  await run.frames(1);
  run.clock.advance(0);
  problems.push(...atRest(run, `right after finish() in the middle of a move (${dir ?? 'none'})`));
  await settle(run);
}

async function reducedMotion(run: KitRun, skin: Skin, problems: string[]): Promise<void> {
  call(run, 'update({ reducedMotion: true })', () => skin.update({ reducedMotion: true }));
  await settle(run);
  for (let n = 1; n <= 3; n++) {
    const dir = play(run);
    if (!dir) break;
    problems.push(...midway(run, `halfway through reduced-motion move ${n} (${dir})`, FADE_MS / 2, true));
    await settle(run);
    problems.push(...atRest(run, `after reduced-motion move ${n} (${dir})`));
  }
  call(run, 'update({ reducedMotion: false })', () => skin.update({ reducedMotion: false }));
  await settle(run);
}

async function themeChange(run: KitRun, skin: Skin, problems: string[]): Promise<void> {
  call(run, "update({ theme: 'dark' })", () => skin.update({ theme: 'dark' }));
  await settle(run);
  problems.push(...atRest(run, 'after switching to the dark theme'));
  call(run, "update({ theme: 'light' })", () => skin.update({ theme: 'light' }));
  await settle(run);
  problems.push(...atRest(run, 'after switching back to the light theme'));
}

async function hintOnAndOff(run: KitRun, skin: Skin, problems: string[]): Promise<void> {
  for (const dir of DIRECTIONS) call(run, `setHint('${dir}')`, () => skin.setHint(dir));
  await settle(run);
  problems.push(...atRest(run, 'with a hint shown'));
  call(run, 'setHint(null)', () => skin.setHint(null));
  await settle(run);
  problems.push(...atRest(run, 'after hiding the hint'));
}

async function newGamesAndSizes(run: KitRun, _skin: Skin, problems: string[]): Promise<void> {
  for (const size of [4, 5, 3, 8, 4]) {
    run.game.newGame({ size, seed: run.seed + size });
    await settle(run);
    problems.push(...atRest(run, `after a new ${size}×${size} game`));
    play(run);
    await settle(run);
    problems.push(...atRest(run, `after a move on the ${size}×${size} board`));
  }
}

function disposeTakesBack(run: KitRun, skin: Skin, problems: string[]): void {
  const { clock, view } = run;
  call(run, 'dispose()', () => skin.dispose());
  problems.push(...run.tracker.leftovers(run.host));
  const open = run.counted.open();
  if (open > 0)
    problems.push(`${open} store subscription${open === 1 ? ' is' : 's are'} still open; call the function subscribe() returned`);
  if (clock.pending > 0)
    problems.push(
      `${clock.pending} frame${clock.pending === 1 ? ' is' : 's are'} still requested from the clock the skin was given; cancel it in dispose()`,
    );
  const before = view().change.seq;
  play(run);
  if (view().change.seq === before) problems.push('the kit could not play after dispose() (the game should be untouched)');
}

/** The checks after mounting, in the order they run: each a sentence and what it does. */
const CHECKS: readonly (readonly [string, CheckBody])[] = [
  ['shows the first board at rest, and asks for no frames then', firstBoardAtRest],
  ['shows the board at rest after every move, and keeps tiles on the board while they slide, merge and spawn', everyMove],
  ['shows a won game, and the game going on after it', wonGame],
  ['shows the board again after undo', undoing],
  ['keeps up with keys faster than the animation', quickKeys],
  ['jumps to the end of a move on finish()', finishMidMove],
  ['cross-fades instead of sliding with reduced motion', reducedMotion],
  ['follows a theme change', themeChange],
  ['shows and hides the hint', hintOnAndOff],
  ['shows new games and other board sizes', newGamesAndSizes],
  ['takes everything back on dispose()', disposeTakesBack],
];

/** The report as text: one line per check, its problems under it. */
export function formatSkinKitReport(report: SkinKitReport): string {
  const failed = report.checks.filter((c) => c.problems.length > 0).length;
  const head = report.passed
    ? `✓ the ${report.skin} skin passed all ${report.checks.length} checks in ${report.ms} ms`
    : `✗ the ${report.skin} skin failed ${failed} of ${report.checks.length} checks (${report.ms} ms)`;
  const lines = report.checks.flatMap((c) => [`${c.problems.length === 0 ? '✓' : '✗'} ${c.name}`, ...c.problems.map((p) => `    - ${p}`)]);
  return [head, ...lines].join('\n');
}
