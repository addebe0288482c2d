/**
 * A cube in an embed: the `dimensions` option (mountGame, the attribute), `move('in')` and
 * `move('out')` on the handle (refused on a square board, as the engine refuses them),
 * `getState()` giving every layer's cells, the keymap's keys for a cube (in, out, spread held)
 * and the board's name. What the board draws of a cube is the skins' tests'.
 */
import { describe, expect, it } from 'vitest';
import type { GameSnapshot } from '../../src/embed/options';
import type { Cube2048Element } from '../../src/embed/element';
import type { CubeDirection, GameState } from '../../src/engine';
import { newGame, playMove, toLayers } from '../../src/engine';
import { openEmbedsPage, useFixtures } from './fixtures/serve';
import type { OpenedPage, TestPage } from './harness';
import { sharedBrowser } from './harness';

declare global {
  interface Window {
    /** What the "spreading" skin was told: true as the layers spread, false as they close. */
    spreads: boolean[];
    /** Each Page Down that reached the page, and whether the game took it (its default prevented). */
    pageDowns: boolean[];
  }
}

const browser = sharedBrowser();
const fixtures = useFixtures();

async function hostPage(): Promise<OpenedPage> {
  const opened = await openEmbedsPage(browser(), fixtures());
  return opened;
}

/** The engine's game after `dirs` from a 4×4×4 cube of `seed`, skipping moves that change nothing. */
function played(seed: number, dirs: readonly CubeDirection[]): GameState {
  return dirs.reduce((state, dir) => playMove(state, dir).state, newGame({ size: 4, seed, dimensions: 3 }));
}

