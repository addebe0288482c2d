/**
 * Turning the 3D board on the game page (issue 25): a mouse drag or two fingers turn it, one
 * finger still moves; keys turn it a quarter, look from the top and reset; moves follow the
 * view while the game keeps the board's own directions; the page remembers the view; a settled
 * view asks for no frame; a lost WebGL context comes back in the view it had.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { playMove, toRows } from '../../src/engine';
import { boardDirection } from '../../src/input/view-direction';
import { NAMED_VIEWS } from '../../src/skins/camera-view';
import type { CameraView } from '../../src/skins/camera-view';
import type { TestPage } from './harness';
import { ENGINE, sharedBrowser } from './harness';
import { GAME_KEY, KEY_OF, SETTINGS_KEY, expectShows, openGame, position, readGrid, saveOf } from './page-helpers';
import { boardPixels, cubesTolerance, differentPixels } from './torture-helpers';

/** A position where each of the four moves gives a different board. */
const START: GameState = position(0, [
  [2, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 4, 0, 0],
  [0, 0, 0, 8],
]);
const VIEWPORT = { width: 480, height: 720 };

/** Counts the animation frames the page asks for (window.__frames). */
const COUNT_FRAMES = `(() => {
  window.__frames = 0;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => (window.__frames++, request(callback));
})();`;

/**
 * The page with the cubes, once it says how to turn them and the camera's motion has come:
 * turning's keys load just after the board shows, and the orbit with the first pointer over the
 * board; a key, or a drag made in one go, before then (seconds on a loaded machine) turns nothing.
 */
async function open(browser: ReturnType<ReturnType<typeof sharedBrowser>>, storage: Record<string, string> = {}) {
  const game = await openGame(browser, {
    skin: 'cubes',
    viewport: VIEWPORT,
    initScript: COUNT_FRAMES,
    storage: { [GAME_KEY]: saveOf(START), ...storage },
  });
  const told = (): Promise<boolean> =>
    game.page.evaluate(() => {
      const sentence = document.querySelector<HTMLElement>('[data-how-to="view"]');
      return sentence !== null && !sentence.hidden && (sentence.textContent ?? '') !== '';
    });
  await expect.poll(told, { timeout: 30_000 }).toBe(true);
  const orbitCame = (): Promise<boolean> =>
    game.page.evaluate(() => {
      const canvas = document.querySelector('#board canvas') as HTMLCanvasElement;
      const box = canvas.getBoundingClientRect();
      const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, pointerType: 'mouse', bubbles: true };
      canvas.dispatchEvent(new PointerEvent('pointermove', at));
      return performance.getEntriesByType('resource').some((entry) => /\/orbit-[^/]*\.js$/.test(entry.name));
    });
  await expect.poll(orbitCame, { timeout: 30_000 }).toBe(true);
  return game;
}

/** The view the page keeps in its settings (null: the tilted view it starts in). */
const savedView = (page: TestPage): Promise<CameraView | null> =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { view?: CameraView | null }).view ?? null, SETTINGS_KEY);

/** Waits until the kept view is `want` (null, or what `check` accepts). */
async function viewSettles(page: TestPage, check: (view: CameraView | null) => boolean): Promise<CameraView | null> {
  await expect.poll(() => savedView(page).then(check), { timeout: 15_000 }).toBe(true);
  return savedView(page);
}

type Pointer = { id: number; type: 'mouse' | 'touch'; path: readonly [number, number][] };

/**
 * Pointers pressed on the board's canvas together, moved along their paths a step a frame, and
 * lifted: sent as the browser's pointer events (a mouse drag, one finger or two).
 */
