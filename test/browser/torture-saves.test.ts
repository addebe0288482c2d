/**
 * Torture, part 3 (issue 9): corrupt and hostile saves in localStorage before the page loads,
 * and storage that throws. Whatever is found, the game starts (a board is shown), the player
 * is told in a notice, nothing pollutes Object.prototype, no error reaches the console, and a
 * good best score saved next to a bad game is never lowered: not on load, not after a few
 * moves, not after a reload. The cases run one after another in one tab (storage cleared in
 * between) to keep the time down; every failure names its case.
 */
import type { TestContext, TestPage } from './harness';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import { newGame, playMove, toRows } from '../../src/engine';
import { sharedBrowser, siteUrl, sweep } from './harness';
import type { Hud } from './page-helpers';
import { BEST_KEY, GAME_KEY, SETTINGS_KEY, boardShown, saveOf } from './page-helpers';

const GOOD_BEST = 5000;
const GOOD_BEST_TEXT = JSON.stringify({ v: 1, bySize: { 4: GOOD_BEST } });

/** A real game a few moves in, with its undo history: the save every hostile variant starts from. */
function baseGame(): { state: GameState; past: GameState[] } {
  let state = newGame({ seed: 4711 });
  const past: GameState[] = [];
  for (const dir of ['left', 'down', 'right', 'down', 'left', 'up'] as Direction[]) {
    const next = playMove(state, dir);
    if (!next.report.moved) continue;
    past.push(state);
    state = next.state;
  }
  return { state, past };
}
const BASE = baseGame();
const BASE_TEXT = saveOf(BASE.state, BASE.past);

type Json = Record<string, unknown>;
/** The base save as plain data, for a case to break. */
const base = (): { v: number; game: Json; undo: Json[] } => JSON.parse(BASE_TEXT) as { v: number; game: Json; undo: Json[] };
/** The base save with `patch` over its game. */
const withGame = (patch: Json): string => {
  const save = base();
  return JSON.stringify({ ...save, game: { ...save.game, ...patch } });
};
/** The base save with `edit` applied to its data, however rude. */
const edited = (edit: (save: ReturnType<typeof base>) => unknown): string => JSON.stringify(edit(base()));
const cellsWith = (value: unknown): unknown[] => {
  const cells: unknown[] = [...(base().game['cells'] as number[])];
  cells[5] = value;
  return cells;
};

type StorageTrap = 'throws-on-write' | 'throws-on-read' | 'blocked';

/** Text written to storage as is, or built in the page (megabytes need not cross the wire). */
type StoredText = string | { readonly repeat: string; readonly times: number; readonly before?: string; readonly after?: string };

interface SaveCase {
  readonly name: string;
  /** The saved game found on load (absent: none). */
  readonly game?: StoredText;
  /** The saved best scores (default: a good best of 5,000 on 4×4). */
  readonly best?: StoredText;
  readonly trap?: StorageTrap;
  /** The saved game is fine and resumes. */
  readonly resumes?: boolean;
}

const CORRUPT_SAVE = /Your saved game could not be read; a new game was started\./;
const CORRUPT_BEST = /Your best score could not be read/;
const NO_STORAGE = /Saving is unavailable in this browser/;

/** What the player must be told for a case. */
function noticesFor(c: SaveCase): RegExp[] {
  if (c.trap === 'throws-on-read' || c.trap === 'blocked') return [NO_STORAGE];
  const out: RegExp[] = [];
  if (c.game !== undefined && !c.resumes) out.push(CORRUPT_SAVE);
  if (c.best !== undefined) out.push(CORRUPT_BEST);
  if (c.trap === 'throws-on-write') out.push(NO_STORAGE);
  return out;
}

const readable = (c: SaveCase): boolean => c.trap !== 'throws-on-read' && c.trap !== 'blocked';

/**
 * The base save's text with raw JSON added at the end of its game object, and of the save
 * itself: duplicate keys are legal JSON and the last one wins, so these override the good fields.
 */
