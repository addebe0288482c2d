/**
 * Torture, part 2 (issue 9): 20 WebGL context losses on the cubes skin of the built page,
 * through the WEBGL_lose_context extension on the page's own canvas, each followed by a
 * restore. Half are lost on a resting board, half mid-animation (in the same task as a key
 * press), and every fourth with moves made while the context is gone. After every restore the board
 * must be right: the accessible grid and HUD show the save, the canvas draws again (not blank,
 * every tile's colour on it), a board that rested through the loss looks exactly as before,
 * and at the end a fresh page drawing the same save looks exactly the same. No console errors.
 */
import type { TestPage } from './harness';
import { describe, expect, it } from 'vitest';
import type { SavedGame } from '../../src/engine';
import { exponentOf } from '../../src/engine';
import { POP_MS, SLIDE_MS, SPAWN_MS } from '../../src/skins/timeline';
import { tileColour } from '../../src/skins/palette';
import type { Pixels } from './fixtures/png';
import { hexToRgb } from './fixtures/png';
import { sharedBrowser } from './harness';
import { GAME_KEY, boardShown, openGame } from './page-helpers';
import { boardPixels, cubesTolerance, differentPixels, distinctColours, pixelsNear, seededRandom, tortureSeed } from './torture-helpers';

const LOSSES = 20;
/** Every animation of a move is over by then (slide, then pop or spawn), with frames to spare. */
const SETTLE_MS = SLIDE_MS + Math.max(POP_MS, SPAWN_MS) + 150;
/** A small window keeps the software renderer's frames short. */
const VIEWPORT = { width: 420, height: 660 };
/** Tolerance of pixel comparisons: identical renders, bar a few pixels of text antialiasing (per engine). */
const SAME_PICTURE = cubesTolerance.picture;

const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'] as const;

interface Shown {
  readonly grid: number[];
  readonly save: SavedGame;
  readonly hud: { readonly score: number; readonly moves: number };
}

/** The accessible grid, the HUD and the save, read together. */
const shown = (page: TestPage): Promise<Shown> =>
  page.evaluate((key) => {
    const num = (id: string): number => Number(document.getElementById(id)?.textContent?.replace(/,/g, ''));
    return {
      grid: [...document.querySelectorAll('#game [role="gridcell"]')].map((cell) =>
        cell.textContent === 'empty' ? 0 : Number(cell.textContent),
      ),
      save: (JSON.parse(localStorage.getItem(key) ?? 'null') as { game: SavedGame }).game,
      hud: { score: num('score'), moves: num('moves') },
    };
  }, GAME_KEY);

/** Waits `ms` for animations to play out, then two frames so the last one is drawn. */
const settle = (page: TestPage, ms: number): Promise<void> =>
  page.evaluate(
    (ms) => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), ms)),
    ms,
  );

/**
 * The board once two pictures a frame apart agree: moves queued while the context was lost
 * play one a frame, so how long they take depends on the engine's frame rate.
 */
async function steadyBoard(page: TestPage): Promise<Pixels> {
  let before = await boardPixels(page);
  for (let i = 0; i < 20; i++) {
    await settle(page, 50);
    const now = await boardPixels(page);
    if (differentPixels(before, now) === 0) return now;
    before = now;
  }
  return before;
}

/** Loses the page's WebGL context, optionally right after a key press (mid-animation), and waits for the loss. */
const loseContext = (page: TestPage, key: string | null): Promise<void> =>
  page.evaluate(async (key) => {
    const canvas = document.querySelector<HTMLCanvasElement>('#board canvas');
    if (!canvas) throw new Error('no canvas on the board');
    // The same context three.js made; a lost one hands out no extensions, so keep this one for the restore.
    const gl = canvas.getContext('webgl2');
    const extension = gl?.getExtension('WEBGL_lose_context');
    if (!extension) throw new Error('WEBGL_lose_context is not available');
    (window as unknown as { __restore: () => void }).__restore = () => extension.restoreContext();
    const lost = new Promise((resolve) => canvas.addEventListener('webglcontextlost', resolve, { once: true }));
    if (key) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    extension.loseContext();
    await lost;
  }, key);

