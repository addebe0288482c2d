/**
 * The cubes' looks (clay, glossy, glass, neon): each draws in clay's few draw calls with no
 * frame at rest, keeps neighbouring tile values apart, switches on the live skin without a new
 * canvas or a leftover GPU resource, comes back the same after a lost context, and frees
 * everything on dispose.
 */
import { describe, expect, it } from 'vitest';
import type { LookName } from '../../src/skins/looks';
import { LOOKS } from '../../src/skins/looks';
import type { TestPage } from './harness';
import type { Rgb } from './fixtures/png';
import { colourDistance } from './fixtures/png';
import { PALETTE_ROWS, cubeColours, hostPixels, mountPaused, skinPages } from './fixtures/skin-page';
import { cubesTolerance } from './torture-helpers';
import { deltaE } from '../contrast';

const toHex = (rgb: Rgb): string => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Every tile from 2 to 65536, in order, row by row: each cell's neighbour in reading order is the next value. */
const EVERY_TILE = Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => 2 ** (r * 4 + c + 1)));

/** Waits for `look`'s code to load and lets the frame it asks for draw. */
async function inLook(page: TestPage, look: LookName): Promise<void> {
  await page.waitForFunction((l) => window.fixture.stats()?.look === l, look, { timeout: 30_000 });
  await page.evaluate(() => window.fixture.advance(1));
}

const stats = async (page: TestPage) => (await page.evaluate(() => window.fixture.stats()))!;
const shownColours = async (page: TestPage): Promise<Rgb[]> => (await cubeColours(page, await hostPixels(page), 4)).flat();

describe('the cubes in every look', () => {
  const skinPage = skinPages();

  it('draws every look in the draw calls clay takes, with no frame asked for at rest', async () => {
    const { page } = await skinPage();
    const calls: Partial<Record<LookName, number>> = {};
    for (const look of LOOKS) {
      await mountPaused(page, { skin: 'cubes', rows: PALETTE_ROWS, look });
      await inLook(page, look);
      calls[look] = (await stats(page)).drawCalls;
      expect(await page.evaluate(() => window.fixture.pendingFrames()), look).toBe(0);
    }
    expect(calls).toEqual({ clay: 5, glossy: 5, glass: 5, neon: 5 });
  });

  it('keeps every tile value apart from the next one in every look, as the palette does (CIEDE2000 at least 8 as drawn)', async () => {
    const { page } = await skinPage();
    for (const look of LOOKS) {
      await mountPaused(page, { skin: 'cubes', rows: EVERY_TILE, look });
      await inLook(page, look);
      const shown = (await shownColours(page)).map(toHex);
      const apart = shown.slice(1).map((colour, i) => ({ pair: `${2 ** (i + 1)}↔${2 ** (i + 2)}`, de: deltaE(shown[i]!, colour) }));
      expect(
        apart.filter((a) => a.de < 8),
        look,
      ).toEqual([]);
    }
  });

  it('switches look on the live skin, on the same canvas, and leaves nothing of the look before', async () => {
    const { page } = await skinPage();
    await mountPaused(page, { skin: 'cubes', rows: PALETTE_ROWS });
    await page.evaluate(() => (document.querySelector('canvas')!.dataset.first = 'yes'));
    const clay = await stats(page);
    const clayColours = await shownColours(page);
    for (const look of ['glossy', 'glass', 'neon', 'clay'] as const) {
      await page.evaluate((l) => window.fixture.update({ look: l }), look);
      await inLook(page, look);
      const now = await stats(page);
      expect({ geometries: now.geometries, textures: now.textures, drawCalls: now.drawCalls }, look).toEqual({
        geometries: clay.geometries,
        textures: clay.textures,
        drawCalls: clay.drawCalls,
      });
      expect(await page.evaluate(() => [...document.querySelectorAll('canvas')].map((c) => c.dataset.first))).toEqual(['yes']);
      const colours = await shownColours(page);
      const changed = colours.filter((c, i) => colourDistance(c, clayColours[i]!) > cubesTolerance.colour).length;
      if (look === 'clay') expect(changed, 'clay again').toBe(0);
      else expect(changed, look).toBeGreaterThan(0);
    }
  });

  it('comes back in the same look after a lost context, and frees every GPU resource on dispose', async () => {
    const { page } = await skinPage();
    for (const look of LOOKS) {
      await mountPaused(page, { skin: 'cubes', rows: PALETTE_ROWS, look });
      await inLook(page, look);
      const before = await shownColours(page);
      await page.evaluate(() => window.fixture.loseContext());
      await page.waitForFunction(() => window.fixture.stats()!.contextLost);
      await page.evaluate(() => window.fixture.restoreContext());
      await page.waitForFunction(() => !window.fixture.stats()!.contextLost);
      await page.evaluate(() => window.fixture.advance(1));
      expect((await stats(page)).look).toBe(look);
      const after = await shownColours(page);
      for (const [i, colour] of after.entries())
        expect(colourDistance(colour, before[i]!), `${look}, cell ${i}`).toBeLessThan(cubesTolerance.colour / 4);
      const freed = (await page.evaluate(() => window.fixture.dispose()))!;
      expect({ geometries: freed.geometries, textures: freed.textures, programs: freed.programs }, look).toEqual({
        geometries: 0,
        textures: 0,
        programs: 0,
      });
    }
  });
});