const gameEndsWith = (inGame: string, inSave = ''): string => {
  const at = BASE_TEXT.indexOf('},"undo":');
  return `${BASE_TEXT.slice(0, at)},${inGame}},"undo":${BASE_TEXT.slice(at + 9, -1)}${inSave ? `,${inSave}` : ''}}`;
};

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const CASES: readonly SaveCase[] = [
  // Not a save at all.
  { name: 'an empty string', game: '' },
  { name: 'JSON cut off half way', game: BASE_TEXT.slice(0, Math.floor(BASE_TEXT.length / 2)) },
  { name: 'null', game: 'null' },
  { name: 'a number', game: '42' },
  { name: 'an empty array', game: '[]' },
  { name: 'an empty object', game: '{}' },
  { name: 'NaN', game: 'NaN' },
  { name: 'a byte-order mark before good JSON', game: `\ufeff${BASE_TEXT}` },
  { name: 'control characters and a lone surrogate', game: '\u0000\u0001\ud800\uffff' },
  { name: 'arrays nested 100,000 deep', game: nested(100_000) },
  { name: 'a 5 MB string', game: { repeat: 'x', times: 5_000_000 } },
  {
    name: 'a 5 MB record inside a save',
    game: { before: BASE_TEXT.slice(0, BASE_TEXT.indexOf('"record":"') + 10), repeat: 'L', times: 5_000_000, after: '"}}' },
  },
  // The envelope.
  { name: 'version 2', game: edited((s) => ({ ...s, v: 2 })) },
  { name: 'version "1" as a string', game: edited((s) => ({ ...s, v: '1' })) },
  { name: 'no game', game: edited((s) => ({ v: s.v, undo: s.undo })) },
  { name: 'game null', game: edited((s) => ({ ...s, game: null })) },
  { name: 'game an array', game: edited((s) => ({ ...s, game: [s.game] })) },
  { name: 'undo not a list', game: edited((s) => ({ ...s, undo: 'back' })) },
  { name: 'undo step past the end of the record', game: edited((s) => ({ ...s, undo: [{ ...s.undo[0], moves: 99 }] })) },
  { name: 'undo step of another game', game: edited((s) => ({ ...s, undo: [{ ...s.undo[0], seed: 1 }] })) },
  { name: '1,001 undo steps', game: edited((s) => ({ ...s, undo: Array.from({ length: 1001 }, () => s.undo[0]) })) },
  // The game's fields.
  { name: 'game version 2', game: withGame({ v: 2 }) },
  { name: 'size 0', game: withGame({ size: 0 }) },
  { name: 'size 100', game: withGame({ size: 100, cells: new Array(10_000).fill(0) }) },
  { name: 'size 4.5', game: withGame({ size: 4.5 }) },
  { name: 'size "4" as a string', game: withGame({ size: '4' }) },
  { name: 'size "Infinity" as a string', game: withGame({ size: 'Infinity' }) },
  { name: 'size 1e999 (Infinity once parsed)', game: BASE_TEXT.replace('"size":4', '"size":1e999') },
  { name: 'a board of 15 cells', game: withGame({ cells: (base().game['cells'] as number[]).slice(1) }) },
  { name: 'a board that is a string', game: withGame({ cells: '0,2,0,0' }) },
  { name: 'a board nested 10,000 deep', game: BASE_TEXT.replace(/"cells":\[[^\]]*\]/, `"cells":${nested(10_000)}`) },
  { name: 'a tile of 3 (not a power of two)', game: withGame({ cells: cellsWith(3) }) },
  { name: 'a tile of 1', game: withGame({ cells: cellsWith(1) }) },
  { name: 'a tile of -2', game: withGame({ cells: cellsWith(-2) }) },
  { name: 'a tile of 2^60', game: withGame({ cells: cellsWith(2 ** 60) }) },
  { name: 'a tile of "2" as a string', game: withGame({ cells: cellsWith('2') }) },
  { name: 'a tile of null', game: withGame({ cells: cellsWith(null) }) },
  { name: 'a tile of "NaN"', game: withGame({ cells: cellsWith('NaN') }) },
  { name: 'an empty board', game: withGame({ cells: new Array(16).fill(0) }) },
  { name: 'a score that is a string', game: withGame({ score: '100' }) },
  { name: 'score "NaN"', game: withGame({ score: 'NaN' }) },
  { name: 'score "Infinity"', game: withGame({ score: 'Infinity' }) },
  { name: 'score 1e400 (Infinity once parsed)', game: BASE_TEXT.replace(/"score":\d+/, '"score":1e400') },
  { name: 'score 2^53 (past safe integers)', game: withGame({ score: 2 ** 53 }) },
  { name: 'a negative score', game: withGame({ score: -5 }) },
  { name: 'an unknown status', game: withGame({ status: 'winning' }) },
  { name: 'status over while moves remain', game: withGame({ status: 'over' }) },
  { name: 'status won without the target tile', game: withGame({ status: 'won' }) },
  { name: 'a record with letters other than LRUD', game: withGame({ record: 'LRXD' }) },
  { name: 'a record that is a list', game: withGame({ record: ['L', 'R'] }) },
  { name: 'a negative seed', game: withGame({ seed: -1 }) },
  { name: 'seed 2^32', game: withGame({ seed: 2 ** 32 }) },
  { name: 'a seed that is a string', game: withGame({ seed: '4711' }) },
  { name: 'a generator state of zeros', game: withGame({ rng: [0, 0, 0, 0] }) },
  { name: 'a generator state of three numbers', game: withGame({ rng: [1, 2, 3] }) },
  { name: 'target 2047', game: withGame({ target: 2047 }) },
  // Hostile keys: own "__proto__", "constructor" and "prototype" properties must not be read through or merged.
  { name: 'the whole save under "__proto__"', game: `{"__proto__":${BASE_TEXT}}` },
  { name: 'the game fields under "__proto__"', game: BASE_TEXT.replace('"game":{', '"game":{"__proto__":{') + '}' },
  {
    name: '"__proto__" polluting, with a broken board',
    game: gameEndsWith('"__proto__":{"polluted":"yes","cells":[2,2]},"cells":"x"', '"__proto__":{"polluted":"yes","v":1}'),
  },
  {
    name: '"constructor.prototype" polluting, with a broken score',
    game: gameEndsWith('"constructor":{"prototype":{"polluted":"yes"}},"score":"x"', '"constructor":{"prototype":{"polluted":"yes"}}'),
  },
  {
    name: '"prototype" key with a size of 0',
    game: gameEndsWith('"prototype":{"size":4,"polluted":"yes"},"size":0', '"prototype":{"polluted":"yes"}'),
  },
  // Hostile but harmless: extra keys on a good save change nothing (and must pollute nothing).
  {
    name: 'a good save with extra "__proto__" and "constructor" keys',
    game: BASE_TEXT.replace(
      '"game":{',
      '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"game":{"__proto__":{"polluted":"yes"},',
    ),
    resumes: true,
  },
  // The best scores are corrupt while the game is fine.
  { name: 'best scores that are not JSON', game: BASE_TEXT, resumes: true, best: '{"v":1,"bySize":{"4":' },
  { name: 'a negative best', game: BASE_TEXT, resumes: true, best: '{"v":1,"bySize":{"4":-3}}' },
  { name: 'a best that is a string', game: BASE_TEXT, resumes: true, best: '{"v":1,"bySize":{"4":"5000"}}' },
  { name: 'a best for size 100', game: BASE_TEXT, resumes: true, best: '{"v":1,"bySize":{"100":5000}}' },
  { name: 'a best of 1e400', game: BASE_TEXT, resumes: true, best: '{"v":1,"bySize":{"4":1e400}}' },
  {
    name: 'best scores under "__proto__"',
    game: BASE_TEXT,
    resumes: true,
    best: '{"v":1,"bySize":{"__proto__":{"4":99999,"polluted":"yes"}}}',
  },
  // Storage that fails.
  { name: 'storage that throws QuotaExceededError on every write', trap: 'throws-on-write' },
  { name: 'storage that throws on write, with a corrupt save to set aside', game: '{"v":1', trap: 'throws-on-write' },
  { name: 'storage that throws on every read', game: BASE_TEXT, trap: 'throws-on-read' },
  { name: 'storage blocked outright (SecurityError)', game: BASE_TEXT, trap: 'blocked' },
];

