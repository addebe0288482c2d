/**
 * What every way of embedding must do, checked on a host page that exposes `mountGame` as
 * `window.embedTest` (the Vite-built npm host page and the script-tag page both do). Each
 * check drives the page like a host script and a player would, and returns what it saw.
 */
import type { TestPage } from '../browser/harness';
import { ENGINE, playwright } from '../browser/harness';
import type { GameHandle, GameSnapshot, MountOptions } from '../../src/embed';
import type { Live } from './tracker';

declare global {
  interface Window {
    embedTest: { mountGame(el: HTMLElement, options?: MountOptions): GameHandle; elementDefined: boolean; engineWorks: boolean };
    games: Record<string, GameHandle>;
    seen: { via: string; game: string; moves: number; composed?: boolean; bubbles?: boolean }[];
  }
}

/** Waits for the host page's script, then records every `cube2048:move` event that reaches the document in `window.seen`. */
export async function ready(page: TestPage): Promise<void> {
  await page.waitForFunction(() => window.embedTest !== undefined);
  await page.evaluate(() => {
    window.seen = [];
    document.addEventListener('cube2048:move', (event) => {
      const e = event as CustomEvent<{ state: GameSnapshot }>;
      const target = e.target as HTMLElement;
      window.seen.push({
        via: 'event',
        game: target.id || target.localName,
        moves: e.detail.state.moves,
        composed: e.composed,
        bubbles: e.bubbles,
      });
    });
  });
}

/** Destroys the games a check left mounted, and forgets the events seen so far. */
export const cleanUp = (page: TestPage): Promise<void> =>
  page.evaluate(() => {
    for (const game of Object.values(window.games ?? {})) game.destroy();
    window.games = {};
    window.seen = [];
  });

/** Mounts games into #a and #b (flat and cubes, own seeds and storage keys), recording their events. */
export async function mountTwo(page: TestPage): Promise<void> {
  await page.evaluate(async () => {
    window.games = {};
    window.seen = [];
    const setups = [
      ['a', 'flat', 11],
      ['b', 'cubes', 22],
    ] as const;
    for (const [id, skin, seed] of setups) {
      const on = { move: ({ state }: { state: GameSnapshot }) => void window.seen.push({ via: 'on', game: id, moves: state.moves }) };
      window.games[id] = window.embedTest.mountGame(document.getElementById(id) as HTMLElement, { skin, seed, storage: `test-${id}`, on });
    }
    await Promise.all(Object.values(window.games).map((g) => g.ready));
  });
}

export const statesOf = (page: TestPage): Promise<Record<string, GameSnapshot>> =>
  page.evaluate(() => Object.fromEntries(Object.entries(window.games).map(([id, g]) => [id, g.getState()])));

/** Presses keys one at a time, then lets the move queue and the event microtasks settle. */
export async function press(page: TestPage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
  await page.waitForTimeout(250);
}

/** Every key that can move, in an order that moves any fresh board at least once. */
export const MOVE_KEYS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'a', 'w', 'd', 's'] as const;

export interface Teardown {
  /** Window or document listeners while the game was mounted and not focused. */
  readonly globalListenersUnfocused: readonly string[];
  /** Window or document listeners while the game had focus. */
  readonly globalListenersFocused: readonly string[];
  readonly canvasesWhileMounted: number;
  /** What is left after destroy() and two frames. */
  readonly left: Live;
  readonly canvasesLeft: number;
  /** Child nodes left in the element the game was mounted in. */
  readonly childrenLeft: number;
  /** Change in <head> and <body> children, document stylesheets and adopted sheets, over the whole mount. */
  readonly globalChanges: readonly number[];
  /** Moves made by a game mounted again into the same element. */
  readonly remountMoves: number;
}

