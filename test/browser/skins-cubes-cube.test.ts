import { describe, expect, it } from 'vitest';
import { MOVE_MS, SLIDE_MS } from '../../src/skins/timeline';
import { SPREAD_MS } from '../../src/skins/three/cube/layout';
import type { TestPage } from './harness';
import type { MountRequest } from './fixtures/fixture-types';
import type { Pixels } from './fixtures/png';
import { hostPixels, skinPages } from './fixtures/skin-page';

const END = MOVE_MS + 1;
const EMPTY = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
];
/** Sixteen different tiles in the nearest layer: `in` slides every one of them to the back, merging none. */
const FRONT_FULL: MountRequest = {
  skin: 'cubes',
  seed: 3,
  layers: [
    [
      [2, 4, 8, 16],
      [32, 64, 128, 256],
      [512, 1024, 2048, 4096],
      [8192, 16384, 32768, 65536],
    ],
    EMPTY,
    EMPTY,
    EMPTY,
  ],
};

/** Share of the host's pixels whose colour differs between two pictures. */
function changed(a: Pixels, b: Pixels): number {
  let differ = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!);
    if (d > 24) differ++;
  }
  return differ / (a.data.length / 4);
}

/**
 * The host's picture once drawn again and steady: Firefox under Xvfb now and then leaves the last
 * frame of an animation unshown (docs/engines.md), so the frame is drawn again until two pictures agree.
 */
async function redrawn(page: TestPage): Promise<Pixels> {
  let last = await hostPixels(page);
  for (let i = 0; i < 10; i++) {
    await page.evaluate(() => {
      window.fixture.setHint(null);
      window.fixture.advance(1);
    });
    const next = await hostPixels(page);
    if (changed(last, next) === 0) return next;
    last = next;
  }
  return last;
}