/**
 * Installed before the page's scripts on every load. When the test has left a case in
 * sessionStorage, it writes that case's localStorage now, from this very document, so the
 * page finds it on load and no storage event of the test's own writes can reach the page
 * (they would read as moves from another tab). Then it turns on the case's storage failure,
 * keeping the real storage functions for the test to read with.
 */
function storageTraps(): void {
  const area = window.localStorage;
  const proto = Storage.prototype;
  const raw = { area, getItem: proto.getItem, setItem: proto.setItem };
  Object.defineProperty(window, '__rawStorage', { value: raw });
  const pending = sessionStorage.getItem('torture:case');
  sessionStorage.removeItem('torture:case');
  if (pending === null) return;
  const { entries, trap } = JSON.parse(pending) as { entries: Record<string, StoredText>; trap: StorageTrap | null };
  area.clear();
  for (const [key, text] of Object.entries(entries)) {
    const value = typeof text === 'string' ? text : `${text.before ?? ''}${text.repeat.repeat(text.times)}${text.after ?? ''}`;
    area.setItem(key, value);
    if (area.getItem(key)?.length !== value.length) throw new Error(`could not store ${key}`);
  }
  if (trap === 'throws-on-write')
    proto.setItem = function (this: Storage, key: string, value: string) {
      if (this === area) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      raw.setItem.call(this, key, value);
    };
  if (trap === 'throws-on-read')
    proto.getItem = function (this: Storage, key: string) {
      if (this === area) throw new DOMException('The operation is insecure.', 'SecurityError');
      return raw.getItem.call(this, key);
    };
  if (trap === 'blocked')
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
}