/** Mounts a game in #c, plays it, destroys it and mounts it again; the page must have the tracker installed. */
export async function mountPlayDestroy(page: TestPage, skin: 'cubes' | 'flat'): Promise<Teardown> {
  const first = await page.evaluate(async (skin) => {
    const el = document.getElementById('c') as HTMLElement;
    const globals = (): number[] => [
      document.head.childElementCount,
      document.body.childElementCount,
      document.styleSheets.length,
      document.adoptedStyleSheets.length,
    ];
    const before = globals();
    const mark = window.__track.mark();
    const onlyGlobal = (live: Live): string[] => live.listeners.filter((l) => l.startsWith('window') || l.startsWith('document'));
    const game = window.embedTest.mountGame(el, { skin, seed: 3, storage: false });
    window.games = { c: game };
    await game.ready;
    const unfocused = onlyGlobal(window.__track.since(mark));
    const canvases = el.querySelector('[data-cube2048]')?.shadowRoot?.querySelectorAll('canvas').length ?? 0;
    return { before, mark, unfocused, canvases };
  }, skin);
  // Focus the board as a player would, and play.
  await page.click('#c .game');
  const focused = await page.evaluate(
    (mark) => window.__track.since(mark).listeners.filter((l) => l.startsWith('window') || l.startsWith('document')),
    first.mark,
  );
  await press(page, MOVE_KEYS);
  const after = await page.evaluate(
    async ({ mark, before }) => {
      const el = document.getElementById('c') as HTMLElement;
      window.games.c?.destroy();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      await new Promise((done) => setTimeout(done, 100));
      const globals = [
        document.head.childElementCount,
        document.body.childElementCount,
        document.styleSheets.length,
        document.adoptedStyleSheets.length,
      ];
      return {
        left: window.__track.since(mark),
        canvasesLeft: document.querySelectorAll('canvas').length,
        childrenLeft: el.childNodes.length,
        globalChanges: globals.map((n, i) => n - (before[i] ?? 0)),
      };
    },
    { mark: first.mark, before: first.before },
  );
  const remountMoves = await page.evaluate(async (skin) => {
    const game = window.embedTest.mountGame(document.getElementById('c') as HTMLElement, { skin, seed: 3, storage: false });
    await game.ready;
    for (const dir of ['left', 'up', 'right', 'down'] as const) game.move(dir);
    const moves = game.getState().moves;
    game.destroy();
    return moves;
  }, skin);
  return {
    globalListenersUnfocused: first.unfocused,
    globalListenersFocused: focused,
    canvasesWhileMounted: first.canvases,
    ...after,
    remountMoves,
  };
}

export interface Cycles {
  /** JS heap in use (after forced garbage collection) after a few warm-up cycles, and after all cycles; null outside Chromium (CDP only). */
  readonly heapBefore: number | null;
  readonly heapAfter: number | null;
  /** Browser console lines about WebGL contexts. */
  readonly webglWarnings: readonly string[];
  readonly canvasesLeft: number;
  readonly milliseconds: number;
}

/**
 * Mounts and destroys a cubes game `cycles` times in #c, each with a real WebGL context. Every
 * `drawEvery`-th cycle draws its board first; the others hold animation frames so nothing is
 * drawn (a software-rendered first frame takes a second; creating and releasing the context is
 * what could leak). Run it on a page without the tracker, which would keep everything alive.
 */