const gesture = (page: TestPage, pointers: readonly Pointer[]): Promise<void> =>
  page.evaluate(async (pointers) => {
    const frame = (): Promise<unknown> => new Promise((done) => requestAnimationFrame(done));
    const canvas = document.querySelector('#board canvas') as HTMLCanvasElement;
    const box = canvas.getBoundingClientRect();
    const send = (type: string, p: Pointer, [dx, dy]: readonly [number, number]): void =>
      void canvas.dispatchEvent(
        new PointerEvent(type, {
          pointerId: p.id,
          pointerType: p.type,
          isPrimary: p === pointers[0],
          button: type === 'pointermove' ? -1 : 0,
          buttons: type === 'pointerup' ? 0 : 1,
          clientX: box.left + box.width / 2 + dx,
          clientY: box.top + box.height / 2 + dy,
          bubbles: true,
          cancelable: true,
          composed: true,
        }),
      );
    for (const p of pointers) send('pointerdown', p, p.path[0]!);
    const steps = Math.max(...pointers.map((p) => p.path.length));
    for (let i = 1; i < steps; i++) {
      await frame();
      for (const p of pointers) send('pointermove', p, p.path[Math.min(i, p.path.length - 1)]!);
    }
    await frame();
    for (const p of pointers) send('pointerup', p, p.path[p.path.length - 1]!);
  }, pointers);

/** A straight path from (0, 0) by (dx, dy) from the board's centre, offset by (x, y), in 8 steps. */
const line = (dx: number, dy: number, x = 0, y = 0): [number, number][] =>
  Array.from({ length: 9 }, (_, i) => [x + (dx * i) / 8, y + (dy * i) / 8]);