const restoreContext = (page: TestPage): Promise<void> =>
  page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('#board canvas');
    const restored = new Promise((resolve) => canvas?.addEventListener('webglcontextrestored', resolve, { once: true }));
    (window as unknown as { __restore: () => void }).__restore();
    await restored;
  });

/** Board pixels within reach of a tile's palette colour (lighting shades faces a little). */
const NEAR = cubesTolerance.colour;
/** A cube's top face covers far more pixels than this at this size; stray antialiasing does not. */
const MIN_TILE_PIXELS = 40;

function expectDrawn(image: Pixels, save: SavedGame, where: string): void {
  expect(distinctColours(image), `${where}: the canvas draws a board, not a blank`).toBeGreaterThan(40);
  for (const value of new Set(save.cells.filter((v) => v > 0))) {
    const rgb = hexToRgb(tileColour(exponentOf(value)));
    expect(pixelsNear(image, rgb, NEAR), `${where}: the ${value} tile's colour is on the canvas`).toBeGreaterThan(MIN_TILE_PIXELS);
  }
}

describe('the 3D cubes through 20 WebGL context losses', () => {
  const browser = sharedBrowser();

  it('draws the right board after every restore, resting or mid-animation, with no console error', async () => {
    const seed = tortureSeed('context losses');
    const random = seededRandom(seed);
    const game = await openGame(browser(), { skin: 'cubes', query: `?seed=${seed}`, viewport: VIEWPORT });
    const { page } = game;
    expect(await page.locator('#board canvas').count(), 'the cubes are shown').toBe(1);
    await page.keyboard.press('ArrowLeft');
    await settle(page, SETTLE_MS);

    // What the board looked like at rest before the coming loss (the last check's picture).
    let resting = await boardPixels(page);
    for (let i = 0; i < LOSSES; i++) {
      const where = `loss ${i + 1} of ${LOSSES} (seed ${seed})`;
      const midAnimation = i % 2 === 1;
      const moveWhileLost = i % 4 === 3;
      await loseContext(page, midAnimation ? random.pick(ARROWS) : null);
      // The game goes on without a context; the skin catches up on restore.
      if (moveWhileLost)
        await page.evaluate((keys) => {
          for (const key of keys) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        }, ARROWS);
      await restoreContext(page);
      // A restore jumps any animation to its end; moves made while lost may still be playing.
      await settle(page, moveWhileLost ? SETTLE_MS : 0);

      const now = await shown(page);
      expect(now.grid, `${where}: the accessible grid shows the save`).toEqual(now.save.cells);
      expect(now.hud, where).toEqual({ score: now.save.score, moves: now.save.record.length });
      const after = await steadyBoard(page);
      expectDrawn(after, now.save, where);
      if (!midAnimation)
        expect(differentPixels(resting, after), `${where}: a board resting through the loss looks as before`).toBeLessThan(SAME_PICTURE);
      resting = after;

      // After the last loss, a fresh page draws the same save: the restored page must look the same.
      if (i === LOSSES - 1) {
        const fresh = await game.context.newPage();
        await fresh.setViewportSize(VIEWPORT);
        await fresh.goto(await page.url());
        await boardShown(fresh);
        await settle(fresh, SETTLE_MS);
        expect((await shown(fresh)).save, `${where}: the fresh page shows the same game`).toEqual(now.save);
        expect(differentPixels(await boardPixels(fresh), after), `${where}: the restored board looks like a fresh one`).toBeLessThan(
          SAME_PICTURE,
        );
        await fresh.close();
      }
      expect(await game.errors(), where).toEqual([]);
    }
    // The losses really came mid-game: moves were made before, during and between them.
    expect((await shown(page)).save.record.length).toBeGreaterThan(LOSSES / 2);
    await game.close();
  }, 180_000);
});
