/**
 * The 3D board's view, the cubes' look and turning, as a host asks for them: `mountGame`'s
 * options and `setOptions`, `<cube-2048>`'s attributes, and `embed.html`'s address. What is
 * checked is what reaches the skin (a skin of the host's own, registered by name, notes every
 * option it is made or updated with), not the pixels the cubes draw from it.
 */
import { describe, expect, it } from 'vitest';
import type { Cube2048Element } from '../../src/embed/element';
import { NAMED_VIEWS } from '../../src/skins/looks';
import { openEmbedsPage, useFixtures } from './fixtures/serve';
import type { OpenedPage, TestPage } from './harness';
import { sharedBrowser, siteUrl } from './harness';

/** What the skin was told: how it was made, then each update, with only the options these tests are about. */
type Told = { readonly made: Record<string, unknown> } | { readonly update: Record<string, unknown> };

declare global {
  interface Window {
    told: Told[];
  }
}

/** Registers the "noting" skin (the way `registerSkin` does, on the global map every copy of the package shares). */
const NOTING_SKIN = `(() => {
  window.told = [];
  const pick = (options) => Object.fromEntries(['view', 'look', 'turnable'].filter((key) => key in options).map((key) => [key, options[key]]));
  const skins = (globalThis[Symbol.for('cube2048.skins')] ??= new Map());
  skins.set('noting', (options = {}) => {
    window.told.push({ made: pick(options) });
    let board = null;
    return {
      name: 'noting',
      mount(host) { board = Object.assign(document.createElement('div'), { textContent: 'board' }); host.append(board); },
      setHint() {},
      update(next) { window.told.push({ update: pick(next) }); },
      finish() {},
      dispose() { board?.remove(); },
    };
  });
})()`;

const TILTED = { ...NAMED_VIEWS.tilted };
const TOP = { ...NAMED_VIEWS.top };

const told = (page: TestPage): Promise<Told[]> => page.evaluate(() => window.told);
/** The latest value of `key` the skin was told (made with, or updated to). */
const latest = async (page: TestPage, key: string): Promise<unknown> => {
  const all = await told(page);
  const last = all.map((t) => ('made' in t ? t.made : t.update)).findLast((options) => key in options);
  return last?.[key];
};

const browser = sharedBrowser();
const fixtures = useFixtures();

async function hostPage(): Promise<OpenedPage> {
  const opened = await openEmbedsPage(browser(), fixtures());
  await opened.page.evaluate(NOTING_SKIN);
  return opened;
}

describe('the view, the look and turning in an embed', () => {
  it('mountGame starts the skin in the view and look asked for, turnable when asked, and setOptions changes them live', async () => {
    const opened = await hostPage();
    const { page } = opened;
    await page.evaluate(async () => {
      const host = document.getElementById('host') as HTMLElement;
      window.game = window.embeds.mountGame(host, { skin: 'noting', storage: false, view: 'top', look: 'glass', turnable: true });
      await window.game.ready;
    });
    expect((await told(page))[0]).toEqual({ made: { view: TOP, look: 'glass', turnable: true } });

    await page.evaluate(() => window.game.setOptions({ look: 'neon', view: 'tilted', turnable: false }));
    expect(await latest(page, 'look')).toBe('neon');
    expect(await latest(page, 'view')).toEqual(TILTED);
    expect(await latest(page, 'turnable')).toBe(false);

    // A bad value is named in one console line, and the skin keeps what it has.
    await page.evaluate(() => window.game.setOptions({ look: 'chrome' as never }));
    expect(await latest(page, 'look')).toBe('neon');
    // Written once its words have come (a chunk of their own).
    await expect
      .poll(() => page.errors())
      .toEqual([
        expect.stringContaining('cube2048: setOptions: option look "chrome" is not one of clay, glossy, glass, neon, so clay is used.'),
      ]);
    await page.takeErrors();
    await opened.close();
  });

  it('a game mounted without them shows the tilted clay board, which the player cannot turn', async () => {
    const opened = await hostPage();
    await opened.page.evaluate(async () => {
      window.game = window.embeds.mountGame(document.getElementById('host') as HTMLElement, { skin: 'noting', storage: false });
      await window.game.ready;
    });
    expect((await told(opened.page))[0]).toEqual({ made: { view: TILTED, look: 'clay', turnable: false } });
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('<cube-2048> takes view, look and turnable as attributes, live, and names a bad one in the console', async () => {
    const opened = await hostPage();
    const { page } = opened;
    await page.evaluate(async () => {
      const element = document.createElement('cube-2048') as Cube2048Element;
      for (const [name, value] of [
        ['skin', 'noting'],
        ['storage-key', 'none'],
        ['view', 'top'],
        ['look', 'glossy'],
      ])
        element.setAttribute(name!, value!);
      document.getElementById('host')!.append(element);
      await element.game?.ready;
    });
    expect((await told(page))[0]).toEqual({ made: { view: TOP, look: 'glossy', turnable: false } });

    const properties = await page.evaluate(() => {
      const element = document.querySelector('cube-2048') as Cube2048Element;
      element.setAttribute('look', 'neon');
      element.view = 'tilted';
      element.setAttribute('turnable', '');
      return { look: element.look, view: element.view, turnable: element.turnable };
    });
    expect(properties).toEqual({ look: 'neon', view: 'tilted', turnable: true });
    expect(await latest(page, 'look')).toBe('neon');
    expect(await latest(page, 'view')).toEqual(TILTED);
    expect(await latest(page, 'turnable')).toBe(true);

    await page.evaluate(() => document.querySelector('cube-2048')!.setAttribute('view', 'sideways'));
    expect(await latest(page, 'view')).toEqual(TILTED);
    await expect
      .poll(() => page.errors())
      .toEqual([expect.stringContaining('cube2048: view="sideways" is not one of tilted, top, so tilted is used.')]);
    await page.takeErrors();
    await opened.close();
  });

  it('embed.html reads them from its address', async () => {
    const context = await browser().newContext();
    await context.addInitScript(NOTING_SKIN);
    const page = await context.newPage();
    await page.goto(siteUrl('embed.html?skin=noting&storage-key=none&view=top&look=neon&turnable'));
    await expect
      .poll(() => page.evaluate(() => window.told?.[0] ?? null), { timeout: 15_000 })
      .toEqual({ made: { view: TOP, look: 'neon', turnable: true } });
    expect(await page.errors()).toEqual([]);
    await context.close();
  });
});