describe('a cube in an embed', () => {
  it('starts with dimensions 3, plays in and out from the handle, and reports every layer’s cells as the engine has them', async () => {
    const opened = await hostPage();
    const dirs: CubeDirection[] = ['in', 'left', 'out', 'in', 'up'];
    const run = await opened.page
      .evaluate(async (moves) => {
        window.game = window.embeds.mountGame(document.getElementById('host') as HTMLElement, {
          skin: 'flat',
          storage: false,
          dimensions: 3,
          size: 4,
          seed: 7,
        });
        await window.game.ready;
        const first = window.game.getState();
        const moved = moves.map((dir) => window.game.move(dir));
        // As text: Firefox's WebDriver BiDi hands arrays nested three deep back as undefined (docs/engines.md).
        return JSON.stringify({ first, moved, last: window.game.getState() });
      }, dirs)
      .then((text) => JSON.parse(text) as { first: GameSnapshot; moved: boolean[]; last: GameSnapshot });
    expect(run.first).toMatchObject({ size: 4, dimensions: 3, seed: 7, moves: 0 });
    expect(run.first.layers).toEqual(toLayers(newGame({ size: 4, seed: 7, dimensions: 3 }).board));
    expect(run.first.board).toEqual(run.first.layers[0]);
    const expected = played(7, dirs);
    expect(run.moved).toEqual(dirs.map((_, i) => playMove(played(7, dirs.slice(0, i)), dirs[i] as CubeDirection).report.moved));
    expect(run.moved).toContain(true);
    expect(run.last).toMatchObject({ dimensions: 3, moves: expected.record.length, score: expected.score });
    expect(run.last.layers).toEqual(toLayers(expected.board));
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('refuses in and out on a square board with one console error naming the board’s directions, and changes nothing', async () => {
    const opened = await hostPage();
    const run = await opened.page
      .evaluate(async () => {
        window.game = window.embeds.mountGame(document.getElementById('host') as HTMLElement, { skin: 'flat', storage: false, seed: 3 });
        await window.game.ready;
        const before = window.game.getState();
        const moved = [window.game.move('in'), window.game.move('out')];
        return JSON.stringify({ before, moved, after: window.game.getState() });
      })
      .then((text) => JSON.parse(text) as { before: GameSnapshot; moved: boolean[]; after: GameSnapshot });
    expect(run.moved).toEqual([false, false]);
    expect(run.after).toEqual(run.before);
    expect(run.before).toMatchObject({ dimensions: 2 });
    expect(run.before.layers).toEqual([run.before.board]);
    // Worded once the problems' words have come (embed/tell.ts).
    await expect
      .poll(() => opened.errors())
      .toEqual([
        expect.stringContaining('cube2048: move: "in" is not a direction; use one of left, right, up, down'),
        expect.stringContaining('cube2048: move: "out" is not a direction; use one of left, right, up, down'),
      ]);
    await opened.close();
  });

  it('<cube-2048>: setting dimensions="3" starts a new cube game at once, and the dimensions property reads it', async () => {
    const opened = await hostPage();
    const run = await opened.page
      .evaluate(async () => {
        const element = document.createElement('cube-2048') as Cube2048Element;
        element.setAttribute('skin', 'flat');
        element.setAttribute('storage-key', 'none');
        element.setAttribute('seed', '5');
        document.getElementById('host')?.append(element);
        await element.game?.ready;
        element.move('left');
        element.move('up');
        const before = element.getState();
        element.setAttribute('dimensions', '3');
        const after = element.getState();
        const inward = element.move('in') || element.move('out');
        return JSON.stringify({ before, after, inward, property: (element as unknown as { dimensions: unknown }).dimensions });
      })
      .then((text) => JSON.parse(text) as { before?: GameSnapshot; after?: GameSnapshot; inward: boolean; property: unknown });
    expect(run.before).toMatchObject({ dimensions: 2, seed: 5 });
    expect(run.before?.moves).toBeGreaterThan(0);
    expect(run.after).toMatchObject({ dimensions: 3, size: 4, seed: 5, moves: 0 });
    expect(run.after?.layers).toEqual(toLayers(newGame({ size: 4, seed: 5, dimensions: 3 }).board));
    expect(run.inward).toBe(true);
    expect(run.property).toBe(3);
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('takes the keymap’s keys for a cube while it has focus: F and Page Down in, B and Page Up out, X held spreads the skin’s layers', async () => {
    const opened = await hostPage();
    const { page } = opened;
    await mountSpreading(page, { dimensions: 3, size: 4, seed: 7 });
    await page.evaluate(() => gameElement()?.focus());
    await spreadsWithX(page);
    expect(await page.evaluate(() => window.spreads)).toEqual([true, false]);

    for (const key of ['f', 'b', 'PageDown', 'PageUp']) await page.keyboard.press(key);
    const expected = played(7, ['in', 'out', 'in', 'out']);
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(window.game.getState())).then((text) => JSON.parse(text) as GameSnapshot), {
        timeout: 15_000,
      })
      .toMatchObject({ moves: expected.record.length, layers: toLayers(expected.board) });
    expect(expected.record.length).toBeGreaterThan(0);
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('takes a cube’s keys only with focus in "focus" scope, anywhere in "page" scope, and never on a square it became', async () => {
    const opened = await hostPage();
    const { page } = opened;
    await mountSpreading(page, { dimensions: 3, size: 4, seed: 7 });
    await page.evaluate(() => gameElement()?.focus());
    await spreadsWithX(page);
    // Focus on the host page, outside the game.
    await page.evaluate(() => {
      const outside = Object.assign(document.createElement('div'), { tabIndex: -1, textContent: 'host' });
      document.body.append(outside);
      outside.focus();
    });
    await page.keyboard.press('f');
    await page.keyboard.press('b');
    expect(await page.evaluate(() => window.game.getState().moves)).toBe(0);

    await page.evaluate(() => window.game.setOptions({ keyboard: 'page' }));
    await page.keyboard.press('f');
    await page.keyboard.press('b');
    await expect.poll(() => page.evaluate(() => window.game.getState().moves), { timeout: 15_000 }).toBeGreaterThan(0);

    // A square of the same size: its Page Down is the page's again, and X spreads nothing.
    await page.evaluate(() => {
      window.game.newGame({ dimensions: 2 });
      window.pageDowns = [];
      window.addEventListener('keydown', (event) => event.key === 'PageDown' && window.pageDowns.push(event.defaultPrevented));
    });
    await page.keyboard.press('PageDown');
    await page.keyboard.press('x');
    expect(await page.evaluate(() => window.pageDowns)).toEqual([false]);
    expect(await page.evaluate(() => window.spreads)).toEqual([true, false]);
    expect(await page.evaluate(() => window.game.getState())).toMatchObject({ dimensions: 2, moves: 0 });
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });

  it('names its board as a cube, and as a square again once a square of the same size replaces it', async () => {
    const opened = await hostPage();
    const { page } = opened;
    await mountSpreading(page, { dimensions: 3, size: 4, seed: 2 });
    const name = (): Promise<string | null | undefined> => page.evaluate(() => gameElement()?.getAttribute('aria-label'));
    await expect.poll(name, { timeout: 15_000 }).toBe('Game cube, 4 by 4 by 4');
    await page.evaluate(() => window.game.newGame({ dimensions: 2 }));
    await expect.poll(name, { timeout: 15_000 }).toBe('Game board, 4 by 4');
    await page.evaluate(() => window.game.newGame({ dimensions: 3, size: 3 }));
    await expect.poll(name, { timeout: 15_000 }).toBe('Game cube, 3 by 3 by 3');
    await page.evaluate(() => window.game.setOptions({ lang: 'fr' }));
    await expect.poll(name, { timeout: 15_000 }).toBe('Cube de 3 sur 3 sur 3');
    expect(await opened.errors()).toEqual([]);
    await opened.close();
  });
});

/**
 * Mounts a game with the "spreading" skin: one that draws squares and cubes (a text line) and
 * notes each spreadLayers call in `window.spreads`; `gameElement()` is then the game's focusable board.
 */
async function mountSpreading(page: TestPage, options: { dimensions: 3; size: number; seed: number }): Promise<void> {
  await page.evaluate(async (asked) => {
    window.spreads = [];
    const spreading = () => {
      let board: HTMLElement | null = null;
      return {
        name: 'spreading',
        dimensions: [2, 3] as const,
        mount(host: HTMLElement) {
          board = Object.assign(document.createElement('div'), { textContent: 'board' });
          host.append(board);
        },
        setHint() {},
        update() {},
        finish() {},
        dispose() {
          board?.remove();
        },
        spreadLayers(on: boolean) {
          window.spreads.push(on);
        },
      };
    };
    (window as unknown as { gameElement: () => HTMLElement | null | undefined }).gameElement = () =>
      document.querySelector('[data-cube2048]')?.shadowRoot?.querySelector<HTMLElement>('.game');
    window.game = window.embeds.mountGame(document.getElementById('host') as HTMLElement, { skin: spreading, storage: false, ...asked });
    await window.game.ready;
  }, options);
}

declare function gameElement(): HTMLElement | null | undefined;

/** Holds X until the cube's keys (loaded with the first cube) spread the layers, then lets go. */
async function spreadsWithX(page: TestPage): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.keyboard.down('x');
        const spread = await page.evaluate(() => window.spreads.includes(true));
        await page.keyboard.up('x');
        return spread;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
