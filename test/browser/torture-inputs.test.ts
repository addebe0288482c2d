/**
 * Torture, part 1 (issue 9): 10,000 random inputs at full speed on the built game page.
 *
 * Inputs come from a seeded PRNG (the seed is printed; TORTURE_SEED repeats a run): game keys
 * in every direction and spelling (arrows, WASD, HJKL), swipes (pointer events; taps too
 * short to count among them), undo (U, Ctrl+Z, the button), new game (N, the button) and its
 * confirm dialog, whatever dialog is open (confirm, game over, win) answered with a random
 * button, skin switches flat ↔ cubes through the settings dialog (three short visits: the
 * cubes cost seconds on a software renderer), viewport resizes, the tab hidden and shown
 * (document.visibilityState overridden, visibilitychange, blur and focus dispatched), and a
 * few trusted keys and touch swipes sent through Chromium itself. Most inputs are sent from
 * inside the page, so 10,000 take about a minute; they mostly come in bursts with no pause
 * (the move queue full), now and then a task or a frame apart, so animations, dialogs and the
 * queue overlap. The page's randomness (new-game seeds) is seeded too, so a seed repeats a run.
 *
 * Checked after every single input, inside the page: the accessible grid shows exactly the
 * board of the save the store wrote to localStorage, the score, move count and best in the HUD
 * agree with it (the best at least the score, unless the AI hinted at the game), no console error or uncaught exception has happened, and a game key pressed
 * while a dialog is open changed nothing. Every save the page wrote (so after every input that
 * changed the game) is also replayed in Node at the end of its batch: record + seed + size +
 * target through newGame/playMove must give the saved board, score, generator and status, the
 * last undo snapshot must be the replayed position it claims, and the tiles must add up to the
 * spawned tiles.
 */
import type { TestContext, TestPage } from './harness';
import { describe, expect, it } from 'vitest';
import type { SavedGame } from '../../src/engine';
import { sharedBrowser, siteUrl, sweepCount } from './harness';
import { GAME_KEY, SETTINGS_KEY, boardShown, swipe } from './page-helpers';
import type { Random, SavedUndo } from './torture-helpers';
import { ReplayChecker, seededRandom, tortureSeed } from './torture-helpers';

const INPUTS = sweepCount(10_000);
/** Longest run of in-page inputs per round trip: a failure is reported, and the replays run, at least this often. */
const BATCH = 1000;

type Dir = 'left' | 'right' | 'up' | 'down';
type Pace = 'burst' | 'task' | 'frame';

/** An input sent from inside the page. Each carries `r`, which picks an answer when a dialog is open. */
type PageInput =
  | {
      readonly kind: 'key';
      readonly key: string;
      readonly code: string;
      readonly ctrl: boolean;
      readonly game: boolean;
      readonly pace: Pace;
      readonly r: number;
    }
  | { readonly kind: 'swipe'; readonly dx: number; readonly dy: number; readonly pace: Pace; readonly r: number }
  | { readonly kind: 'click'; readonly id: 'undo' | 'new-game'; readonly pace: Pace; readonly r: number }
  | { readonly kind: 'skin'; readonly skin: 'cubes' | 'flat'; readonly pace: Pace; readonly r: number }
  | { readonly kind: 'visibility'; readonly hidden: boolean; readonly pace: Pace; readonly r: number }
  | { readonly kind: 'check'; readonly pace: Pace; readonly r: number };

/** An input sent through Chromium from Node: a resize, a trusted key, a trusted touch swipe. */
type NodeInput =
  | { readonly kind: 'resize'; readonly width: number; readonly height: number }
  | { readonly kind: 'press'; readonly key: string }
  | { readonly kind: 'touch'; readonly dx: number; readonly dy: number };

type Input = PageInput | NodeInput;

const isNodeInput = (input: Input): input is NodeInput => input.kind === 'resize' || input.kind === 'press' || input.kind === 'touch';

const KEYS: Readonly<Record<Dir, readonly (readonly [string, string])[]>> = {
  left: [
    ['ArrowLeft', 'ArrowLeft'],
    ['a', 'KeyA'],
    ['h', 'KeyH'],
  ],
  right: [
    ['ArrowRight', 'ArrowRight'],
    ['d', 'KeyD'],
    ['l', 'KeyL'],
  ],
  up: [
    ['ArrowUp', 'ArrowUp'],
    ['w', 'KeyW'],
    ['k', 'KeyK'],
  ],
  down: [
    ['ArrowDown', 'ArrowDown'],
    ['s', 'KeyS'],
    ['j', 'KeyJ'],
  ],
};
const DIRS: readonly Dir[] = ['left', 'right', 'up', 'down'];

