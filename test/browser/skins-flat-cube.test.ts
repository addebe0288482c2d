/**
 * The flat board showing a cube: every layer in a panel under its name, laid out for the box
 * (a row when wide, stacked when narrow), a move `in` travelling from one panel to the next,
 * and nothing overflowing or clipped in long and right-to-left languages.
 */
import { describe, expect, it } from 'vitest';
import type { TestPage } from './harness';
import { skinPages } from './fixtures/skin-page';
import type { MountRequest } from './fixtures/fixture-types';

interface Panel {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The name's text is wider than its strip (cut off). */
  readonly clipped: boolean;
}

/** The layer panels as drawn (none while hidden): each one's name and box (the panels are the host's grand-children that hold a name strip). */
const panels = (page: TestPage): Promise<Panel[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#host > div > div > div')]
      .filter(
        (d) => d.style.position === 'absolute' && d.firstElementChild && (d.firstElementChild as HTMLElement).style.placeItems === 'center',
      )
      .map((panel) => {
        const name = panel.firstElementChild as HTMLElement;
        const box = panel.getBoundingClientRect();
        return {
          name: name.textContent ?? '',
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
          clipped: name.scrollWidth > name.clientWidth + 1,
        };
      })
      .filter((panel) => panel.width > 0),
  );

const cube = (size: number, hostBox: { width: number; height: number }, lang = 'en'): MountRequest => ({
  skin: 'flat',
  seed: 7,
  size,
  dimensions: 3,
  hostBox,
  lang,
  manualClock: true,
});

describe('the flat board showing a cube', () => {
  const skinPage = skinPages();

  it('puts every layer side by side on a wide board, each under its name, front first', async () => {
    const { page } = await skinPage();
    await page.evaluate((req) => window.fixture.mount(req), cube(4, { width: 1200, height: 400 }));
    await expect.poll(() => panels(page).then((p) => p.length), { timeout: 20_000 }).toBe(4);
    const shown = await panels(page);
    expect(shown.map((p) => p.name)).toEqual(['Layer 1 · front', 'Layer 2', 'Layer 3', 'Layer 4 · back']);
    expect(new Set(shown.map((p) => Math.round(p.y))).size).toBe(1);
    for (const [i, p] of shown.entries()) if (i > 0) expect(p.x).toBeGreaterThan(shown[i - 1]!.x + shown[i - 1]!.width);
  });

  it('stacks the layers on a narrow portrait board', async () => {
    const { page } = await skinPage();
    await page.evaluate((req) => window.fixture.mount(req), cube(4, { width: 390, height: 900 }));
    await expect.poll(() => panels(page).then((p) => p.length), { timeout: 20_000 }).toBe(4);
    const shown = await panels(page);
    expect(new Set(shown.map((p) => Math.round(p.y))).size).toBeGreaterThan(1);
  });

  it('reports the layer of every tile it draws, and they are the cube’s tiles', async () => {
    const { page } = await skinPage();
    await page.evaluate((req) => window.fixture.mount(req), cube(4, { width: 800, height: 800 }));
    await expect.poll(() => panels(page).then((p) => p.length), { timeout: 20_000 }).toBe(4);
    const { tiles } = await page.evaluate(() => window.fixture.inspect());
    // A new game starts with two tiles, wherever in the cube they came.
    expect(tiles).toHaveLength(2);
    expect(tiles.every((t) => typeof t.layer === 'number' && t.layer >= 0 && t.layer < 4)).toBe(true);
  });

  it('moves a tile in: mid-move it is on its way from its panel to the next, then rests there', async () => {
    const { page } = await skinPage();
    await page.evaluate((req) => window.fixture.mount(req), cube(3, { width: 900, height: 300 }));
    await expect.poll(() => panels(page).then((p) => p.length), { timeout: 20_000 }).toBe(3);
    expect(await page.evaluate(() => window.fixture.move('in' as never))).toBe(true);
    await page.evaluate(() => window.fixture.advance(50));
    const mid = (await page.evaluate(() => window.fixture.inspect())).tiles;
    // Some tile is between two layers: it travels across the panels.
    expect(mid.some((t) => t.layer !== undefined && t.layer % 1 > 0.05 && t.layer % 1 < 0.95)).toBe(true);
    await page.evaluate(() => window.fixture.advance(1000));
    const after = (await page.evaluate(() => window.fixture.inspect())).tiles;
    const deepest = (tiles: typeof after): number => Math.max(...tiles.map((t) => t.layer ?? 0));
    expect(deepest(after)).toBe(2);
    expect(after.every((t) => Number.isInteger(t.layer))).toBe(true);
  });

  it('gives the board back to the square when a square game follows a cube, and draws a cube again after', async () => {
    const { page } = await skinPage();
    await page.evaluate((req) => window.fixture.mount(req), cube(4, { width: 600, height: 600 }));
    await expect.poll(() => panels(page).then((p) => p.length), { timeout: 20_000 }).toBe(4);
    await page.evaluate(() => window.fixture.newGame({ size: 4, dimensions: 2 }));
    await page.evaluate(() => window.fixture.advance(1000));
    const square = await page.evaluate(() => {
      const root = document.querySelector<HTMLElement>('#host > div')!;
      const slots = root.firstElementChild as HTMLElement;
      return { slots: slots.childElementCount, shown: slots.style.display !== 'none', background: root.style.background };
    });
    expect(square).toEqual({ slots: 16, shown: true, background: expect.stringMatching(/rgb/) as unknown });
    expect(await panels(page)).toEqual([]);
    const { tiles } = await page.evaluate(() => window.fixture.inspect());
    expect(tiles.every((t) => t.layer === undefined)).toBe(true);
    await page.evaluate(() => window.fixture.newGame({ size: 3, dimensions: 3 }));
    await expect.poll(() => panels(page).then((p) => p.length), { timeout: 20_000 }).toBe(3);
  });

  for (const lang of ['de', 'ar'])
    for (const size of [4, 5])
      for (const width of [390, 1280])
        it(`fits a ${size}×${size}×${size} cube in ${lang} at ${width} px: no panel outside the board, no name cut off`, async () => {
          const { page } = await skinPage();
          const box = { width, height: width === 390 ? 390 : 620 };
          await page.evaluate((req) => window.fixture.mount(req), cube(size, box, lang));
          const first = lang === 'de' ? 'Ebene 1 · vorne' : 'الطبقة 1 · الأمامية';
          await expect.poll(() => panels(page).then((p) => p[0]?.name), { timeout: 20_000 }).toBe(first);
          const shown = await panels(page);
          expect(shown).toHaveLength(size);
          for (const p of shown) {
            expect(p.x, p.name).toBeGreaterThanOrEqual(0);
            expect(p.y, p.name).toBeGreaterThanOrEqual(0);
            expect(p.x + p.width, p.name).toBeLessThanOrEqual(box.width + 0.5);
            expect(p.y + p.height, p.name).toBeLessThanOrEqual(box.height + 0.5);
            expect(p.clipped, `${p.name} is cut off`).toBe(false);
          }
        });
});
