/**
 * The skin API as an outside author uses it: the package packed and installed in a throwaway
 * host, the example skin from examples/skins/ built there against `cube2048/skin` alone,
 * put through the conformance kit, registered for `<cube-2048 skin="canvas">`, and mounted
 * as a factory; and skins that fail in every way a skin can, replaced by the flat board.
 */
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import type { OpenedPage } from './harness';
import { openPage } from './harness';
import { packagedHost } from './packaged-host';
import type { GameHandle, MountOptions, SkinFactory } from '../../src/embed';
import type { Cube2048Element } from '../../src/embed/element';

declare global {
  interface Window {
    skinTest: {
      mountGame(el: HTMLElement, options?: MountOptions): GameHandle;
      registerSkin(name: string, factory: SkinFactory): void;
      createCanvasSkin: SkinFactory;
      throwing: SkinFactory;
      notASkin: SkinFactory;
      version: number;
      exact(): { moved: boolean; midway: boolean; atRest: boolean; tiles: number; cells: number };
      kit(): Promise<{ passed: boolean; ms: number; text: string }>;
    };
    skinGames: GameHandle[];
  }
}

const packaged = packagedHost();

/** Gzip bytes of `entry` bundled and minified as a library (`external` left as imports). */
async function minifiedGzip(entry: string, external: string[] = []): Promise<number> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'out' }, rolldownOptions: { external } },
  })) as Rolldown.RolldownOutput[];
  const code = output.flatMap((o) => o.output).flatMap((chunk) => (chunk.type === 'chunk' ? [chunk.code] : []));
  return gzipSync(code.join('\n'), { level: 9 }).length;
}

async function openSkinsPage(): Promise<OpenedPage> {
  const opened = await openPage(packaged.browser, new URL('dist-skins/skins.html', packaged.served.url).href);
  await opened.page.waitForFunction(() => window.skinTest !== undefined);
  await opened.page.evaluate(() => {
    window.skinGames = [];
  });
  return opened;
}

/** Mounts a game in a new 360 px box with the given skin, and waits for its first board. */
const mountWith = (opened: OpenedPage, skin: string): Promise<{ ready: string; layers: number; canvas: boolean; notices: string }> =>
  opened.page.evaluate(async (which) => {
    const box = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'width: 360px' }));
    const t = window.skinTest;
    const choice =
      which === 'canvas-factory' ? t.createCanvasSkin : which === 'throwing' ? t.throwing : which === 'not-a-skin' ? t.notASkin : which;
    const game = t.mountGame(box, { skin: choice, storage: false, seed: 7 });
    window.skinGames.push(game);
    const ready = await game.ready;
    const root = box.querySelector('[data-cube2048]')?.shadowRoot;
    // A notice comes with the game's dialogs and notices, loaded on first use; a skin that runs has none.
    const noticeDue = which === 'throwing' || which === 'not-a-skin';
    for (let waited = 0; waited < (noticeDue ? 5000 : 300) && !root?.querySelector('.notice p'); waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    return {
      ready,
      layers: root?.querySelectorAll('.skin-layer').length ?? -1,
      canvas: Boolean(root?.querySelector('.skin-layer canvas')),
      notices: [...(root?.querySelectorAll('.notice p') ?? [])].map((p) => p.textContent).join(' | '),
    };
  }, skin);

