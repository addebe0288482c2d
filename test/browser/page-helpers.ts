/** Opening the built game page and reading it the way a player (or a screen reader) does. */
import { expect } from 'vitest';
import type { Board, Direction, GameState } from '../../src/engine';
import { fromRows, playMove, seedRng, serializeGame, toRows } from '../../src/engine';
import type { TestBrowser, TestContext, TestPage } from './harness';
import { siteUrl } from './harness';

export interface GameOptions {
  /** Query string of the first load, e.g. "?seed=123". */
  readonly query?: string;
  /** The board style saved in the settings before the first load (default flat: fast and exact). */
  readonly skin?: 'cubes' | 'flat';
  /** localStorage entries written before the first load only (a reload keeps what the page saved). */
  readonly storage?: Readonly<Record<string, string>>;
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly hasTouch?: boolean;
  readonly baseUrl?: string;
  /** Extra script run before the page's own on every load. */
  readonly initScript?: string;
  /** The browser's language (see ContextOptions.locale). */
  readonly locale?: string;
}

export interface OpenGame {
  readonly context: TestContext;
  readonly page: TestPage;
  /** The console errors and uncaught exceptions the page has had. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export const SETTINGS_KEY = 'cube2048:settings:v1';
/** The game page's history database. */
export const HISTORY_DB = 'cube2048:history';
export const GAME_KEY = 'cube2048:game:v1';
export const BEST_KEY = 'cube2048:best:v1';

/** Opens the game page in a fresh context: empty storage except what `storage` and `skin` put there. */
export async function openGame(browser: TestBrowser, options: GameOptions = {}): Promise<OpenGame> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 800, height: 800 },
    deviceScaleFactor: 1,
    hasTouch: options.hasTouch ?? false,
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const seed = { [SETTINGS_KEY]: JSON.stringify({ skin: options.skin ?? 'flat' }), ...options.storage };
  // Only on the first load of this tab: later reloads must find what the page itself saved.
  await context.addInitScript((entries: Record<string, string>) => {
    try {
      if (sessionStorage.getItem('test:seeded')) return;
      sessionStorage.setItem('test:seeded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    } catch {
      // A test that blocks storage on purpose.
    }
  }, seed);
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  await page.goto(new URL(`index.html${options.query ?? ''}`, options.baseUrl ?? siteUrl()).href);
  await boardShown(page);
  return { context, page, errors: () => page.errors(), close: () => context.close() };
}

/** Waits until a skin has drawn the board (the page marks its first drawn frame). */
export async function boardShown(page: TestPage): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('cube2048:first-board').length > 0, null, { timeout: 30_000 });
}

/** The board as the accessible grid names it: numbers, 0 for "empty". */
export async function readGrid(page: TestPage): Promise<number[][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#game [role="row"]')].map((row) =>
      [...row.querySelectorAll('[role="gridcell"]')].map((cell) => (/^\d+$/.test(cell.textContent ?? '') ? Number(cell.textContent) : 0)),
    ),
  );
}

export interface Hud {
  readonly score: number;
  readonly best: number;
  readonly moves: number;
  readonly undoEnabled: boolean;
}

export async function readHud(page: TestPage): Promise<Hud> {
  return page.evaluate(() => {
    const num = (id: string): number => Number(document.getElementById(id)?.textContent?.replace(/\D/g, ''));
    return {
      score: num('score'),
      best: num('best'),
      moves: num('moves'),
      undoEnabled: !(document.getElementById('undo') as HTMLButtonElement).disabled,
    };
  });
}

/** What the polite live region says now, without the no-break space that forces repeats to be read. */
export const liveText = (page: TestPage): Promise<string> =>
  page.evaluate(() => (document.getElementById('live')?.textContent ?? '').trim());

/** Waits until the page has played `moves` moves (input is paced a frame at a time). */
export async function waitForMoves(page: TestPage, moves: number): Promise<void> {
  await page.waitForFunction((n) => document.getElementById('moves')?.textContent?.replace(/\D/g, '') === String(n), moves);
}

/** Expects the page to show `state`: the grid, the score and the move count. */
export async function expectShows(page: TestPage, state: GameState): Promise<void> {
  await waitForMoves(page, state.record.length);
  expect(await readGrid(page)).toEqual(toRows(state.board));
  expect((await readHud(page)).score).toBe(state.score);
}

export const rowsOf = (board: Board): number[][] => toRows(board);

