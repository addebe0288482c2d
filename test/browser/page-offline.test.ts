import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestPage } from './harness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newGame } from '../../src/engine';
import { ENGINE, sharedBrowser } from './harness';
import { boardShown, expectShows, openGame, playMoves } from './page-helpers';
import type { Served } from './static-server';
import { serveDirectory } from './static-server';

/** Waits until the service worker has cached the site and controls the page. */
async function installed(page: TestPage): Promise<string[]> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  return page.evaluate(() => caches.keys());
}

describe('the built site offline and across updates', () => {
  const browser = sharedBrowser();
  let site: string;
  let server: Served | null = null;
  beforeAll(async () => {
    // A private copy of the built site on a private server: this test takes both away, and edits files.
    site = await mkdtemp(join(tmpdir(), 'cube2048-offline-'));
    await cp(inject('siteDir'), site, { recursive: true });
  });
  afterAll(async () => {
    await server?.close();
    await rm(site, { recursive: true, force: true });
  });

  it('installs and reloads offline after the first visit, and the 3D board still loads', async () => {
    server = await serveDirectory(site);
    const game = await openGame(browser(), { baseUrl: server.url, query: '?seed=9' });
    const { page, context } = game;
    expect(await installed(page)).toEqual([expect.stringMatching(/^cube2048-[0-9a-f]{16}$/)]);
    const manifest = await page.evaluate(async () =>
      (await fetch(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href)).json(),
    );
    expect(manifest).toMatchObject({ name: 'cube2048', start_url: './', display: 'standalone' });

    const state = await playMoves(page, newGame({ seed: 9 }), ['left', 'down', 'right']);

    // The server goes away; where the engine can also cut the network under automation, it does.
    await server.close();
    server = null;
    await context.setOffline(true);
    await page.reload();
    await boardShown(page);
    await expectShows(page, state);
    await playMoves(page, state, ['down']);

    await page.click('#open-settings');
    await page.click('#settings-dialog label:has(input[value="cubes"])');
    await page.waitForFunction(() => document.querySelectorAll('#board canvas').length === 1, null, { timeout: 30_000 });
    expect(await page.locator('#notices .notice').count(), 'no "could not be loaded" notice').toBe(0);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it("caches what the page needs in the player's language once, and other languages and pages only when used", async () => {
    const served: string[] = [];
    // Served as a static host serves a Vite build: the hashed files in assets/ never change, so they may be kept for good.
    const IMMUTABLE = { 'cache-control': 'public, max-age=31536000, immutable' };
    server = await serveDirectory(site, (path) => (served.push(path), path.startsWith('/assets/') ? IMMUTABLE : {}));
    const game = await openGame(browser(), { baseUrl: server.url, query: '?lang=de&seed=4' });
    const { page, context } = game;
    await installed(page);
    /** The site's files in the worker's cache, once the page's own (its language's words among them) are in. */
    const cachedFiles = async (): Promise<string[]> => {
      for (let tries = 0; tries < 100; tries++) {
        const files = await page.evaluate(async () => {
          const cache = await caches.open((await caches.keys())[0] ?? '');
          return (await cache.keys()).map((request) => new URL(request.url).pathname.replace(/^.*?\/(assets\/)?/, '$1'));
        });
        if (files.some((file) => /^assets\/de-[\w-]+\.js$/.test(file))) return files;
        await new Promise((done) => setTimeout(done, 100));
      }
      throw new Error("the German words never reached the worker's cache");
    };
    const files = await cachedFiles();
    expect(files).toEqual(expect.arrayContaining(['index.html', expect.stringMatching(/^assets\/cubes-[\w-]+\.js$/)]));
    // No other language, and neither the showcase nor the embed page, until they are used.
    expect(files.filter((file) => /^assets\/(ar|ja|fr|es|it|ko|ru|pt-BR|zh-CN)-[\w-]+\.js$/.test(file))).toEqual([]);
    expect(files.filter((file) => /showcase|embed|\.map$/.test(file))).toEqual([]);
    // No file is downloaded twice on a first visit: the worker takes what the page already has from the browser's cache
    // (not WebKit under WebDriver, whose worker does not share the page's HTTP cache: docs/engines.md).
    const twice = served.filter((path, i) => path.startsWith('/assets/') && served.indexOf(path) !== i);
    if (ENGINE !== 'webkit') expect(twice).toEqual([]);

    await server.close();
    server = null;
    await context.setOffline(true);
    await page.reload();
    await boardShown(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.locator('#new-game').textContent()).toMatch(/Neues Spiel/);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('offers a new version with a Reload button; accepting it switches versions and keeps the game', async () => {
    server = await serveDirectory(site);
    const game = await openGame(browser(), { baseUrl: server.url, query: '?seed=10' });
    const { page } = game;
    const [oldCache] = await installed(page);
    const state = await playMoves(page, newGame({ seed: 10 }), ['left', 'down']);

    // A new build is deployed: its service worker carries a different version.
    const sw = await readFile(join(site, 'sw.js'), 'utf8');
    await writeFile(join(site, 'sw.js'), sw.replace(/(\\"version\\":\\")[0-9a-f]{16}/, '$1ffffffffffffffff'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const notice = page.locator('#notices .notice', { hasText: 'A new version of cube2048 is ready.' });
    await notice.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => caches.keys()), 'the old version keeps running until the player agrees').toContain(oldCache);
    await page.waitForNavigation(() => notice.locator('button', { hasText: 'Reload' }).click());
    await boardShown(page);
    await expectShows(page, state);
    expect(await page.evaluate(() => caches.keys())).toEqual(['cube2048-ffffffffffffffff']);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