export async function mountDestroyCycles(page: TestPage, cycles: number, drawEvery: number): Promise<Cycles> {
  // Forcing a garbage collection and reading the heap takes CDP: Chromium only.
  const cdp = ENGINE === 'chromium' ? await playwright(page).context().newCDPSession(playwright(page)) : null;
  const heap = async (): Promise<number | null> => {
    if (!cdp) return null;
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const run = (count: number, offset: number, drawEvery: number): Promise<number> =>
    page.evaluate(
      async ({ count, offset, drawEvery }) => {
        const el = document.getElementById('c') as HTMLElement;
        const realRaf = window.requestAnimationFrame;
        const realCaf = window.cancelAnimationFrame;
        const held = new Map<number, FrameRequestCallback>();
        let next = 1e9;
        const start = performance.now();
        for (let i = offset; i < offset + count; i++) {
          const draw = i % drawEvery === 0;
          if (!draw) {
            window.requestAnimationFrame = (callback) => {
              held.set(++next, callback);
              return next;
            };
            window.cancelAnimationFrame = (id) => void (held.delete(id) || realCaf.call(window, id));
          }
          const game = window.embedTest.mountGame(el, { skin: 'cubes', seed: i, storage: false });
          if (draw) await game.ready;
          else while (!game.skin) await new Promise((done) => setTimeout(done, 0));
          game.move('left');
          game.move('up');
          game.destroy();
          window.requestAnimationFrame = realRaf;
          window.cancelAnimationFrame = realCaf;
          const waiting = [...held.values()];
          held.clear();
          for (const callback of waiting) callback(performance.now());
        }
        return performance.now() - start;
      },
      { count, offset, drawEvery },
    );
  // Warm-up, drawing often: the first cycles compile code and fill three.js's module caches once for the page.
  const warmUp = 20;
  await run(warmUp, 0, 5);
  const heapBefore = await heap();
  const milliseconds = await run(cycles, warmUp, drawEvery);
  await page.waitForTimeout(200);
  const heapAfter = await heap();
  const canvasesLeft = await page.evaluate(
    () => document.querySelectorAll('canvas').length + (document.getElementById('c') as HTMLElement).childNodes.length,
  );
  const webglWarnings = (await page.consoleMessages()).filter((m) => /webgl/i.test(m) && /context/i.test(m));
  return { heapBefore, heapAfter, webglWarnings, canvasesLeft, milliseconds };
}

/** Mounts with bad options; returns the state it plays with and whether anything of the bad input reached the DOM. */
export async function mountWithBadOptions(page: TestPage): Promise<{ state: GameSnapshot; markupInjected: boolean; skin: string | null }> {
  return page.evaluate(async () => {
    const bad = {
      size: 99,
      seed: 'abc<script>window.hacked=1</script>',
      skin: 'nope<img src=x onerror=window.hacked=1>',
      storage: false,
    } as unknown as MountOptions;
    const game = window.embedTest.mountGame(document.getElementById('c') as HTMLElement, bad);
    await game.ready;
    const root = document.querySelector('#c [data-cube2048]')?.shadowRoot;
    const markupInjected =
      Boolean(root?.querySelector('script, img')) || (root?.textContent ?? '').includes('hacked') || 'hacked' in window;
    const result = { state: game.getState(), markupInjected, skin: game.skin };
    game.destroy();
    return result;
  });
}

/** A game mounted in German that keeps a history: what its shadow root says, and whether its history database was made. */
export async function mountInGermanWithHistory(page: TestPage): Promise<{ lang: string | null; databases: string[] }> {
  return page.evaluate(async () => {
    const game = window.embedTest.mountGame(document.getElementById('c') as HTMLElement, {
      skin: 'flat',
      lang: 'de',
      history: true,
      storage: 'pkg-history',
    });
    await game.ready;
    const root = document.querySelector('#c [data-cube2048]')?.shadowRoot;
    // The recorder opens its database as soon as its code arrives.
    const databases = async (): Promise<string[]> => (await indexedDB.databases()).flatMap((d) => (d.name ? [d.name] : []));
    for (let i = 0; i < 50 && !(await databases()).includes('cube2048:pkg-history:history'); i++)
      await new Promise((r) => setTimeout(r, 100));
    // The catalogue loads just after the game shows.
    for (let i = 0; i < 50 && root?.querySelector('[lang]')?.getAttribute('lang') !== 'de'; i++)
      await new Promise((r) => setTimeout(r, 100));
    const result = { lang: root?.querySelector('[lang]')?.getAttribute('lang') ?? null, databases: await databases() };
    game.destroy();
    return result;
  });
}

export interface ElementRun {
  readonly first: GameSnapshot | null;
  readonly events: Window['seen'];
  readonly afterSize: GameSnapshot | null;
  readonly theme: string | undefined;
  readonly canvasAfterSkin: boolean;
  readonly removed: { readonly shadowChildren: number; readonly canvases: number; readonly left: Live };
  readonly remounted: GameSnapshot | null;
}

/** `<cube-2048>` from creation to removal and back; the page must have the tracker installed. */
export async function elementLifecycle(page: TestPage): Promise<ElementRun> {
  return page.evaluate(async () => {
    const frames = (): Promise<void> =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))));
    window.seen = [];
    const mark = window.__track.mark();
    const el = document.createElement('cube-2048');
    el.setAttribute('size', '5');
    el.setAttribute('seed', '42');
    el.setAttribute('skin', 'flat');
    el.setAttribute('storage-key', 'element-test');
    document.getElementById('c')?.append(el);
    await el.game?.ready;
    const first = el.getState();
    for (const dir of ['left', 'up', 'right', 'down'] as const) el.move(dir);
    await Promise.resolve();
    el.size = 3;
    const afterSize = el.getState();
    el.setAttribute('theme', 'dark');
    const theme = el.shadowRoot?.querySelector<HTMLElement>('.root')?.dataset.theme;
    el.skin = 'cubes';
    for (let i = 0; i < 200 && !el.shadowRoot?.querySelector('canvas'); i++) await new Promise((done) => setTimeout(done, 20));
    const canvasAfterSkin = Boolean(el.shadowRoot?.querySelector('canvas'));
    el.move('left');
    el.move('right');
    el.remove();
    await frames();
    const removed = {
      shadowChildren: el.shadowRoot?.childNodes.length ?? -1,
      canvases: document.querySelectorAll('canvas').length,
      left: window.__track.since(mark),
    };
    document.getElementById('c')?.append(el);
    await el.game?.ready;
    const remounted = el.getState();
    el.remove();
    await frames();
    return { first, events: window.seen, afterSize, theme, canvasAfterSkin, removed, remounted };
  });
}