/** A save file as the store writes it, for crafting a position before the page loads. */
export const saveOf = (game: GameState, past: readonly GameState[] = []): string =>
  JSON.stringify({
    v: 1,
    game: serializeGame(game),
    undo: past.map((s) => {
      const { record, ...rest } = serializeGame(s);
      return { ...rest, moves: record.length };
    }),
  });

export const KEY_OF: Readonly<Record<Direction, string>> = { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' };

/**
 * Presses the arrow key of each of `dirs`, and returns the states the engine goes through from
 * `from`: `from` first, then one for each move that changes the board. The page takes its keys
 * a frame at a time, so wait for it to show the last one (or use `playMoves`).
 */
export async function pressMoves(page: TestPage, from: GameState, dirs: readonly Direction[]): Promise<GameState[]> {
  const states = [from];
  for (const dir of dirs) {
    const next = playMove(states[states.length - 1] as GameState, dir);
    await page.keyboard.press(KEY_OF[dir]);
    if (next.report.moved) states.push(next.state);
  }
  return states;
}

/** Plays `dirs` with the arrow keys from `from`, expects the page to show where the engine ends up, and returns that state. */
export async function playMoves(page: TestPage, from: GameState, dirs: readonly Direction[]): Promise<GameState> {
  const states = await pressMoves(page, from, dirs);
  const last = states[states.length - 1] as GameState;
  await expectShows(page, last);
  return last;
}

/**
 * A swipe with one finger on the board, through the browser's touch input (pointer events
 * follow). WebKitGTK's WebDriver sends a touch drag as mouse pointer events, which the
 * board reads as the same swipe.
 */
export async function swipe(page: TestPage, dx: number, dy: number): Promise<void> {
  const box = await page.locator('#board').boundingBox();
  if (!box) throw new Error('the board is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.touchscreen.drag(Array.from({ length: 6 }, (_, i) => ({ x: x + (dx * i) / 5, y: y + (dy * i) / 5 })));
}

export async function openSettings(page: TestPage): Promise<void> {
  await page.click('#open-settings');
  await page.waitForFunction(() => (document.getElementById('settings-dialog') as HTMLDialogElement).open);
}

/** An expression for `waitForFunction` or `evaluate`: whether the dialog with this id is open (negate it with `!`). */
export const dialogOpen = (id: string): string => `(document.getElementById('${id}')?.open === true)`;

export const isDialogOpen = (page: TestPage, id: string): Promise<boolean> => page.evaluate<boolean>(dialogOpen(id));

/** Picks a settings choice, e.g. `choose(page, 'skin', 'cubes')`; the settings dialog must be open. */
export const choose = (page: TestPage, name: string, value: string): Promise<void> =>
  page.click(`#settings-dialog label:has(input[name="${name}"][value="${value}"])`);

/** A game in progress at `rows` with `score` (seed 1, four moves played): a position to save before the page loads. */
export const position = (score: number, rows: number[][]): GameState => ({
  size: rows.length,
  board: fromRows(rows),
  score,
  status: 'playing',
  record: 'LRUD',
  seed: 1,
  rng: seedRng(1),
  target: 2048,
});

/** One left move away from 2048. */
export const nearlyWon = (): GameState =>
  position(20_000, [
    [1024, 1024, 0, 0],
    [2, 4, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 2],
  ]);

/** A real game played until it ends (test/history/games.ts): the positions before its last moves, and those moves. */
export { lastMoveOfAGame } from '../history/games';

/** Every entry in the page's history database (summaries joined with their moves). */
export const storedGames = (
  page: TestPage,
  dbName = HISTORY_DB,
): Promise<{ id: string; score: number; end: string; mode: string; moves: number }[]> =>
  page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        // Looking must not create the database: a missing one has no games.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('games')) return resolve([]);
          const tx = db.transaction(['games', 'moves'], 'readonly');
          const games = tx.objectStore('games').getAll();
          const moves = tx.objectStore('moves').getAll();
          tx.oncomplete = () => {
            const letters = new Map((moves.result as { id: string; moves: string }[]).map((m) => [m.id, m.moves.length]));
            resolve(
              (games.result as { id: string; score: number; end: string; mode: string }[]).map((g) => ({
                id: g.id,
                score: g.score,
                end: g.end,
                mode: g.mode,
                moves: letters.get(g.id) ?? -1,
              })),
            );
            db.close();
          };
        };
      }),
    dbName,
  );
