/**
 * Embedding as a host does it: `npm pack`, install the tarball into a throwaway project, build a
 * page that imports `cube2048` with Vite; and the script-tag build used straight from
 * node_modules with no build step. Both pages get the same checks. The examples/ pages are
 * served next to the built site and the library and must work too.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { OpenedPage } from './harness';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENGINE, openPage, sweepCount } from './harness';
import { packagedHost } from './packaged-host';
import { nearlyWon, saveOf } from './page-helpers';
import type { Served } from './static-server';
import { serveDirectory } from './static-server';
import {
  MOVE_KEYS,
  cleanUp,
  elementLifecycle,
  mountDestroyCycles,
  mountInGermanWithHistory,
  mountPlayDestroy,
  mountTwo,
  mountWithBadOptions,
  partsOnDemand,
  press,
  ready,
  recordScripts,
  statesOf,
} from '../embed/checks';
import { gzipSizes } from '../embed/package';
import { installTracker } from '../embed/tracker';

const run = promisify(execFile);
const CYCLES = sweepCount(100);
/** One cycle in this many draws its board (a software-rendered first frame takes about a second). */
const DRAW_EVERY = 50;
/** Heap growth allowed over the cycles: a leak of even a few kilobytes a cycle shows well above it. */
const HEAP_SLACK = 400 * 1024;

const packaged = packagedHost();

type Opened = OpenedPage;

/** A host page in a fresh context (empty storage); with the resource tracker installed unless told otherwise. */
async function open(path: string, options: { readonly track?: boolean; readonly initScript?: string } = {}): Promise<Opened> {
  const o = await openPage(packaged.browser, 'about:blank');
  if (options.track !== false) await o.context.addInitScript(installTracker);
  if (options.initScript) await o.context.addInitScript(options.initScript);
  await o.page.goto(new URL(path, packaged.served.url).href);
  await ready(o.page);
  return o;
}

/** Closes a page that was opened for one test and checks it logged no error. */
async function done(o: Opened): Promise<void> {
  const errors = await o.errors();
  await o.context.close();
  expect(errors).toEqual([]);
}

// What Node and npm see of the package is the same whichever browser runs beside: checked once, with Chromium's run.
describe.runIf(ENGINE === 'chromium')('the npm package', () => {
  it('packs the library, its types, the script-tag build and the command, and no sources', () => {
    for (const file of [
      'package.json',
      'README.md',
      'bin/cube2048.js',
      'dist-lib/cube2048.js',
      'dist-lib/engine.js',
      'dist-lib/element.js',
      'dist-lib/types/embed/index.d.ts',
      'dist-lib/types/engine/index.d.ts',
      'dist-lib/types/embed/element.d.ts',
      'dist-lib/script/cube2048.js',
    ])
      expect(packaged.pkg.packedFiles).toContain(file);
    expect(packaged.pkg.packedFiles.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.startsWith('node_modules/'))).toEqual(
      [],
    );
  });

  it('installs from the tarball without a warning: no install script for a host to approve', () => {
    expect(packaged.pkg.installWarnings).toEqual([]);
  });

  it('gives a TypeScript host types for cube2048, cube2048/engine and cube2048/element', async () => {
    expect(await packaged.pkg.typeErrors).toBe('');
  });

  it('imports in Node without a DOM, as server-side rendering does', async () => {
    const script =
      "const [a, b, c] = await Promise.all([import('cube2048'), import('cube2048/engine'), import('cube2048/element')]); console.log(typeof a.mountGame, typeof b.playMove, typeof c.Cube2048Element);";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: packaged.pkg.host });
    expect(stdout.trim()).toBe('function function function');
  });

  it('keeps three and zustand as dependencies of the host, not copies inside the package', async () => {
    const lib = await readdir(join(packaged.pkg.host, 'node_modules/cube2048/dist-lib'), { recursive: true });
    const hostModules = await readdir(join(packaged.pkg.host, 'node_modules'));
    expect(hostModules).toEqual(expect.arrayContaining(['cube2048', 'three', 'zustand']));
    const { stdout } = await run('grep', [
      '-rlE',
      'from ?"(three|zustand/vanilla)"',
      join(packaged.pkg.host, 'node_modules/cube2048/dist-lib'),
      '--include=*.js',
      '--exclude-dir=script',
    ]);
    expect(stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);
    expect(lib.some((f) => String(f).includes('three.module'))).toBe(false);
  });

  it('stays small: the host page without three.js, and the three.js chunk on its own', async () => {
    const built = await gzipSizes(join(packaged.pkg.host, 'dist/assets'), (name) => name.startsWith('index-'));
    const script = await gzipSizes(join(packaged.pkg.host, 'node_modules/cube2048/dist-lib/script'), (name) => name === 'cube2048.js');
    console.info(
      `gzip bytes: host page ${built.entry}, its three chunk ${built.cubes}; script tag ${script.entry}, its three chunk ${script.cubes}`,
    );
    expect(built.entry).toBeLessThan(22 * 1024);
    expect(script.entry).toBeLessThan(22 * 1024);
    expect(built.cubes).toBeLessThan(140 * 1024);
    expect(script.cubes).toBeLessThan(140 * 1024);
  });
});