/**
 * Starts noting the scripts the page fetches from now on; `read()` lists their addresses. Read
 * from the page's resource timing, which every engine keeps, rather than from a network hook.
 */
export async function recordScripts(page: TestPage): Promise<{ read(): Promise<string[]> }> {
  const mark = await page.evaluate(() => performance.getEntriesByType('resource').length);
  return {
    read: () =>
      page.evaluate(
        (from) =>
          performance
            .getEntriesByType('resource')
            .slice(from)
            .map((e) => e.name)
            .filter((url) => /\.m?js(\?|$)/.test(url)),
        mark,
      ),
  };
}

export interface OnDemandRun {
  /** The notice shown for a corrupt save. */
  readonly notice: string;
  /** The title of the question asked by the New game button, and whether "Keep playing" kept the game. */
  readonly question: string;
  readonly keptGame: boolean;
  /** The title of the overlay after the winning move, and the status after "Keep going". */
  readonly winTitle: string;
  readonly statusAfterKeepGoing: string;
}

/**
 * The parts an embed loads on first use: a notice for a corrupt save, the new-game question,
 * and the win overlay. `winningSave` is a save one left move away from 2048.
 */
export async function partsOnDemand(page: TestPage, winningSave: string): Promise<OnDemandRun> {
  return page.evaluate(async (save) => {
    const until = async <T>(read: () => T | null | undefined | false): Promise<T> => {
      for (let i = 0; i < 300; i++) {
        const value = read();
        if (value) return value;
        await new Promise((done) => setTimeout(done, 10));
      }
      throw new Error(`timed out waiting for ${read.toString()}`);
    };
    const shadowOf = (id: string): ShadowRoot => document.querySelector(`#${id} [data-cube2048]`)?.shadowRoot as ShadowRoot;
    localStorage.setItem('cube2048:on-demand-a:game:v1', '{"v":1,"game":');
    localStorage.setItem('cube2048:on-demand-b:game:v1', save);
    window.games = {
      a: window.embedTest.mountGame(document.getElementById('a') as HTMLElement, { skin: 'flat', storage: 'on-demand-a' }),
      b: window.embedTest.mountGame(document.getElementById('b') as HTMLElement, { skin: 'flat', storage: 'on-demand-b' }),
    };
    const a = window.games.a as GameHandle;
    const b = window.games.b as GameHandle;
    await Promise.all([a.ready, b.ready]);

    const notice = await until(() => shadowOf('a').querySelector('.notice p')?.textContent);
    for (const dir of ['left', 'up', 'right', 'down'] as const) if (a.move(dir)) break;
    const movesBefore = a.getState().moves;
    shadowOf('a').querySelector<HTMLButtonElement>('.toolbar .button.primary')?.click();
    const dialog = await until(() => shadowOf('a').querySelector<HTMLDialogElement>('dialog.confirm[open]'));
    const question = dialog.querySelector('h2')?.textContent ?? '';
    dialog.querySelector<HTMLButtonElement>('button[value="cancel"]')?.click();
    await until(() => !dialog.open);
    const keptGame = a.getState().moves === movesBefore && movesBefore > 0;

    b.move('left');
    const win = await until(() => shadowOf('b').querySelector<HTMLDialogElement>('dialog.celebrate[open]'));
    const winTitle = win.querySelector('h2')?.textContent ?? '';
    win.querySelector<HTMLButtonElement>('button[value="keep"]')?.click();
    const statusAfterKeepGoing = await until(() => !win.open && b.getState().status !== 'won' && b.getState().status);
    return { notice, question, keptGame, winTitle, statusAfterKeepGoing };
  }, winningSave);
}