/** Visits to the cubes: each costs seconds on a software renderer (three.js, shaders, slow frames), so a few short ones. */
const CUBES_VISITS = 3;
const RESIZES = 12;
/** Touch swipes through Chromium's own input pipeline: each costs a second on a busy machine, so two (the rest are pointer events sent in the page). */
const TOUCHES = 2;

/** The whole input sequence of a run, from its seed alone. */
function inputsOf(random: Random, count: number): Input[] {
  const basePace = (): Pace => {
    const p = random.next();
    return p < 0.975 ? 'burst' : p < 0.995 ? 'task' : 'frame';
  };
  // Where the cubes are shown (from, to) and where the window is resized: spread over the run.
  const visits = Array.from({ length: CUBES_VISITS }, (_, i) => {
    const from = Math.floor(((i + 0.2 + random.next() * 0.5) * count) / CUBES_VISITS);
    return [from, from + 12 + random.int(16)] as const;
  });
  const resizes = new Set(Array.from({ length: RESIZES }, () => random.int(count)));
  const touches = new Set(Array.from({ length: TOUCHES }, () => random.int(count)));
  const out: Input[] = [];
  let hidden = false;
  while (out.length < count) {
    const at = out.length;
    const visit = visits.find(([from, to]) => at >= from && at <= to);
    // On the cubes, inputs come a task or a frame apart, so the slow frames really interleave.
    const pace = (): Pace => (visit ? random.pick(['task', 'frame'] as const) : basePace());
    const key = (key: string, code: string, ctrl = false, game = true): PageInput => ({
      kind: 'key',
      key,
      code,
      ctrl,
      game,
      pace: pace(),
      r: random.next(),
    });
    if (visit && (at === visit[0] || at === visit[1])) {
      out.push({ kind: 'skin', skin: at === visit[0] ? 'cubes' : 'flat', pace: pace(), r: random.next() });
      continue;
    }
    if (resizes.has(at)) {
      out.push({ kind: 'resize', width: 320 + random.int(1100), height: 480 + random.int(600) });
      continue;
    }
    if (touches.has(at)) {
      const dir = random.pick(DIRS);
      const d = 60 + random.int(80);
      out.push({ kind: 'touch', dx: dir === 'left' ? -d : dir === 'right' ? d : 0, dy: dir === 'up' ? -d : dir === 'down' ? d : 0 });
      continue;
    }
    const p = random.next();
    if (p < 0.72) {
      const [k, code] = random.pick(KEYS[random.pick(DIRS)]);
      out.push(key(k, code));
    } else if (p < 0.78) {
      // Some are too short to count as a swipe: a tap, which must change nothing.
      const length = random.chance(0.1) ? random.int(5) : 30 + random.int(150);
      const dir = random.pick(DIRS);
      const along = dir === 'left' || dir === 'up' ? -length : length;
      const across = random.int(21) - 10;
      const horizontal = dir === 'left' || dir === 'right';
      out.push({ kind: 'swipe', dx: horizontal ? along : across, dy: horizontal ? across : along, pace: pace(), r: random.next() });
    } else if (p < 0.86) {
      const which = random.int(3);
      out.push(
        which === 0
          ? key('u', 'KeyU')
          : which === 1
            ? key('z', 'KeyZ', true)
            : { kind: 'click', id: 'undo', pace: pace(), r: random.next() },
      );
    } else if (p < 0.868) {
      out.push(random.chance(0.5) ? key('n', 'KeyN') : { kind: 'click', id: 'new-game', pace: pace(), r: random.next() });
    } else if (p < 0.895) {
      hidden = !hidden;
      out.push({ kind: 'visibility', hidden, pace: pace(), r: random.next() });
    } else if (p < 0.91) {
      // Keys that are not the game's (the hint key among them) must leave the game alone.
      const [k, code] = random.pick([
        ['i', 'KeyI'],
        ['x', 'KeyX'],
        ['Enter', 'Enter'],
        ['1', 'Digit1'],
        ['Shift', 'ShiftLeft'],
      ] as const);
      out.push(key(k, code, false, false));
    } else if (p < 0.912) {
      out.push({ kind: 'press', key: random.pick(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'w', 'u', 'n', 'Escape', 'Enter']) });
    } else {
      const [k, code] = random.pick(KEYS[random.pick(DIRS)]);
      out.push(key(k, code));
    }
  }
  return out;
}

interface Snapshot {
  readonly step: number;
  readonly game: SavedGame;
  readonly undo: SavedUndo | null;
}

