/**
 * A cube in an embed: the `dimensions` option (mountGame, the attribute), `move('in')` and
 * `move('out')` on the handle (refused on a square board, as the engine refuses them), and
 * `getState()` giving every layer's cells. What the board draws of a cube is the skins' tests'.
 */
import { describe, expect, it } from 'vitest';
import type { GameSnapshot } from '../../src/embed/options';
import type { Cube2048Element } from '../../src/embed/element';
import type { CubeDirection, GameState } from '../../src/engine';
import { newGame, playMove, toLayers } from '../../src/engine';
import { openEmbedsPage, useFixtures } from './fixtures/serve';
import type { OpenedPage } from './harness';
import { sharedBrowser } from './harness';

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
});