describe('turning the 3D board', () => {
  const browser = sharedBrowser();

  it('turns with a mouse drag or two fingers, never moving a tile; one finger still moves', async () => {
    const game = await open(browser());
    const { page } = game;
    await gesture(page, [{ id: 1, type: 'mouse', path: line(160, 0) }]);
    const turned = await viewSettles(page, (view) => view !== null && view.azimuth !== 0);
    expect(turned!.tilt, 'a sideways drag only turns').toBeCloseTo(NAMED_VIEWS.tilted.tilt);
    expect(await readGrid(page), 'a drag that turns is no move').toEqual(toRows(START.board));

    await gesture(page, [
      { id: 2, type: 'touch', path: line(0, -120, -60) },
      { id: 3, type: 'touch', path: line(0, -120, 60) },
    ]);
    await viewSettles(page, (view) => view !== null && view.tilt !== turned!.tilt);
    expect(await readGrid(page), 'two fingers turn, and move nothing').toEqual(toRows(START.board));

    // One finger: a swipe, toward the side of the screen it goes (the board is turned: see the next test).
    const azimuth = (await savedView(page))!.azimuth;
    await gesture(page, [{ id: 4, type: 'touch', path: line(0, 120) }]);
    await expectShows(page, playMove(START, boardDirection(azimuth, 'down')).state);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('moves toward the side of the screen once turned a quarter, while the game keeps the board’s own direction', async () => {
    const game = await open(browser());
    const { page } = game;
    // Q turns the board a quarter anticlockwise: its right edge is at the top of the screen.
    await page.keyboard.press('q');
    await viewSettles(page, (view) => view !== null && Math.abs(view.azimuth + Math.PI / 2) < 1e-6);
    await page.keyboard.press(KEY_OF.up);
    const next = playMove(START, 'right').state;
    await expectShows(page, next);
    const record = await page.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { game: { record: string } }).game.record,
      GAME_KEY,
    );
    expect(record.endsWith('R'), 'the record says the board’s direction, whatever the view').toBe(true);
    // E turns it back, and up is up again.
    await page.keyboard.press('e');
    await viewSettles(page, (view) => view === null);
    await page.keyboard.press(KEY_OF.left);
    await expectShows(page, playMove(next, 'left').state);
    await game.close();
  });

  it('looks from the top with T and back with R or the reset button, shown only while the view is turned', async () => {
    const game = await open(browser());
    const { page } = game;
    expect(await page.isVisible('#reset-view'), 'nothing to reset yet').toBe(false);
    await page.keyboard.press('t');
    const top = await viewSettles(page, (view) => view?.tilt === 0);
    expect(top).toEqual(NAMED_VIEWS.top);
    await expect.poll(() => page.isVisible('#reset-view')).toBe(true);
    expect(await page.getAttribute('#reset-view', 'aria-keyshortcuts')).toBe('R');
    await page.keyboard.press('r');
    await viewSettles(page, (view) => view === null);
    await expect.poll(() => page.isVisible('#reset-view')).toBe(false);

    await page.keyboard.press('e');
    await viewSettles(page, (view) => view !== null);
    await expect.poll(() => page.isVisible('#reset-view')).toBe(true);
    await page.click('#reset-view');
    await viewSettles(page, (view) => view === null);
    expect(await page.textContent('[data-how-to="view"]')).toMatch(/Q or E turns it, T shows it from the top, R resets the view/);
    await game.close();
  });

  it('remembers the view across a reload', async () => {
    const view: CameraView = { azimuth: Math.PI / 2, tilt: 0.3, zoom: 1.4 };
    const game = await open(browser(), { [SETTINGS_KEY]: JSON.stringify({ skin: 'cubes', view }) });
    const { page } = game;
    // The saved view is the one shown: turned a quarter clockwise, the board's left edge is at the top.
    await expect.poll(() => page.isVisible('#reset-view'), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press(KEY_OF.up);
    await expectShows(page, playMove(START, 'left').state);
    await page.keyboard.press('r');
    await viewSettles(page, (v) => v === null);
    await page.keyboard.press('t');
    await viewSettles(page, (v) => v?.tilt === 0);
    await page.reload();
    await expect.poll(() => page.isVisible('#reset-view'), { timeout: 15_000 }).toBe(true);
    expect(await savedView(page)).toEqual(NAMED_VIEWS.top);
    await game.close();
  });

  it('asks for no frame once a turn has settled', async () => {
    const game = await open(browser());
    const { page } = game;
    await gesture(page, [{ id: 1, type: 'mouse', path: line(-120, 40) }]);
    await viewSettles(page, (view) => view !== null);
    const frames = (): Promise<number> => page.evaluate(() => (window as unknown as { __frames: number }).__frames);
    const settled = await frames();
    await page.waitForTimeout(1500);
    expect(await frames(), 'no frame at rest').toBe(settled);
    await game.close();
  });

  // Not in Firefox: under Xvfb on llvmpipe it now and then leaves a turn's frames unshown (the canvas still shows the view
  // before the turn while the skin has drawn the new one), so the picture taken before the loss is stale (docs/engines.md).
  // A lost context's restore in Firefox is held by skins-cubes-looks.test.ts, in every look.
  it.skipIf(ENGINE === 'firefox')('comes back in the same view after its WebGL context is lost while turned', async () => {
    const game = await open(browser());
    const { page } = game;
    await page.keyboard.press('q');
    await page.keyboard.press('t');
    await viewSettles(page, (view) => view !== null && view.tilt === 0 && Math.abs(view.azimuth + Math.PI / 2) < 1e-6);
    const before = await steady(page);
    await page.evaluate(async () => {
      const canvas = document.querySelector('#board canvas') as HTMLCanvasElement;
      const extension = canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context');
      if (!extension) throw new Error('WEBGL_lose_context is not available');
      // A lost context hands out no extensions: keep this one for the restore.
      (window as unknown as { __restore: () => void }).__restore = () => extension.restoreContext();
      const lost = new Promise((done) => canvas.addEventListener('webglcontextlost', done, { once: true }));
      extension.loseContext();
      await lost;
    });
    await page.evaluate(async () => {
      const canvas = document.querySelector('#board canvas') as HTMLCanvasElement;
      const restored = new Promise((done) => canvas.addEventListener('webglcontextrestored', done, { once: true }));
      (window as unknown as { __restore: () => void }).__restore();
      await restored;
    });
    expect(differentPixels(before, await steady(page)), 'the same picture as before the loss').toBeLessThan(cubesTolerance.picture);
    // And moves still follow the view.
    await page.keyboard.press(KEY_OF.up);
    await expectShows(page, playMove(START, 'right').state);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});

/** The board's picture once two taken a moment apart agree (patient: on a loaded machine a restored context takes seconds to draw again). */
async function steady(page: TestPage): Promise<Awaited<ReturnType<typeof boardPixels>>> {
  let before = await boardPixels(page);
  for (let i = 0; i < 60; i++) {
    await page.waitForTimeout(100);
    const now = await boardPixels(page);
    if (differentPixels(before, now) === 0) return now;
    before = now;
  }
  return before;
}