interface BatchResult {
  readonly failure: { readonly step: number; readonly input: string; readonly problem: string } | null;
  readonly snapshots: readonly Snapshot[];
  readonly stats: Readonly<Record<string, number>>;
}

interface Driver {
  run(inputs: readonly PageInput[], firstStep: number): Promise<BatchResult>;
}

declare global {
  interface Window {
    torture: Driver;
  }
}

/**
 * Installed before the page's own scripts: seeds the page's randomness (new-game seeds come
 * from crypto.getRandomValues) so a run replays with the same tiles, lets the test hide and
 * show the tab, records console errors the moment they happen, and runs inputs with the check.
 */
function installDriver(options: { seed: number; gameKey: string }): void {
  let s = options.seed >>> 0;
  const next32 = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const getRandomValues = crypto.getRandomValues.bind(crypto) as (array: unknown) => unknown;
  crypto.getRandomValues = ((array: unknown) => {
    if (!(array instanceof Uint32Array)) return getRandomValues(array);
    for (let i = 0; i < array.length; i++) array[i] = next32();
    return array;
  }) as typeof crypto.getRandomValues;

  const errors: string[] = [];
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
    consoleError(...args);
  };
  addEventListener('error', (event) => errors.push(`uncaught: ${event.message}`));
  addEventListener('unhandledrejection', (event) => errors.push(`unhandled rejection: ${String(event.reason)}`));

  let hidden = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });

  const stats: Record<string, number> = {};
  const count = (name: string): void => {
    stats[name] = (stats[name] ?? 0) + 1;
  };
  const channel = new MessageChannel();
  const tasks: (() => void)[] = [];
  channel.port1.onmessage = () => tasks.shift()?.();
  const wait = (pace: string): Promise<void> | null => {
    if (pace === 'task')
      return new Promise((resolve) => {
        tasks.push(resolve);
        channel.port2.postMessage(null);
      });
    // A frame, or 50 ms where frames stall (a software renderer busy with the cubes).
    if (pace === 'frame')
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, 50);
        requestAnimationFrame(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    return null;
  };

  const byId = (id: string): HTMLElement => {
    const el = document.getElementById(id);
    if (!el) throw new Error(`no #${id}`);
    return el;
  };
  const number = (id: string): number => Number((byId(id).textContent ?? '').replace(/,/g, ''));
  const openDialog = (): HTMLDialogElement | null => document.querySelector<HTMLDialogElement>('dialog[open]');

  /** Answers the open dialog with one of its buttons, as a player would click it. */
  const answer = (dialog: HTMLDialogElement, r: number): void => {
    const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('form button[value]')].filter((b) => !b.disabled);
    const button = buttons[Math.floor(r * buttons.length)];
    count(`answer ${dialog.id} ${button?.value ?? '(none)'}`);
    if (button) button.click();
    else dialog.close();
  };

  const act = (input: PageInput): void => {
    count(input.kind);
    switch (input.kind) {
      case 'key': {
        const target = document.activeElement ?? document.body;
        target.dispatchEvent(
          new KeyboardEvent('keydown', { key: input.key, code: input.code, ctrlKey: input.ctrl, bubbles: true, cancelable: true }),
        );
        target.dispatchEvent(
          new KeyboardEvent('keyup', { key: input.key, code: input.code, ctrlKey: input.ctrl, bubbles: true, cancelable: true }),
        );
        break;
      }
      case 'swipe': {
        // Sent to the board itself, so no hit test: any start point will do, and reading the board's
        // box here would force a layout per swipe that a real swipe does not cost.
        const board = byId('board');
        const x = 300;
        const y = 300;
        const pointer = { pointerId: 7, isPrimary: true, pointerType: 'touch', bubbles: true, cancelable: true, composed: true };
        board.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, clientX: x, clientY: y, buttons: 1 }));
        board.dispatchEvent(
          new PointerEvent('pointermove', { ...pointer, clientX: x + input.dx / 2, clientY: y + input.dy / 2, buttons: 1 }),
        );
        board.dispatchEvent(new PointerEvent('pointerup', { ...pointer, clientX: x + input.dx, clientY: y + input.dy }));
        break;
      }
      case 'click':
        byId(input.id).click();
        break;
      case 'skin': {
        // Through the settings dialog, the way a player switches: open, choose, close.
        byId('open-settings').click();
        document.querySelector<HTMLInputElement>(`#settings-dialog input[name="skin"][value="${input.skin}"]`)?.click();
        document.querySelector<HTMLButtonElement>('#settings-dialog button[value="close"]')?.click();
        count(`skin ${input.skin}`);
        break;
      }
      case 'visibility':
        hidden = input.hidden;
        document.dispatchEvent(new Event('visibilitychange'));
        dispatchEvent(new Event(hidden ? 'blur' : 'focus'));
        break;
      case 'check':
        break;
    }
  };

  let lastSave: string | null = null;
  let lastGame: SavedGame | null = null;
  let lastAnalysis = '';
  /** The seed of the game the AI last hinted at. */
  let hintedSeed: number | null = null;
  /** The per-input check: null when all is well, else what is wrong. */
  const check = (keyInDialog: boolean, before: string | null): string | null => {
    if (errors.length > 0) return `console error: ${errors.join(' | ')}`;
    const text = localStorage.getItem(options.gameKey);
    if (text === null) return 'nothing is saved';
    if (keyInDialog && text !== before) {
      const open = document.querySelector('dialog[open]')?.id ?? 'none now';
      return `a game key changed the game while a dialog was open (dialog ${open}, focus on ${document.activeElement?.id || document.activeElement?.tagName})`;
    }
    let save: { game: SavedGame; undo: SavedUndo[] };
    try {
      save = JSON.parse(text) as typeof save;
    } catch {
      return 'the save is not JSON';
    }
    const game = save.game;
    const rows = [...document.querySelectorAll('#game [role="row"]')];
    const shown = rows.flatMap((row) =>
      [...row.querySelectorAll('[role="gridcell"]')].map((cell) => (cell.textContent === 'empty' ? 0 : Number(cell.textContent))),
    );
    if (rows.length !== game.size || shown.join() !== game.cells.join())
      return `the grid shows [${shown.join()}] (${rows.length} rows), the save holds [${game.cells.join()}] (size ${game.size})`;
    if (number('score') !== game.score) return `the HUD shows score ${number('score')}, the save has ${game.score}`;
    if (number('moves') !== game.record.length) return `the HUD shows ${number('moves')} moves, the save has ${game.record.length}`;
    // A trusted Enter can land on the AI's Hint button: a game it hinted at does not raise the best score.
    const analysis = document.getElementById('ai-analysis')?.textContent ?? '';
    if (analysis !== lastAnalysis) {
      lastAnalysis = analysis;
      if (analysis !== '') {
        hintedSeed = game.seed;
        count('hints shown');
      }
    }
    if (number('best') < game.score && hintedSeed !== game.seed) return `the best (${number('best')}) is below the score (${game.score})`;
    if (text !== lastSave) {
      // What changed, for the totals: a move, an undo or a new game.
      const was = lastGame;
      if (was && was.seed === game.seed && game.record.length === was.record.length + 1) count('moves made');
      else if (was && was.seed === game.seed && game.record.length === was.record.length - 1) count('moves undone');
      else if (was && (was.seed !== game.seed || game.record.length === 0)) count('new games');
      lastSave = text;
      lastGame = game;
      snapshots.push({ step: current, game, undo: save.undo[save.undo.length - 1] ?? null });
    }
    if (document.querySelector('#board canvas')) count('inputs on cubes');
    return null;
  };

  let snapshots: Snapshot[] = [];
  let current = 0;
  window.torture = {
    async run(inputs, firstStep) {
      snapshots = [];
      for (const name of Object.keys(stats)) delete stats[name];
      for (const [i, input] of inputs.entries()) {
        current = firstStep + i;
        // A game key meant for an open dialog: what earlier inputs started (a confirmed new game
        // replaces the game a few promise turns after its dialog closed) settles first, so the
        // check below sees only what this key did. WebKit may run those turns inside the key's dispatch.
        if (input.kind === 'key' && input.game && openDialog()) await wait('task');
        const dialog = openDialog();
        const before = localStorage.getItem(options.gameKey);
        let keyInDialog = false;
        // With a dialog open, most inputs answer it (clicks cannot reach the page behind it);
        // a skin switch answers it and then switches, so every visit to the cubes happens.
        if (dialog && input.kind === 'skin') {
          answer(dialog, input.r);
          act(input);
        } else if (dialog && input.kind !== 'check' && (input.kind !== 'key' || input.r < 0.7))
          // A key answers when its r is below 0.7: scaled back to the whole range, so every button is as likely.
          answer(dialog, input.kind === 'key' ? input.r / 0.7 : input.r);
        else {
          keyInDialog = dialog !== null && input.kind === 'key' && input.game;
          act(input);
        }
        const problem = check(keyInDialog, before);
        if (problem) return { failure: { step: current, input: JSON.stringify(input), problem }, snapshots, stats: { ...stats } };
        const pause = wait(input.pace);
        if (pause) await pause;
      }
      return { failure: null, snapshots, stats: { ...stats } };
    },
  };
}

