/**
 * What the cubes do besides moving (src/skins/three/effects.ts): a merge squashes and flashes, a
 * win is celebrated on the board, and none of it under reduced motion; within the draw-call
 * budget, and with no frame asked for once it is over. And the board fills a phone's width in
 * every view.
 */
import { describe, expect, it } from 'vitest';
import type { CameraView } from '../../src/skins/camera-view';
import { NAMED_VIEWS } from '../../src/skins/camera-view';
import { FADE_MS, MOVE_MS, SLIDE_MS } from '../../src/skins/timeline';
import { WIN_CELEBRATION_MS } from '../../src/skins/three/effects';
import { grid } from '../engine/boards';
import type { MountRequest } from './fixtures/fixture-types';
import { colourDistance, pixelAt } from './fixtures/png';
import { hostPixels, mountPaused, skinPages } from './fixtures/skin-page';

/** A left move here merges the two 2s of the top row (into 4 at the left) and the two 64s of the last (into 128). */
const TWO_MERGES: MountRequest = { skin: 'cubes', seed: 5, rows: grid('0 2 0 2 | 0 0 0 8 | 0 0 0 0 | 64 64 0 0') };
/** A left move here makes 2048: the win. */
const NEARLY_WON: MountRequest = { skin: 'cubes', seed: 5, rows: grid('1024 1024 0 0 | 2 4 0 0 | 0 0 0 0 | 0 0 0 2') };
/** The draw calls a 4×4 board may take in a frame, with every effect (issue 25). */
const DRAW_CALL_BUDGET = 8;

describe('the cubes’ feedback', () => {
  const skinPage = skinPages();

  it('flashes a merged cube, within the draw-call budget, then asks for no more frames', async () => {
    const { page } = await skinPage();
    await mountPaused(page, TWO_MERGES);
    const still = (await page.evaluate(() => window.fixture.stats()))!.drawCalls;
    await page.evaluate(() => window.fixture.setHint('left'));
    await page.evaluate(() => window.fixture.move('left'));
    await page.evaluate((ms) => window.fixture.advance(ms), SLIDE_MS + 20);
    const popping = await page.evaluate(() => window.fixture.inspect());
    expect(popping.flash).toBeGreaterThan(0.2);
    const { drawCalls } = (await page.evaluate(() => window.fixture.stats()))!;
    // The board's five and the hint: the effects add none.
    expect(drawCalls).toBe(still + 1);
    expect(drawCalls).toBeLessThanOrEqual(DRAW_CALL_BUDGET);

    await page.evaluate((ms) => window.fixture.advance(ms), MOVE_MS);
    const rest = await page.evaluate(() => window.fixture.inspect());
    expect(rest).toMatchObject({ animating: false, flash: 0 });
    expect(await page.evaluate(() => window.fixture.pendingFrames())).toBe(0);
    await page.evaluate(() => window.fixture.advance(1000));
    expect((await page.evaluate(() => window.fixture.inspect())).frames).toBe(rest.frames);
  });

  it('draws no frame at rest after a merge, on the real clock', async () => {
    const { page } = await skinPage();
    await page.evaluate((request) => window.fixture.mount(request), TWO_MERGES);
    await page.evaluate(() => window.fixture.move('left'));
    await page.waitForFunction(() => !window.fixture.inspect().animating, null, { timeout: 10_000 });
    const settled = (await page.evaluate(() => window.fixture.stats()))!.frames;
    await page.waitForTimeout(1000);
    expect((await page.evaluate(() => window.fixture.stats()))!.frames).toBe(settled);
  });

  it('celebrates a win on the board once the winning move has played, then rests', async () => {
    const { page } = await skinPage();
    await mountPaused(page, NEARLY_WON);
    await page.evaluate(() => window.fixture.move('left'));
    await page.evaluate((ms) => window.fixture.advance(ms), MOVE_MS);
    // The move has played (the merge's own flash is over) and frames go on for the celebration.
    expect(await page.evaluate(() => window.fixture.inspect())).toMatchObject({ animating: true });
    await page.evaluate((ms) => window.fixture.advance(ms), WIN_CELEBRATION_MS / 6);
    const party = await page.evaluate(() => window.fixture.inspect());
    expect(party.flash).toBeGreaterThan(0.5);
    expect((await page.evaluate(() => window.fixture.stats()))!.drawCalls).toBeLessThanOrEqual(DRAW_CALL_BUDGET);
    await page.evaluate((ms) => window.fixture.advance(ms), WIN_CELEBRATION_MS);
    await page.evaluate(() => window.fixture.advance(100));
    const rest = await page.evaluate(() => window.fixture.inspect());
    expect(rest).toMatchObject({ flash: 0, animating: false });
  });

  it('shows no flash or celebration under reduced motion, and nothing moves: a quiet fade', async () => {
    const { page } = await skinPage();
    for (const request of [TWO_MERGES, NEARLY_WON]) {
      await mountPaused(page, { ...request, reducedMotion: true });
      await page.evaluate(() => window.fixture.move('left'));
      for (let t = 0; t < MOVE_MS + WIN_CELEBRATION_MS; t += 40) {
        const shown = await page.evaluate(() => {
          window.fixture.advance(40);
          return window.fixture.inspect();
        });
        expect(shown.flash).toBe(0);
        expect(shown.tiles.every((tile) => tile.scale === 1)).toBe(true);
        if (t === FADE_MS / 2 - 20) expect(shown.tiles.some((tile) => tile.opacity > 0 && tile.opacity < 1)).toBe(true);
      }
      expect(await page.evaluate(() => window.fixture.inspect().animating)).toBe(false);
    }
  });

  describe('on a portrait phone (a 390 px board)', () => {
    const views: Record<string, CameraView> = {
      tilted: NAMED_VIEWS.tilted,
      top: NAMED_VIEWS.top,
      'turned an eighth': { ...NAMED_VIEWS.tilted, azimuth: Math.PI / 4 },
      'turned a quarter': { ...NAMED_VIEWS.tilted, azimuth: Math.PI / 2 },
      'tilted as far as it goes': { azimuth: 0, tilt: (46 * Math.PI) / 180, zoom: 1 },
    };
    for (const [name, view] of Object.entries(views))
      it(`fills the board's width with the board, seen ${name}`, async () => {
        const { page } = await skinPage({ viewport: { width: 390, height: 844 } });
        await mountPaused(page, { skin: 'cubes', seed: 2, hostSize: 390, view });
        const image = await hostPixels(page, 390);
        const page0 = pixelAt(image, 0, 0);
        let left = image.width;
        let right = -1;
        for (let y = 0; y < image.height; y++)
          for (let x = 0; x < image.width; x++)
            if (colourDistance(pixelAt(image, x, y), page0) > 24) {
              left = Math.min(left, x);
              right = Math.max(right, x);
            }
        // Like the flat board, edge to edge but for a hair.
        expect(left).toBeLessThanOrEqual(390 * 0.02);
        expect(right).toBeGreaterThanOrEqual(390 * 0.98 - 1);
      });
  });
});