interface RawStorage {
  readonly area: Storage;
  getItem(this: Storage, key: string): string | null;
}

/** Loads the page on `entries` in a cleared localStorage, with the storage failure `trap`. */
async function loadWith(page: TestPage, entries: Record<string, StoredText>, trap: StorageTrap | null): Promise<void> {
  await page.evaluate((pending) => sessionStorage.setItem('torture:case', pending), JSON.stringify({ entries, trap }));
  await page.reload();
  await boardShown(page);
}

/** Everything a case checks, read in one round trip. */
interface View {
  readonly grid: number[][];
  /** Skin layers in the board: exactly one while a skin draws it. */
  readonly layers: number;
  readonly notices: string[];
  readonly noticeVisible: boolean;
  readonly hud: Hud;
  /** The best scores as stored (read past any storage trap). */
  readonly storedBest: string | null;
  /** Own enumerable keys that crept onto the prototypes every object and array inherit from. */
  readonly pollution: string[];
}

/** Reads the page; with `play`, first makes one move that changes the board (by its key), so the game must go on. */
function view(page: TestPage, play = false): Promise<View> {
  return page.evaluate(
    ({ play, bestKey }) => {
      const readGrid = (): number[][] =>
        [...document.querySelectorAll('#game [role="row"]')].map((row) =>
          [...row.querySelectorAll('[role="gridcell"]')].map((cell) => (cell.textContent === 'empty' ? 0 : Number(cell.textContent))),
        );
      if (play) {
        // A tile that can slide into a gap or onto its equal, looking towards `dr, dc`.
        const grid = readGrid();
        const moves = (dr: number, dc: number): boolean =>
          grid.some((row, r) => row.some((v, c) => v > 0 && (grid[r + dr]?.[c + dc] === 0 || grid[r + dr]?.[c + dc] === v)));
        const key = moves(0, -1) ? 'ArrowLeft' : moves(0, 1) ? 'ArrowRight' : moves(-1, 0) ? 'ArrowUp' : 'ArrowDown';
        document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
      const num = (id: string): number => Number(document.getElementById(id)?.textContent?.replace(/,/g, ''));
      const probe = {} as Record<string, unknown>;
      const pollution = [...Object.keys(Object.prototype), ...Object.keys(Array.prototype).map((k) => `Array.prototype.${k}`)];
      for (const name of ['polluted', 'v', 'game', 'size', 'cells', 'score', '4'])
        if (probe[name] !== undefined) pollution.push(`({}).${name}`);
      const notices = [...document.querySelectorAll<HTMLElement>('#notices .notice')];
      const raw = (window as unknown as { __rawStorage: RawStorage }).__rawStorage;
      return {
        grid: readGrid(),
        layers: document.querySelectorAll('#board .skin-layer').length,
        notices: notices.map((n) => n.querySelector('p')?.textContent ?? ''),
        noticeVisible: notices[0]?.checkVisibility() ?? false,
        hud: {
          score: num('score'),
          best: num('best'),
          moves: num('moves'),
          undoEnabled: !(document.getElementById('undo') as HTMLButtonElement).disabled,
        },
        storedBest: raw.getItem.call(raw.area, bestKey),
        pollution,
      };
    },
    { play, bestKey: BEST_KEY },
  );
}

describe('the game page given corrupt and hostile saves', () => {
  // CPU compositing: this file loads the page about eighty times, and it loads a little faster so.
  const browser = sharedBrowser({ chromiumArgs: ['--disable-gpu-compositing'] });
  let context: TestContext;
  let page: TestPage;
  beforeAll(async () => {
    context = await browser().newContext({ viewport: { width: 800, height: 800 }, deviceScaleFactor: 1 });
    await context.addInitScript(storageTraps);
    page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(siteUrl('index.html'));
    await boardShown(page);
  });
  it(`has at least 50 cases, each named once`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  /** Loads the page on what `c` puts in storage, and checks what every case must show. */
  async function loadCase(c: SaveCase): Promise<View> {
    await page.takeErrors();
    const entries: Record<string, StoredText> = { [SETTINGS_KEY]: JSON.stringify({ skin: 'flat' }), [BEST_KEY]: c.best ?? GOOD_BEST_TEXT };
    if (c.game !== undefined) entries[GAME_KEY] = c.game;
    await loadWith(page, entries, c.trap ?? null);
    // Notices come with their code, which loads when the first one is to be shown: wait for as many as the case gives, then a moment for any more.
    const count = noticesFor(c).length;
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('#notices .notice').length), { timeout: 15_000 }).toBe(count);
    if (count > 0) await page.waitForTimeout(300);
    const shown = await view(page);

    // A board is shown: a whole grid with tiles on it (the saved one where it was good).
    if (c.resumes && readable(c)) expect(shown.grid, 'the good save resumes').toEqual(toRows(BASE.state.board));
    expect(shown.grid.length).toBeGreaterThanOrEqual(3);
    expect(shown.grid.every((row) => row.length === shown.grid.length)).toBe(true);
    expect(shown.grid.flat().filter((v) => v > 0).length).toBeGreaterThan(0);
    expect(shown.layers, 'a skin draws the board').toBe(1);

    // The player is told, once per problem, and nothing else.
    const wanted = noticesFor(c);
    expect(shown.notices.length, `notices shown: ${JSON.stringify(shown.notices)}`).toBe(wanted.length);
    for (const pattern of wanted)
      expect(
        shown.notices.filter((n) => pattern.test(n)),
        `a notice matching ${pattern}; shown: ${JSON.stringify(shown.notices)}`,
      ).toHaveLength(1);
    if (wanted.length > 0) expect(shown.noticeVisible, 'the notice is on screen').toBe(true);
    if (c.best === undefined && readable(c)) expect(shown.hud.best, 'the good best is shown').toBe(Math.max(GOOD_BEST, shown.hud.score));
    return shown;
  }

  /** The best in storage, and on screen where storage can be read, is still the good one. */
  function expectBestKept(c: SaveCase, shown: View): void {
    if (c.best !== undefined) return;
    if (readable(c)) expect(shown.hud.best).toBeGreaterThanOrEqual(GOOD_BEST);
    expect(
      (JSON.parse(shown.storedBest ?? '{}') as { bySize?: Record<string, number> }).bySize?.['4'],
      'the best in storage',
    ).toBeGreaterThanOrEqual(GOOD_BEST);
  }

  it.each(sweep(CASES).map((c) => [c.name, c] as const))(
    'starts, says what went wrong, plays on and keeps the best score: %s',
    async (_name, c) => {
      const loaded = await loadCase(c);
      const played = await view(page, true);
      expect(played.hud.moves, 'the game goes on').toBe(loaded.hud.moves + 1);
      expectBestKept(c, played);
      expect(played.pollution, 'Object.prototype and Array.prototype stay clean').toEqual([]);
      expect(await page.errors()).toEqual([]);
    },
  );

  // A sample of cases, each kind of damage once: the reload costs time, and what it checks
  // (the store writes a fresh save and keeps the best) does not depend on how the save was broken.
  const RELOADED = [
    'JSON cut off half way',
    'a 5 MB string',
    'a tile of 3 (not a power of two)',
    '"__proto__" polluting, with a broken board',
    'best scores under "__proto__"',
  ];
  it.each(CASES.filter((c) => RELOADED.includes(c.name)).map((c) => [c.name, c] as const))(
    'keeps the game played after a bad save, and the best score, through a reload, and says nothing more: %s',
    async (_name, c) => {
      const loaded = await loadCase(c);
      const played = await view(page, true);
      expect(played.hud.moves).toBe(loaded.hud.moves + 1);
      await page.reload();
      await boardShown(page);
      const reloaded = await view(page);
      expect(reloaded.hud.moves, 'the game played after the problem was saved').toBe(played.hud.moves);
      expect(reloaded.hud.score).toBe(played.hud.score);
      expect(reloaded.grid).toEqual(played.grid);
      expectBestKept(c, reloaded);
      expect(reloaded.notices, 'the problem was dealt with and is not reported again').toEqual([]);
      expect(reloaded.pollution).toEqual([]);
      expect(await page.errors()).toEqual([]);
    },
  );
});