describe(`the game page under ${INPUTS.toLocaleString('en-US')} random inputs`, () => {
  const browser = sharedBrowser();

  it('keeps the grid, the HUD and the save in step after every input, every save replays exactly, and no error reaches the console', async () => {
    const seed = tortureSeed('random inputs');
    const where = (step: number): string => `seed ${seed}, step ${step} (TORTURE_SEED=${seed} repeats it)`;
    const inputs = inputsOf(seededRandom(seed), INPUTS);

    const context: TestContext = await browser().newContext({
      viewport: { width: 800, height: 800 },
      deviceScaleFactor: 1,
      hasTouch: true,
    });
    // The flat board to start with; the inputs switch to the cubes now and then.
    await context.addInitScript(
      ([key, value]) => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      },
      [SETTINGS_KEY, JSON.stringify({ skin: 'flat' })] as const,
    );
    await context.addInitScript(installDriver, { seed, gameKey: GAME_KEY });
    const page: TestPage = await context.newPage();
    await page.goto(siteUrl('index.html'));
    await boardShown(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY)).toContain('flat');

    const checker = new ReplayChecker();
    const totals: Record<string, number> = {};
    const runPage = async (batch: PageInput[], first: number): Promise<void> => {
      const result = await page.evaluate(([b, f]) => window.torture.run(b, f), [batch, first] as const);
      if (result.failure) expect.fail(`${where(result.failure.step)}: ${result.failure.problem}\n  input: ${result.failure.input}`);
      for (const snap of result.snapshots) {
        const problem = checker.check(snap.game, snap.undo ?? undefined);
        if (problem)
          expect.fail(`${where(snap.step)}: ${problem}\n  record ${snap.game.record} (seed ${snap.game.seed}, size ${snap.game.size})`);
      }
      for (const [name, n] of Object.entries(result.stats)) totals[name] = (totals[name] ?? 0) + n;
      expect(await page.errors(), where(first + batch.length - 1)).toEqual([]);
    };

    let batch: PageInput[] = [];
    let first = 0;
    for (const [step, input] of inputs.entries()) {
      if (!isNodeInput(input)) {
        if (batch.length === 0) first = step;
        batch.push(input);
        if (batch.length >= BATCH) {
          await runPage(batch, first);
          batch = [];
        }
        continue;
      }
      if (batch.length > 0) await runPage(batch, first);
      batch = [];
      if (input.kind === 'resize') await page.setViewportSize({ width: input.width, height: input.height });
      else if (input.kind === 'press') await page.keyboard.press(input.key);
      else await swipe(page, input.dx, input.dy);
      totals[input.kind] = (totals[input.kind] ?? 0) + 1;
      await runPage([{ kind: 'check', pace: 'burst', r: 0 }], step);
    }
    if (batch.length > 0) await runPage(batch, first);

    // The run really went everywhere it was meant to go.
    console.log(`random inputs: ${checker.checked} saves replayed; ${JSON.stringify(totals)}`);
    const total = (name: string): number => totals[name] ?? 0;
    expect(checker.checked, 'saves written and replayed').toBeGreaterThan(INPUTS / 3);
    expect(total('moves made')).toBeGreaterThan(INPUTS / 4);
    expect(total('moves undone')).toBeGreaterThan(INPUTS / 50);
    // Rarer inputs: at least three in ten thousand, and at least one in a shorter run.
    const rare = Math.max(1, Math.floor((3 * INPUTS) / 10_000));
    expect(total('new games')).toBeGreaterThanOrEqual(rare);
    expect(total('answer confirm-dialog confirm'), 'new games confirmed').toBeGreaterThanOrEqual(rare);
    expect(total('answer confirm-dialog cancel'), 'new games declined').toBeGreaterThanOrEqual(rare);
    expect(total('skin cubes'), 'switches to the cubes').toBe(CUBES_VISITS);
    expect(total('inputs on cubes'), 'inputs while the cubes were shown').toBeGreaterThan(CUBES_VISITS * 4);
    expect(total('resize')).toBeGreaterThan(RESIZES / 2);
    expect(total('visibility')).toBeGreaterThan(INPUTS / 100);
    expect(total('swipe')).toBeGreaterThan(INPUTS / 40);
    expect(await page.errors()).toEqual([]);
    await context.close();
  }, 240_000);
});