const PAGES = [
  ['the host page built with Vite from the npm package', 'dist/index.html'],
  ['the page with the script-tag build', 'script.html'],
] as const;

// One page for each kind, shared by its checks (each cleans up after itself); the cycles get a page of their own.
describe.each(PAGES)('%s', (_name, path) => {
  let host: Opened;
  beforeAll(async () => {
    host = await open(path);
  });
  afterAll(async () => {
    await host?.context.close();
  });
  afterEach(async () => {
    await cleanUp(host.page);
    expect(await host.page.takeErrors()).toEqual([]);
  });

  it('loads the library, the element and the engine, and three.js only once a game shows the cubes', async () => {
    const { page } = host;
    expect(await page.evaluate(() => [window.embedTest.elementDefined, window.embedTest.engineWorks])).toEqual([true, true]);
    const scripts = await recordScripts(page);
    await page.evaluate(async () => {
      window.games = { a: window.embedTest.mountGame(document.getElementById('a') as HTMLElement, { skin: 'flat', storage: false }) };
      await window.games.a?.ready;
    });
    const flatOnly = await scripts.read();
    await page.evaluate(async () => {
      window.games.b = window.embedTest.mountGame(document.getElementById('b') as HTMLElement, { skin: 'cubes', storage: false });
      await window.games.b.ready;
    });
    // A flat game fetches only the flat board (the script-tag build has it in its one file; a bundler's build fetches
    // each skin when shown), the words its live region speaks and, in the script-tag build, what its changes draw
    // (both just after it shows); three.js comes with the cubes.
    const named =
      (name: string) =>
      (url: string): boolean =>
        new RegExp(`[/-]${name}-[\\w-]+\\.js$`).test(url);
    const expected = ['announce', 'flat', 'skin-options', 'change-timeline'].map(named);
    expect(flatOnly.filter((url) => !expected.some((is) => is(url)))).toEqual([]);
    expect((await scripts.read()).filter(named('cubes')).length).toBeGreaterThan(0);
  });

  it('plays two games independently; keys typed in a host text field move neither; every move is reported', async () => {
    const { page } = host;
    await mountTwo(page);

    await page.click('#field');
    await page.keyboard.type('wasd hjkl');
    await press(page, ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']);
    expect(await page.inputValue('#field')).toBe('wasd hjkl');
    let states = await statesOf(page);
    expect([states.a?.moves, states.b?.moves]).toEqual([0, 0]);

    await page.click('#a .game');
    await press(page, MOVE_KEYS);
    states = await statesOf(page);
    const aMoves = states.a?.moves ?? 0;
    expect(aMoves).toBeGreaterThan(0);
    expect(states.b?.moves).toBe(0);

    await page.click('#b .game');
    await press(page, MOVE_KEYS);
    states = await statesOf(page);
    expect(states.a?.moves).toBe(aMoves);
    expect(states.b?.moves).toBeGreaterThan(0);

    const seen = await page.evaluate(() => window.seen);
    for (const game of ['a', 'b']) {
      const moves = states[game]?.moves ?? 0;
      const counting = Array.from({ length: moves }, (_, i) => i + 1);
      expect(seen.filter((s) => s.via === 'event' && s.game === game).map((s) => s.moves)).toEqual(counting);
      expect(seen.filter((s) => s.via === 'on' && s.game === game).map((s) => s.moves)).toEqual(counting);
    }
    expect(seen.every((s) => s.via === 'on' || (s.bubbles && s.composed))).toBe(true);
  });

  it('with keyboard "page", takes keys wherever focus is on the page, except in a text field', async () => {
    const { page } = host;
    await page.evaluate(async () => {
      window.games = {
        a: window.embedTest.mountGame(document.getElementById('a') as HTMLElement, { skin: 'flat', keyboard: 'page', storage: false }),
      };
      await window.games.a?.ready;
    });
    await page.click('#field');
    await press(page, ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']);
    expect((await statesOf(page)).a?.moves).toBe(0);
    await page.click('h1');
    await press(page, MOVE_KEYS);
    expect((await statesOf(page)).a?.moves).toBeGreaterThan(0);
  });

  it('destroy() leaves no canvas, listener, observer, timer, frame or live WebGL context, and mounting again works', async () => {
    const result = await mountPlayDestroy(host.page, 'cubes');
    expect(result.canvasesWhileMounted).toBe(1);
    // In "focus" mode the game listens to nothing global; with focus, only for a gamepad.
    expect(result.globalListenersUnfocused).toEqual([]);
    // The gamepad code itself loads only once a pad connects.
    expect(result.globalListenersFocused).toEqual(['window gamepadconnected']);
    expect(result.left).toMatchObject({ listeners: [], observed: 0, timers: 0, frames: 0, contexts: 0 });
    expect(result.left.contextsMade).toBeGreaterThan(0);
    expect([result.canvasesLeft, result.childrenLeft]).toEqual([0, 0]);
    expect(result.globalChanges).toEqual([0, 0, 0, 0]);
    expect(result.remountMoves).toBeGreaterThan(0);
  });

  it('loads its notices, new-game question and win overlay on first use, and they work', async () => {
    const scripts = await recordScripts(host.page);
    const run = await partsOnDemand(host.page, saveOf(nearlyWon()));
    expect(run.notice).toMatch(/saved game .*could not be read/i);
    expect(run.question).toBe('Start a new game?');
    expect(run.keptGame).toBe(true);
    expect(run.winTitle).toBe('You win!');
    expect(run.statusAfterKeepGoing).toBe('keepPlaying');
    expect((await scripts.read()).some((url) => url.includes('extras'))).toBe(true);
  });

  it('without WebGL, shows the flat board with a notice and never downloads three.js', async () => {
    const noWebgl = await open(path, {
      initScript: `const get = HTMLCanvasElement.prototype.getContext; HTMLCanvasElement.prototype.getContext = function (type, ...rest) { return /webgl/i.test(type) ? null : get.call(this, type, ...rest); };`,
    });
    try {
      const scripts = await recordScripts(noWebgl.page);
      const shown = await noWebgl.page.evaluate(async () => {
        const game = window.embedTest.mountGame(document.getElementById('a') as HTMLElement, { skin: 'cubes', storage: false });
        const skin = await game.ready;
        const root = document.querySelector('#a [data-cube2048]')?.shadowRoot;
        for (let i = 0; i < 300 && !root?.querySelector('.notice p'); i++) await new Promise((done) => setTimeout(done, 10));
        const result = { skin, notice: root?.querySelector('.notice p')?.textContent ?? '' };
        game.destroy();
        return result;
      });
      expect(shown.skin).toBe('flat');
      expect(shown.notice).toMatch(/WebGL.*flat board is shown\.$/);
      expect((await scripts.read()).filter((url) => /cubes|three/.test(url))).toEqual([]);
      // A missing WebGL is the browser's limit, not an error: it is told in the notice, not the console.
      expect(await noWebgl.errors()).toEqual([]);
    } finally {
      await noWebgl.context.close();
    }
  });

  it('names every bad option in one console error, plays with the defaults and injects nothing', async () => {
    const result = await mountWithBadOptions(host.page);
    expect(result.state.size).toBe(4);
    expect(result.skin).toBe('cubes');
    expect(result.markupInjected).toBe(false);
    // The line is written once its words have come (a chunk that a page with good options never fetches).
    await expect.poll(() => host.page.errors()).toHaveLength(1);
    const errors = await host.page.takeErrors();
    expect(errors).toHaveLength(1);
    for (const name of ['size 99', 'seed "abc<script>', 'skin "nope<img']) expect(errors[0]).toContain(name);
  });

  it('speaks the lang it is given and keeps a history of its own when asked, from the packed package', async () => {
    const run = await mountInGermanWithHistory(host.page);
    expect(run.lang).toBe('de');
    expect(run.databases).toContain('cube2048:pkg-history:history');
    expect(await host.page.takeErrors()).toEqual([]);
  });

  it('runs <cube-2048>: attributes apply live, events bubble out of its shadow root, removal leaves nothing, re-adding resumes', async () => {
    const run = await elementLifecycle(host.page);
    expect(run.first).toMatchObject({ size: 5, seed: 42, moves: 0 });
    expect(run.events.length).toBeGreaterThan(0);
    expect(run.events.every((e) => e.game === 'cube-2048' && e.bubbles && e.composed)).toBe(true);
    expect(run.afterSize).toMatchObject({ size: 3, seed: 42, moves: 0 });
    expect(run.theme).toBe('dark');
    expect(run.canvasAfterSkin).toBe(true);
    expect(run.removed).toMatchObject({
      shadowChildren: 0,
      canvases: 0,
      left: { listeners: [], observed: 0, timers: 0, frames: 0, contexts: 0 },
    });
    expect(run.remounted).toMatchObject({ size: 3, seed: 42 });
    expect(run.remounted?.moves).toBeGreaterThan(0);
  });

  it(`survives ${CYCLES} mount/destroy cycles of the cubes with no WebGL context warning and a flat heap`, async () => {
    const own = await open(path, { track: false });
    const result = await mountDestroyCycles(own.page, CYCLES, DRAW_EVERY);
    await done(own);
    console.info(
      `${path}: heap ${result.heapBefore} → ${result.heapAfter} bytes over ${CYCLES} cycles (${Math.round(result.milliseconds)} ms)`,
    );
    expect(result.webglWarnings).toEqual([]);
    expect(result.canvasesLeft).toBe(0);
    // The heap is read through CDP, so only Chromium measures it; the other engines check the rest.
    if (result.heapBefore !== null && result.heapAfter !== null) expect(result.heapAfter - result.heapBefore).toBeLessThan(HEAP_SLACK);
  });
});

describe('the examples', () => {
  let layout: string;
  let site: Served;
  beforeAll(async () => {
    // examples/ beside the built site (embed.html) and the library (dist-lib/), as `npm start` serves them.
    layout = await mkdtemp(join(tmpdir(), 'cube2048-examples-'));
    await cp(inject('siteDir'), layout, { recursive: true });
    await cp(resolve(import.meta.dirname, '../../examples'), join(layout, 'examples'), { recursive: true });
    await cp(join(packaged.pkg.packageDir, 'dist-lib'), join(layout, 'dist-lib'), { recursive: true });
    site = await serveDirectory(layout);
  });
  afterAll(async () => {
    await site?.close();
    await rm(layout, { recursive: true, force: true });
  });

  let example: Opened | null = null;
  const openExample = async (name: string): Promise<Opened> => {
    example = await openPage(packaged.browser, new URL(`examples/${name}`, site.url).href);
    return example;
  };
  afterEach(async () => {
    if (example) await done(example);
    example = null;
  });

  it('host.html: the game plays from the keyboard once clicked, and a comment field keeps its keys', async () => {
    const { page } = await openExample('host.html');
    await page.waitForFunction(() => document.querySelector('cube-2048')?.game?.skin !== null);
    await page.click('input');
    await page.keyboard.type('hello');
    await page.click('cube-2048 .game');
    await press(page, MOVE_KEYS);
    expect(await page.evaluate(() => document.querySelector('cube-2048')?.getState()?.moves)).toBeGreaterThan(0);
    expect(await page.inputValue('input')).toBe('hello');
  });

  it('two-games.html: both games show, and moves are logged', async () => {
    const { page } = await openExample('two-games.html');
    await page.waitForFunction(() => document.querySelectorAll('[data-cube2048], cube-2048').length === 2);
    await page.click('#right .game');
    await press(page, MOVE_KEYS);
    await expect.poll(() => page.textContent('#log')).toMatch(/cube2048:move/);
  });

  it('iframe.html: the frame grows to fit the game and obeys the page’s buttons', async () => {
    const { page } = await openExample('iframe.html');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('iframe')?.getBoundingClientRect().height ?? 0))
      .toBeGreaterThan(400);
    await expect.poll(() => page.textContent('#status')).toMatch(/^ready/);
    for (const dir of ['Left', 'Up', 'Right', 'Down']) await page.locator('button', { hasText: dir }).click();
    await expect.poll(() => page.textContent('#status')).toMatch(/[1-9]\d* moves/);
  });
});