describe('the skin API from the packed package', () => {
  it('ships cube2048/skin and cube2048/skin-kit with their types, and cube2048/skin stays small', async () => {
    for (const file of [
      'dist-lib/skin.js',
      'dist-lib/skin-kit.js',
      'dist-lib/types/skins/index.d.ts',
      'dist-lib/types/skin-kit/index.d.ts',
    ])
      expect(packaged.pkg.packedFiles).toContain(file);
    const page = await openSkinsPage();
    expect(await page.page.evaluate(() => window.skinTest.version)).toBe(1);
    await page.close();
    // What a skin author's bundler makes of each, minified: the skin API, and the example on top of it.
    const [api, example] = await Promise.all([
      minifiedGzip(join(packaged.pkg.host, 'node_modules/cube2048/dist-lib/skin.js')),
      minifiedGzip(join(packaged.pkg.host, 'canvas.ts'), ['cube2048/skin']),
    ]);
    const lines = (await readFile(join(packaged.pkg.host, 'canvas.ts'), 'utf8')).split('\n').length;
    console.info(`gzip bytes, minified: cube2048/skin ${api}, the example skin ${example} (${lines} lines)`);
    expect(api).toBeLessThan(3.5 * 1000);
    expect(example).toBeLessThan(2 * 1000);
    expect(lines).toBeLessThanOrEqual(160);
  });

  it('types the example skin and a host registering skins from the published .d.ts files alone, strictly', async () => {
    expect(await packaged.pkg.typeErrors).toBe('');
  });

  it('passes the example skin, built against the installed package, through the conformance kit', async () => {
    const page = await openSkinsPage();
    // The page's own <cube-2048 skin="canvas"> may still be mounting while the kit runs: the kit
    // counts only what the checked skin's code makes, so that game's listeners are not taken for leaks.
    const report = await page.page.evaluate(() => window.skinTest.kit());
    console.info(`the kit ran the example canvas skin in ${report.ms} ms`);
    expect(report.text).toMatch(/^✓ the canvas skin passed all \d+ checks/);
    expect(report.passed).toBe(true);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('steps the example skin exactly in a test of its own, with the game and the clock cube2048/skin-kit offers', async () => {
    const page = await openSkinsPage();
    const seen = await page.page.evaluate(() => window.skinTest.exact());
    // 50 ms into a 100 ms slide a tile is between cells; once every frame has run, each is on its cell.
    expect(seen).toEqual({ moved: true, midway: true, atRest: true, tiles: seen.cells, cells: seen.cells });
    expect(seen.cells).toBeGreaterThan(1);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('shows a skin registered in the same module as the element import, after it, by its name', async () => {
    const page = await openSkinsPage();
    const seen = await page.page.evaluate(async () => {
      const el = document.querySelector<Cube2048Element>('#el')!;
      const ready = await el.game!.ready;
      return { ready, skin: el.game!.skin, canvas: Boolean(el.shadowRoot?.querySelector('.skin-layer canvas')), attribute: el.skin };
    });
    expect(seen).toEqual({ ready: 'canvas', skin: 'canvas', canvas: true, attribute: 'canvas' });
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('mounts a factory given to mountGame, and switches between it, a built-in skin and a registered name with setSkin', async () => {
    const page = await openSkinsPage();
    expect(await mountWith(page, 'canvas-factory')).toEqual({ ready: 'canvas', layers: 1, canvas: true, notices: '' });
    const switched = await page.page.evaluate(async () => {
      const game = window.skinGames[0]!;
      const shown = [await game.setSkin('flat'), await game.setSkin(window.skinTest.createCanvasSkin), await game.setSkin('canvas')];
      game.move('left');
      return { shown, moves: game.getState().moves };
    });
    expect(switched.shown).toEqual(['flat', 'canvas', 'canvas']);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('replaces a skin whose mount throws, or a factory that returns no skin, by the flat board with one notice, and the game plays on', async () => {
    const page = await openSkinsPage();
    expect(await mountWith(page, 'throwing')).toEqual({
      ready: 'flat',
      layers: 1,
      canvas: false,
      notices: 'The throwing board could not start, so the flat board is shown.',
    });
    expect(await mountWith(page, 'not-a-skin')).toEqual({
      ready: 'flat',
      layers: 1,
      canvas: false,
      notices: 'The custom board could not start, so the flat board is shown.',
    });
    const played = await page.page.evaluate(() =>
      window.skinGames.map((g) => (g.move('left') || g.move('right') ? g.getState().moves : -1)),
    );
    expect(played).toEqual([1, 1]);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('replaces a skin that throws while following the game, without losing the move that made it throw', async () => {
    const page = await openSkinsPage();
    const seen = await page.page.evaluate(async () => {
      const canvas = window.skinTest.createCanvasSkin;
      const fragile: SkinFactory = (options) => {
        const skin = canvas(options);
        return {
          ...skin,
          name: 'fragile',
          mount(host, store) {
            skin.mount(host, store);
            store.subscribe(() => {
              throw new Error('cannot draw this one');
            });
          },
        };
      };
      const box = document.body.appendChild(document.createElement('div'));
      const game = window.skinTest.mountGame(box, { skin: fragile, storage: false, seed: 7 });
      await game.ready;
      const moved = game.move('left') || game.move('right');
      const root = box.querySelector('[data-cube2048]')!.shadowRoot!;
      // The notice comes with the game's dialogs and notices, loaded on first use; the flat board may come after it.
      for (let waited = 0; waited < 5000 && !(root.querySelector('.notice p') && game.skin === 'flat'); waited += 50)
        await new Promise((r) => setTimeout(r, 50));
      const result = {
        moved,
        moves: game.getState().moves,
        skin: game.skin,
        layers: root.querySelectorAll('.skin-layer').length,
        notices: [...root.querySelectorAll('.notice p')].map((p) => p.textContent).join(' | '),
      };
      game.destroy();
      return { ...result, left: box.childNodes.length };
    });
    expect(seen).toEqual({
      moved: true,
      moves: 1,
      skin: 'flat',
      layers: 1,
      notices: 'The fragile board stopped working, so the flat board is shown.',
      left: 0,
    });
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('replaces a skin that throws in its third animation frame, or in a timer it guarded, by the flat board with one notice, disposing it once', async () => {
    const page = await openSkinsPage();
    const seen = await page.page.evaluate(async () => {
      const canvas = window.skinTest.createCanvasSkin;
      const results = [];
      for (const where of ['frame', 'timer']) {
        let disposed = 0;
        // Both use only what the game gives a skin: its clock, and its guard for the timer.
        const failing: SkinFactory = (options = {}) => {
          const skin = canvas(options);
          const clock = options.clock!;
          let frames = 0;
          let frame = 0;
          let timer = 0;
          const tick = (): void => {
            if (++frames === 3) throw new Error(`cannot draw frame ${frames}`);
            frame = clock.requestFrame(tick);
          };
          return {
            ...skin,
            name: `failing-${where}`,
            mount(host, store) {
              skin.mount(host, store);
              if (where === 'frame') frame = clock.requestFrame(tick);
              else
                timer = window.setTimeout(
                  options.guard!(() => {
                    throw new Error('cannot time this');
                  }),
                  30,
                );
            },
            dispose() {
              disposed++;
              clock.cancelFrame(frame);
              clearTimeout(timer);
              skin.dispose();
            },
          };
        };
        const box = document.body.appendChild(document.createElement('div'));
        const game = window.skinTest.mountGame(box, { skin: failing, storage: false, seed: 7 });
        await game.ready;
        const root = box.querySelector('[data-cube2048]')!.shadowRoot!;
        // The notice comes with the game's dialogs and notices, and the flat board with its own code, each loaded on first use
        // (generous: a loaded machine takes seconds).
        for (let waited = 0; waited < 20_000 && (!root.querySelector('.notice p') || game.skin !== 'flat'); waited += 50)
          await new Promise((r) => setTimeout(r, 50));
        const moved = game.move('left') || game.move('right');
        results.push({
          skin: game.skin,
          moved,
          layers: root.querySelectorAll('.skin-layer').length,
          notices: [...root.querySelectorAll('.notice p')].map((p) => p.textContent).join(' | '),
          disposed,
        });
        game.destroy();
        results.push({ disposedAfterDestroy: disposed });
      }
      return results;
    });
    expect(seen).toEqual(
      ['frame', 'timer'].flatMap((where) => [
        {
          skin: 'flat',
          moved: true,
          layers: 1,
          notices: `The failing-${where} board stopped working, so the flat board is shown.`,
          disposed: 1,
        },
        { disposedAfterDestroy: 1 },
      ]),
    );
    // Caught, said in the console for whoever debugs it, and never an uncaught error on the page.
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('answers an unknown name with one console line and the default skin, and refuses to register a taken name', async () => {
    const page = await openSkinsPage();
    const shown = await mountWith(page, 'neon');
    expect(shown.ready).toMatch(/^(cubes|flat)$/);
    // An attribute may name a skin registered later, so the name is looked up when the game shows it.
    const late = await page.page.evaluate(async () => {
      const el = Object.assign(document.createElement('cube-2048'), { storageKey: 'none' });
      el.setAttribute('skin', 'ghost');
      document.body.append(el);
      return el.game!.ready;
    });
    expect(late).toMatch(/^(cubes|flat)$/);
    // On a running element, the page has had its chance to register: an unknown name is refused as the attribute it is, and the board stays.
    const kept = await page.page.evaluate(async () => {
      const el = document.querySelector<Cube2048Element>('#el')!;
      await el.game!.ready;
      el.setAttribute('skin', 'phantom');
      await new Promise((r) => setTimeout(r, 100));
      return el.game!.skin;
    });
    expect(kept).toBe('canvas');
    const refused = await page.page.evaluate(() =>
      ['flat', 'canvas'].map((name) => {
        try {
          window.skinTest.registerSkin(name, window.skinTest.createCanvasSkin);
          return 'registered';
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    expect(refused).toEqual([
      'cube2048: registerSkin needs a name of its own: "flat" is built in',
      'cube2048: registerSkin needs a name of its own: "canvas" is already registered',
    ]);
    await expect
      .poll(() => page.errors())
      .toEqual([
        'console.error: cube2048: option skin "neon" is not a skin (one of cubes, flat, canvas, or a factory), so cubes is used.',
        'console.error: cube2048: skin "ghost" is not built in or registered (known: cubes, flat, canvas; register yours before the game mounts), so cubes is shown.',
        'console.error: cube2048: skin="phantom" is not a skin (one of cubes, flat, canvas, or a factory), so cubes is used.',
      ]);
    await page.close();
  });
});
