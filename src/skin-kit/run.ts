/**
 * The conformance run: one skin through a scripted game, in the page it is called in (a real
 * browser). Each check is a sentence; each problem says what was seen, when, and what to do.
 */
import type { Direction } from '../engine';
import { DIRECTIONS } from '../engine';
import type { Skin, SkinFactory, SkinOptions } from '../skins/skin';
import { notASkin } from '../skins/not-a-skin';
import { FADE_MS, SLIDE_MS } from '../skins/timeline';
import { createGameStore } from '../store';
import type { GameView, ReadonlyStore } from '../store/types';
import { ManualClock } from './clock';
import { motionProblems, restProblems } from './compare';
import { trackLeaks } from './leaks';

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

/** A store that counts the subscriptions a skin holds, so dispose() can be held to ending them. */
function countingStore(store: ReadonlyStore<GameView>): { readonly store: ReadonlyStore<GameView>; readonly open: () => number } {
  let open = 0;
  return {
    store: {
      getState: () => store.getState(),
      subscribe(listener) {
        const off = store.subscribe(listener);
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

/** A call into the skin that threw, already put in words ("setHint('left') threw TypeError: …"). */
class SkinCallError extends Error {}

const describeError = (error: unknown): string =>
  error instanceof SkinCallError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Runs `factory`'s skin through slides, merges, spawns, a win, undo, new games, a size
 * change, keys faster than the animation, finish(), reduced motion, a theme change, the hint
 * on and off, and dispose(); resolves with what it found. Never throws for a faulty skin:
 * a throw is a problem in the report.
 */
export async function runSkinKit(factory: SkinFactory, options: SkinKitOptions = {}): Promise<SkinKitReport> {
  const started = performance.now();
  const doc = options.host?.ownerDocument ?? document;
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  if (!win) throw new Error('cube2048/skin-kit runs in a document shown in a window (a real browser)');
  const host = options.host ?? doc.body.appendChild(Object.assign(doc.createElement('div'), { className: 'cube2048-skin-kit' }));
  if (!options.host) Object.assign(host.style, { position: 'relative', width: '320px', height: '320px' });
  const seed = options.seed ?? 2048;
  const realFrame = win.requestAnimationFrame.bind(win);
  const frames = (n: number): Promise<void> => new Promise((done) => (n <= 0 ? done() : realFrame(() => void frames(n - 1).then(done))));

  const clock = new ManualClock();
  const game = createGameStore({ storage: null, seed, size: 4 });
  const counted = countingStore(game);
  const act = (): ReturnType<typeof game.getState> => game.getState();
  const checks: SkinKitCheck[] = [];
  const tracker = trackLeaks(win);
  let skin: Skin | null = null;
  let name = '(unnamed)';

  /** Runs one check; a throw inside it (the skin's) is its problem, named with the call that threw. */
  const check = async (sentence: string, body: (problems: string[]) => Promise<void> | void): Promise<void> => {
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
    checks.push({ name: sentence, problems: shown });
  };
  const call = (what: string, run: () => void): void => {
    try {
      run();
    } catch (error) {
      throw new SkinCallError(`${what} threw ${describeError(error)}`, { cause: error });
    }
  };

  /**
   * Every frame the skin asks for runs (on its clock and the window's), until it asks for
   * none. A one-off request that comes late (a ResizeObserver's first call, which some
   * engines make several frames after mount) is waited for too; a skin that never stops
   * asking is caught by the idle check.
   */
  const settle = async (): Promise<void> => {
    for (let round = 0; round < 6; round++) {
      clock.runUntilIdle();
      await frames(2);
      if (clock.pending === 0 && tracker.pendingFrames === 0) return;
    }
  };
  /** What is wrong with what the skin shows now, the game being at rest. */
  const atRest = (when: string): string[] => {
    if (!skin?.inspect) return [];
    const seen = skin.inspect();
    const problems = restProblems(seen.tiles, act().game.board, when);
    if (seen.animating) problems.push(`${when}, inspect() still says animating after every frame it asked for has run`);
    return problems;
  };
  const midway = (when: string, elapsed: number, reduced: boolean): string[] => {
    clock.advance(elapsed);
    return skin?.inspect ? motionProblems(skin.inspect().tiles, act().game.size, when, reduced) : [];
  };
  /** The first direction that changes the board, played; null when none does. */
  const play = (): Direction | null => DIRECTIONS.find((dir) => act().move(dir)) ?? null;

  try {
    await check('the factory returns a skin and it mounts in the host', (problems) => {
      const made: unknown = factory({ theme: 'light', reducedMotion: false, parallax: false, ...options.skinOptions, clock });
      const wrong = notASkin(made);
      if (wrong) {
        problems.push(wrong);
        return;
      }
      const candidate = made as Skin;
      name = candidate.name;
      call('mount(host, store)', () => candidate.mount(host, counted.store));
      // Only a mounted skin goes on to the other checks.
      skin = candidate;
      if (host.childNodes.length === 0) problems.push('mount() added nothing to the host; a skin draws inside the host it is given');
      if (counted.open() === 0) problems.push('mount() did not subscribe to the store, so the skin cannot follow the game');
      if (!candidate.inspect) problems.push(NO_INSPECT);
    });
    const mounted = skin as Skin | null;
    if (!mounted) return report();

    await check('shows the first board at rest, and asks for no frames then', async (problems) => {
      await settle();
      problems.push(...atRest('after mounting'));
      if (clock.pending > 0 || tracker.pendingFrames > 0)
        problems.push('at rest the skin keeps asking for animation frames; draw on demand, only while something moves');
    });

    await check(
      'shows the board at rest after every move, and keeps tiles on the board while they slide, merge and spawn',
      async (problems) => {
        const seen = new Set<string>();
        for (let n = 1; n <= 40 && !(seen.has('slide') && seen.has('merge') && seen.has('spawn') && n > 12); n++) {
          const dir = play();
          if (!dir) break;
          for (const step of act().change.report?.steps ?? []) seen.add(step.kind);
          problems.push(...midway(`halfway through move ${n} (${dir})`, SLIDE_MS / 2, false));
          await settle();
          problems.push(...atRest(`after move ${n} (${dir})`));
        }
        if (!seen.has('merge')) problems.push('the scripted game made no merge (try another seed)');
      },
    );

    await check('shows a won game, and the game going on after it', async (problems) => {
      act().newGame({ seed: seed + 1, target: 16 });
      await settle();
      for (let n = 0; n < 200 && act().game.status === 'playing'; n++) if (!play()) break;
      await settle();
      if (act().game.status !== 'won') problems.push('the scripted game did not reach 16 (try another seed)');
      problems.push(...atRest('after the winning move'));
      act().keepGoing();
      await settle();
      problems.push(...atRest('after "keep going"'));
    });

    await check('shows the board again after undo', async (problems) => {
      play();
      await settle();
      act().undo();
      await settle();
      problems.push(...atRest('after undo'));
      play();
      clock.advance(10);
      act().undo();
      await settle();
      problems.push(...atRest('after undo in the middle of a move'));
    });

    await check('keeps up with keys faster than the animation', async (problems) => {
      for (let n = 1; n <= 8; n++) {
        const dir = play();
        if (!dir) break;
        problems.push(...midway(`10 ms into quick move ${n} (${dir})`, 10, false));
      }
      await settle();
      problems.push(...atRest('after eight quick moves'));
    });

    await check('jumps to the end of a move on finish()', async (problems) => {
      const dir = play();
      clock.advance(10);
      call('finish()', () => mounted.finish());
      clock.advance(0);
      await frames(1);
      clock.advance(0);
      problems.push(...atRest(`right after finish() in the middle of a move (${dir ?? 'none'})`));
      await settle();
    });

    await check('cross-fades instead of sliding with reduced motion', async (problems) => {
      call('update({ reducedMotion: true })', () => mounted.update({ reducedMotion: true }));
      await settle();
      for (let n = 1; n <= 3; n++) {
        const dir = play();
        if (!dir) break;
        problems.push(...midway(`halfway through reduced-motion move ${n} (${dir})`, FADE_MS / 2, true));
        await settle();
        problems.push(...atRest(`after reduced-motion move ${n} (${dir})`));
      }
      call('update({ reducedMotion: false })', () => mounted.update({ reducedMotion: false }));
      await settle();
    });

    await check('follows a theme change', async (problems) => {
      call("update({ theme: 'dark' })", () => mounted.update({ theme: 'dark' }));
      await settle();
      problems.push(...atRest('after switching to the dark theme'));
      call("update({ theme: 'light' })", () => mounted.update({ theme: 'light' }));
      await settle();
      problems.push(...atRest('after switching back to the light theme'));
    });

    await check('shows and hides the hint', async (problems) => {
      for (const dir of DIRECTIONS) call(`setHint('${dir}')`, () => mounted.setHint(dir));
      await settle();
      problems.push(...atRest('with a hint shown'));
      call('setHint(null)', () => mounted.setHint(null));
      await settle();
      problems.push(...atRest('after hiding the hint'));
    });

    await check('shows new games and other board sizes', async (problems) => {
      for (const size of [4, 5, 3, 8, 4]) {
        act().newGame({ size, seed: seed + size });
        await settle();
        problems.push(...atRest(`after a new ${size}×${size} game`));
        play();
        await settle();
        problems.push(...atRest(`after a move on the ${size}×${size} board`));
      }
    });

    await check('takes everything back on dispose()', (problems) => {
      call('dispose()', () => mounted.dispose());
      problems.push(...tracker.leftovers(host));
      const open = counted.open();
      if (open > 0)
        problems.push(`${open} store subscription${open === 1 ? ' is' : 's are'} still open; call the function subscribe() returned`);
      if (clock.pending > 0)
        problems.push(
          `${clock.pending} frame${clock.pending === 1 ? ' is' : 's are'} still requested from the clock the skin was given; cancel it in dispose()`,
        );
      const before = act().change.seq;
      play();
      if (act().change.seq === before) problems.push('the kit could not play after dispose() (the game should be untouched)');
    });
    return report();
  } finally {
    tracker.stop();
    game.destroy();
    if (!options.host) host.remove();
  }

  function report(): SkinKitReport {
    return { skin: name, passed: checks.every((c) => c.problems.length === 0), checks, ms: Math.round(performance.now() - started) };
  }
}

/** The report as text: one line per check, its problems under it. */
export function formatSkinKitReport(report: SkinKitReport): string {
  const failed = report.checks.filter((c) => c.problems.length > 0).length;
  const head = report.passed
    ? `✓ the ${report.skin} skin passed all ${report.checks.length} checks in ${report.ms} ms`
    : `✗ the ${report.skin} skin failed ${failed} of ${report.checks.length} checks (${report.ms} ms)`;
  const lines = report.checks.flatMap((c) => [`${c.problems.length === 0 ? '✓' : '✗'} ${c.name}`, ...c.problems.map((p) => `    - ${p}`)]);
  return [head, ...lines].join('\n');
}
