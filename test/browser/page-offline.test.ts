import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestPage } from './harness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newGame } from '../../src/engine';
import { sharedBrowser } from './harness';
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