/** Mounts `request` on the manual clock and steps it until the cube's own code has loaded and drawn every tile in its layer. */
async function mountCube(page: TestPage, request: Omit<MountRequest, 'manualClock'>): Promise<void> {
  await page.evaluate((r) => window.fixture.mount({ ...r, manualClock: true }), request);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          window.fixture.advance(1);
          const { tiles } = window.fixture.inspect();
          return tiles.length > 0 && tiles.every((t) => t.layer !== undefined);
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Each tile as the skin reports it matches the store's cube: its value at its layer, row and column. */
async function expectTilesInTheirCells(page: TestPage): Promise<void> {
  const [cells, { tiles }] = await page.evaluate(() => [window.fixture.cells(), window.fixture.inspect()] as const);
  const size = Math.round(Math.cbrt(cells.length));
  const shown = tiles.map((t) => `${t.layer},${t.row},${t.col}:${t.value}`).sort();
  const held = cells
    .flatMap((e, i) => (e === 0 ? [] : [`${Math.floor(i / size / size)},${Math.floor(i / size) % size},${i % size}:${2 ** e}`]))
    .sort();
  expect(shown).toEqual(held);
}

describe('the 3D cube skin on a cube game', () => {
  const skinPage = skinPages();

  it('says it draws cubes, and reports each tile in its layer', async () => {
    const { page } = await skinPage();
    await mountCube(page, { skin: 'cubes', seed: 9, size: 4, dimensions: 3 });
    expect(await page.evaluate(() => window.fixture.skinDimensions())).toEqual([2, 3]);
    await expectTilesInTheirCells(page);
  });

  it('carries the tiles along the depth on `in` and `out`, each mid-way between its layers mid-move, row and column kept', async () => {
    const { page } = await skinPage();
    await mountCube(page, FRONT_FULL);
    for (const [dir, from, to] of [
      ['in', 0, 3],
      ['out', 3, 0],
    ] as const) {
      expect(await page.evaluate((d) => window.fixture.move(d), dir)).toBe(true);
      await page.evaluate((t) => window.fixture.advance(t), SLIDE_MS / 2);
      // Every tile of 8 and up slides the column's length (a spawned 2 or 4 may merge or block one on the way back).
      const sliding = (await page.evaluate(() => window.fixture.inspect().tiles)).filter((t) => t.value >= 8);
      expect(sliding.length).toBeGreaterThanOrEqual(13);
      for (const tile of sliding) {
        expect(tile.layer).toBeGreaterThan(Math.min(from, to));
        expect(tile.layer).toBeLessThan(Math.max(from, to));
        expect(Number.isInteger(tile.row) && Number.isInteger(tile.col)).toBe(true);
      }
      await page.evaluate((t) => window.fixture.advance(t), END);
      await expectTilesInTheirCells(page);
    }
  });

  it('keeps to a dozen draw calls mid-move with every tile moving', async () => {
    const { page } = await skinPage();
    await mountCube(page, FRONT_FULL);
    await page.evaluate(() => window.fixture.move('in'));
    await page.evaluate((t) => window.fixture.advance(t), SLIDE_MS / 2);
    const { tiles } = await page.evaluate(() => window.fixture.inspect());
    expect(tiles.filter((t) => t.layer! > 0 && t.layer! < 3)).toHaveLength(16);
    const { drawCalls } = (await page.evaluate(() => window.fixture.stats()))!;
    expect(drawCalls).toBeGreaterThan(0);
    expect(drawCalls).toBeLessThanOrEqual(12);
  });

  it('spreads its layers apart so buried tiles show, eased, and back together where they were', async () => {
    const { page } = await skinPage();
    await mountCube(page, { skin: 'cubes', seed: 9, size: 4, dimensions: 3 });
    for (const dir of ['in', 'left', 'out', 'up', 'in'] as const) {
      await page.evaluate((d) => window.fixture.move(d), dir);
      await page.evaluate((t) => window.fixture.advance(t), END);
    }
    const together = await redrawn(page);
    await page.evaluate(() => window.fixture.spreadLayers(true));
    await page.evaluate((t) => window.fixture.advance(t), SPREAD_MS / 2);
    const halfway = await hostPixels(page);
    expect(await page.evaluate(() => window.fixture.inspect().animating)).toBe(true);
    await page.evaluate((t) => window.fixture.advance(t), SPREAD_MS);
    const apart = await hostPixels(page);
    expect(await page.evaluate(() => window.fixture.inspect().animating)).toBe(false);
    expect(changed(together, halfway)).toBeGreaterThan(0.02);
    expect(changed(halfway, apart)).toBeGreaterThan(0.02);
    // The tiles are where they were in the game: spreading moves pictures, not tiles.
    await expectTilesInTheirCells(page);
    await page.evaluate(() => window.fixture.spreadLayers(false));
    await page.evaluate((t) => window.fixture.advance(t), SPREAD_MS + 1);
    expect(changed(together, await redrawn(page))).toBeLessThan(0.002);
  });

  it('names each layer under its frame while spread, in the board’s language, and keeps to a dozen draw calls spread with every tile moving', async () => {
    const { page } = await skinPage();
    await mountCube(page, FRONT_FULL);
    /** The layers' names as shown: their words and boxes, none while hidden. */
    const names = () =>
      page.evaluate(() => {
        const root = document.querySelector<HTMLElement>('#host [data-layer-names]');
        if (!root || getComputedStyle(root).display === 'none') return [];
        return [...root.children].map((el) => {
          const { left, top, right, bottom } = el.getBoundingClientRect();
          return { text: el.textContent, left, top, right, bottom, opacity: Number(getComputedStyle(el).opacity) };
        });
      });
    expect(await names()).toEqual([]);
    await page.evaluate(() => window.fixture.spreadLayers(true));
    await page.evaluate((t) => window.fixture.advance(t), SPREAD_MS + 1);
    const shown = await names();
    expect(shown.map((n) => n.text)).toEqual(['Layer 1 · front', 'Layer 2', 'Layer 3', 'Layer 4 · back']);
    for (const [i, box] of shown.entries()) {
      expect(box.opacity).toBe(1);
      // Inside the 600 px host, and apart from every other name.
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(600);
      expect(box.bottom).toBeLessThanOrEqual(600);
      for (const other of shown.slice(i + 1))
        expect(box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top).toBe(true);
    }
    await page.evaluate(() => window.fixture.move('in'));
    await page.evaluate((t) => window.fixture.advance(t), SLIDE_MS / 2);
    expect((await page.evaluate(() => window.fixture.inspect().tiles)).filter((t) => t.layer! > 0 && t.layer! < 3)).toHaveLength(16);
    expect((await page.evaluate(() => window.fixture.stats()))!.drawCalls).toBeLessThanOrEqual(12);
    await page.evaluate((t) => window.fixture.advance(t), END);

    await page.evaluate(() => document.documentElement.setAttribute('lang', 'de'));
    await expect
      .poll(() => names().then((n) => n.map((x) => x.text)), { timeout: 15_000 })
      .toEqual(['Ebene 1 · vorne', 'Ebene 2', 'Ebene 3', 'Ebene 4 · hinten']);
    await page.evaluate(() => window.fixture.spreadLayers(false));
    await page.evaluate((t) => window.fixture.advance(t), SPREAD_MS + 1);
    expect(await names()).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
  });

  it('spreads at once under reduced motion', async () => {
    const { page } = await skinPage();
    await mountCube(page, { skin: 'cubes', seed: 9, size: 3, dimensions: 3, reducedMotion: true });
    const together = await hostPixels(page);
    await page.evaluate(() => window.fixture.spreadLayers(true));
    await page.evaluate(() => window.fixture.advance(1));
    expect(await page.evaluate(() => window.fixture.inspect().animating)).toBe(false);
    expect(changed(together, await hostPixels(page))).toBeGreaterThan(0.02);
  });

  it('draws no frames at rest after a move and after spreading', async () => {
    const { page } = await skinPage();
    await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 9, size: 4, dimensions: 3 }));
    await expect
      .poll(() => page.evaluate(() => window.fixture.inspect().tiles.some((t) => t.layer !== undefined)), { timeout: 20_000 })
      .toBe(true);
    const frames = async (): Promise<number> => (await page.evaluate(() => window.fixture.stats()))!.frames;
    const settle = (): Promise<unknown> => page.waitForFunction(() => !window.fixture.inspect().animating);
    for (const act of [() => window.fixture.move('in') || window.fixture.move('out'), () => window.fixture.spreadLayers(true)]) {
      const before = await frames();
      await page.evaluate(act);
      await settle();
      const settled = await frames();
      expect(settled).toBeGreaterThan(before);
      await page.waitForTimeout(1000);
      expect(await frames()).toBe(settled);
    }
  });

  it('comes back as the same cube after its WebGL context is lost and restored', async () => {
    const { page } = await skinPage();
    await mountCube(page, { skin: 'cubes', seed: 9, size: 4, dimensions: 3 });
    const before = await redrawn(page);
    await page.evaluate(() => window.fixture.loseContext());
    await page.waitForFunction(() => window.fixture.stats()!.contextLost);
    await page.evaluate(() => window.fixture.restoreContext());
    await page.waitForFunction(() => !window.fixture.stats()!.contextLost);
    expect(changed(before, await redrawn(page))).toBeLessThan(0.002);
    await expectTilesInTheirCells(page);
  });
});
